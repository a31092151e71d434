package tessera.core.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Johnson's algorithm (SIAM J. Comput. 4(1), 1975) for the elementary circuits of a directed multigraph, over the
 * edges accepted by a filter. Circuits are reported as edge-id sequences, so parallel edges give distinct circuits
 * (a dependence graph needs this: two edges between the same nodes may carry different distances).
 * The number of circuits can be exponential, so enumeration stops at a cap and says so.
 */
public final class ElementaryCircuits {
    /** The circuits found (each an array of edge ids, in path order) and whether the enumeration was complete. */
    public record Result(List<int[]> circuits, boolean complete) {
    }

    private final Digraph g;
    private final IntPredicate filter;
    private final int cap;
    private final boolean[] blocked;
    private final List<List<Integer>> blockedBy;
    private final int[] pathEdges;
    private int pathLength;
    private final List<int[]> circuits = new ArrayList<>();
    private boolean[] inScope;
    private int start;

    private ElementaryCircuits(Digraph g, IntPredicate filter, int cap) {
        this.g = g;
        this.filter = filter;
        this.cap = cap;
        int n = g.nodeCount();
        blocked = new boolean[n];
        blockedBy = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            blockedBy.add(new ArrayList<>());
        }
        pathEdges = new int[n + 1];
    }

    /** All elementary circuits, at most {@code maxCircuits} of them. */
    public static Result enumerate(Digraph g, IntPredicate edgeFilter, int maxCircuits) {
        ElementaryCircuits j = new ElementaryCircuits(g, edgeFilter, maxCircuits);
        boolean complete = j.run();
        return new Result(List.copyOf(j.circuits), complete);
    }

    public static Result enumerate(Digraph g, int maxCircuits) {
        return enumerate(g, e -> true, maxCircuits);
    }

    private static final class CapReached extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CapReached() {
            super(null, null, false, false);
        }
    }

    private boolean run() {
        int n = g.nodeCount();
        try {
            for (int s = 0; s < n; s++) {
                final int least = s;
                // Johnson: the SCC containing s in the subgraph induced by nodes >= s
                StronglyConnectedComponents scc = StronglyConnectedComponents.of(g,
                        e -> filter.test(e) && g.source(e) >= least && g.target(e) >= least);
                int c = scc.componentOf(s);
                if (!scc.isCyclic(c)) {
                    continue;
                }
                inScope = new boolean[n];
                for (int v : scc.components().get(c)) {
                    inScope[v] = true;
                    blocked[v] = false;
                    blockedBy.get(v).clear();
                }
                start = s;
                pathLength = 0;
                circuit(s);
            }
            return true;
        } catch (CapReached e) {
            return false;
        }
    }

    private boolean circuit(int v) {
        boolean found = false;
        blocked[v] = true;
        for (int e : g.outEdges(v)) {
            if (!filter.test(e)) {
                continue;
            }
            int w = g.target(e);
            if (!inScope[w]) {
                continue;
            }
            pathEdges[pathLength++] = e;
            if (w == start) {
                if (circuits.size() >= cap) {
                    throw new CapReached();
                }
                circuits.add(java.util.Arrays.copyOf(pathEdges, pathLength));
                found = true;
            } else if (!blocked[w] && circuit(w)) {
                found = true;
            }
            pathLength--;
        }
        if (found) {
            unblock(v);
        } else {
            for (int e : g.outEdges(v)) {
                if (filter.test(e) && inScope[g.target(e)]) {
                    List<Integer> b = blockedBy.get(g.target(e));
                    if (!b.contains(v)) {
                        b.add(v);
                    }
                }
            }
        }
        return found;
    }

    private void unblock(int u) {
        // iterative to stay safe on long chains
        ArrayList<Integer> work = new ArrayList<>();
        work.add(u);
        while (!work.isEmpty()) {
            int x = work.remove(work.size() - 1);
            if (!blocked[x]) {
                continue;
            }
            blocked[x] = false;
            List<Integer> b = blockedBy.get(x);
            for (int w : b) {
                if (blocked[w]) {
                    work.add(w);
                }
            }
            b.clear();
        }
    }
}
