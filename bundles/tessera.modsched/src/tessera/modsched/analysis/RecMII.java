package tessera.modsched.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import tessera.core.graph.Digraph;
import tessera.core.graph.ElementaryCircuits;
import tessera.core.graph.LongestPaths;
import tessera.core.graph.StronglyConnectedComponents;
import tessera.modsched.model.Loop;

/**
 * Seed 002 §2/§4.2 (digest §3.1): RecMII = max over the elementary circuits c of ceil(Σ latency / Σ distance).
 * The recurrences are enumerated with Johnson's algorithm (capped, they may be exponentially many); the value of
 * each strongly connected component, and so RecMII itself, is computed independently and exactly as the smallest
 * II with no positive cycle under weights latency - distance·II (Rau's MinDist criterion), so a hit cap never
 * makes RecMII wrong.
 */
public final class RecMII {
    /** Default cap on the number of circuits listed. */
    public static final int DEFAULT_MAX_CIRCUITS = 10_000;

    /** One elementary circuit: its edges in path order, its nodes, and ceil(latency / distance). */
    public record Recurrence(int[] edges, int[] nodes, int latency, int distance, int recMII) {
    }

    private final int value;
    private final StronglyConnectedComponents scc;
    private final int[] componentRecMII;
    private final List<Recurrence> circuits;
    private final boolean complete;

    private RecMII(int value, StronglyConnectedComponents scc, int[] componentRecMII, List<Recurrence> circuits,
            boolean complete) {
        this.value = value;
        this.scc = scc;
        this.componentRecMII = componentRecMII;
        this.circuits = circuits;
        this.complete = complete;
    }

    public static RecMII compute(Loop loop) {
        return compute(loop, DEFAULT_MAX_CIRCUITS);
    }

    public static RecMII compute(Loop loop, int maxCircuits) {
        Digraph g = loop.graph();
        StronglyConnectedComponents scc = StronglyConnectedComponents.of(g);
        int[] compValue = new int[scc.count()];
        long high = 1;
        for (int e = 0; e < g.edgeCount(); e++) {
            high += Math.max(0, loop.latency(e));
        }
        int value = 0;
        for (int c = 0; c < scc.count(); c++) {
            if (!scc.isCyclic(c)) {
                continue;
            }
            final int comp = c;
            long v = LongestPaths.smallestFeasibleParameter(g,
                    e -> scc.componentOf(g.source(e)) == comp && scc.componentOf(g.target(e)) == comp,
                    loop::latency, loop::distance, 0, high);
            compValue[c] = (int) Math.min(v, Integer.MAX_VALUE / 4); // saturated: above every II a scheduler tries
            value = Math.max(value, compValue[c]);
        }
        List<Recurrence> list = new ArrayList<>();
        boolean complete = true;
        if (maxCircuits > 0) {
            ElementaryCircuits.Result r = circuits(g, scc, maxCircuits);
            complete = r.complete();
            for (int[] edges : r.circuits()) {
                long lat = 0;
                long dist = 0;
                int[] nodes = new int[edges.length];
                for (int i = 0; i < edges.length; i++) {
                    lat += loop.latency(edges[i]);
                    dist += loop.distance(edges[i]);
                    nodes[i] = g.source(edges[i]);
                }
                list.add(new Recurrence(edges, nodes, saturate(lat), saturate(dist), ratio(lat, dist)));
            }
            list.sort(Comparator.comparingInt(Recurrence::recMII).reversed());
        } else {
            complete = false;
        }
        return new RecMII(value, scc, compValue, List.copyOf(list), complete);
    }

    /**
     * Johnson's enumeration on the subgraph of the cyclic components only (nodes and edges renumbered in their
     * original order, so circuits come out in the same order; edge ids mapped back): a long acyclic part costs
     * nothing instead of one SCC pass per node (issue 22: bounded set-up for a 1,000-node chain).
     */
    private static ElementaryCircuits.Result circuits(Digraph g, StronglyConnectedComponents scc, int max) {
        int[] id = new int[g.nodeCount()];
        int n = 0;
        for (int v = 0; v < id.length; v++) {
            id[v] = scc.isCyclic(scc.componentOf(v)) ? n++ : -1;
        }
        if (n == 0) {
            return new ElementaryCircuits.Result(List.of(), true);
        }
        Digraph.Builder b = Digraph.builder(n);
        List<Integer> original = new ArrayList<>();
        for (int e = 0; e < g.edgeCount(); e++) {
            int u = g.source(e);
            int v = g.target(e);
            if (id[u] >= 0 && id[v] >= 0 && scc.componentOf(u) == scc.componentOf(v)) {
                b.edge(id[u], id[v]);
                original.add(e);
            }
        }
        ElementaryCircuits.Result r = ElementaryCircuits.enumerate(b.build(), max);
        List<int[]> mapped = new ArrayList<>(r.circuits().size());
        for (int[] c : r.circuits()) {
            int[] m = new int[c.length];
            for (int i = 0; i < c.length; i++) {
                m[i] = original.get(c[i]);
            }
            mapped.add(m);
        }
        return new ElementaryCircuits.Result(mapped, r.complete());
    }

    /** ceil(latency / distance), saturated like {@link #saturate}; a circuit with latency &lt;= 0 constrains nothing (0). */
    static int ratio(long latency, long distance) {
        if (latency <= 0) {
            return 0;
        }
        if (distance == 0) {
            return Integer.MAX_VALUE / 4; // rejected by Loop.Builder; kept total for safety
        }
        return saturate(Math.floorDiv(latency + distance - 1, distance));
    }

    /** A sum of bounded latencies or distances (long, issue 22) as an int, at most Integer.MAX_VALUE / 4. */
    static int saturate(long v) {
        return (int) Math.max(Integer.MIN_VALUE / 4, Math.min(Integer.MAX_VALUE / 4, v));
    }

    /** RecMII of the loop (0 without recurrences). */
    public int value() {
        return value;
    }

    /** The strongly connected components of the DG (all edges). */
    /** The recurrences (cyclic components), the largest RecMII first, ties by lowest node (digest §3.3). */
    public List<Integer> recurrencesByRecMII() {
        StronglyConnectedComponents scc = components();
        List<Integer> recs = new ArrayList<>();
        for (int c = 0; c < scc.count(); c++) {
            if (scc.isCyclic(c)) {
                recs.add(c);
            }
        }
        recs.sort(Comparator.<Integer>comparingInt(c -> -componentRecMII(c))
                .thenComparingInt(c -> scc.components().get(c)[0]));
        return recs;
    }

    public StronglyConnectedComponents components() {
        return scc;
    }

    /** RecMII of component {@code c}: the largest over its circuits (0 for an acyclic component). */
    public int componentRecMII(int c) {
        return componentRecMII[c];
    }

    public int[] componentRecMIIs() {
        return Arrays.copyOf(componentRecMII, componentRecMII.length);
    }

    /** The elementary circuits found, highest RecMII first. */
    public List<Recurrence> circuits() {
        return circuits;
    }

    /** Whether {@link #circuits()} lists all elementary circuits (the cap was not hit). */
    public boolean circuitsComplete() {
        return complete;
    }
}
