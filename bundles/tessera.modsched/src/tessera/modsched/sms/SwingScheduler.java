package tessera.modsched.sms;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

import tessera.core.Monitor;
import tessera.core.graph.Digraph;
import tessera.core.graph.StronglyConnectedComponents;
import tessera.core.graph.TopologicalOrder;
import tessera.modsched.analysis.Mii;
import tessera.modsched.analysis.NodeProperties;
import tessera.modsched.model.Loop;
import tessera.modsched.model.ModelLimits;
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
        SmsResult r = runOrders(loop, monitor);
        if (r.result().ok() || !options.orderRepair() || r.properties() == null) {
            return r;
        }
        // last resort (change 6, second stage): the first order again, a failing node's recurrence first
        List<String> failures = new ArrayList<>(r.result().failures());
        List<String> more = new ArrayList<>();
        int maxII = ModuloScheduler.maxII(loop, r.result().mii().value(), options.maxII());
        IISearch third = IISearch.run(r.result().mii().value(), maxII, more, monitor,
                ii -> scheduleInOrder(loop, r.firstOrdering().order(), r.properties(), ii, options, true, monitor));
        for (String f : more) {
            failures.add("recurrence first: " + f);
        }
        int[] order = r.firstOrdering().order();
        int attempts = r.result().attempts() + third.attempts();
        Schedule found = third.schedule();
        if (found == null) {
            // final stage: a topological order of the distance-0 arcs (ties in swing order), each node placed forward
            // from its Early_Start (never before its ASAP), so no node comes after both ends of an intra-iteration
            // path through it and only loop-carried arcs bound a window from above; they loosen as II grows
            int[] topo = topological(loop, order);
            List<String> last = new ArrayList<>();
            IISearch fourth = IISearch.run(r.result().mii().value(), maxII, last, monitor, ii -> {
                Object o = attempt(loop, topo, ii, (ps, u) -> ps.placeForward(u, Math.max(0, r.properties().asap(u))),
                        monitor);
                return o instanceof Failure f ? f.why() : o;
            });
            for (String f : last) {
                failures.add("topological order: " + f);
            }
            attempts += fourth.attempts();
            if (fourth.schedule() != null) {
                found = fourth.schedule();
                order = topo;
                failures.add("scheduled by the last resort: forward placement in a topological order of the"
                        + " intra-iteration arcs (no swing order scheduled the loop at any II up to " + maxII + ")");
            }
        }
        ScheduleResult res = new ScheduleResult(name(), r.result().mii(), found, order, attempts,
                List.copyOf(failures));
        return new SmsResult(res, r.properties(), r.firstOrdering(), false, r.firstOrdering(), -1);
    }

    /** A topological order of the distance-0 arcs, ties in {@code order}'s sequence ({@code order} on a cycle). */
    static int[] topological(Loop loop, int[] order) {
        Digraph g = loop.graph();
        int[] position = new int[loop.size()];
        for (int i = 0; i < order.length; i++) {
            position[order[i]] = i;
        }
        int[] topo = TopologicalOrder.sort(g, e -> loop.distance(e) == 0 && g.source(e) != g.target(e),
                v -> position[v]);
        return topo == null ? order : topo;
    }

    private SmsResult runOrders(Loop loop, Monitor monitor) {
        Mii mii = Mii.compute(loop);
        int m = mii.value();
        String tooLarge = ModelLimits.tooLarge(loop, m);
        if (tooLarge != null) { // before any table or cycle sum is computed at MII
            ScheduleResult r = new ScheduleResult(name(), mii, null, new int[0], 0, List.of(tooLarge));
            SwingOrdering.Result none = new SwingOrdering.Result(List.of(), new int[0], List.of());
            return new SmsResult(r, null, none, false, none, -1);
        }
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
        if (ii < mii.value() || ModelLimits.tooLarge(loop, ii) != null) {
            return null;
        }
        NodeProperties props = NodeProperties.compute(loop, mii.value());
        SwingOrdering.Result ordering = SwingOrdering.compute(loop, props, mii.recMII(), options, monitor);
        if (scheduleInOrder(loop, ordering.order(), props, ii, options, false, monitor) instanceof Schedule s) {
            return s;
        }
        if (!options.symmetricRetry()) {
            return null;
        }
        SwingOrdering.Result sym = SwingOrdering.computeTopDownFirst(loop, props, mii.recMII(), options, monitor);
        if (scheduleInOrder(loop, sym.order(), props, ii, options, false, monitor) instanceof Schedule s) {
            return s;
        }
        return options.orderRepair() && scheduleInOrder(loop, ordering.order(), props, ii, options, true, monitor)
                instanceof Schedule s ? s : null;
    }

    private IISearch scheduleFrom(Loop loop, int[] order, NodeProperties props, int mii, int maxII,
            List<String> failures, Monitor monitor) {
        return IISearch.run(mii, maxII, failures, monitor,
                ii -> scheduleInOrder(loop, order, props, ii, options, false, monitor));
    }

    /** A failed attempt: the node that found no slot and why. */
    private record Failure(int node, String why) {
    }

    /**
     * One scheduling step at a fixed II (digest §3.5), with the production changes of {@code options}: the
     * {@link Schedule}, or a String saying which node found no slot in which window. With
     * {@link SmsOptions#orderRepair()}, a node that finds no slot moves before the first of its neighbours in the
     * order and the step is tried again, at most as many times as the loop has nodes, before the caller raises II.
     * The second stage ({@code recurrenceFirst}, the last resort of {@link #run} when no order schedules the loop at
     * any II): from the first order again, the recurrence of a failing node goes first in the order of its distance-0
     * arcs (as many tries).
     */
    public static Object scheduleInOrder(Loop loop, int[] order, NodeProperties props, int ii, SmsOptions options) {
        return scheduleInOrder(loop, order, props, ii, options, false, Monitor.NULL);
    }

    private static Object scheduleInOrder(Loop loop, int[] order, NodeProperties props, int ii, SmsOptions options,
            boolean recurrenceFirst, Monitor monitor) {
        Object r = attempt(loop, order, props, ii, options, monitor);
        if (!options.orderRepair()) {
            return r instanceof Failure f ? f.why() : r;
        }
        int[] current = order;
        int repairs = 0;
        while (r instanceof Failure f && repairs < loop.size()) {
            current = beforeNeighbours(loop, current, f.node());
            repairs++;
            r = attempt(loop, current, props, ii, options, monitor);
        }
        if (!recurrenceFirst) {
            return r instanceof Failure f ? f.why() + " (after " + repairs + " order repairs)" : r;
        }
        // from the first order again, a failing node's recurrence goes first in the order of its distance-0 arcs
        // (a zero-latency chain is then placed along the chain), then moves as above
        current = order;
        boolean[] first = new boolean[loop.size()];
        for (int again = 0; r instanceof Failure f && again < loop.size(); again++) {
            current = first[f.node()] ? beforeNeighbours(loop, current, f.node()) : recurrenceFirst(loop, current, f.node());
            first[f.node()] = true;
            repairs++;
            r = attempt(loop, current, props, ii, options, monitor);
        }
        return r instanceof Failure f ? f.why() + " (after " + repairs + " order repairs)" : r;
    }

    private static Object attempt(Loop loop, int[] order, NodeProperties props, int ii, SmsOptions options,
            Monitor monitor) {
        return attempt(loop, order, ii, (ps, u) -> ps.placeInWindow(u, props.asap(u), options.successorSide()),
                monitor);
    }

    /** One step at {@code ii}: each node of {@code order} placed by {@code place} (null, or why it found no slot). */
    private static Object attempt(Loop loop, int[] order, int ii, BiFunction<PartialSchedule, Integer, String> place,
            Monitor monitor) {
        PartialSchedule ps = new PartialSchedule(loop, ii, monitor);
        for (int u : order) {
            String why = place.apply(ps, u);
            if (why != null) {
                return new Failure(u, "II=" + ii + ": " + why);
            }
        }
        return ps.schedule();
    }

    /**
     * The order with the strongly connected component of {@code u} first, its nodes in a topological order of the
     * distance-0 arcs (so that none is placed after both ends of a zero-latency chain through it), the rest after it.
     */
    private static int[] recurrenceFirst(Loop loop, int[] order, int u) {
        Digraph g = loop.graph();
        StronglyConnectedComponents scc = StronglyConnectedComponents.of(g);
        int c = scc.componentOf(u);
        int[] topo = TopologicalOrder.sort(g, e -> loop.distance(e) == 0);
        if (topo == null) {
            return beforeNeighbours(loop, order, u);
        }
        int[] o = new int[order.length];
        int k = 0;
        for (int v : topo) {
            if (scc.componentOf(v) == c) {
                o[k++] = v;
            }
        }
        for (int v : order) {
            if (scc.componentOf(v) != c) {
                o[k++] = v;
            }
        }
        return o;
    }

    /** The order with {@code u} moved just before the first of its neighbours that preceded it (or first). */
    private static int[] beforeNeighbours(Loop loop, int[] order, int u) {
        int at = 0;
        for (int i = 0; i < order.length && order[i] != u; i++) {
            if (adjacent(loop, u, order[i])) {
                at = i;
                break;
            }
        }
        int[] o = new int[order.length];
        int k = 0;
        for (int i = 0; i < order.length; i++) {
            if (i == at) {
                o[k++] = u;
            }
            if (order[i] != u) {
                o[k++] = order[i];
            }
        }
        return o;
    }

    private static boolean adjacent(Loop loop, int u, int v) {
        for (int e : loop.graph().outEdges(u)) {
            if (loop.graph().target(e) == v) {
                return true;
            }
        }
        for (int e : loop.graph().inEdges(u)) {
            if (loop.graph().source(e) == v) {
                return true;
            }
        }
        return false;
    }
}
