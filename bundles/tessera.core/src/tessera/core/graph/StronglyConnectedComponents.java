package tessera.core.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Tarjan's strongly connected components (iterative, so deep graphs cannot overflow the stack), over the edges
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
        int[] index = new int[n];
        int[] low = new int[n];
        Arrays.fill(index, -1);
        boolean[] onStack = new boolean[n];
        int[] stack = new int[n];
        int sp = 0;
        int[] callNode = new int[n];
        int[] callEdgePos = new int[n];
        int[] comp = new int[n];
        List<int[]> found = new ArrayList<>();
        int counter = 0;
        for (int root = 0; root < n; root++) {
            if (index[root] >= 0) {
                continue;
            }
            int depth = 0;
            callNode[0] = root;
            callEdgePos[0] = 0;
            index[root] = low[root] = counter++;
            stack[sp++] = root;
            onStack[root] = true;
            while (depth >= 0) {
                int v = callNode[depth];
                int[] outs = g.outEdges(v);
                if (callEdgePos[depth] < outs.length) {
                    int e = outs[callEdgePos[depth]++];
                    if (!edgeFilter.test(e)) {
                        continue;
                    }
                    int w = g.target(e);
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        depth++;
                        callNode[depth] = w;
                        callEdgePos[depth] = 0;
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                } else {
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
                    depth--;
                    if (depth >= 0) {
                        int parent = callNode[depth];
                        low[parent] = Math.min(low[parent], low[v]);
                    }
                }
            }
        }
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
