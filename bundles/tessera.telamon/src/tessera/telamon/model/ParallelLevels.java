package tessera.telamon.model;

import java.util.BitSet;
import java.util.List;

/**
 * Seed 001 §5.1.4 and §5.3 (eqs 5.18–5.27; digest 001b §2.4, §3.3): the bound of each parallel level,
 * B_i = max(B_{i−1} · η_i^min / η_i^lcm · ⌈η_i^lcm / μ_i^max⌉, latency(i, ∅)). Level 1 (threads of a block):
 * η over classes of dimensions MAPPED to one hardware thread dimension, μ_1^max the threads a block may run at once.
 * Level 2 (blocks): η over merge classes of BLOCK dimensions, μ_2^max the blocks the GPU may run at once given the
 * least threads and shared memory a block may use.
 */
public final class ParallelLevels {
    private final Domains m;
    private final LoopLevels ll;
    private final Hardware hw;

    public ParallelLevels(LoopLevels ll, Hardware hw) {
        this.m = ll.domains();
        this.ll = ll;
        this.hw = hw;
    }

    /** B_level from B_{level−1}. */
    public Explanation bound(int level, Explanation previous) {
        BitSet may = new BitSet(), only = new BitSet();
        for (int d = 0; d < m.size(); d++) {
            if (!m.isDim(d) || !ll.mayMap(d, level)) {
                continue;
            }
            may.set(d);
            boolean lower = false;
            for (int j = 0; j < level; j++) {
                lower |= ll.mayMap(d, j);
            }
            if (!lower) {
                only.set(d);
            }
        }
        long etaMin = level == 1 ? threadClasses(only, false, Size.MIN) : ll.size(only, LoopLevels.Bound.MIN);
        long etaLcm = level == 1 ? threadClasses(may, true, Size.LCM) : ll.size(may, LoopLevels.Bound.LCM);
        long mu = level == 1 ? hw.limits().threadsPerBlock() : parallelBlocks();
        // a saturated lcm (over 2^63) stands for "far more than μ": the factor's limit η_min/μ, a lower bound of it
        double factor = etaLcm == Long.MAX_VALUE ? (double) etaMin / mu
                : (double) etaMin / etaLcm * Math.ceil((double) etaLcm / mu);
        double first = previous.value() * factor;
        Explanation usage = ll.latency(level, new BitSet(), "the whole kernel (∅)");
        String what = "level " + level + " (" + Hardware.LEVELS.get(level) + "): η_min " + etaMin + ", η_lcm "
                + (etaLcm == Long.MAX_VALUE ? "over 2^63" : Long.toString(etaLcm))
                + ", μ_max " + mu;
        if (usage.value() > first) {
            return new Explanation(usage.value(), "parallelism level", what + "; its usage dominates",
                    List.of(usage, previous));
        }
        return new Explanation(first, "parallelism level", what + "; B_" + (level - 1) + " × " + fmt(factor),
                List.of(previous, usage));
    }

    private enum Size { MIN, LCM }

    /**
     * The product over classes of MAPPED thread dimensions (digest §3.3): {@code atLeastOne} keeps a dimension unless
     * an earlier one is certainly MAPPED to it (for lcm); otherwise unless one may be (for min).
     */
    private long threadClasses(BitSet dims, boolean atLeastOne, Size which) {
        long r = 1;
        for (int d = dims.nextSetBit(0); d >= 0; d = dims.nextSetBit(d + 1)) {
            boolean keep = true;
            for (int e = dims.nextSetBit(0); e >= 0 && e < d && keep; e = dims.nextSetBit(e + 1)) {
                int t = m.threadMapping(d, e);
                keep = atLeastOne ? t != Domains.MAPPED : (t & Domains.MAPPED) == 0;
            }
            if (keep) {
                long s = which == Size.MIN ? m.sizeMin(d) : m.sizeLcm(d);
                r = LoopLevels.mul(r, s);
            }
        }
        return r;
    }

    /** μ_2^max: SMs × the blocks an SM may hold with the fewest threads and least shared memory a block may use. */
    private long parallelBlocks() {
        BitSet certainThreads = new BitSet();
        for (int d = 0; d < m.size(); d++) {
            if (m.isDim(d) && m.kind(d) == Domains.THREAD) {
                certainThreads.set(d);
            }
        }
        long threads = Math.max(1, threadClasses(certainThreads, false, Size.MIN));
        long perSm = hw.limits().blocksPerSm();
        perSm = Math.min(perSm, Math.max(1, hw.limits().threadsPerSm() / threads));
        if (m.sharedMin() > 0) {
            perSm = Math.min(perSm, Math.max(1, hw.limits().sharedBytesPerSm() / m.sharedMin()));
        }
        return perSm * hw.smCount();
    }

    private static String fmt(double v) {
        return String.format(java.util.Locale.ROOT, "%.4g", v);
    }
}
