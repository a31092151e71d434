package tessera.core.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Tarjan's strongly connected components (on the iterative {@link DepthFirstSearch}, so deep graphs cannot overflow
 * the stack), over the edges
 * accepted by a filter. Components are listed in topological order of the condensation (sources first).
 */
public final class StronglyConnectedComponents {
    private final int[] component;
    private final List<int[]> components;
    private final boolean[] cyclic;

    private StronglyConnectedComponents(int[] component, List<int[]> components, boolean[] cyclic) {
        this.component = component;
        this.components = components;
        this.cyclic = cyclic;
    }

    public static StronglyConnectedComponents of(Digraph g) {
        return of(g, e -> true);
    }

    public static StronglyConnectedComponents of(Digraph g, IntPredicate edgeFilter) {
        int n = g.nodeCount();
        Tarjan t = new Tarjan(n);
        DepthFirstSearch.run(g, edgeFilter, t);
        List<int[]> found = t.found;
        int[] comp = new int[n];
        Collections.reverse(found); // Tarjan emits sinks first
        boolean[] cyc = new boolean[found.size()];
        for (int c = 0; c < found.size(); c++) {
            for (int v : found.get(c)) {
                comp[v] = c;
            }
        }
        for (int e = 0; e < g.edgeCount(); e++) {
            if (edgeFilter.test(e) && comp[g.source(e)] == comp[g.target(e)]) {
                cyc[comp[g.source(e)]] = true; // a self-loop or an edge inside a multi-node component
            }
        }
        return new StronglyConnectedComponents(comp, List.copyOf(found), cyc);
    }

    /** Tarjan's lowlink bookkeeping on top of the depth-first search: a component is complete when its root is left. */
    private static final class Tarjan implements DepthFirstSearch.Visitor {
        final int[] index;
        final int[] low;
        final boolean[] onStack;
        final int[] stack;
        int sp;
        int counter;
        final List<int[]> found = new ArrayList<>();

        Tarjan(int n) {
            index = new int[n];
            low = new int[n];
            Arrays.fill(index, -1);
            onStack = new boolean[n];
            stack = new int[n];
        }

        @Override
        public boolean isNew(int v) {
            return index[v] < 0;
        }

        @Override
        public void enter(int v) {
            index[v] = low[v] = counter++;
            stack[sp++] = v;
            onStack[v] = true;
        }

        @Override
        public boolean edge(int v, int e, int w) {
            if (index[w] < 0) {
                return true;
            }
            if (onStack[w]) {
                low[v] = Math.min(low[v], index[w]);
            }
            return false;
        }

        @Override
        public void leave(int v, int parent) {
            if (low[v] == index[v]) {
                int start = sp;
                do {
                    start--;
                } while (stack[start] != v);
                int[] c = Arrays.copyOfRange(stack, start, sp);
                for (int x : c) {
                    onStack[x] = false;
                }
                sp = start;
                Arrays.sort(c);
                found.add(c);
            }
            if (parent >= 0) {
                low[parent] = Math.min(low[parent], low[v]);
            }
        }
    }

    /** The component id of {@code node}; ids follow the topological order of {@link #components()}. */
    public int componentOf(int node) {
        return component[node];
    }

    /** The components (sorted node arrays), sources of the condensation first. Do not modify the arrays. */
    public List<int[]> components() {
        return components;
    }

    public int count() {
        return components.size();
    }

    /** Whether component {@code c} contains a cycle (more than one node, or a self-loop). */
    public boolean isCyclic(int c) {
        return cyclic[c];
    }
}
