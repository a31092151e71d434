package tessera.modsched.sched;

import java.util.ArrayList;
import java.util.List;

import tessera.core.Monitor;
import tessera.modsched.analysis.Mii;
import tessera.modsched.analysis.NodeProperties;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Schedule;

/**
 * Seed 002 §5 baseline HRMS [24] (digest §3.8): Hypernode Reduction Modulo Scheduling. The nodes are ordered once
 * with MII by {@link HrmsOrdering}; then each is placed once, without backtracking, as close as possible to its
 * placed neighbours: after placed predecessors only, scanning up from Early_Start over II cycles; before placed
 * successors only, scanning down from Late_Start; with both (one node per recurrence, through its back edge),
 * scanning up over [ES, min(LS, ES + II - 1)], which may be empty; with neither, from its ASAP. If a node finds no
 * slot, II grows by one and only this step is repeated. It is the scheduling step that SMS (§4.3) took over from
 * HRMS; what differs between the two is the order.
 */
public final class HrmsScheduler implements ModuloScheduler {
    private final int maxIIOverride;

    public HrmsScheduler() {
        this(0);
    }

    /** @param maxII cap on II, 0 = {@link ModuloScheduler#defaultMaxII} */
    public HrmsScheduler(int maxII) {
        this.maxIIOverride = maxII;
    }

    @Override
    public String name() {
        return "hrms";
    }

    /** All intermediate results of one HRMS run. */
    public record HrmsResult(ScheduleResult result, NodeProperties properties, HrmsOrdering.Result ordering) {
    }

    @Override
    public ScheduleResult schedule(Loop loop, Monitor monitor) {
        return run(loop, monitor).result();
    }

    public HrmsResult run(Loop loop, Monitor monitor) {
        Mii mii = Mii.compute(loop);
        int m = mii.value();
        ScheduleResult tooLarge = ModuloScheduler.tooLarge(name(), loop, mii);
        if (tooLarge != null) {
            return new HrmsResult(tooLarge, null, null);
        }
        NodeProperties props = NodeProperties.compute(loop, m);
        HrmsOrdering.Result ordering = HrmsOrdering.compute(loop, props, mii.recMII(), monitor);
        int[] order = ordering.order();
        List<String> failures = new ArrayList<>();
        IISearch found = IISearch.run(m, ModuloScheduler.maxII(loop, m, maxIIOverride), failures, monitor,
                ii -> scheduleInOrder(loop, order, props, ii, monitor));
        ScheduleResult r = new ScheduleResult(name(), mii, found.schedule(), order, found.attempts(),
                List.copyOf(failures));
        return new HrmsResult(r, props, ordering);
    }

    /**
     * One attempt at exactly {@code ii} (no II search; the order computed with MII), for callers that step II
     * themselves. Null when no schedule is found at that II or it is below the loop's MII.
     */
    public Schedule scheduleAt(Loop loop, int ii, Monitor monitor) {
        Mii mii = Mii.compute(loop);
        if (ii < mii.value() || tessera.modsched.model.ModelLimits.tooLarge(loop, ii) != null) {
            return null;
        }
        NodeProperties props = NodeProperties.compute(loop, mii.value());
        int[] order = HrmsOrdering.compute(loop, props, mii.recMII(), monitor).order();
        return scheduleInOrder(loop, order, props, ii, monitor) instanceof Schedule s ? s : null;
    }

    /**
     * The scheduling step at a fixed II for any order: the {@link Schedule}, or a String saying which node found no
     * slot in which window.
     */
    public static Object scheduleInOrder(Loop loop, int[] order, NodeProperties props, int ii) {
        return scheduleInOrder(loop, order, props, ii, Monitor.NULL);
    }

    /** {@link #scheduleInOrder(Loop, int[], NodeProperties, int)} polling {@code monitor} (deadline) while it scans. */
    public static Object scheduleInOrder(Loop loop, int[] order, NodeProperties props, int ii, Monitor monitor) {
        PartialSchedule ps = new PartialSchedule(loop, ii, monitor);
        for (int u : order) {
            String why = ps.placeInWindow(u, props.asap(u), false);
            if (why != null) {
                return "II=" + ii + ": " + why;
            }
        }
        return ps.schedule();
    }
}
