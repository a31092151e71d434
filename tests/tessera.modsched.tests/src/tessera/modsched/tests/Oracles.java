package tessera.modsched.tests;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import tessera.modsched.metrics.KernelGenerator;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Schedule;

/** Independent oracles used by the property tests. */
final class Oracles {
    private Oracles() {
    }

    /**
     * MaxLive by simulation: run {@code iters} iterations of the flat schedule, mark each value of each iteration
     * live from its producer's issue until its last consumer's issue (consumers of later iterations included), and
     * take the maximum register occupancy over the cycles of the steady state (when all stages overlap).
     */
    static int simulatedMaxLive(Schedule s) {
        Loop loop = s.loop();
        int ii = s.ii();
        int sc = s.stageCount();
        int maxDist = 0;
        for (var d : loop.dependences()) {
            maxDist = Math.max(maxDist, d.distance());
        }
        int longest = 0;
        int iters = 3 * (sc + maxDist) + 8;
        int horizon = (iters + maxDist + sc + 2) * ii + s.length() + 8;
        int[] occupancy = new int[horizon];
        for (int it = 0; it < iters; it++) {
            for (int p = 0; p < loop.size(); p++) {
                int start = it * ii + s.time(p);
                int end = Integer.MIN_VALUE;
                for (var d : loop.dependences()) {
                    if (d.from() == p && d.kind() == DependenceKind.FLOW) {
                        // the consumer in iteration it + distance reads this value
                        end = Math.max(end, (it + d.distance()) * ii + s.time(d.to()));
                    }
                }
                if (end == Integer.MIN_VALUE) {
                    continue; // no flow consumer: no register
                }
                for (int c = start; c < end; c++) {
                    occupancy[c]++;
                }
                longest = Math.max(longest, end - start);
            }
        }
        // steady state: cycles whose every live value could come from a full window of iterations
        int from = (longest / ii + 2) * ii + s.length();
        int to = (iters - 1) * ii;
        int max = 0;
        for (int c = from; c < to; c++) {
            max = Math.max(max, occupancy[c]);
        }
        return max;
    }

    /** Checks the generated prologue/kernel/epilogue: every (op, iteration) exactly once, at i·II + t(op). */
    static String checkKernelCode(Schedule s, int n) {
        List<KernelGenerator.Cycle> code = KernelGenerator.expand(s, n);
        Set<Long> seen = new HashSet<>();
        for (int c = 0; c < code.size(); c++) {
            for (KernelGenerator.Issue is : code.get(c).issues()) {
                if (is.iteration() < 0 || is.iteration() >= n) {
                    return "iteration " + is.iteration() + " out of range at cycle " + c;
                }
                if (c != is.iteration() * s.ii() + s.time(is.op())) {
                    return "op " + is.op() + " of iteration " + is.iteration() + " at cycle " + c + ", expected "
                            + (is.iteration() * s.ii() + s.time(is.op()));
                }
                if (!seen.add((long) is.iteration() * 100_000 + is.op())) {
                    return "op " + is.op() + " of iteration " + is.iteration() + " issued twice";
                }
            }
        }
        if (seen.size() != n * s.loop().size()) {
            return "expected " + n * s.loop().size() + " issues, got " + seen.size();
        }
        return null;
    }
}
