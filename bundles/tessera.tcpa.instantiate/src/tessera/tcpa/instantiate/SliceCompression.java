package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.TreeSet;

import tessera.core.poly.Constraint;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.UnionSet;

/**
 * Seed 003 §7's claim (instantiation time follows the processor classes, not the tile) for tiles whose slowest λ^J
 * index x is long and undistributed (matmul's and conv's drain loop s): along j_x the leaf domains change only near
 * their constraints' breakpoints, so long runs of identical slices (the S = stride_x iterations of one j_x) are
 * instantiated once. A run [a, a + L) keeps its first and last w slices (everything within w slices, the reach of
 * the epilog stages and FD depths, sees the same neighbours as in the full tile) and one steady slice for the
 * middle; the kernel classes found on the compressed iterations n′ are expanded back to the tile's iterations n.
 * Exact by construction: every slice of a run has, per point of the other indices and per tile, the same truth value
 * of every leaf constraint, and every slice the steady one stands for has a run-internal window of w slices.
 */
public final class SliceCompression {
    private final int index; // x
    private final int slice; // S: iterations per j_x value
    private final int extent; // p_x
    private final int[] from; // per compressed slice c: the first real slice it stands for
    private final int[] to; // exclusive
    private final int[] computed; // the real slice whose points are enumerated for c (same content: same run)

    private SliceCompression(int index, int slice, int extent, int[] from, int[] to, int[] computed) {
        this.index = index;
        this.slice = slice;
        this.extent = extent;
        this.from = from;
        this.to = to;
        this.computed = computed;
    }

    /** No compression: every slice stands for itself. */
    static SliceCompression identity(Concretization.Context ctx) {
        return new SliceCompression(0, ctx.boxSize(), 1, new int[1], new int[] {1}, new int[1]);
    }

    /**
     * The compression of {@code leaves} (concretized over J and K) for iterations that look {@code reach} iterations
     * back (epilog stages) or ahead (FD depths). Identity when the slowest index is distributed, a constraint on it is
     * a congruence or involves other variables, or nothing is gained.
     */
    static SliceCompression of(Concretization.Context ctx, List<UnionSet> leaves, int reach) {
        int x = 0;
        for (int d = 1; d < ctx.strides().length; d++) {
            if (ctx.strides()[d] > ctx.strides()[x]) {
                x = d;
            }
        }
        int p = ctx.p().get(x).intValue();
        int s = (int) ctx.strides()[x];
        if (ctx.t().get(x) != 1 || s <= 0 || p < 4) {
            return identity(ctx);
        }
        String jx = ctx.embedding().intra().get(x);
        TreeSet<Long> breaks = new TreeSet<>(); // j_x values whose slice may differ from slice j_x − 1
        for (UnionSet u : leaves) {
            for (IntegerSet piece : u.pieces()) {
                for (Constraint c : piece.constraints()) {
                    long a = c.expr().coeff(jx);
                    if (a == 0) {
                        continue;
                    }
                    long[] g = rest(ctx, c, jx); // min, max of the expression without a·j_x over the box and the tiles
                    if (g == null || c.kind() == Constraint.Kind.MOD) {
                        return identity(ctx);
                    }
                    long lo, hi;
                    if (c.kind() == Constraint.Kind.GE) {
                        // a > 0: true from ⌈−g/a⌉ on; a < 0: true up to ⌊g/−a⌋, i.e. changes at ⌊g/−a⌋ + 1
                        lo = a > 0 ? -Math.floorDiv(g[1], a) : Math.floorDiv(g[0], -a) + 1;
                        hi = a > 0 ? -Math.floorDiv(g[0], a) : Math.floorDiv(g[1], -a) + 1;
                    } else { // EQ: true only at j_x = −g/a: changes there and one after
                        long u1 = Math.floorDiv(-g[0], a), u2 = Math.floorDiv(-g[1], a);
                        lo = Math.min(u1, u2);
                        hi = Math.max(u1, u2) + 2;
                    }
                    for (long v = Math.max(1, lo); v <= Math.min(p - 1, hi); v++) {
                        breaks.add(v);
                    }
                }
            }
        }
        int w = Math.max(1, (reach + s - 1) / s);
        List<int[]> slices = new ArrayList<>(); // {from, to, computed}
        List<Long> starts = new ArrayList<>(List.of(0L));
        starts.addAll(breaks);
        starts.add((long) p);
        for (int r = 0; r + 1 < starts.size(); r++) {
            int a = starts.get(r).intValue(), b = starts.get(r + 1).intValue();
            if (b - a <= 2 * w + 1) {
                for (int v = a; v < b; v++) {
                    slices.add(new int[] {v, v + 1, v});
                }
                continue;
            }
            // head, steady, tail; all computed from a … a + 2w (identical slices), so the enumerated j_x stay one range
            for (int v = a; v < a + w; v++) {
                slices.add(new int[] {v, v + 1, v});
            }
            slices.add(new int[] {a + w, b - w, a + w});
            for (int v = b - w; v < b; v++) {
                slices.add(new int[] {v, v + 1, a + w + 1 + v - (b - w)});
            }
        }
        if (slices.size() == p) {
            return identity(ctx);
        }
        return new SliceCompression(x, s, p, slices.stream().mapToInt(v -> v[0]).toArray(), slices.stream().mapToInt(v -> v[1]).toArray(),
                slices.stream().mapToInt(v -> v[2]).toArray());
    }

    /** min and max of the constraint's expression without its j_x term over the box and all tiles; null when another variable occurs. */
    private static long[] rest(Concretization.Context ctx, Constraint c, String jx) {
        long min = c.expr().constant(), max = min;
        for (var e : c.expr().coefficients().entrySet()) {
            if (e.getKey().equals(jx) || e.getValue() == 0) {
                continue;
            }
            int d = ctx.embedding().intra().indexOf(e.getKey());
            long range;
            if (d >= 0) {
                range = ctx.p().get(d) - 1;
            } else if ((d = ctx.embedding().inter().indexOf(e.getKey())) >= 0) {
                range = ctx.t().get(d) - 1;
            } else {
                return null;
            }
            long lo = Math.min(0, e.getValue() * range), hi = Math.max(0, e.getValue() * range);
            min += lo;
            max += hi;
        }
        return new long[] {min, max};
    }

    /** The slowest intra-tile index x (position in the embedding's intra indices). */
    public int index() {
        return index;
    }

    /** Whether some slices are merged. */
    public boolean compresses() {
        return from.length < extent;
    }

    /** |𝓙′|: iterations of the compressed box. */
    public int boxSize(int realBox) {
        return realBox - (extent - from.length) * slice;
    }

    /** The real j_x ranges [lo, hi] whose points are enumerated, each with the compressed slice lo maps to. */
    List<int[]> computedRanges() {
        List<int[]> r = new ArrayList<>();
        for (int c = 0; c < computed.length; c++) {
            if (!r.isEmpty() && r.get(r.size() - 1)[1] + 1 == computed[c]) {
                r.get(r.size() - 1)[1] = computed[c];
            } else {
                r.add(new int[] {computed[c], computed[c], c});
            }
        }
        return r;
    }

    /** Real iteration n (inside the box) of a point whose j_x lies in the computed {@code range} → compressed n′. */
    int compress(int n, int[] range) {
        return n - (range[0] - range[2]) * slice;
    }

    /** The real iteration enumerated for compressed n′ inside the box (its slice's content). */
    int computed(int n) {
        return computed[n / slice] * slice + n % slice;
    }

    /** The real iteration a compressed one stands for last (for lengths: the epilog follows the last copy). */
    public int last(int n) {
        int c = n / slice;
        if (c >= from.length) {
            return n + (extent - from.length) * slice;
        }
        return (to[c] - 1) * slice + n % slice;
    }

    /** All real iterations of compressed {@code ns}, below {@code length}. */
    public BitSet expand(BitSet ns, int length) {
        BitSet r = new BitSet();
        for (int n = ns.nextSetBit(0); n >= 0; n = ns.nextSetBit(n + 1)) {
            int c = n / slice;
            if (c >= from.length) {
                int m = n + (extent - from.length) * slice;
                if (m < length) {
                    r.set(m);
                }
                continue;
            }
            for (int v = from[c]; v < to[c]; v++) {
                int m = v * slice + n % slice;
                if (m < length) {
                    r.set(m);
                }
            }
        }
        return r;
    }
}
