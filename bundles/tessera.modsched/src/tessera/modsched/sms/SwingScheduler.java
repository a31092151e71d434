package tessera.modsched.sms;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 * top-down-first ordering is tried when II &gt; MII and kept only if its II is strictly smaller. The production
 * changes for compilers' graphs (docs/modsched.md, 5-7: successor side, order repair, MinDist windows) are switched by
 * {@link SmsOptions}.
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
        SmsResult best;
        SwingOrdering.Result sym = null;
        if (options.symmetricRetry() && (first.schedule() == null || first.schedule().ii() > m)) {
            sym = SwingOrdering.computeTopDownFirst(loop, props, mii.recMII(), options, monitor);
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
                best = new SmsResult(r, props, sym, true, ordering, firstII);
            } else {
                int attempts = first.attempts() + second.attempts();
                ScheduleResult r = new ScheduleResult(name(), mii, first.schedule(), ordering.order(), attempts,
                        List.copyOf(failures));
                best = new SmsResult(r, props, ordering, false, ordering, r.ii());
            }
        } else {
            ScheduleResult r = new ScheduleResult(name(), mii, first.schedule(), ordering.order(), first.attempts(),
                    List.copyOf(failures));
            best = new SmsResult(r, props, ordering, false, ordering, r.ii());
        }
        return minDistWindows(loop, best, sym, maxII, monitor);
    }

    /**
     * Change 7: at each II below the one changes 5-6 reached with both orders (where both failed), the first order and
     * then the top-down-first one again with MinDist windows; the smallest II found replaces {@code best}.
     */
    private SmsResult minDistWindows(Loop loop, SmsResult best, SwingOrdering.Result sym, int maxII, Monitor monitor) {
        ScheduleResult b = best.result();
        int m = b.mii().value();
        if (!options.orderRepair() || !options.transitiveWindows() || loop.size() > TRANSITIVE_MAX_OPS
                || (b.ok() && b.ii() == m)) {
            return best;
        }
        List<String> failures = new ArrayList<>(b.failures());
        int attempts = b.attempts();
        int cap = b.ok() ? b.ii() - 1 : maxII;
        SwingOrdering.Result[] orders = sym == null ? new SwingOrdering.Result[] { best.firstOrdering() }
                : new SwingOrdering.Result[] { best.firstOrdering(), sym };
        SmsResult found = null;
        for (SwingOrdering.Result o : orders) {
            List<String> more = new ArrayList<>();
            IISearch s = IISearch.run(m, cap, more, monitor,
                    ii -> minDistStage(loop, o.order(), best.properties(), ii, options, monitor));
            attempts += s.attempts();
            String label = o == sym ? "top-down-first, MinDist windows: " : "MinDist windows: ";
            for (String f : more) {
                failures.add(label + f);
            }
            if (s.schedule() != null) {
                cap = s.schedule().ii() - 1;
                ScheduleResult r = new ScheduleResult(name(), b.mii(), s.schedule(), o.order(), attempts, List.of());
                found = new SmsResult(r, best.properties(), o, o == sym, best.firstOrdering(), best.firstII());
            }
        }
        if (found == null) {
            ScheduleResult r = new ScheduleResult(name(), b.mii(), b.schedule(), b.order(), attempts,
                    List.copyOf(failures));
            return new SmsResult(r, best.properties(), best.ordering(), best.topDownFirstUsed(), best.firstOrdering(),
                    best.firstII());
        }
        ScheduleResult f = found.result();
        ScheduleResult r = new ScheduleResult(name(), b.mii(), f.schedule(), f.order(), attempts,
                List.copyOf(failures));
        return new SmsResult(r, found.properties(), found.ordering(), found.topDownFirstUsed(), found.firstOrdering(),
                found.firstII());
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
        if (options.orderRepair() && options.transitiveWindows() && loop.size() <= TRANSITIVE_MAX_OPS) {
            for (int[] o : new int[][] { ordering.order(), sym.order() }) {
                if (minDistStage(loop, o, props, ii, options, monitor) instanceof Schedule s) {
                    return s;
                }
            }
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
    private record Failure(int node, String why, PartialSchedule ps) {
    }

    /**
     * One scheduling step at a fixed II (digest §3.5), with the production changes of {@code options}: the
     * {@link Schedule}, or a String saying which node found no slot in which window. With
     * {@link SmsOptions#orderRepair()}, a node that finds no slot moves before the first of its neighbours in the
     * order and the step is tried again, at most as many times as the loop has nodes, before the caller raises II
     * (change 7, MinDist windows, runs after both orders failed: {@link #minDistWindows}). The second stage
     * ({@code recurrenceFirst}, the last resort of {@link #run} when no order schedules the loop at
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
        // change 6: the failing node moves before its first neighbour in the order, at most N times
        int[] counter = new int[1];
        r = repair(loop, order, r, Move.NEIGHBOURS, null, props, ii, options, counter, monitor);
        int repairs = counter[0];
        if (!recurrenceFirst) {
            return r instanceof Failure f ? f.why() + " (after " + repairs + " order repairs)" : r;
        }
        // from the first order again, a failing node's recurrence goes first in the order of its distance-0 arcs
        // (a zero-latency chain is then placed along the chain), then moves as above
        int[] current = order;
        boolean[] first = new boolean[loop.size()];
        for (int again = 0; r instanceof Failure f && again < loop.size(); again++) {
            current = first[f.node()] ? beforeNeighbours(loop, current, f.node()) : recurrenceFirst(loop, current, f.node());
            first[f.node()] = true;
            repairs++;
            r = attempt(loop, current, props, ii, options, monitor);
        }
        return r instanceof Failure f ? f.why() + " (after " + repairs + " order repairs)" : r;
    }

    /**
     * Change 7 at one II: from {@code order}, windows from MinDist at that II, each failure repaired by one
     * {@link Move} after the other (each from {@code order} again, at most N tries); the {@link Schedule} or why not.
     */
    private static Object minDistStage(Loop loop, int[] order, NodeProperties props, int ii, SmsOptions options,
            Monitor monitor) {
        long[][] md = PartialSchedule.minDist(loop, ii, monitor);
        int[] counter = new int[1];
        Object r = null;
        for (Move move : Move.values()) {
            r = attempt(loop, order, props, ii, options, md, monitor);
            r = repair(loop, order, r, move, md, props, ii, options, counter, monitor);
            if (!(r instanceof Failure)) {
                return r;
            }
        }
        return ((Failure) r).why() + " (after " + counter[0] + " order repairs)";
    }

    /** Loops up to this many ops get change 7's MinDist windows (an n×n matrix, O(n³) once per II). */
    static final int TRANSITIVE_MAX_OPS = 500;

    /** How a repair moves the node that found no slot (docs/modsched.md, changes 6 and 7). */
    private enum Move {
        /** Just before the first of its neighbours in the order (or first). */
        NEIGHBOURS,
        /** Just before the first op in the order that fills its (full) window; else as NEIGHBOURS. */
        BLOCKERS,
        /** Just before the last op in the order that bounds its window, never to an order tried; else NEIGHBOURS. */
        BOUNDS
    }

    /**
     * Up to N repairs of {@code r} (a {@link Failure} or a schedule): the failing node moves by {@code move} and the
     * II is tried again, with MinDist windows when {@code md} is not null; {@code counter[0]} counts the repairs.
     */
    private static Object repair(Loop loop, int[] order, Object r, Move move, long[][] md, NodeProperties props,
            int ii, SmsOptions options, int[] counter, Monitor monitor) {
        int[] current = order;
        Set<List<Integer>> seen = new HashSet<>();
        for (int k = 0; r instanceof Failure f && k < loop.size(); k++) {
            int[] next = switch (move) {
                case NEIGHBOURS -> null;
                case BLOCKERS -> beforeBlockers(current, f);
                case BOUNDS -> beforeLastBound(current, f);
            };
            if (next != null && move == Move.BOUNDS && !seen.add(Arrays.stream(next).boxed().toList())) {
                next = null;
            }
            current = next != null ? next : beforeNeighbours(loop, current, f.node());
            counter[0]++;
            r = attempt(loop, current, props, ii, options, md, monitor);
        }
        return r;
    }

    /** One step at {@code ii} in {@code order}, with MinDist windows when {@code md} is not null. */
    private static Object attempt(Loop loop, int[] order, NodeProperties props, int ii, SmsOptions options,
            long[][] md, Monitor monitor) {
        if (md == null) {
            return attempt(loop, order, props, ii, options, monitor);
        }
        PartialSchedule ps = new PartialSchedule(loop, ii, monitor).transitive(md);
        for (int u : order) {
            String why = ps.placeInWindow(u, props.asap(u), options.successorSide());
            if (why != null) {
                return new Failure(u, "II=" + ii + ": " + why, ps);
            }
        }
        return ps.schedule();
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
                return new Failure(u, "II=" + ii + ": " + why, ps);
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

    /** The order with the failing node moved just before the last op in the order that bounds its window. */
    private static int[] beforeLastBound(int[] order, Failure f) {
        int at = position(order, f.node(), f.ps().bounding(f.node()), true);
        return at < 0 ? null : moveTo(order, f.node(), at);
    }

    /**
     * The position in {@code order}, before {@code u}'s, of the first ({@code last} false) or last op of {@code ops};
     * -1 when none precedes {@code u}.
     */
    private static int position(int[] order, int u, int[] ops, boolean last) {
        boolean[] in = new boolean[order.length];
        for (int v : ops) {
            in[v] = true;
        }
        int at = -1;
        for (int i = 0; i < order.length && order[i] != u; i++) {
            if (in[order[i]]) {
                at = i;
                if (!last) {
                    break;
                }
            }
        }
        return at;
    }

    /** A full window: the order with the failing node moved before the first op that fills it; null otherwise. */
    private static int[] beforeBlockers(int[] order, Failure f) {
        int[] w = f.ps().lastWindow();
        if (w == null || (w[2] > 0 ? w[0] > w[1] : w[0] < w[1])) {
            return null;
        }
        int at = position(order, f.node(), f.ps().blockers(f.node(), w[0], w[1]), false);
        return at < 0 ? null : moveTo(order, f.node(), at);
    }

    /** The order with {@code u} moved to position {@code at} (before the node now there). */
    private static int[] moveTo(int[] order, int u, int at) {
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

    /** The order with {@code u} moved just before the first of its neighbours that preceded it (or first). */
    private static int[] beforeNeighbours(Loop loop, int[] order, int u) {
        int at = 0;
        for (int i = 0; i < order.length && order[i] != u; i++) {
            if (adjacent(loop, u, order[i])) {
                at = i;
                break;
            }
        }
        return moveTo(order, u, at);
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
