package tessera.modsched.analysis;

import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.model.Operation;
import tessera.modsched.model.Reservation;

/**
 * Seed 002 §2 (MII = max(RecMII, ResMII)) with the standard resource bound (digest §3.1, Rau 1994):
 * ResMII = max over resource classes r of ceil(Σ cycles ops hold r / count(r)); a non-pipelined unit counts every
 * busy cycle. With mutually exclusive ops (seed 003 §5.2) only ops that pairwise conflict need distinct cells, so
 * the sum runs over a greedy heaviest clique of the conflict graph of each class (a lower bound: any such clique's
 * cells are distinct). Digest P12: an op holding one instance for k cycles collides with its own next iteration unless its
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
        java.util.Map<java.util.List<Integer>, Integer> patterns = new java.util.HashMap<>(); // ops share patterns
        for (Operation op : loop.operations()) {
            for (Reservation.Use use : op.reservation().uses()) {
                if (!loop.hasExclusions()) {
                    cycles[use.resource()] += use.offsetCount();
                }
                int ii = patterns.computeIfAbsent(java.util.Arrays.stream(use.offsets()).boxed().toList(), k -> {
                    int i = 1;
                    while (use.selfConflicting(i)) {
                        i++;
                    }
                    return i;
                });
                pattern = Math.max(pattern, ii);
            }
        }
        if (loop.hasExclusions()) {
            for (int r = 0; r < cycles.length; r++) {
                cycles[r] = conflictCliqueCycles(loop, r);
            }
        }
        int usage = 0;
        int critical = -1;
        for (int r = 0; r < cycles.length; r++) {
            int c = m.resource(r).count();
            int bound = (int) Math.min(Integer.MAX_VALUE / 4, (cycles[r] + c - 1) / c);
            if (cycles[r] > 0 && (critical < 0 || bound > usage)) {
                usage = bound;
                critical = r;
            }
        }
        return new ResMII(Math.max(1, Math.max(usage, pattern)), usage, pattern, critical);
    }

    /** Cycles on class r of a greedy clique of pairwise non-exclusive ops, heaviest first (ties: lower index). */
    private static long conflictCliqueCycles(Loop loop, int r) {
        int n = loop.size();
        int[] w = new int[n];
        for (Operation op : loop.operations()) {
            for (Reservation.Use use : op.reservation().uses()) {
                if (use.resource() == r) {
                    w[op.index()] += use.offsetCount();
                }
            }
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> w[a] != w[b] ? Integer.compare(w[b], w[a]) : Integer.compare(a, b));
        java.util.List<Integer> clique = new java.util.ArrayList<>();
        long sum = 0;
        for (int u : order) {
            if (w[u] == 0) {
                break;
            }
            if (clique.stream().noneMatch(v -> loop.exclusive(u, v))) {
                clique.add(u);
                sum += w[u];
            }
        }
        return sum;
    }
}
