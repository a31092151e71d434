package tessera.modsched.sched;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import tessera.core.Monitor;
import tessera.core.graph.Digraph;
import tessera.modsched.analysis.Mii;
import tessera.modsched.analysis.NodeProperties;
import tessera.modsched.model.Loop;
import tessera.modsched.model.ModuloReservationTable;
import tessera.modsched.model.Operation;
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
        NodeProperties p = NodeProperties.compute(loop, m);
        int[] order = order(loop, p);
        int maxII = maxIIOverride > 0 ? Math.max(m, maxIIOverride) : ModuloScheduler.defaultMaxII(loop, m);
        List<String> failures = new ArrayList<>();
        int attempts = 0;
        for (int ii = m; ii <= maxII; ii++) {
            monitor.checkCanceled();
            attempts++;
            Object r = attempt(loop, order, p, ii);
            if (r instanceof Schedule s) {
                return new ScheduleResult(name(), mii, s, order, attempts, List.copyOf(failures));
            }
            failures.add((String) r);
        }
        failures.add("gave up at the II cap " + maxII);
        return new ScheduleResult(name(), mii, null, order, attempts, List.copyOf(failures));
    }

    /**
     * One attempt at exactly {@code ii} (no II search; same order as {@link #schedule}), for callers that step II
     * themselves (the TCPA symbolic scheduler checks each II's schedule against tiled constraints). Null when no
     * schedule is found at that II or it is below the loop's MII.
     */
    public Schedule scheduleAt(Loop loop, int ii, Monitor monitor) {
        int m = Mii.compute(loop).value();
        if (ii < m) {
            return null;
        }
        monitor.checkCanceled();
        NodeProperties p = NodeProperties.compute(loop, m);
        return attempt(loop, order(loop, p), p, ii) instanceof Schedule s ? s : null;
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

    private static Object attempt(Loop loop, int[] order, NodeProperties p, int ii) {
        Digraph g = loop.graph();
        int n = loop.size();
        ModuloReservationTable mrt = new ModuloReservationTable(loop, ii);
        int[] t = new int[n];
        int[][] units = new int[n][];
        boolean[] placed = new boolean[n];
        for (int u : order) {
            Operation op = loop.op(u);
            boolean hasP = false;
            boolean hasS = false;
            int es = Integer.MIN_VALUE;
            int ls = Integer.MAX_VALUE;
            for (int e : g.inEdges(u)) {
                int v = g.source(e);
                if (placed[v] && v != u) {
                    hasP = true;
                    es = Math.max(es, t[v] + loop.latency(e) - loop.distance(e) * ii);
                }
            }
            for (int e : g.outEdges(u)) {
                int v = g.target(e);
                if (placed[v] && v != u) {
                    hasS = true;
                    ls = Math.min(ls, t[v] - loop.latency(e) + loop.distance(e) * ii);
                }
            }
            if (!hasP) {
                es = hasS ? Math.min(p.asap(u), ls - ii + 1) : p.asap(u);
            }
            int to = hasS ? Math.min(ls, es + ii - 1) : es + ii - 1;
            boolean done = false;
            for (int c = es; c <= to; c++) {
                int[] un = mrt.findUnits(op, c);
                if (un != null) {
                    mrt.place(op, c, un);
                    t[u] = c;
                    units[u] = un;
                    placed[u] = true;
                    done = true;
                    break;
                }
            }
            if (!done) {
                return "II=" + ii + ": " + op.name() + " found no slot in [" + es + ", " + to + "]";
            }
        }
        return Schedule.of(loop, ii, t, units);
    }
}
