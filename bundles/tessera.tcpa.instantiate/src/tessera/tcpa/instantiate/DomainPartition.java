package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/** Seed 003 §6.1 Algorithm 1: partition D by the conditions C (each subset split into its parts inside/outside 𝒞). */
public final class DomainPartition {
    private DomainPartition() {
    }

    /** Sets are bit sets over a finite index space; the result lists the non-empty parts in order of their first element. */
    public static List<BitSet> partition(BitSet domain, List<BitSet> conditions) {
        List<BitSet> d = new ArrayList<>();
        if (!domain.isEmpty()) {
            d.add((BitSet) domain.clone());
        }
        for (BitSet c : conditions) {
            List<BitSet> next = new ArrayList<>();
            for (BitSet part : d) {
                BitSet in = (BitSet) part.clone();
                in.and(c);
                BitSet out = (BitSet) part.clone();
                out.andNot(c);
                if (!in.isEmpty()) {
                    next.add(in);
                }
                if (!out.isEmpty()) {
                    next.add(out);
                }
            }
            d = next;
        }
        d.sort((a, b) -> Integer.compare(a.nextSetBit(0), b.nextSetBit(0)));
        return d;
    }
}
