package tessera.regdem.predict;

import java.util.List;

import tessera.regdem.analysis.Cfg;
import tessera.regdem.isa.Isa;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassProgram;

/**
 * Seed 004 §4, the compile-time stall predictor. Per basic block: every instruction's stall scaled by Eq. (2)
 * {@code stall × occupancy × MAX_THROUGHPUT / inst_throughput}, plus memory-latency penalties when an instruction
 * waits on a barrier whose global (GL_MEM_STALL = 200) or shared (SH_MEM_STALL = 24) setter has not yet covered its
 * latency; blocks inside loops are multiplied by LOOP_FACTOR = 10 per enclosing loop (the factor is from the paper's
 * tool: the seed text is truncated there, digest P1).
 * <p>
 * Two modes (digest P2): {@link Mode#CODE} (default, as the released tool does it: only FP64 (×32·occ on Maxwell)
 * and SFU/conversion (×4·occ) instructions are scaled, barrier ages accumulate raw stalls) and {@link Mode#PAPER}
 * (Eq. (2) for every instruction, ages accumulate scaled stalls).
 */
public final class StallPredictor {
    public static final int GL_MEM_STALL = 200;
    public static final int SH_MEM_STALL = 24;
    public static final int LOOP_FACTOR = 10;
    /** Exponent of the occupancy adjustment f(o) = 0.14088·o^−0.86281 of the paper's tool (digest §3.10 step 3). */
    public static final double OCCUPANCY_EXPONENT = -0.86281;

    public enum Mode { CODE, PAPER }

    public record Prediction(double stall, int instCount, int dpCount, List<Double> blockStalls) {
    }

    private StallPredictor() {
    }

    /** Eq. (2) throughput ratio MAX_THROUGHPUT / inst_throughput of an instruction class. */
    public static double ratio(Isa.InstrClass c, ArchSpec a) {
        return switch (c) {
            case X64 -> (double) a.maxThroughput() / a.fp64Throughput();
            case QTR -> (double) a.maxThroughput() / a.sfuThroughput();
            default -> 1.0;
        };
    }

    /** The stall an instruction contributes (before memory penalties). */
    public static double scaled(Line.Instr i, double occupancy, ArchSpec a, Mode mode) {
        Isa.InstrClass c = Isa.classOf(i.opcode());
        double s = i.ctrl().stall();
        if (mode == Mode.PAPER) {
            return s * occupancy * ratio(c, a);
        }
        return c == Isa.InstrClass.X64 || c == Isa.InstrClass.QTR ? s * ratio(c, a) * occupancy : s;
    }

    public static Prediction predict(SassProgram p, double occupancy, ArchSpec a, Mode mode) {
        Cfg cfg = Cfg.build(p);
        double total = 0;
        int insts = 0;
        int dp = 0;
        Double[] per = new Double[cfg.blocks().size()];
        for (Cfg.Block b : cfg.blocks()) {
            Isa.InstrClass[] setter = new Isa.InstrClass[7];
            double[] elapsed = new double[7];
            double stall = 0;
            for (int li : b.lines) {
                Line.Instr ins = (Line.Instr) p.lines().get(li);
                insts++;
                Isa.InstrClass c = Isa.classOf(ins.opcode());
                if (c == Isa.InstrClass.X64) {
                    dp++;
                }
                double s = scaled(ins, occupancy, a, mode);
                for (int sb : ins.ctrl().setBarriers()) {
                    setter[sb] = c;
                    elapsed[sb] = 0;
                }
                for (int w : ins.ctrl().waits()) {
                    if (setter[w] == Isa.InstrClass.GMEM || setter[w] == Isa.InstrClass.LMEM) {
                        if (elapsed[w] < GL_MEM_STALL) {
                            stall += GL_MEM_STALL - elapsed[w];
                        }
                    } else if (setter[w] == Isa.InstrClass.SMEM) {
                        if (elapsed[w] < SH_MEM_STALL) {
                            stall += SH_MEM_STALL - elapsed[w];
                        }
                    }
                    setter[w] = null;
                }
                double age = mode == Mode.CODE ? ins.ctrl().stall() : s;
                for (int k = 1; k <= 6; k++) {
                    if (setter[k] != null) {
                        elapsed[k] += age;
                    }
                }
                stall += s;
            }
            stall *= Math.pow(LOOP_FACTOR, cfg.loopDepth(b.id));
            per[b.id] = stall;
            total += stall;
        }
        return new Prediction(total, insts, dp, List.of(per));
    }

    /** adjusted = stall × f(occ)/f(occ_max) = stall × (occ/occ_max)^−0.86281; infinite at occupancy 0. */
    public static double adjusted(double stall, double occupancy, double maxOccupancy) {
        if (occupancy <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        return stall * Math.pow(occupancy / maxOccupancy, OCCUPANCY_EXPONENT);
    }
}
