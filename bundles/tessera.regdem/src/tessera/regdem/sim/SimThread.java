package tessera.regdem.sim;

import java.util.ArrayDeque;
import java.util.Deque;

import tessera.regdem.sass.Operand;

/**
 * One simulated thread of {@link SassSimulator}: registers, uniform registers, predicates, the carry flag, local
 * memory, the reconvergence stack (Maxwell) and the call stack (Volta {@code CALL}/{@code RET}), with the register and
 * predicate accessors the instruction semantics share. Uniform registers are per warp on the GPU; every thread keeps
 * its own copy here, which is equivalent because a uniform instruction computes the same value in every lane (the
 * warp-wide producers {@code VOTEU}, {@code REDUX}, {@code S2UR} write all lanes' copies together).
 */
final class SimThread {

    /** Where the scheduler finds a thread between its runs. */
    enum State { RUNNABLE, AT_BARRIER, AT_COLLECTIVE, EXITED }

    final int[] r = new int[256];
    final int[] ur = new int[256];
    final boolean[] p = new boolean[8];
    final boolean[] up = new boolean[8];
    boolean cc;
    int pc;
    State state = State.RUNNABLE;
    final int tx;
    final int ty;
    /** Linear thread index in the block, lane ({@code tid % 32}) and warp ({@code tid / 32}). */
    final int tid;
    final int lane;
    final int warp;
    final byte[] local = new byte[SassSimulator.LOCAL_SIZE];
    /** Entries {kind, target}: kind 0 for SSY/SYNC, 1 for PBK/BRK, 2 for PCNT/CONT. */
    final Deque<int[]> stack = new ArrayDeque<>();
    /** Line indices after the pending {@code CALL}s, innermost first. */
    final Deque<Integer> calls = new ArrayDeque<>();

    SimThread(int tx, int ty, int tid) {
        this.tx = tx;
        this.ty = ty;
        this.tid = tid;
        this.lane = tid % 32;
        this.warp = tid / 32;
        p[7] = true;
        up[7] = true;
    }

    void set(int reg, int v) {
        if (reg != Operand.RZ) {
            r[reg] = v;
        }
    }

    /** Writes register {@code reg} of the file of {@code o} (uniform or not). */
    void set(Operand.Reg o, int reg, int v) {
        if (reg != Operand.RZ && reg < Operand.RZ) {
            (o.uniform() ? ur : r)[reg] = v;
        }
    }

    /** The raw value of {@code R<n>}/{@code UR<n>} ({@code RZ}/{@code URZ} read 0). */
    int get(Operand.Reg o, int reg) {
        return reg >= Operand.RZ ? 0 : (o.uniform() ? ur : r)[reg];
    }

    /** The 64-bit value of the register pair {@code R<reg>, R<reg+1>}. */
    long pair(int reg) {
        return (r[reg] & 0xffffffffL) | ((long) r[reg + 1] << 32);
    }

    /** The 64-bit value of the pair starting at {@code o} (uniform or not; {@code RZ} reads 0). */
    long pair(Operand.Reg o) {
        if (o.isZero()) {
            return 0;
        }
        return (get(o, o.num()) & 0xffffffffL) | ((long) get(o, o.num() + 1) << 32);
    }

    void setPair(int reg, long v) {
        set(reg, (int) v);
        set(reg + 1, (int) (v >>> 32));
    }

    void setPair(Operand.Reg o, long v) {
        if (!o.isZero()) {
            set(o, o.num(), (int) v);
            set(o, o.num() + 1, (int) (v >>> 32));
        }
    }

    void setPred(Operand o, boolean v) {
        if (o instanceof Operand.Pred q && q.num() != Operand.Pred.PT) {
            (q.uniform() ? up : p)[q.num()] = v;
        }
    }

    boolean pred(Operand o) {
        if (o instanceof Operand.Pred q) {
            boolean v = (q.uniform() ? up : p)[q.num()];
            return q.negated() != v;
        }
        throw new SimulationException("expected a predicate, got " + o.text());
    }
}
