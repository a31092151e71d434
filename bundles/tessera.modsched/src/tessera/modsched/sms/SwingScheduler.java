package tessera.modsched.sms;

import java.util.ArrayList;
import java.util.List;

import tessera.core.Monitor;
import tessera.modsched.analysis.Mii;
import tessera.modsched.analysis.NodeProperties;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Schedule;
import tessera.modsched.sched.IISearch;
import tessera.modsched.sched.ModuloScheduler;
import tessera.modsched.sched.PartialSchedule;
import tessera.modsched.sched.ScheduleResult;

/**
 * Seed 002 §4.3, SMS scheduling (digest §3.0, §3.5): nodes are taken in the swing order and each is placed once,
 * without backtracking, in the modulo reservation table: after its scheduled predecessors only, scanning up from
 * Early_Start; before its scheduled successors only, scanning DOWN from Late_Start; between both, scanning up
 * over [ES, min(LS, ES + II - 1)] (may be empty, P6); with neither, from its ASAP. If a node finds no slot, II grows
 * by one and only this step is repeated (the order is computed once, with MII, P14). With modification 4 a second,
 * top-down-first ordering is tried when II &gt; MII and kept only if its II is strictly smaller.
 */
public final class SwingScheduler implements ModuloScheduler {
    private final SmsOptions options;

    public SwingScheduler(SmsOptions options) {
        this.options = options;
    }

    public SwingScheduler() {
        this(SmsOptions.production());
    }

    @Override
    public String name() {
        return "sms";
    }

    /** All intermediate results of one SMS run, for the CLI and the views. */
    public record SmsResult(ScheduleResult result, NodeProperties properties, SwingOrdering.Result ordering,
            boolean topDownFirstUsed, SwingOrdering.Result firstOrdering, int firstII) {
    }

    @Override
    public ScheduleResult schedule(Loop loop, Monitor monitor) {
        return run(loop, monitor).result();
    }

    public SmsResult run(Loop loop, Monitor monitor) {
        Mii mii = Mii.compute(loop);
        int m = mii.value();
        NodeProperties props = NodeProperties.compute(loop, m);
        int maxII = ModuloScheduler.maxII(loop, m, options.maxII());
        SwingOrdering.Result ordering = SwingOrdering.compute(loop, props, mii.recMII(), options, monitor);
        List<String> failures = new ArrayList<>();
        IISearch first = scheduleFrom(loop, ordering.order(), props, m, maxII, failures, monitor);
        if (options.symmetricRetry() && (first.schedule() == null || first.schedule().ii() > m)) {
            SwingOrdering.Result sym = SwingOrdering.computeTopDownFirst(loop, props, mii.recMII(), options, monitor);
            List<String> symFailures = new ArrayList<>();
            int cap = first.schedule() == null ? maxII : first.schedule().ii() - 1;
            IISearch second = scheduleFrom(loop, sym.order(), props, m, cap, symFailures, monitor);
            if (second.schedule() != null) { // strictly smaller II by construction of the cap
                for (String f : symFailures) {
                    failures.add("top-down-first: " + f);
                }
                ScheduleResult r = new ScheduleResult(name(), mii, second.schedule(), sym.order(),
                        first.attempts() + second.attempts(), List.copyOf(failures));
                int firstII = first.schedule() == null ? -1 : first.schedule().ii();
                return new SmsResult(r, props, sym, true, ordering, firstII);
            }
            int attempts = first.attempts() + second.attempts();
            ScheduleResult r = new ScheduleResult(name(), mii, first.schedule(), ordering.order(), attempts,
                    List.copyOf(failures));
            return new SmsResult(r, props, ordering, false, ordering, r.ii());
        }
        ScheduleResult r = new ScheduleResult(name(), mii, first.schedule(), ordering.order(), first.attempts(),
                List.copyOf(failures));
        return new SmsResult(r, props, ordering, false, ordering, r.ii());
    }

    /**
     * One scheduling step at exactly {@code ii} (no II search): the swing order computed with MII, then, with
     * modification 4, the top-down-first order; for callers that step II themselves (the TCPA symbolic scheduler
     * checks each II's schedule against tiled constraints). Null when neither order places every node at that II or
     * it is below the loop's MII.
     */
    public Schedule scheduleAt(Loop loop, int ii, Monitor monitor) {
        Mii mii = Mii.compute(loop);
        if (ii < mii.value()) {
            return null;
        }
        NodeProperties props = NodeProperties.compute(loop, mii.value());
        SwingOrdering.Result ordering = SwingOrdering.compute(loop, props, mii.recMII(), options, monitor);
        if (scheduleInOrder(loop, ordering.order(), props, ii) instanceof Schedule s) {
            return s;
        }
        if (!options.symmetricRetry()) {
            return null;
        }
        SwingOrdering.Result sym = SwingOrdering.computeTopDownFirst(loop, props, mii.recMII(), options, monitor);
        return scheduleInOrder(loop, sym.order(), props, ii) instanceof Schedule s ? s : null;
    }

    private static IISearch scheduleFrom(Loop loop, int[] order, NodeProperties props, int mii, int maxII,
            List<String> failures, Monitor monitor) {
        return IISearch.run(mii, maxII, failures, monitor, ii -> scheduleInOrder(loop, order, props, ii));
    }

    /**
     * One scheduling attempt at a fixed II (digest §3.5). Returns the {@link Schedule}, or a String saying which
     * node found no slot in which window.
     */
    public static Object scheduleInOrder(Loop loop, int[] order, NodeProperties props, int ii) {
        PartialSchedule ps = new PartialSchedule(loop, ii);
        for (int u : order) {
            PartialSchedule.Starts w = ps.starts(u);
            boolean hasP = w.hasPredecessor();
            boolean hasS = w.hasSuccessor();
            int es = w.earlyStart();
            int ls = w.lateStart();
            int from;
            int to;
            int step;
            if (hasP && !hasS) {
                from = es;
                to = es + ii - 1;
                step = 1;
            } else if (!hasP && hasS) {
                from = ls;
                to = ls - ii + 1;
                step = -1;
            } else if (hasP) {
                from = es;
                to = Math.min(ls, es + ii - 1);
                step = 1;
            } else {
                from = props.asap(u);
                to = from + ii - 1;
                step = 1;
            }
            if (!ps.placeFirstFree(u, from, to, step)) {
                String why = (step > 0 ? from <= to : from >= to) ? "no free resource slot" : "an empty window";
                return "II=" + ii + ": " + loop.op(u).name() + " found " + why + " in [" + Math.min(from, to) + ", "
                        + Math.max(from, to) + "] (" + (hasP && hasS ? "both predecessors and successors placed"
                                : hasS ? "scanning down from Late_Start" : "scanning up") + ")";
            }
        }
        return ps.schedule();
    }
}
