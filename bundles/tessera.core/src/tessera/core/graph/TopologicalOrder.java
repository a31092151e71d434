package tessera.core.graph;

import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/** Kahn's topological sort over the edges accepted by a filter; ties go to the lowest node id (deterministic). */
public final class TopologicalOrder {
    private TopologicalOrder() {
    }

    /** The nodes in topological order, or {@code null} when the filtered graph has a cycle. */
    public static int[] sort(Digraph g, IntPredicate edgeFilter) {
        return sort(g, edgeFilter, v -> v);
    }

    /** The same, ties going to the ready node of lowest {@code rank} (then lowest id). */
    public static int[] sort(Digraph g, IntPredicate edgeFilter, IntUnaryOperator rank) {
        int n = g.nodeCount();
        int[] indeg = new int[n];
        for (int e = 0; e < g.edgeCount(); e++) {
            if (edgeFilter.test(e)) {
                indeg[g.target(e)]++;
            }
        }
        PriorityQueue<Integer> ready = new PriorityQueue<>(
                Comparator.comparingInt((Integer v) -> rank.applyAsInt(v)).thenComparingInt(v -> v));
        for (int v = 0; v < n; v++) {
            if (indeg[v] == 0) {
                ready.add(v);
            }
        }
        int[] order = new int[n];
        int k = 0;
        while (!ready.isEmpty()) {
            int v = ready.poll();
            order[k++] = v;
            for (int e : g.outEdges(v)) {
                if (edgeFilter.test(e) && --indeg[g.target(e)] == 0) {
                    ready.add(g.target(e));
                }
            }
        }
        return k == n ? order : null;
    }

    public static int[] sort(Digraph g) {
        return sort(g, e -> true);
    }
}
