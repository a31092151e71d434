package tessera.tcpa.instantiate;

import java.util.BitSet;

/**
 * Seed 003 §6.2: a local control signal of one branching node, partial: where it is 1 and where it is 0 (don't-care
 * elsewhere). {@link ControlSignals} derives them from the kernel CFGs; {@link SignalColouring} colours them.
 */
public record LocalSignal(BitSet ones, BitSet zeros, String where) {
    public boolean interferes(LocalSignal o) {
        return ones.intersects(o.zeros) || zeros.intersects(o.ones);
    }

    /** ¬cs: a branch over the complement swaps its targets, so either polarity can serve a node. */
    public LocalSignal complement() {
        return new LocalSignal(zeros, ones, where);
    }

    /** Constant where defined (or never defined): the branch needs no signal, it goes to that side. */
    public boolean free() {
        return ones.isEmpty() || zeros.isEmpty();
    }

    /** Defined on a subset of {@code o}'s iterations and equal there, in one of the two polarities. */
    boolean weaker(LocalSignal o) {
        return subset(ones, o.ones) && subset(zeros, o.zeros) || subset(ones, o.zeros) && subset(zeros, o.ones);
    }

    private static boolean subset(BitSet a, BitSet b) {
        BitSet c = (BitSet) a.clone();
        c.andNot(b);
        return c.isEmpty();
    }
}
