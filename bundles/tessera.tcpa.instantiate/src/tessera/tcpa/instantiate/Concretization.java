package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.poly.PolySet;
import tessera.core.poly.Box;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.Polynomial;
import tessera.core.poly.TiledSet;
import tessera.core.poly.UnionSet;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.Tiling;

/**
 * Seed 003 §6 step 1 (digest §3.8): substitute the run-time parameters (loop bounds, PE region) into the symbolic
 * configuration: tile counts t from the region, tile sizes p = ⌈extent/t⌉, π, λ^J, λ^K and the linearisation of the
 * intra-tile box in λ^J order (iteration n = λ^J·J/π, so succ(J, m) is n + m, digest P16).
 */
public final class Concretization {
    /** The concretized context every later step works in. */
    public record Context(SymbolicConfiguration symbolic, Map<String, Long> params, TiledSet.Embedding embedding, List<Long> p,
            List<Long> t, int pi, List<Long> lambdaJ, List<Long> lambdaK, long[] strides, int boxSize, int rows, int cols,
            List<Integer> distributed, List<Integer> phi) {
        /** Number of tiles |𝓚| (row-major over the inter-tile indices). */
        public int tileCount() {
            long n = 1;
            for (long x : t) {
                n *= x;
            }
            return (int) n;
        }

        /** Tile index → K. */
        public long[] tile(int index) {
            long[] k = new long[t.size()];
            for (int i = t.size() - 1; i >= 0; i--) {
                k[i] = index % t.get(i);
                index /= t.get(i);
            }
            return k;
        }

        public int tileIndex(long[] k) {
            int n = 0;
            for (int i = 0; i < t.size(); i++) {
                n = (int) (n * t.get(i) + k[i]);
            }
            return n;
        }

        /** λ^J order: iteration J → n. */
        public int linear(long[] j) {
            long n = 0;
            for (int i = 0; i < j.length; i++) {
                n += strides[i] * j[i];
            }
            return (int) n;
        }

        /** n → J, mixed radix along the strides; the slowest digit is unbounded (epilog pseudo-iterations). */
        public long[] point(int n) {
            long[] j = new long[strides.length];
            long rest = n;
            for (int d : digits()) {
                j[d] = rest / strides[d];
                rest %= strides[d];
            }
            return j;
        }

        /** The indices by stride, largest first: the digits of the λ^J linearisation, slowest first (no boxing: per iteration). */
        private int[] digits() {
            int[] order = new int[strides.length];
            boolean[] done = new boolean[strides.length];
            for (int step = 0; step < order.length; step++) {
                int d = -1;
                for (int i = 0; i < strides.length; i++) {
                    if (!done[i] && (d < 0 || strides[i] > strides[d])) {
                        d = i;
                    }
                }
                done[d] = true;
                order[step] = d;
            }
            return order;
        }

        /** The PE (row, col) = Φ·K of tile K (Φ's rows are (Δrow, Δcol), the routing's order, P6). */
        public int[] pe(long[] k) {
            int[] rc = new int[2];
            for (int r = 0; r < 2; r++) {
                for (int c = 0; c < k.length; c++) {
                    rc[r] += phi.get(r * k.length + c) * (int) k[c];
                }
            }
            return rc;
        }

        /**
         * A set of iterations as a set text over J: per digit of the λ^J linearisation (slowest first), consecutive
         * values with the same pattern of the faster digits share one range, so a box is one conjunction and a drain
         * of N identical slices costs what one does. Strides that are not nested fall back to runs along the fastest.
         */
        public String text(BitSet ns) {
            int[] order = digits();
            boolean nested = strides[order[order.length - 1]] == 1;
            for (int l = 0; l + 1 < order.length && nested; l++) {
                nested = strides[order[l]] % strides[order[l + 1]] == 0;
            }
            if (!nested) {
                return runs(embedding.intra(), ns, this::point, order[order.length - 1]);
            }
            List<String> parts = new ArrayList<>();
            conjunctions(ns, 0, order, new ArrayList<>(), parts);
            return "{ [" + String.join(", ", embedding.intra()) + "] : " + (parts.isEmpty() ? "false" : String.join(" or ", parts)) + " }";
        }

        /** Conjunctions of {@code bits} (relative to its slice of digit level − 1) with the ranges of the slower digits in {@code prefix}. */
        private void conjunctions(BitSet bits, int level, int[] order, List<String> prefix, List<String> out) {
            int d = order[level];
            String j = embedding.intra().get(d);
            int stride = (int) strides[d];
            int count = level == 0 ? (bits.length() + stride - 1) / stride : (int) (strides[order[level - 1]] / stride);
            for (int v = 0; v < count;) {
                BitSet sub = bits.get(v * stride, (v + 1) * stride);
                int w = v + 1;
                while (w < count && bits.get(w * stride, (w + 1) * stride).equals(sub)) {
                    w++;
                }
                if (!sub.isEmpty()) {
                    List<String> p = new ArrayList<>(prefix);
                    p.add(w - 1 > v ? v + " <= " + j + " <= " + (w - 1) : j + " == " + v);
                    if (level + 1 < order.length) {
                        conjunctions(sub, level + 1, order, p, out);
                    } else {
                        out.add(String.join(" and ", p));
                    }
                }
                v = w;
            }
        }

        /** A set of tiles as a set text over K (runs along the last inter-tile index). */
        public String tileText(BitSet tiles) {
            return runs(embedding.inter(), tiles, this::tile, t.size() - 1);
        }

        /** Points listed by index, printed as runs: consecutive indices whose points step by 1 in {@code fast} only. */
        private static String runs(List<String> dims, BitSet indices, java.util.function.IntFunction<long[]> point, int fast) {
            List<String> parts = new ArrayList<>();
            for (int n = indices.nextSetBit(0); n >= 0;) {
                long[] a = point.apply(n);
                int m = n;
                while (indices.get(m + 1)) {
                    long[] b = point.apply(m + 1);
                    if (b[fast] != a[fast] + (m + 1 - n) || !sameExcept(b, a, fast)) {
                        break;
                    }
                    m++;
                }
                List<String> c = new ArrayList<>();
                for (int i = 0; i < dims.size(); i++) {
                    c.add(i == fast && m > n ? a[i] + " <= " + dims.get(i) + " <= " + (a[i] + m - n) : dims.get(i) + " == " + a[i]);
                }
                parts.add(String.join(" and ", c));
                n = indices.nextSetBit(m + 1);
            }
            return "{ [" + String.join(", ", dims) + "] : " + (parts.isEmpty() ? "false" : String.join(" or ", parts)) + " }";
        }

        private static boolean sameExcept(long[] a, long[] b, int skip) {
            for (int i = 0; i < a.length; i++) {
                if (i != skip && a[i] != b[i]) {
                    return false;
                }
            }
            return true;
        }

        /** The concrete set over (J, K) of a symbolic domain text, bucketed per tile as sets of iterations n. */
        public Map<Integer, BitSet> perTile(PolySet domain) {
            UnionSet s = domain.tiled(embedding).concretize(params);
            List<String> dims = s.dims();
            int[] jIdx = new int[embedding.intra().size()];
            int[] kIdx = new int[embedding.inter().size()];
            for (int i = 0; i < jIdx.length; i++) {
                jIdx[i] = dims.indexOf(embedding.intra().get(i));
                kIdx[i] = dims.indexOf(embedding.inter().get(i));
            }
            Map<Integer, BitSet> r = new HashMap<>();
            s.forEachPoint(Map.of(), pt -> {
                long[] j = new long[jIdx.length];
                long[] k = new long[kIdx.length];
                for (int i = 0; i < j.length; i++) {
                    j[i] = pt[jIdx[i]];
                    k[i] = pt[kIdx[i]];
                    if (j[i] < 0 || j[i] >= p.get(i) || k[i] < 0 || k[i] >= t.get(i)) {
                        return;
                    }
                }
                r.computeIfAbsent(tileIndex(k), x -> new BitSet()).set(linear(j));
            });
            return r;
        }
    }

    private Concretization() {
    }

    /**
     * {@code bounds}: the loop bounds (e.g. N = 16); {@code rows × cols}: the PE region. The first distributed index
     * is tiled over the columns, the second over the rows; other indices get one tile (t = 1).
     */
    /**
     * Largest number of iterations of one tile (the product of the tile sizes): {@value}. Checked before a tile's
     * points are enumerated (issue 22: bounded work).
     */
    public static final int MAX_TILE_POINTS = 1 << 16;

    public static Context apply(SymbolicConfiguration c, Map<String, Long> bounds, int rows, int cols) {
        Tiling tl = c.getTiling();
        Map<String, Long> params = new LinkedHashMap<>();
        List<String> loopParams = new ArrayList<>();
        for (String name : c.getParameters()) {
            if (!tl.getTileSizes().contains(name) && !tl.getTileCounts().contains(name)) {
                loopParams.add(name);
                Long v = bounds.get(name);
                if (v == null) {
                    throw new InstantiationException("no value for the loop bound " + name, "pass --param " + name + "=VALUE");
                }
                String tooLarge = tessera.rdg.interp.ParameterLimits.problem(name, v);
                if (tooLarge != null) {
                    throw new InstantiationException(tooLarge, "give a smaller --param " + name);
                }
                params.put(name, v);
            }
        }
        for (String name : bounds.keySet()) {
            if (!loopParams.contains(name)) {
                throw new InstantiationException("unknown parameter " + name + " (the loop bounds are " + loopParams + ")",
                        "tile sizes and counts follow from the PE region (--pes ROWSxCOLS)");
            }
        }
        if (rows < 1 || cols < 1) {
            throw new InstantiationException("the PE region " + rows + "x" + cols + " is empty", "give at least 1x1");
        }
        List<Integer> dist = new ArrayList<>(tl.getDistributed());
        boolean usesRows = false, usesCols = false;
        for (int i : dist) {
            usesRows |= tl.getPhi().get(i) != 0;
            usesCols |= tl.getPhi().get(tl.getIndices().size() + i) != 0;
        }
        if ((!usesRows && rows != 1) || (!usesCols && cols != 1)) {
            throw new InstantiationException("region " + rows + "x" + cols + " does not fit the mapping: " + (usesRows ? "" : "no index is tiled over the PE rows ")
                    + (usesCols ? "" : "no index is tiled over the PE columns"), "use a " + (usesRows ? "Rx" : "1x") + (usesCols ? "C" : "1")
                            + " region for this mapping (or compile with --distribute i,j)");
        }
        UnionSet space = c.getIterationSpace().union().fix(params);
        PolySet ctx = c.getParameterContext();
        if ((ctx != null && !ctx.isBlank() && ctx.parameters().fix(params).isEmpty()) || space.isEmpty()) {
            throw new InstantiationException("the loop bounds " + params + " violate the PLA's parameter context or leave no iteration",
                    "choose bounds that satisfy " + ctx);
        }
        Box box = space.boundingBox(Map.of()).orElseThrow(() -> new InstantiationException("the iteration space is unbounded",
                "bound every loop index"));
        int n = tl.getIndices().size();
        List<Long> p = new ArrayList<>();
        List<Long> t = new ArrayList<>();
        long minTile = c.getSchedule().getMinTileSize();
        for (int i = 0; i < n; i++) {
            if (box.lower()[i] < 0) {
                throw new InstantiationException("index " + tl.getIndices().get(i) + " starts at " + box.lower()[i],
                        "the tiling assumes indices from 0 (shift the loop)");
            }
            long extent = box.upper()[i] + 1;
            int pos = dist.indexOf(i);
            // Φ maps index i to the PE rows (first row of Φ) or the PE columns (second row)
            long ti = pos < 0 ? 1 : tl.getPhi().get(i) != 0 ? rows : cols;
            long pi = Math.max(1, (extent + ti - 1) / ti);
            if (pos >= 0 && pi < minTile) {
                throw new InstantiationException("tile size " + tl.getTileSizes().get(i) + " = ⌈" + extent + "/" + ti + "⌉ = " + pi
                        + " is below the schedule's minimum tile size " + minTile, "allocate fewer PEs along index "
                                + tl.getIndices().get(i) + " (at most " + Math.max(1, extent / minTile) + ")");
            }
            p.add(pi);
            t.add(ti);
            params.put(tl.getTileSizes().get(i), pi);
            if (!tl.getTileCounts().get(i).equals("1")) {
                params.put(tl.getTileCounts().get(i), ti);
            }
        }
        int pi = c.getSchedule().getPi();
        List<Long> lj = new ArrayList<>();
        List<Long> lk = new ArrayList<>();
        long[] strides = new long[n];
        int size = 1;
        for (int i = 0; i < n; i++) {
            lj.add(Polynomial.parse(c.getSchedule().getLambdaJ().get(i)).evaluate(params));
            lk.add(Polynomial.parse(c.getSchedule().getLambdaK().get(i)).evaluate(params));
            if (lj.get(i) % pi != 0) {
                throw new InstantiationException("λ^J = " + lj + " is not a multiple of π = " + pi, "the schedule must issue one iteration per π cycles");
            }
            strides[i] = lj.get(i) / pi;
            long grown = (long) size * p.get(i);
            if (grown > MAX_TILE_POINTS) {
                throw new InstantiationException("a tile would have " + (grown == (int) grown ? grown + " or more" : "more than " + MAX_TILE_POINTS)
                        + " iterations, more than the maximum of " + MAX_TILE_POINTS + " (tile sizes " + p + ")",
                        "use smaller loop bounds (--param) or a larger PE region (--pes)");
            }
            size = (int) grown;
        }
        TiledSet.Embedding e = new TiledSet.Embedding(tl.getIndices(), tl.getIntraIndices(), tl.getInterIndices(), tl.getTileSizes());
        return new Context(c, params, e, p, t, pi, lj, lk, strides, size, rows, cols, dist, List.copyOf(tl.getPhi()));
    }
}
