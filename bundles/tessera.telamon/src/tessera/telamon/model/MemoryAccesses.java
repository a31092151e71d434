package tessera.telamon.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import tessera.telamon.kernel.Access;
import tessera.telamon.kernel.Inst;

/**
 * Seed 001 §5.3 (digest 001b §3.3, "instruction costs … except memory accesses"): lower bounds on what one memory
 * access costs. A global access uses at least the cache lines the first warp touches: computed from the strides
 * when the thread dimensions, their sizes and mapping, and the access's vector dimensions are decided, taking the
 * best alignment of the base address; otherwise one line per warp and vector (every thread may read the same line).
 * Shared-memory accesses use no L1/L2 lines. A load's latency is the least of shared, L1 and L2 hits still allowed.
 */
final class MemoryAccesses {
    private final Domains m;
    private final Hardware hw;

    MemoryAccesses(Domains m, Hardware hw) {
        this.m = m;
        this.hw = hw;
    }

    /** The widest vector an access may still use: the product of its may-be-VECTOR dimensions, within 16 bytes. */
    double maxVector(int s) {
        Inst i = m.inst(s);
        long v = 1;
        for (String d : i.dims()) {
            int x = m.indexOf(d);
            if (x >= 0 && (m.kind(x) & Domains.VECTOR) != 0) {
                v = Math.min(1L << 20, v * m.sizeMax(x));
            }
        }
        return Math.max(1, Math.min(v, 16 / i.type().bytes()));
    }

    double loadLatency(int s) {
        double best = Double.POSITIVE_INFINITY;
        if ((m.memSpace(s) & Domains.SHARED) != 0) {
            best = hw.memory().sharedLoadLatency();
        }
        if ((m.memSpace(s) & Domains.GLOBAL) != 0) {
            boolean l1 = (m.cache(s) & (Domains.L1 | Domains.READ_ONLY)) != 0;
            best = Math.min(best, l1 ? hw.memory().l1LoadLatency() : hw.memory().l2LoadLatency());
        }
        return best == Double.POSITIVE_INFINITY ? 0 : best;
    }

    /** Cache lines per warp and per element instance (a vector access's lines are shared by its elements). */
    double linesPerWarp(int s) {
        if ((m.memSpace(s) & Domains.SHARED) != 0) {
            return 0;
        }
        Inst inst = m.inst(s);
        List<int[]> threads = warpThreads();
        Long vector = vectorWidth(inst);
        java.util.Map<String, Long> coefs = inst.access() == null ? null : coefficients(inst.access());
        if (threads == null || vector == null || coefs == null) {
            return 1.0 / maxVector(s);
        }
        int bytes = inst.type().bytes();
        int line = hw.memory().l2LineBytes();
        List<long[]> spans = new ArrayList<>();
        Set<Long> starts = new HashSet<>();
        for (int[] coords : threads) {
            long addr = 0;
            for (String d : inst.dims()) {
                int x = m.indexOf(d);
                int axis = x < 0 ? -1 : axisOf[x];
                if (axis >= 0) {
                    addr += coefs.getOrDefault(d, 0L) * coords[axis];
                }
            }
            if (starts.add(addr)) {
                spans.add(new long[] { addr * bytes, addr * bytes + vector * bytes });
            }
        }
        long best = Long.MAX_VALUE;
        for (int shift = 0; shift < line; shift += bytes) {
            Set<Long> lines = new HashSet<>();
            for (long[] sp : spans) {
                for (long l = Math.floorDiv(sp[0] + shift, line); l <= Math.floorDiv(sp[1] - 1 + shift, line); l++) {
                    lines.add(l);
                }
            }
            best = Math.min(best, lines.size());
        }
        return (double) best / vector;
    }

    /**
     * Eq. 4.2 as the code generator computes it (codegen.Addresses): the coefficient of each dimension in the element
     * index, a logical dimension's stride spread over its tiles with their sizes; null while a size it needs is open,
     * and for a temporary array, whose layout is decided with the lowering.
     */
    private java.util.Map<String, Long> coefficients(Access acc) {
        tessera.telamon.kernel.Kernel k = m.kernel;
        if (k == null || k.array(acc.array()) == null
                || k.array(acc.array()).kind() == tessera.telamon.kernel.Array.Kind.TEMPORARY) {
            return null;
        }
        return acc.coefficients(k, d -> {
            int x = m.indexOf(d);
            return x < 0 ? 1 : m.sizeMin(x) == m.sizeMax(x) ? m.sizeMin(x) : -1;
        });
    }

    private int[] axisOf;
    private List<int[]> warp;
    private boolean warpDone;

    /**
     * The first warp's coordinates on each hardware thread axis (x innermost), or null while the thread dimensions,
     * their sizes or their mapping are open. Fills {@link #axisOf} (-1 for a dimension that is not a thread).
     */
    private List<int[]> warpThreads() {
        if (warpDone) {
            return warp;
        }
        warpDone = true;
        int n = m.size();
        axisOf = new int[n];
        java.util.Arrays.fill(axisOf, -1);
        List<List<Integer>> classes = new ArrayList<>();
        for (int d = 0; d < n; d++) {
            if (!m.isDim(d) || (m.kind(d) & Domains.THREAD) == 0) {
                continue;
            }
            if (m.kind(d) != Domains.THREAD || m.sizeMin(d) != m.sizeMax(d)) {
                return null;
            }
            List<Integer> home = null;
            for (List<Integer> cl : classes) {
                int t = m.threadMapping(cl.get(0), d);
                if (Integer.bitCount(t) != 1) {
                    return null;
                }
                if (t == Domains.MAPPED) {
                    home = cl;
                }
            }
            if (home == null) {
                classes.add(home = new ArrayList<>());
            }
            home.add(d);
        }
        // innermost class first: the one outside no other class
        classes.sort(java.util.Comparator.comparingInt(cl -> (int) classes.stream()
                .filter(o -> o != cl && m.threadMapping(cl.get(0), o.get(0)) == Domains.MAP_OUT).count()));
        long[] extent = new long[classes.size()];
        long total = 1;
        for (int ax = 0; ax < classes.size(); ax++) {
            extent[ax] = m.sizeMin(classes.get(ax).get(0));
            total *= extent[ax];
            for (int d : classes.get(ax)) {
                axisOf[d] = ax;
            }
        }
        List<int[]> coords = new ArrayList<>();
        for (long t = 0; t < Math.min(total, hw.warpSize()); t++) {
            int[] c = new int[Math.max(1, classes.size())];
            long rest = t;
            for (int ax = 0; ax < classes.size(); ax++) {
                c[ax] = (int) (rest % extent[ax]);
                rest /= extent[ax];
            }
            coords.add(c);
        }
        warp = coords;
        return warp;
    }

    /** The decided vector width of an access (1 without VECTOR dimensions), or null while one is open. */
    private Long vectorWidth(Inst inst) {
        long v = 1;
        for (String d : inst.dims()) {
            int x = m.indexOf(d);
            if (x < 0 || (m.kind(x) & Domains.VECTOR) == 0) {
                continue;
            }
            if (m.kind(x) != Domains.VECTOR || m.sizeMin(x) != m.sizeMax(x)) {
                return null;
            }
            v *= m.sizeMin(x);
        }
        return v;
    }
}
