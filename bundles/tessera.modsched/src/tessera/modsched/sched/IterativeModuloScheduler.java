package tessera.modsched.sched;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import tessera.core.Monitor;
import tessera.core.graph.Digraph;
import tessera.core.graph.LongestPaths;
import tessera.modsched.analysis.Mii;
import tessera.modsched.model.Loop;
import tessera.modsched.model.ModuloReservationTable;
import tessera.modsched.model.Operation;
import tessera.modsched.model.Schedule;

/**
 * Baseline: Rau's Iterative Modulo Scheduling (MICRO-27, 1994; seed 002 refs [11], [31]). Priority HeightR(x) =
 * max over successors y of HeightR(y) + latency - distance·II (an op's own latency towards the STOP pseudo-op);
 * the highest-priority unscheduled op goes to the first conflict-free slot in [Estart, Estart + II - 1]; if there
 * is none it is forced into Estart (or one cycle after its previous slot when Estart is not later than that), and
 * every op that conflicts with it on a resource instance or a dependence is evicted. Each placement costs one unit
 * of the budget BudgetRatio · N; when the budget runs out, II grows by one.
 * Estart counts the START pseudo-op, so it is never below 0. Parameter: {@code budgetRatio} (default
 * {@value #DEFAULT_BUDGET_RATIO}).
 */
public final class IterativeModuloScheduler implements ModuloScheduler {
    /** Default BudgetRatio (placements allowed per op and II). */
    public static final double DEFAULT_BUDGET_RATIO = 6.0;

    private final double budgetRatio;
    private final int maxIIOverride;

    public IterativeModuloScheduler() {
        this(DEFAULT_BUDGET_RATIO, 0);
    }

    public IterativeModuloScheduler(double budgetRatio, int maxII) {
        this.budgetRatio = budgetRatio;
        this.maxIIOverride = maxII;
    }

    @Override
    public String name() {
        return "ims";
    }

    @Override
    public ScheduleResult schedule(Loop loop, Monitor monitor) {
        Mii mii = Mii.compute(loop);
        int m = mii.value();
        int maxII = maxIIOverride > 0 ? Math.max(m, maxIIOverride) : ModuloScheduler.defaultMaxII(loop, m);
        List<String> failures = new ArrayList<>();
        int attempts = 0;
        int[] lastOrder = new int[0];
        for (int ii = m; ii <= maxII; ii++) {
            monitor.checkCanceled();
            attempts++;
            lastOrder = priority(loop, ii);
            Schedule s = attempt(loop, lastOrder, ii, budget(loop), monitor);
            if (s != null) {
                return new ScheduleResult(name(), mii, s, lastOrder, attempts, List.copyOf(failures));
            }
            failures.add("II=" + ii + ": budget of " + (long) Math.ceil(budgetRatio * loop.size())
                    + " placements exhausted");
        }
        failures.add("gave up at the II cap " + maxII);
        return new ScheduleResult(name(), mii, null, lastOrder, attempts, List.copyOf(failures));
    }

    /**
     * One attempt at exactly {@code ii} (no II search, same priority and budget as {@link #schedule}), for callers
     * that step II themselves. Null when the budget runs out at that II or it is below the loop's MII.
     */
    public Schedule scheduleAt(Loop loop, int ii, Monitor monitor) {
        if (ii < Mii.compute(loop).value()) {
            return null;
        }
        monitor.checkCanceled();
        return attempt(loop, priority(loop, ii), ii, budget(loop), monitor);
    }

    private long budget(Loop loop) {
        return (long) Math.ceil(budgetRatio * Math.max(1, loop.size()));
    }

    /** HeightR descending at this II, ties to the lowest node index. */
    private static int[] priority(Loop loop, int ii) {
        long[] h = heightR(loop, ii);
        Integer[] idx = new Integer[loop.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> h[a] != h[b] ? Long.compare(h[b], h[a]) : Integer.compare(a, b));
        return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
    }

    /** HeightR at this II: longest path to STOP over weights latency - distance·II (no positive cycle at II &gt;= RecMII). */
    static long[] heightR(Loop loop, int ii) {
        Digraph g = loop.graph();
        int n = g.nodeCount();
        // reversed graph plus STOP (node n): STOP -> x with the op's latency, y -> x for every edge x -> y
        Digraph.Builder b = Digraph.builder(n + 1);
        List<Long> w = new ArrayList<>();
        for (int x = 0; x < n; x++) {
            b.edge(n, x);
            w.add((long) Math.max(0, loop.op(x).latency()));
        }
        for (int e = 0; e < g.edgeCount(); e++) {
            b.edge(g.target(e), g.source(e));
            w.add((long) loop.latency(e) - (long) loop.distance(e) * ii);
        }
        Digraph r = b.build();
        LongestPaths.Result res = LongestPaths.fromSource(r, e -> true, w::get, n);
        return Arrays.copyOf(res.distance(), n);
    }

    private static Schedule attempt(Loop loop, int[] priority, int ii, long budget, Monitor monitor) {
        Digraph g = loop.graph();
        int n = loop.size();
        for (Operation op : loop.operations()) {
            if (op.reservation().selfConflicting(ii)) {
                return null;
            }
        }
        ModuloReservationTable mrt = new ModuloReservationTable(loop, ii);
        int[] t = new int[n];
        int[][] units = new int[n][];
        boolean[] scheduled = new boolean[n];
        boolean[] everScheduled = new boolean[n];
        int[] prevTime = new int[n];
        int unscheduled = n;
        int[] pos = new int[n];
        for (int i = 0; i < n; i++) {
            pos[priority[i]] = i;
        }
        while (unscheduled > 0 && budget > 0) {
            if ((budget & 63) == 0) {
                monitor.checkCanceled();
            }
            int op = -1;
            for (int u : priority) {
                if (!scheduled[u]) {
                    op = u;
                    break;
                }
            }
            Operation o = loop.op(op);
            int estart = 0; // START pseudo-op at cycle 0
            for (int e : g.inEdges(op)) {
                int p = g.source(e);
                if (scheduled[p] && p != op) {
                    estart = Math.max(estart, t[p] + loop.latency(e) - loop.distance(e) * ii);
                }
            }
            int minTime = estart;
            int maxTime = minTime + ii - 1;
            int slot = Integer.MIN_VALUE;
            int[] un = null;
            for (int c = minTime; c <= maxTime; c++) {
                un = mrt.findUnits(o, c);
                if (un != null) {
                    slot = c;
                    break;
                }
            }
            if (slot == Integer.MIN_VALUE) {
                slot = !everScheduled[op] || minTime > prevTime[op] ? minTime : prevTime[op] + 1;
            }
            // evict resource conflicts
            int[][] lc = mrt.leastConflicting(o, slot);
            if (un == null) {
                un = lc[0];
            }
            for (int victim : un == lc[0] ? lc[1] : new int[0]) {
                mrt.remove(loop.op(victim), t[victim], units[victim]);
                scheduled[victim] = false;
                unscheduled++;
            }
            mrt.place(o, slot, un);
            t[op] = slot;
            units[op] = un;
            scheduled[op] = true;
            everScheduled[op] = true;
            prevTime[op] = slot;
            unscheduled--;
            // evict dependence conflicts in both directions
            for (int e : g.outEdges(op)) {
                int s = g.target(e);
                if (s != op && scheduled[s] && t[s] < slot + loop.latency(e) - loop.distance(e) * ii) {
                    mrt.remove(loop.op(s), t[s], units[s]);
                    scheduled[s] = false;
                    unscheduled++;
                }
            }
            for (int e : g.inEdges(op)) {
                int p = g.source(e);
                if (p != op && scheduled[p] && slot < t[p] + loop.latency(e) - loop.distance(e) * ii) {
                    mrt.remove(loop.op(p), t[p], units[p]);
                    scheduled[p] = false;
                    unscheduled++;
                }
            }
            budget--;
        }
        if (unscheduled > 0) {
            return null;
        }
        return Schedule.of(loop, ii, t, units);
    }
}
