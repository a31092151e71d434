package tessera.modsched.analysis;

import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.model.Operation;
import tessera.modsched.model.Reservation;

/**
 * Seed 002 §2 (MII = max(RecMII, ResMII)) with the standard resource bound (digest §3.1, Rau 1994):
 * ResMII = max over resource classes r of ceil(Σ cycles ops hold r / count(r)); a non-pipelined unit counts every
 * busy cycle. Digest P12: an op holding one instance for k cycles collides with its own next iteration unless its
 * offsets are distinct modulo II, so II is also bounded below by the shortest such II ("pattern bound").
 *
 * @param value              ResMII = max(usageBound, patternBound, 1)
 * @param usageBound         the resource-usage bound
 * @param patternBound       the smallest II at which no reservation pattern collides with itself
 * @param criticalResource   index of the most constraining resource class (-1 when there are no ops)
 */
public record ResMII(int value, int usageBound, int patternBound, int criticalResource) {

    public static ResMII compute(Loop loop) {
        Machine m = loop.machine();
        long[] cycles = new long[m.resources().size()];
        int pattern = 1;
        for (Operation op : loop.operations()) {
            for (Reservation.Use use : op.reservation().uses()) {
                cycles[use.resource()] += use.offsetCount();
                int ii = 1;
                while (use.selfConflicting(ii)) {
                    ii++;
                }
                pattern = Math.max(pattern, ii);
            }
        }
        int usage = 0;
        int critical = -1;
        for (int r = 0; r < cycles.length; r++) {
            int c = m.resource(r).count();
            int bound = (int) ((cycles[r] + c - 1) / c);
            if (cycles[r] > 0 && (critical < 0 || bound > usage)) {
                usage = bound;
                critical = r;
            }
        }
        return new ResMII(Math.max(1, Math.max(usage, pattern)), usage, pattern, critical);
    }
}
