package tessera.modsched.sched;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import tessera.core.Monitor;
import tessera.core.graph.Digraph;
import tessera.core.graph.LongestPaths;
import tessera.modsched.analysis.Mii;
import tessera.modsched.model.Loop;
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
        ScheduleResult tooLarge = ModuloScheduler.tooLarge(name(), loop, mii);
        if (tooLarge != null) {
            return tooLarge;
        }
        List<String> failures = new ArrayList<>();
        int[][] lastOrder = { new int[0] };
        IISearch found = IISearch.run(m, ModuloScheduler.maxII(loop, m, maxIIOverride), failures, monitor, ii -> {
            lastOrder[0] = priority(loop, ii);
            Schedule s = attempt(loop, lastOrder[0], ii, budget(loop), monitor);
            return s != null ? s
                    : "II=" + ii + ": budget of " + (long) Math.ceil(budgetRatio * loop.size())
                            + " placements exhausted";
        });
        return new ScheduleResult(name(), mii, found.schedule(), lastOrder[0], found.attempts(), List.copyOf(failures));
    }

    /**
     * One attempt at exactly {@code ii} (no II search, same priority and budget as {@link #schedule}), for callers
     * that step II themselves. Null when the budget runs out at that II or it is below the loop's MII.
     */
    public Schedule scheduleAt(Loop loop, int ii, Monitor monitor) {
        if (ii < Mii.compute(loop).value() || tessera.modsched.model.ModelLimits.tooLarge(loop, ii) != null) {
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
        int n = loop.size();
        for (Operation op : loop.operations()) {
            if (op.reservation().selfConflicting(ii)) {
                return null;
            }
        }
        PartialSchedule ps = new PartialSchedule(loop, ii, monitor);
        boolean[] everScheduled = new boolean[n];
        int[] prevTime = new int[n];
        int unscheduled = n;
        while (unscheduled > 0 && budget > 0) {
            if ((budget & 63) == 0) {
                monitor.checkCanceled();
            }
            int op = -1;
            for (int u : priority) {
                if (!ps.isPlaced(u)) {
                    op = u;
                    break;
                }
            }
            int minTime = Math.max(0, ps.starts(op).earlyStart()); // Estart: START pseudo-op at cycle 0
            PartialSchedule.Slot free = ps.firstFree(op, minTime, minTime + ii - 1, 1);
            int slot;
            int[] un;
            if (free != null) {
                slot = free.cycle();
                un = free.units();
            } else {
                slot = !everScheduled[op] || minTime > prevTime[op] ? minTime : prevTime[op] + 1;
                // evict resource conflicts
                int[][] lc = ps.leastConflicting(op, slot);
                un = lc[0];
                for (int victim : lc[1]) {
                    ps.evict(victim);
                    unscheduled++;
                }
            }
            ps.place(op, slot, un);
            everScheduled[op] = true;
            prevTime[op] = slot;
            unscheduled--;
            unscheduled += ps.evictDependenceConflicts(op); // in both directions
            budget--;
        }
        return unscheduled > 0 ? null : ps.schedule();
    }
}
