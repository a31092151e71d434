package tessera.telamon.model;

import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Op;
import tessera.telamon.model.Hardware.Resource;

/**
 * Seed 001 §5.1.2 and §5.3 (eqs 5.4–5.7; digest 001b §2.4, §3.3): each statement's usage of every resource per
 * thread instance, each instruction's latency, each dimension's per-iteration overhead and minimum iteration
 * latency, each the minimum over the decisions still open. Memory accesses: an instruction that may be vectorised
 * issues once per vector; a global access uses at least {@link MemoryAccesses#linesPerWarp} L1 and L2 lines per warp;
 * a load's latency is the shortest of the places its array and cache directive still allow. Loop overheads count
 * only in {@link LowerBound.Ordering#EMITTED}: ptxas unrolls loops of constant trip count, removing them.
 */
public final class LocalCosts {
    static final int R = Resource.values().length;
    /** usage[s][r]: per thread instance of s (for a dimension: one whole execution of its loop's overhead). */
    final double[][] usage;
    final double[][] iterOverhead;
    final double[] instLatency;
    final double[] iterMinLatency;

    private LocalCosts(int n) {
        usage = new double[n][R];
        iterOverhead = new double[n][R];
        instLatency = new double[n];
        iterMinLatency = new double[n];
    }

    public static LocalCosts of(Domains m, Hardware hw, LowerBound.Ordering ordering) {
        LocalCosts lc = new LocalCosts(m.size());
        MemoryAccesses mem = new MemoryAccesses(m, hw);
        for (int s = 0; s < m.size(); s++) {
            if (m.isDim(s)) {
                if (m.kind(s) == Domains.LOOP && ordering == LowerBound.Ordering.EMITTED) { // others: no loop code
                    lc.iterOverhead[s][Resource.ISSUE.ordinal()] = hw.loop().iterationIssue();
                    lc.iterOverhead[s][Resource.ALU.ordinal()] = hw.loop().iterationAlu();
                    lc.iterMinLatency[s] = hw.loop().iterationLatency();
                    for (int r = 0; r < R; r++) {
                        lc.usage[s][r] = m.sizeMin(s) * lc.iterOverhead[s][r];
                    }
                }
                continue;
            }
            Inst i = m.inst(s);
            if (i.op().isMemory()) {
                double perVector = 1.0 / mem.maxVector(s);
                lc.usage[s][Resource.ISSUE.ordinal()] = perVector;
                lc.usage[s][Resource.MEM.ordinal()] = perVector;
                double lines = mem.linesPerWarp(s) / hw.warpSize();
                lc.usage[s][Resource.L1_LINES.ordinal()] = lines;
                lc.usage[s][Resource.L2_LINES.ordinal()] = lines;
                lc.instLatency[s] = i.op() == Op.LD ? mem.loadLatency(s) : hw.memory().storeLatency();
            } else {
                Hardware.Cost c = hw.cost(i.op(), i.type());
                lc.usage[s][Resource.ISSUE.ordinal()] = c.issue();
                lc.usage[s][Resource.ALU.ordinal()] = c.alu();
                lc.instLatency[s] = c.latency();
            }
        }
        return lc;
    }

    public double usage(int s, Resource r) {
        return usage[s][r.ordinal()];
    }

    public double instLatency(int s) {
        return instLatency[s];
    }
}
