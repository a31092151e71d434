package tessera.modsched.sched;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import tessera.core.Monitor;
import tessera.modsched.analysis.Mii;
import tessera.modsched.analysis.NodeProperties;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Schedule;

/**
 * Seed 002 §5 baseline "Top-Down" (digest §3.8, P19): a plain top-down modulo list scheduler that prioritises the
 * critical path. The paper does not give its priority; we use ALAP ascending (computed with MII, ties to the lowest
 * node index), which reproduces the digest's grouping of the example's order. Each op goes to the first free slot
 * in [ES, min(LS, ES + II - 1)], where ES comes from its scheduled predecessors (its ASAP if none, lowered to
 * LS - II + 1 when only successors are scheduled) and LS from scheduled successors. No backtracking; on failure
 * II grows by one.
 */
public final class TopDownScheduler implements ModuloScheduler {
    private final int maxIIOverride;

    public TopDownScheduler() {
        this(0);
    }

    /** @param maxII cap on II, 0 = {@link ModuloScheduler#defaultMaxII} */
    public TopDownScheduler(int maxII) {
        this.maxIIOverride = maxII;
    }

    @Override
    public String name() {
        return "topdown";
    }

    @Override
    public ScheduleResult schedule(Loop loop, Monitor monitor) {
        Mii mii = Mii.compute(loop);
        int m = mii.value();
        ScheduleResult tooLarge = ModuloScheduler.tooLarge(name(), loop, mii);
        if (tooLarge != null) {
            return tooLarge;
        }
        NodeProperties p = NodeProperties.compute(loop, m);
        int[] order = order(loop, p);
        List<String> failures = new ArrayList<>();
        IISearch found = IISearch.run(m, ModuloScheduler.maxII(loop, m, maxIIOverride), failures, monitor,
                ii -> attempt(loop, order, p, ii, monitor));
        return new ScheduleResult(name(), mii, found.schedule(), order, found.attempts(), List.copyOf(failures));
    }

    /**
     * One attempt at exactly {@code ii} (no II search; same order as {@link #schedule}), for callers that step II
     * themselves (the TCPA symbolic scheduler checks each II's schedule against tiled constraints). Null when no
     * schedule is found at that II or it is below the loop's MII.
     */
    public Schedule scheduleAt(Loop loop, int ii, Monitor monitor) {
        int m = Mii.compute(loop).value();
        if (ii < m || tessera.modsched.model.ModelLimits.tooLarge(loop, ii) != null) {
            return null;
        }
        monitor.checkCanceled();
        NodeProperties p = NodeProperties.compute(loop, m);
        return attempt(loop, order(loop, p), p, ii, monitor) instanceof Schedule s ? s : null;
    }

    /** ALAP ascending, ties to the lowest node index. */
    private static int[] order(Loop loop, NodeProperties p) {
        Integer[] idx = new Integer[loop.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, Comparator.<Integer>comparingInt(p::alap).thenComparingInt(i -> i));
        return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
    }

    /** One attempt at a fixed II: the {@link Schedule}, or a String saying which op found no slot in which window. */
    private static Object attempt(Loop loop, int[] order, NodeProperties p, int ii, Monitor monitor) {
        PartialSchedule ps = new PartialSchedule(loop, ii, monitor);
        for (int u : order) {
            PartialSchedule.Starts w = ps.starts(u);
            int es = w.earlyStart();
            if (!w.hasPredecessor()) {
                es = w.hasSuccessor() ? Math.min(p.asap(u), w.lateStart() - ii + 1) : p.asap(u);
            }
            int to = w.hasSuccessor() ? Math.min(w.lateStart(), es + ii - 1) : es + ii - 1;
            if (!ps.placeFirstFree(u, es, to, 1)) {
                return "II=" + ii + ": " + ps.noSlot(u, w, es, to, 1);
            }
        }
        return ps.schedule();
    }
}
