package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.poly.PolySet;
import tessera.core.poly.Constraint;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.TiledSet;
import tessera.core.poly.UnionSet;

/**
 * Seed 003 §6.1 / digest P18: the intra-tile patterns without enumerating 𝓚. When every constraint of every
 * concretized leaf domain involves at most one distributed tile index k_x (rectangular tilings of box-like
 * condition spaces), split(K, ·) depends on K only through per-axis classes: tiles k_x with the same truth table of
 * their constraints over the tile box. Their product cells are the candidates; one split per cell and leaf feeds
 * Eq. (2)/Algorithm 1. Cost: Σ_x t_x·|𝓙| constraint evaluations plus cells × leaves splits, not |𝓚|·leaves.
 * Otherwise (a constraint couples two tile indices) every tile is split (the enumeration the paper avoids).
 */
public final class TilePatterns {
    private final Concretization.Context ctx;
    private final Map<PolySet, UnionSet> leaves = new LinkedHashMap<>();
    private final Map<PolySet, Map<Integer, BitSet>> enumerated = new HashMap<>();
    private final boolean separable;
    private final List<List<BitSet>> axisClasses = new ArrayList<>();
    private final SliceCompression compression;
    private final Map<PolySet, List<List<long[]>>> rows = new HashMap<>();
    private List<long[]> box;
    private final List<int[]> ranges; // computed j_x ranges of the compression

    /** How {@link #split}'s iterations n′ map to the tile's iterations n. */
    public SliceCompression compression() {
        return compression;
    }

    /**
     * {@code reach}: how many iterations before or after its own an iteration's kernel depends on (epilog stages, FD
     * depths); the splits are then over the {@link SliceCompression} of the slowest index, which {@link #compression}
     * expands.
     */
    public TilePatterns(Concretization.Context ctx, List<PolySet> leafDomains, int reach) {
        this.ctx = ctx;
        Set<String> tiled = new java.util.HashSet<>();
        for (int i = 0; i < ctx.t().size(); i++) {
            if (ctx.t().get(i) > 1) {
                tiled.add(ctx.embedding().inter().get(i));
            }
        }
        boolean sep = true;
        for (PolySet d : leafDomains) {
            UnionSet u = leaves.computeIfAbsent(d, x -> x.tiled(ctx.embedding()).concretize(ctx.params()));
            for (IntegerSet p : u.pieces()) {
                for (Constraint c : p.constraints()) {
                    sep &= c.expr().variables().stream().filter(tiled::contains).count() <= 1;
                }
            }
        }
        separable = sep;
        compression = separable ? SliceCompression.of(ctx, List.copyOf(leaves.values()), reach) : SliceCompression.identity(ctx);
        ranges = compression.computedRanges();
        if (separable) {
            for (int i = 0; i < ctx.t().size(); i++) {
                axisClasses.add(axis(i));
            }
        }
    }

    /** Whether the classes were found per axis (P18) rather than per tile. */
    public boolean separable() {
        return separable;
    }

    /** Per index: the groups of tile coordinates k_i with equal constraint truth tables (one group when t_i = 1). */
    private List<BitSet> axis(int i) {
        String k = ctx.embedding().inter().get(i);
        Map<List<Long>, BitSet> groups = new LinkedHashMap<>();
        if (ctx.t().get(i) == 1) {
            groups.put(List.of(), bits(0)); // an undistributed index has the one tile coordinate 0
            return new ArrayList<>(groups.values());
        }
        // a constraint a·k + r(J) ⋈ 0 has the truth table {J | r(J) ⋈ −a·k} over the box: r is evaluated once per box point,
        // and a tile coordinate's table is identified by where −a·k falls among r's values (cost Σ|𝓙| + t·log|𝓙|, not t·|𝓙|)
        List<long[]> box = boxPoints();
        List<Constraint> cs = new ArrayList<>();
        List<long[]> rest = new ArrayList<>();
        for (UnionSet u : leaves.values()) {
            for (IntegerSet p : u.pieces()) {
                for (Constraint c : p.constraints()) {
                    if (c.expr().variables().contains(k)) {
                        cs.add(c);
                        rest.add(restValues(c, box));
                    }
                }
            }
        }
        for (int v = 0; v < ctx.t().get(i); v++) {
            List<Long> sig = new ArrayList<>();
            for (int x = 0; x < cs.size(); x++) {
                sig.add(truthKey(cs.get(x), rest.get(x), -cs.get(x).expr().coeff(k) * v));
            }
            groups.computeIfAbsent(sig, x -> new BitSet()).set(v);
        }
        return new ArrayList<>(groups.values());
    }

    /** The sorted distinct values (MOD: residues) of the constraint's expression with k_i = 0 (the others are 0 too: separable) over the box. */
    private long[] restValues(Constraint c, List<long[]> box) {
        long[] row = row(c); // affine in J once the k's are 0: a dot product, no map per point
        long[] r = new long[box.size()];
        for (int n = 0; n < r.length; n++) {
            long e = atJ(row, row[2], box.get(n));
            r[n] = c.kind() == Constraint.Kind.MOD ? Math.floorMod(e, c.modulus()) : e;
        }
        return java.util.Arrays.stream(r).sorted().distinct().toArray();
    }

    /**
     * Identifies the truth table {J | r(J) ⋈ θ} exactly: GE (r ≥ θ) by θ's insertion point among r's sorted values, EQ
     * (r = θ) by θ when some r equals it, MOD (r ≡ θ) by θ's residue when some r has it; no point true → MIN_VALUE.
     */
    private static long truthKey(Constraint c, long[] sorted, long theta) {
        return switch (c.kind()) {
            case GE -> {
                int at = java.util.Arrays.binarySearch(sorted, theta);
                yield at >= 0 ? at : -at - 1;
            }
            case EQ -> java.util.Arrays.binarySearch(sorted, theta) >= 0 ? theta : Long.MIN_VALUE;
            case MOD -> java.util.Arrays.binarySearch(sorted, Math.floorMod(theta, c.modulus())) >= 0 ? Math.floorMod(theta, c.modulus()) : Long.MIN_VALUE;
        };
    }

    private static BitSet bits(int v) {
        BitSet b = new BitSet();
        b.set(v);
        return b;
    }

    /** The box points of the computed slices (the others repeat them, so truth tables over these identify the real ones). */
    private List<long[]> boxPoints() {
        if (box == null) {
            box = new ArrayList<>();
            for (int n = 0; n < compression.boxSize(ctx.boxSize()); n++) {
                box.add(ctx.point(compression.computed(n)));
            }
        }
        return box;
    }

    /**
     * A leaf as constraint rows ({@link #row}) per piece (null when a constraint names a variable other than J and
     * K): split then evaluates the rows at each box point instead of building a point scanner per tile.
     */
    private List<List<long[]>> rows(PolySet domain) {
        return rows.computeIfAbsent(domain, d -> {
            List<String> intra = ctx.embedding().intra(), inter = ctx.embedding().inter();
            List<List<long[]>> pieces = new ArrayList<>();
            for (IntegerSet p : leaves.get(d).pieces()) {
                List<long[]> cs = new ArrayList<>();
                for (Constraint c : p.constraints()) {
                    if (!intra.containsAll(c.expr().variables().stream().filter(v -> !inter.contains(v)).toList())) {
                        return null;
                    }
                    cs.add(row(c));
                }
                pieces.add(cs);
            }
            return pieces;
        });
    }

    /** A constraint as {kind, modulus, constant, coefficients over J…, over K…}. */
    private long[] row(Constraint c) {
        List<String> intra = ctx.embedding().intra(), inter = ctx.embedding().inter();
        long[] row = new long[3 + intra.size() + inter.size()];
        row[0] = c.kind().ordinal();
        row[1] = c.modulus();
        row[2] = c.expr().constant();
        for (int i = 0; i < intra.size(); i++) {
            row[3 + i] = c.expr().coeff(intra.get(i));
        }
        for (int i = 0; i < inter.size(); i++) {
            row[3 + intra.size() + i] = c.expr().coeff(inter.get(i));
        }
        return row;
    }

    /** {@code base} + the row's J coefficients · j. */
    private static long atJ(long[] row, long base, long[] j) {
        long v = base;
        for (int i = 0; i < j.length; i++) {
            v += row[3 + i] * j[i];
        }
        return v;
    }

    private static boolean holds(long[] row, long v) {
        return row[0] == Constraint.Kind.GE.ordinal() ? v >= 0 : row[0] == Constraint.Kind.EQ.ordinal() ? v == 0 : Math.floorMod(v, row[1]) == 0;
    }

    /** Candidate tile groups: the product cells of the axis classes, or every tile alone when not separable. */
    public List<BitSet> cells() {
        List<BitSet> cells = new ArrayList<>();
        if (!separable) {
            for (int k = 0; k < ctx.tileCount(); k++) {
                BitSet b = new BitSet();
                b.set(k);
                cells.add(b);
            }
            return cells;
        }
        int[] idx = new int[axisClasses.size()];
        while (true) {
            BitSet cell = new BitSet();
            for (int k = 0; k < ctx.tileCount(); k++) {
                long[] tile = ctx.tile(k);
                boolean in = true;
                for (int i = 0; i < idx.length && in; i++) {
                    in = axisClasses.get(i).get(idx[i]).get((int) tile[i]);
                }
                cell.set(k, in);
            }
            cells.add(cell);
            int i = idx.length - 1;
            while (i >= 0 && ++idx[i] == axisClasses.get(i).size()) {
                idx[i--] = 0;
            }
            if (i < 0) {
                return cells;
            }
        }
    }

    /** Def. 6.1 split(K, domain) for one tile, as iterations n′ of the {@link #compression} (n when it is the identity). */
    public BitSet split(PolySet domain, int tile) {
        if (!separable) {
            return enumerated.computeIfAbsent(domain, ctx::perTile).getOrDefault(tile, new BitSet());
        }
        long[] k = ctx.tile(tile);
        List<List<long[]>> pieces = rows(domain);
        if (pieces != null) {
            int d = ctx.embedding().intra().size();
            List<long[]> pts = boxPoints();
            BitSet r = new BitSet();
            for (List<long[]> piece : pieces) {
                long[] base = new long[piece.size()]; // constant + b·K per row
                boolean possible = true;
                for (int c = 0; c < base.length && possible; c++) {
                    long[] row = piece.get(c);
                    base[c] = row[2];
                    boolean onJ = false;
                    for (int i = 0; i < k.length; i++) {
                        base[c] += row[3 + d + i] * k[i];
                    }
                    for (int i = 0; i < d; i++) {
                        onJ |= row[3 + i] != 0;
                    }
                    possible = onJ || holds(row, base[c]);
                }
                for (int n = 0; possible && n < pts.size(); n++) {
                    long[] j = pts.get(n);
                    boolean in = true;
                    for (int c = 0; c < base.length && in; c++) {
                        in = holds(piece.get(c), atJ(piece.get(c), base[c], j));
                    }
                    if (in) {
                        r.set(n);
                    }
                }
            }
            return r;
        }
        List<String> eq = new ArrayList<>();
        for (int i = 0; i < k.length; i++) {
            eq.add(ctx.embedding().inter().get(i) + " == " + k[i]);
        }
        String jx = ctx.embedding().intra().get(compression.index());
        BitSet r = new BitSet();
        for (int[] range : ranges) {
            List<String> c = new ArrayList<>(eq);
            if (compression.compresses()) {
                c.add(range[0] + " <= " + jx + " <= " + range[1]);
            }
            UnionSet s = leaves.get(domain).intersect(IntegerSet.parse(String.join(" and ", c), leaves.get(domain).dims()));
            List<String> dims = s.dims();
            s.forEachPoint(Map.of(), pt -> {
                long[] j = new long[ctx.embedding().intra().size()];
                for (int i = 0; i < j.length; i++) {
                    j[i] = pt[dims.indexOf(ctx.embedding().intra().get(i))];
                    if (j[i] < 0 || j[i] >= ctx.p().get(i)) {
                        return;
                    }
                }
                r.set(compression.compress(ctx.linear(j), range));
            });
        }
        return r;
    }
}
