package tessera.regdem.sim;

import java.util.ArrayDeque;
import java.util.Deque;

import tessera.regdem.sass.Operand;

/**
 * One simulated thread of {@link SassSimulator}: registers, predicates, the carry flag, local memory and the
 * reconvergence stack, with the register and predicate accessors the instruction semantics share.
 */
final class SimThread {
    final int[] r = new int[256];
    final boolean[] p = new boolean[8];
    boolean cc;
    int pc;
    boolean exited;
    boolean atBarrier;
    final int tx;
    final int ty;
    final byte[] local = new byte[SassSimulator.LOCAL_SIZE];
    /** Entries {kind, target}: kind 0 for SSY/SYNC, 1 for PBK/BRK, 2 for PCNT/CONT. */
    final Deque<int[]> stack = new ArrayDeque<>();

    SimThread(int tx, int ty) {
        this.tx = tx;
        this.ty = ty;
        p[7] = true;
    }

    void set(int reg, int v) {
        if (reg != Operand.RZ) {
            r[reg] = v;
        }
    }

    /** The 64-bit value of the register pair {@code R<reg>, R<reg+1>}. */
    long pair(int reg) {
        return (r[reg] & 0xffffffffL) | ((long) r[reg + 1] << 32);
    }

    void setPair(int reg, long v) {
        set(reg, (int) v);
        set(reg + 1, (int) (v >>> 32));
    }

    void setPred(Operand o, boolean v) {
        if (o instanceof Operand.Pred q && q.num() != Operand.Pred.PT) {
            p[q.num()] = v;
        }
    }

    boolean pred(Operand o) {
        if (o instanceof Operand.Pred q) {
            boolean v = p[q.num()];
            return q.negated() != v;
        }
        throw new SimulationException("expected a predicate, got " + o.text());
    }
}
