package tessera.core.graph;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.function.IntPredicate;
import java.util.function.IntToLongFunction;

import tessera.core.Monitor;

/**
 * Longest paths with integer edge weights that may be negative (Bellman-Ford with a FIFO queue, and Floyd-Warshall
 * for all pairs). Weights come from a function of the edge id, so callers can pass weights that depend on a
 * parameter such as the initiation interval: {@code w(e) = latency(e) - distance(e) * II}.
 * Longest paths exist iff there is no positive cycle; both entry points detect one.
 */
public final class LongestPaths {
    /** Marks a node that no source reaches. */
    public static final long UNREACHED = Long.MIN_VALUE;

    private LongestPaths() {
    }

    /** Potentials or a positive-cycle verdict. */
    public record Result(long[] distance, boolean positiveCycle) {
    }

    /**
     * Longest-path potentials from initial values: {@code distance[v] >= initial[v]} and
     * {@code distance[target] >= distance[source] + w(e)} for every accepted edge, the least such solution.
     * Nodes with {@link #UNREACHED} initial value are sources of nothing until reached.
     */
    public static Result fromInitial(Digraph g, IntPredicate edgeFilter, IntToLongFunction weight, long[] initial) {
        int n = g.nodeCount();
        long[] d = initial.clone();
        int[] edgesOnPath = new int[n]; // edges of the current best path; n or more means a positive cycle
        boolean[] queued = new boolean[n];
        ArrayDeque<Integer> q = new ArrayDeque<>();
        for (int v = 0; v < n; v++) {
            if (d[v] != UNREACHED) {
                q.add(v);
                queued[v] = true;
            }
        }
        while (!q.isEmpty()) {
            int u = q.poll();
            queued[u] = false;
            for (int e : g.outEdges(u)) {
                if (!edgeFilter.test(e)) {
                    continue;
                }
                int v = g.target(e);
                long cand = d[u] + weight.applyAsLong(e);
                if (d[v] == UNREACHED || cand > d[v]) {
                    d[v] = cand;
                    edgesOnPath[v] = edgesOnPath[u] + 1;
                    if (edgesOnPath[v] >= n) {
                        return new Result(d, true);
                    }
                    if (!queued[v]) {
                        queued[v] = true;
                        q.add(v);
                    }
                }
            }
        }
        return new Result(d, false);
    }

    /** Longest paths from one source (others start unreached). */
    public static Result fromSource(Digraph g, IntPredicate edgeFilter, IntToLongFunction weight, int source) {
        long[] init = new long[g.nodeCount()];
        Arrays.fill(init, UNREACHED);
        init[source] = 0;
        return fromInitial(g, edgeFilter, weight, init);
    }

    /** Whether the accepted edges contain a cycle of positive total weight. */
    public static boolean hasPositiveCycle(Digraph g, IntPredicate edgeFilter, IntToLongFunction weight) {
        return fromInitial(g, edgeFilter, weight, new long[g.nodeCount()]).positiveCycle();
    }

    /**
     * All-pairs longest paths (Floyd-Warshall, O(n^3)); {@code [i][j] == UNREACHED} when no path exists.
     * {@code [i][i]} is the heaviest cycle through i (or UNREACHED); it is positive iff a positive cycle passes
     * through i. This is Rau's MinDist matrix when {@code w = latency - distance * II}.
     */
    public static long[][] allPairs(Digraph g, IntPredicate edgeFilter, IntToLongFunction weight) {
        return allPairs(g, edgeFilter, weight, Monitor.NULL);
    }

    /** {@link #allPairs(Digraph, IntPredicate, IntToLongFunction)}, polling {@code monitor} once a pivot. */
    public static long[][] allPairs(Digraph g, IntPredicate edgeFilter, IntToLongFunction weight, Monitor monitor) {
        int n = g.nodeCount();
        long[][] d = new long[n][n];
        for (long[] row : d) {
            Arrays.fill(row, UNREACHED);
        }
        for (int e = 0; e < g.edgeCount(); e++) {
            if (edgeFilter.test(e)) {
                int s = g.source(e);
                int t = g.target(e);
                d[s][t] = Math.max(d[s][t], weight.applyAsLong(e));
            }
        }
        for (int k = 0; k < n; k++) {
            monitor.checkCanceled();
            long[] dk = d[k];
            for (int i = 0; i < n; i++) {
                long dik = d[i][k];
                if (dik == UNREACHED) {
                    continue;
                }
                long[] di = d[i];
                for (int j = 0; j < n; j++) {
                    if (dk[j] != UNREACHED && dik + dk[j] > di[j]) {
                        di[j] = dik + dk[j];
                    }
                }
            }
        }
        return d;
    }

    /**
     * The smallest integer {@code p} in {@code [low, high]} such that no cycle is positive under
     * {@code w(e) = a(e) - p * b(e)}, assuming {@code b(e) >= 0} (then feasibility is monotone in p; binary search).
     * Returns {@code high + 1} when even {@code high} is infeasible (e.g. a positive cycle with {@code b = 0}).
     * With {@code a} = latency and {@code b} = iteration distance this is RecMII.
     */
    public static long smallestFeasibleParameter(Digraph g, IntPredicate edgeFilter, IntToLongFunction a,
            IntToLongFunction b, long low, long high) {
        long lo = low;
        long hi = high + 1;
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            final long p = mid;
            if (hasPositiveCycle(g, edgeFilter, e -> a.applyAsLong(e) - p * b.applyAsLong(e))) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
