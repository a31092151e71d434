package tessera.core.graph;

import java.util.function.IntPredicate;

/**
 * An iterative depth-first search (so deep graphs cannot overflow the stack) over the edges accepted by a filter:
 * roots in increasing id order, each node's out-edges in their order. What happens at each step is the
 * {@link Visitor}'s: {@link GraphSearch#dfsBackEdges} and {@link StronglyConnectedComponents} (Tarjan) share it.
 */
final class DepthFirstSearch {
    private DepthFirstSearch() {
    }

    interface Visitor {
        /** Whether {@code v} has not been entered yet (only such nodes become roots). */
        boolean isNew(int v);

        /** {@code v} becomes a root or a tree child: called before any of its edges. */
        void enter(int v);

        /** An accepted edge {@code e = (v, w)}; returns true to descend into {@code w} along it (a tree edge). */
        boolean edge(int v, int e, int w);

        /** All edges of {@code v} are done; {@code parent} is the node it was entered from, or -1 for a root. */
        void leave(int v, int parent);
    }

    static void run(Digraph g, IntPredicate edgeFilter, Visitor visitor) {
        int n = g.nodeCount();
        int[] stackNode = new int[n];
        int[] stackPos = new int[n];
        for (int root = 0; root < n; root++) {
            if (!visitor.isNew(root)) {
                continue;
            }
            int depth = 0;
            stackNode[0] = root;
            stackPos[0] = 0;
            visitor.enter(root);
            while (depth >= 0) {
                int v = stackNode[depth];
                int[] outs = g.outEdges(v);
                if (stackPos[depth] < outs.length) {
                    int e = outs[stackPos[depth]++];
                    if (!edgeFilter.test(e)) {
                        continue;
                    }
                    int w = g.target(e);
                    if (visitor.edge(v, e, w)) {
                        visitor.enter(w);
                        depth++;
                        stackNode[depth] = w;
                        stackPos[depth] = 0;
                    }
                } else {
                    depth--;
                    visitor.leave(v, depth >= 0 ? stackNode[depth] : -1);
                }
            }
        }
    }
}
