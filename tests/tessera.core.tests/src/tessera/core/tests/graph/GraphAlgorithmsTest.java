package tessera.core.tests.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tessera.core.graph.Digraph;
import tessera.core.graph.ElementaryCircuits;
import tessera.core.graph.GraphSearch;
import tessera.core.graph.LongestPaths;
import tessera.core.graph.StronglyConnectedComponents;
import tessera.core.graph.TopologicalOrder;
import tessera.testing.Seeded;

/** Tarjan, Johnson, topological order, longest paths: small fixed cases plus random graphs vs brute force. */
class GraphAlgorithmsTest {

    private static Digraph g(int n, int[][] edges) {
        Digraph.Builder b = Digraph.builder(n);
        for (int[] e : edges) {
            b.edge(e[0], e[1]);
        }
        return b.build();
    }

    @Test
    void sccOnTextbookGraph() {
        Digraph d = g(6, new int[][] { { 0, 1 }, { 1, 2 }, { 2, 0 }, { 2, 3 }, { 3, 4 }, { 4, 3 }, { 5, 5 } });
        StronglyConnectedComponents s = StronglyConnectedComponents.of(d);
        assertEquals(3, s.count());
        assertEquals(s.componentOf(0), s.componentOf(2));
        assertEquals(s.componentOf(3), s.componentOf(4));
        assertTrue(s.componentOf(0) < s.componentOf(3), "topological order of the condensation");
        assertTrue(s.isCyclic(s.componentOf(5)), "self-loop");
    }

    @Test
    void johnsonCountsCircuitsOfCompleteGraph() {
        // complete digraph on 4 nodes: 4·3/2 2-cycles... total = Σ_k C(4,k)(k-1)! = 6 + 8 + 6 = 20
        Digraph.Builder b = Digraph.builder(4);
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                if (i != j) {
                    b.edge(i, j);
                }
            }
        }
        ElementaryCircuits.Result r = ElementaryCircuits.enumerate(b.build(), 1000);
        assertTrue(r.complete());
        assertEquals(20, r.circuits().size());
        ElementaryCircuits.Result capped = ElementaryCircuits.enumerate(b.build(), 5);
        assertFalse(capped.complete());
        assertEquals(5, capped.circuits().size());
        // parallel edges give distinct circuits
        assertEquals(2, ElementaryCircuits.enumerate(g(2, new int[][] { { 0, 1 }, { 0, 1 }, { 1, 0 } }), 10)
                .circuits().size());
    }

    @Test
    void topologicalOrderAndCycle() {
        assertArrayEquals(new int[] { 0, 2, 1, 3 }, TopologicalOrder.sort(g(4, new int[][] { { 0, 1 }, { 2, 1 },
                { 1, 3 } })));
        assertNull(TopologicalOrder.sort(g(2, new int[][] { { 0, 1 }, { 1, 0 } })));
    }

    @Test
    void longestPathsWithParameterisedWeights() {
        // cycle 0->1->2->0 with latencies 2,2,2 and distance 1 on the back edge: RecMII = 6
        Digraph d = g(3, new int[][] { { 0, 1 }, { 1, 2 }, { 2, 0 } });
        int[] lat = { 2, 2, 2 };
        int[] dist = { 0, 0, 1 };
        assertEquals(6, LongestPaths.smallestFeasibleParameter(d, e -> true, e -> lat[e], e -> dist[e], 0, 100));
        assertTrue(LongestPaths.hasPositiveCycle(d, e -> true, e -> lat[e] - dist[e] * 5L));
        long[][] md = LongestPaths.allPairs(d, e -> true, e -> lat[e] - dist[e] * 6L);
        assertEquals(0, md[0][0]);
        assertEquals(4, md[0][2]);
    }

    /** Many relaxations of one node are not a cycle (regression: a DAG with converging paths). */
    @Test
    void dagWithManyRelaxationsHasNoPositiveCycle() {
        Digraph d = g(5, new int[][] { { 0, 1 }, { 0, 2 }, { 1, 2 }, { 2, 3 }, { 2, 3 }, { 2, 4 }, { 3, 4 } });
        int[] w = { 2, 2, 4, 7, 7, 7, 5 };
        LongestPaths.Result r = LongestPaths.fromInitial(d, e -> true, e -> w[e], new long[5]);
        assertFalse(r.positiveCycle());
        assertEquals(18, r.distance()[4]);
    }

    @Test
    void randomGraphsAgainstBruteForce() {
        Seeded.cases(42, 300, (rnd, it, ctx) -> {
            int n = 1 + rnd.nextInt(7);
            int m = rnd.nextInt(n * 2 + 1);
            Digraph.Builder b = Digraph.builder(n);
            for (int i = 0; i < m; i++) {
                b.edge(rnd.nextInt(n), rnd.nextInt(n));
            }
            Digraph d = b.build();
            boolean[][] reach = new boolean[n][];
            for (int v = 0; v < n; v++) {
                reach[v] = GraphSearch.reachableFrom(d, e -> true, x -> true, v);
            }
            StronglyConnectedComponents s = StronglyConnectedComponents.of(d);
            for (int u = 0; u < n; u++) {
                for (int v = 0; v < n; v++) {
                    assertEquals(reach[u][v] && reach[v][u], s.componentOf(u) == s.componentOf(v), ctx);
                }
            }
            // circuits: each is a closed walk with distinct nodes; count vs brute force over edge sequences
            ElementaryCircuits.Result c = ElementaryCircuits.enumerate(d, 100_000);
            Set<String> seen = new HashSet<>();
            for (int[] circ : c.circuits()) {
                Set<Integer> nodes = new HashSet<>();
                for (int i = 0; i < circ.length; i++) {
                    assertEquals(d.target(circ[i]), d.source(circ[(i + 1) % circ.length]), ctx);
                    assertTrue(nodes.add(d.source(circ[i])), ctx);
                }
                assertTrue(seen.add(canonical(circ)), "duplicate circuit; " + ctx);
            }
            assertEquals(bruteForceCircuits(d), c.circuits().size(), ctx);
            int[] topo = TopologicalOrder.sort(d);
            boolean cyclic = c.circuits().size() > 0;
            assertEquals(cyclic, topo == null, ctx);
            boolean[] back = GraphSearch.dfsBackEdges(d, e -> true);
            assertTrue(TopologicalOrder.sort(d, e -> !back[e]) != null, ctx);
            // random weights: positive cycle iff some circuit has positive weight
            long[] w = new long[d.edgeCount()];
            for (int e = 0; e < w.length; e++) {
                w[e] = rnd.nextInt(9) - 5;
            }
            boolean pos = false;
            for (int[] circ : c.circuits()) {
                long sum = 0;
                for (int e : circ) {
                    sum += w[e];
                }
                pos |= sum > 0;
            }
            assertEquals(pos, LongestPaths.hasPositiveCycle(d, e -> true, e -> w[e]), ctx);
        });
    }

    private static String canonical(int[] circ) {
        int min = 0;
        for (int i = 1; i < circ.length; i++) {
            if (circ[i] < circ[min]) {
                min = i;
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < circ.length; i++) {
            sb.append(circ[(min + i) % circ.length]).append(',');
        }
        return sb.toString();
    }

    /** Elementary circuits counted by DFS from each start edge over edge sequences with distinct nodes. */
    private static int bruteForceCircuits(Digraph d) {
        Set<String> all = new HashSet<>();
        for (int e = 0; e < d.edgeCount(); e++) {
            walk(d, List.of(e), all);
        }
        return all.size();
    }

    private static void walk(Digraph d, List<Integer> path, Set<String> all) {
        int start = d.source(path.get(0));
        int last = d.target(path.get(path.size() - 1));
        if (last == start) {
            all.add(canonical(path.stream().mapToInt(Integer::intValue).toArray()));
            return;
        }
        for (int e : path) {
            if (d.source(e) == last) {
                return;
            }
        }
        for (int e : d.outEdges(last)) {
            List<Integer> p = new java.util.ArrayList<>(path);
            p.add(e);
            walk(d, p, all);
        }
    }
}
