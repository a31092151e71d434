package tessera.core.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/** Reachability, weak components and DFS back edges over filtered edges and node subsets. */
public final class GraphSearch {
    private GraphSearch() {
    }

    /** Nodes reachable from {@code sources} (sources included) along accepted edges, staying inside {@code nodes}. */
    public static boolean[] reachableFrom(Digraph g, IntPredicate edgeFilter, IntPredicate nodes, int... sources) {
        return search(g, edgeFilter, nodes, true, sources);
    }

    /** Nodes from which some node of {@code targets} is reachable (targets included), staying inside {@code nodes}. */
    public static boolean[] reaching(Digraph g, IntPredicate edgeFilter, IntPredicate nodes, int... targets) {
        return search(g, edgeFilter, nodes, false, targets);
    }

    private static boolean[] search(Digraph g, IntPredicate filter, IntPredicate nodes, boolean forward, int[] seeds) {
        boolean[] seen = new boolean[g.nodeCount()];
        ArrayDeque<Integer> q = new ArrayDeque<>();
        for (int s : seeds) {
            if (!seen[s]) {
                seen[s] = true;
                q.add(s);
            }
        }
        while (!q.isEmpty()) {
            int v = q.poll();
            for (int e : forward ? g.outEdges(v) : g.inEdges(v)) {
                if (!filter.test(e)) {
                    continue;
                }
                int w = forward ? g.target(e) : g.source(e);
                if (!seen[w] && nodes.test(w)) {
                    seen[w] = true;
                    q.add(w);
                }
            }
        }
        return seen;
    }

    /**
     * Weakly connected components of the subgraph induced by {@code nodes} (edge directions ignored), each a sorted
     * node list; components are listed by their smallest node.
     */
    public static List<int[]> weakComponents(Digraph g, IntPredicate edgeFilter, IntPredicate nodes) {
        int n = g.nodeCount();
        boolean[] seen = new boolean[n];
        List<int[]> result = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            if (seen[s] || !nodes.test(s)) {
                continue;
            }
            List<Integer> comp = new ArrayList<>();
            ArrayDeque<Integer> q = new ArrayDeque<>();
            q.add(s);
            seen[s] = true;
            while (!q.isEmpty()) {
                int v = q.poll();
                comp.add(v);
                for (int e : g.outEdges(v)) {
                    int w = g.target(e);
                    if (edgeFilter.test(e) && !seen[w] && nodes.test(w)) {
                        seen[w] = true;
                        q.add(w);
                    }
                }
                for (int e : g.inEdges(v)) {
                    int w = g.source(e);
                    if (edgeFilter.test(e) && !seen[w] && nodes.test(w)) {
                        seen[w] = true;
                        q.add(w);
                    }
                }
            }
            result.add(comp.stream().mapToInt(Integer::intValue).sorted().toArray());
        }
        return result;
    }

    /**
     * The back edges of an iterative depth-first search (roots and successors in increasing id order) over the
     * accepted edges: removing them leaves an acyclic graph.
     */
    public static boolean[] dfsBackEdges(Digraph g, IntPredicate edgeFilter) {
        boolean[] back = new boolean[g.edgeCount()];
        int[] state = new int[g.nodeCount()]; // 0 new, 1 on stack, 2 done
        DepthFirstSearch.run(g, edgeFilter, new DepthFirstSearch.Visitor() {
            @Override
            public boolean isNew(int v) {
                return state[v] == 0;
            }

            @Override
            public void enter(int v) {
                state[v] = 1;
            }

            @Override
            public boolean edge(int v, int e, int w) {
                if (state[w] == 1) {
                    back[e] = true;
                }
                return state[w] == 0;
            }

            @Override
            public void leave(int v, int parent) {
                state[v] = 2;
            }
        });
        return back;
    }

    /** The nodes of a node set given as membership flags, in increasing order. */
    public static int[] members(boolean[] set) {
        int k = 0;
        for (boolean b : set) {
            if (b) {
                k++;
            }
        }
        int[] r = new int[k];
        k = 0;
        for (int v = 0; v < set.length; v++) {
            if (set[v]) {
                r[k++] = v;
            }
        }
        return r;
    }

    /** The nodes on a path from a node of {@code a} to a node of {@code b}, or from {@code b} to {@code a} (both ends included). */
    public static boolean[] onPaths(Digraph g, int[] a, int[] b) {
        boolean[] fromA = reachableFrom(g, e -> true, v -> true, a);
        boolean[] toA = reaching(g, e -> true, v -> true, a);
        boolean[] fromB = reachableFrom(g, e -> true, v -> true, b);
        boolean[] toB = reaching(g, e -> true, v -> true, b);
        boolean[] r = new boolean[g.nodeCount()];
        for (int v = 0; v < r.length; v++) {
            r[v] = fromA[v] && toB[v] || fromB[v] && toA[v];
        }
        return r;
    }
}
