package tessera.modsched.analysis;

import tessera.core.graph.Digraph;
import tessera.core.graph.GraphSearch;
import tessera.core.graph.StronglyConnectedComponents;
import tessera.core.graph.TopologicalOrder;
import tessera.modsched.model.Loop;

/**
 * Seed 002 §4.1 (digest §2.3, §3.2): ASAP, ALAP, MOB, D (depth) and H (height) of every node, computed once with
 * II = MII on the DG without its back edges. Edge latencies are used (they default to the producer's λ).
 * <p>
 * Back edges (digest P2, resolution (b)): an edge with distance &gt; 0 whose ends lie in the same strongly connected
 * component; edges between components keep their -δ·MII term. If zero-distance cycles remain (possible only with
 * latencies &lt;= 0), the back edges of a depth-first search over them are dropped as well. Values may be negative
 * (P3); they are not clamped.
 */
public final class NodeProperties {
    private final int mii;
    private final boolean[] backEdge;
    private final int[] topo;
    private final int[] asap;
    private final int[] alap;
    private final int[] depth;
    private final int[] height;
    private final int maxAsap;

    private NodeProperties(int mii, boolean[] backEdge, int[] topo, int[] asap, int[] alap, int[] depth,
            int[] height, int maxAsap) {
        this.mii = mii;
        this.backEdge = backEdge;
        this.topo = topo;
        this.asap = asap;
        this.alap = alap;
        this.depth = depth;
        this.height = height;
        this.maxAsap = maxAsap;
    }

    /** The back edges of {@code loop} as defined above. */
    public static boolean[] backEdges(Loop loop) {
        Digraph g = loop.graph();
        StronglyConnectedComponents scc = StronglyConnectedComponents.of(g);
        boolean[] back = new boolean[g.edgeCount()];
        for (int e = 0; e < back.length; e++) {
            back[e] = loop.distance(e) > 0 && scc.componentOf(g.source(e)) == scc.componentOf(g.target(e));
        }
        if (TopologicalOrder.sort(g, e -> !back[e]) == null) {
            boolean[] dfs = GraphSearch.dfsBackEdges(g, e -> !back[e]);
            for (int e = 0; e < back.length; e++) {
                back[e] |= dfs[e];
            }
        }
        return back;
    }

    public static NodeProperties compute(Loop loop, int mii) {
        Digraph g = loop.graph();
        int n = g.nodeCount();
        boolean[] back = backEdges(loop);
        int[] topo = TopologicalOrder.sort(g, e -> !back[e]);
        int[] asap = new int[n];
        int[] depth = new int[n];
        boolean[] hasPred = new boolean[n];
        for (int u : topo) {
            for (int e : g.inEdges(u)) {
                if (back[e]) {
                    continue;
                }
                int v = g.source(e);
                int a = asap[v] + loop.latency(e) - loop.distance(e) * mii;
                int d = depth[v] + loop.latency(e);
                asap[u] = hasPred[u] ? Math.max(asap[u], a) : a; // the first predecessor replaces the default 0
                depth[u] = hasPred[u] ? Math.max(depth[u], d) : d;
                hasPred[u] = true;
            }
        }
        int maxAsap = Integer.MIN_VALUE;
        for (int v = 0; v < n; v++) {
            maxAsap = Math.max(maxAsap, asap[v]);
        }
        if (n == 0) {
            maxAsap = 0;
        }
        int[] alap = new int[n];
        int[] height = new int[n];
        boolean[] hasSucc = new boolean[n];
        for (int i = n - 1; i >= 0; i--) {
            int u = topo[i];
            alap[u] = maxAsap;
            for (int e : g.outEdges(u)) {
                if (back[e]) {
                    continue;
                }
                int v = g.target(e);
                int a = alap[v] - loop.latency(e) + loop.distance(e) * mii;
                int h = height[v] + loop.latency(e);
                alap[u] = hasSucc[u] ? Math.min(alap[u], a) : a; // the first successor replaces the default maxAsap
                height[u] = hasSucc[u] ? Math.max(height[u], h) : h;
                hasSucc[u] = true;
            }
        }
        return new NodeProperties(mii, back, topo, asap, alap, depth, height, maxAsap);
    }

    public int mii() {
        return mii;
    }

    public boolean isBackEdge(int edge) {
        return backEdge[edge];
    }

    public boolean[] backEdges() {
        return backEdge.clone();
    }

    /** A topological order of the DG without back edges. */
    public int[] topologicalOrder() {
        return topo.clone();
    }

    public int asap(int u) {
        return asap[u];
    }

    public int alap(int u) {
        return alap[u];
    }

    /** MOB = ALAP - ASAP. */
    public int mobility(int u) {
        return alap[u] - asap[u];
    }

    /** D: longest latency path from a node without predecessors. */
    public int depth(int u) {
        return depth[u];
    }

    /** H: longest latency path to a node without successors. */
    public int height(int u) {
        return height[u];
    }

    public int maxAsap() {
        return maxAsap;
    }
}
