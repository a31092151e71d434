package tessera.regdem.demote;

import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;

/**
 * The barrier tracker of seed 004 Fig. 3 (UpdateBarrierTracker, GetBarrier): for each of the 6 barriers, the last
 * instruction that set it and the cycles elapsed since. GL_MEM_STALL = 200 and SH_MEM_STALL = 24 (seed §3.2).
 */
public final class BarrierTracker {
    public static final int GL_MEM_STALL = 200;
    public static final int SH_MEM_STALL = 24;
    public static final int BARRIERS = 6;

    private final Line.Instr[] setter = new Line.Instr[BARRIERS + 1];
    private final int[] elapsed = new int[BARRIERS + 1];

    /** Barriers are cleared at jumps and labels, so they span no basic block (seed §3.2). */
    public void reset() {
        for (int b = 1; b <= BARRIERS; b++) {
            setter[b] = null;
            elapsed[b] = 0;
        }
    }

    /**
     * UpdateBarrierTracker. Convention (digest §3.5 note): the instruction's waits are applied first, then its barriers
     * are set, then every tracked barrier ages by its stall, so a freshly set barrier counts its setter's stall.
     */
    public void update(Line.Instr ins) {
        for (int b : ins.ctrl().waits()) {
            setter[b] = null;
            elapsed[b] = 0;
        }
        for (int b : ins.ctrl().setBarriers()) {
            setter[b] = ins;
            elapsed[b] = 0;
        }
        for (int b = 1; b <= BARRIERS; b++) {
            if (setter[b] != null) {
                elapsed[b] += ins.ctrl().stall();
            }
        }
    }

    public boolean busy(int b) {
        return setter[b] != null;
    }

    public Line.Instr setter(int b) {
        return setter[b];
    }

    public int elapsed(int b) {
        return elapsed[b];
    }

    /** Test hook: marks barrier b as set by {@code ins} {@code cycles} ago. */
    public void set(int b, Line.Instr ins, int cycles) {
        setter[b] = ins;
        elapsed[b] = cycles;
    }

    /**
     * GetBarrier: the first free barrier, else the memory-set barrier expected to clear soonest (strict '&lt;' keeps the
     * lowest number on ties). Fallback when every busy barrier has a non-memory setter (digest §5.7: CODE returns 0):
     * the barrier whose setter is oldest.
     */
    public int getBarrier(int... exclude) {
        int best = 0;
        int bestStall = GL_MEM_STALL + 1;
        for (int b = 1; b <= BARRIERS; b++) {
            if (excluded(b, exclude)) {
                continue;
            }
            if (setter[b] == null) {
                return b;
            }
            Isa.MemSpace m = Isa.memSpace(setter[b].opcode());
            int stall;
            if (m == Isa.MemSpace.GLOBAL || m == Isa.MemSpace.LOCAL || Isa.classOf(setter[b].opcode()) == Isa.InstrClass.GMEM) {
                stall = GL_MEM_STALL - elapsed[b];
            } else if (m == Isa.MemSpace.SHARED || Isa.classOf(setter[b].opcode()) == Isa.InstrClass.SMEM) {
                stall = SH_MEM_STALL - elapsed[b];
            } else {
                continue;
            }
            if (bestStall > stall) {
                best = b;
                bestStall = stall;
            }
        }
        if (best != 0) {
            return best;
        }
        int oldest = 0;
        for (int b = 1; b <= BARRIERS; b++) {
            if (!excluded(b, exclude) && (oldest == 0 || elapsed[b] > elapsed[oldest])) {
                oldest = b;
            }
        }
        return oldest;
    }

    private static boolean excluded(int b, int[] ex) {
        for (int x : ex) {
            if (x == b) {
                return true;
            }
        }
        return false;
    }
}
