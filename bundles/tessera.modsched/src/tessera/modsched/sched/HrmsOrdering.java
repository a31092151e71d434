package tessera.modsched.sched;

import java.util.ArrayList;
import java.util.List;

import tessera.core.Monitor;
import tessera.core.graph.Digraph;
import tessera.core.graph.GraphSearch;
import tessera.core.graph.StronglyConnectedComponents;
import tessera.modsched.analysis.NodeProperties;
import tessera.modsched.analysis.RecMII;
import tessera.modsched.model.Loop;

/**
 * Seed 002 §5 baseline HRMS [24] (digest §3.8): the pre-ordering of Hypernode Reduction Modulo Scheduling (Llosa,
 * Valero, Ayguadé, González, MICRO-28 1995). The seed only names it; this is our reading of [24] [MEM]:
 * <ul>
 * <li>The <b>hypernode</b> H is the set of nodes ordered so far. A node outside H is a predecessor (successor) of H
 * when it has an edge into (out of) H; edges are those of the DG without back edges ({@link NodeProperties}).</li>
 * <li><b>Pre_Ordering</b> of a subgraph: while H has predecessors or successors in it, (1) V' = Pred(H), plus
 * every node on a path between two nodes of V' (Search_All_Paths, so the reduction creates no cycle), is reduced
 * into H and appended in Sort_PALA order (decreasing ALAP: each node after its successors); (2) V' = Succ(H) plus
 * paths, appended in Sort_ASAP order (increasing ASAP: each node after its predecessors). When H touches no node of
 * the subgraph (at the very start, or a part unconnected to H), the first remaining node in program order (lowest
 * index) is reduced alone, as [24] starts from "the first node of the graph".</li>
 * <li><b>Recurrences first</b>: the recurrences (strongly connected components; RecMII from {@link RecMII}) by
 * decreasing RecMII, ties to the lowest node index; for each, the subgraph is its nodes not yet in H plus every node
 * on a path between H and it (either direction, all edges), ordered by Pre_Ordering; then the rest of the graph.</li>
 * </ul>
 * Conventions: ASAP/ALAP are those of MII; both sorts are priority topological sorts of V' (a node waits for its
 * successors in V', resp. predecessors), so they stay valid with zero or negative latencies; ties go to the lowest
 * node index. Consequence (tested): when a node is appended, the ordered nodes contain its predecessors only or its
 * successors only (without back edges); with back edges, one node per recurrence sees both at scheduling time.
 */
public final class HrmsOrdering {
    /** What a step of the reduction appended. */
    public enum StepKind {
        /** A single node with no edge to the hypernode (the initial node of a subgraph or of an unconnected part). */
        SEED,
        /** Predecessors of the hypernode and the paths between them, Sort_PALA. */
        PREDECESSORS,
        /** Successors of the hypernode and the paths between them, Sort_ASAP. */
        SUCCESSORS
    }

    /**
     * One subgraph ordered by Pre_Ordering: a recurrence with the path nodes that join it to the hypernode
     * ({@code recMII} &gt; 0), or the rest of the graph ({@code recurrence} false, {@code recMII} 0).
     */
    public record Subgraph(boolean recurrence, int recMII, int[] nodes) {
    }

    /** One reduction: the nodes reduced into the hypernode, in the order they were appended. */
    public record Step(int subgraph, StepKind kind, int[] nodes) {
    }

    /** The subgraphs, the final order and the reductions that built it. */
    public record Result(List<Subgraph> subgraphs, int[] order, List<Step> steps) {
    }

    private final Loop loop;
    private final Digraph g;
    private final NodeProperties props;
    private final boolean[] back;
    private final boolean[] inH;
    private final int[] order;
    private int len;
    private final List<Step> steps = new ArrayList<>();

    private HrmsOrdering(Loop loop, NodeProperties props) {
        this.loop = loop;
        this.g = loop.graph();
        this.props = props;
        this.back = props.backEdges();
        this.inH = new boolean[g.nodeCount()];
        this.order = new int[g.nodeCount()];
    }

    public static Result compute(Loop loop, NodeProperties props, RecMII recMII, Monitor monitor) {
        return new HrmsOrdering(loop, props).run(recMII, monitor);
    }

    private Result run(RecMII recMII, Monitor monitor) {
        int n = g.nodeCount();
        StronglyConnectedComponents scc = recMII.components();
        List<Integer> recs = recMII.recurrencesByRecMII();
        List<Subgraph> subgraphs = new ArrayList<>();
        for (int c : recs) {
            monitor.checkCanceled();
            int[] rec = scc.components().get(c);
            boolean[] sub = new boolean[n];
            for (int v : rec) {
                sub[v] = !inH[v];
            }
            int[] h = GraphSearch.members(inH);
            if (h.length > 0) { // Search_All_Paths between the hypernode and the recurrence, both directions
                boolean[] between = GraphSearch.onPaths(g, h, rec);
                for (int v = 0; v < n; v++) {
                    sub[v] |= !inH[v] && between[v];
                }
            }
            int[] nodes = GraphSearch.members(sub);
            if (nodes.length > 0) {
                subgraphs.add(new Subgraph(true, recMII.componentRecMII(c), nodes));
                preOrdering(subgraphs.size() - 1, sub, monitor);
            }
        }
        boolean[] rest = new boolean[n];
        for (int v = 0; v < n; v++) {
            rest[v] = !inH[v];
        }
        int[] nodes = GraphSearch.members(rest);
        if (nodes.length > 0) {
            subgraphs.add(new Subgraph(false, 0, nodes));
            preOrdering(subgraphs.size() - 1, rest, monitor);
        }
        return new Result(List.copyOf(subgraphs), order, List.copyOf(steps));
    }

    /** Pre_Ordering of the subgraph {@code sub} (its nodes outside H) with the current hypernode. */
    private void preOrdering(int subgraph, boolean[] sub, Monitor monitor) {
        while (true) {
            monitor.checkCanceled();
            boolean[] pred = neighboursOfH(sub, true);
            boolean[] succ = neighboursOfH(sub, false);
            if (isEmpty(pred) && isEmpty(succ)) {
                int seed = -1;
                for (int v = 0; v < sub.length && seed < 0; v++) {
                    if (sub[v] && !inH[v]) {
                        seed = v;
                    }
                }
                if (seed < 0) {
                    return;
                }
                reduce(subgraph, StepKind.SEED, new int[] { seed });
                continue;
            }
            if (!isEmpty(pred)) {
                reduce(subgraph, StepKind.PREDECESSORS, sort(searchAllPaths(pred, sub), false));
                succ = neighboursOfH(sub, false);
            }
            if (!isEmpty(succ)) {
                reduce(subgraph, StepKind.SUCCESSORS, sort(searchAllPaths(succ, sub), true));
            }
        }
    }

    /** Hypernode_Reduction: the nodes join H and are appended to the order. */
    private void reduce(int subgraph, StepKind kind, int[] nodes) {
        for (int v : nodes) {
            inH[v] = true;
            order[len++] = v;
        }
        steps.add(new Step(subgraph, kind, nodes));
    }

    private boolean ordinary(int e) {
        return !back[e] && g.source(e) != g.target(e);
    }

    /** Pred(H) (or Succ(H)) among the subgraph's nodes outside H. */
    private boolean[] neighboursOfH(boolean[] sub, boolean predecessors) {
        boolean[] r = new boolean[sub.length];
        for (int v = 0; v < sub.length; v++) {
            if (!sub[v] || inH[v]) {
                continue;
            }
            for (int e : predecessors ? g.outEdges(v) : g.inEdges(v)) {
                if (ordinary(e) && inH[predecessors ? g.target(e) : g.source(e)]) {
                    r[v] = true;
                    break;
                }
            }
        }
        return r;
    }

    /** Search_All_Paths: V' plus the subgraph's nodes outside H that lie on a path between two nodes of V'. */
    private boolean[] searchAllPaths(boolean[] vPrime, boolean[] sub) {
        int[] seeds = GraphSearch.members(vPrime);
        boolean[] from = GraphSearch.reachableFrom(g, this::ordinary, v -> sub[v] && !inH[v], seeds);
        boolean[] to = GraphSearch.reaching(g, this::ordinary, v -> sub[v] && !inH[v], seeds);
        boolean[] r = new boolean[vPrime.length];
        for (int v = 0; v < r.length; v++) {
            r[v] = vPrime[v] || (from[v] && to[v]);
        }
        return r;
    }

    /**
     * Sort_ASAP ({@code asap}): repeatedly the node of V' with the lowest ASAP whose predecessors in V' are all
     * taken; Sort_PALA: the node with the highest ALAP whose successors in V' are all taken. Ties: lowest index.
     */
    private int[] sort(boolean[] vPrime, boolean asap) {
        int[] nodes = GraphSearch.members(vPrime);
        boolean[] taken = new boolean[vPrime.length];
        int[] out = new int[nodes.length];
        for (int k = 0; k < out.length; k++) {
            int best = -1;
            for (int v : nodes) {
                if (taken[v] || waits(v, vPrime, taken, asap)) {
                    continue;
                }
                if (best < 0 || (asap ? props.asap(v) < props.asap(best) : props.alap(v) > props.alap(best))) {
                    best = v;
                }
            }
            if (best < 0) { // cannot happen: V' is acyclic without back edges
                throw new IllegalStateException("cycle among the reduced nodes of loop '" + loop.name() + "'");
            }
            taken[best] = true;
            out[k] = best;
        }
        return out;
    }

    /** Whether v still has an untaken predecessor (top-down) or successor (bottom-up) in V'. */
    private boolean waits(int v, boolean[] vPrime, boolean[] taken, boolean topDown) {
        for (int e : topDown ? g.inEdges(v) : g.outEdges(v)) {
            int w = topDown ? g.source(e) : g.target(e);
            if (ordinary(e) && vPrime[w] && !taken[w]) {
                return true;
            }
        }
        return false;
    }

    private static boolean isEmpty(boolean[] set) {
        for (boolean b : set) {
            if (b) {
                return false;
            }
        }
        return true;
    }

}
