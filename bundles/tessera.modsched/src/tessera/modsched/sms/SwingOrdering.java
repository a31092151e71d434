package tessera.modsched.sms;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import tessera.core.Monitor;
import tessera.core.graph.Digraph;
import tessera.core.graph.GraphSearch;
import tessera.core.graph.StronglyConnectedComponents;
import tessera.modsched.analysis.NodeProperties;
import tessera.modsched.analysis.RecMII;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Operation;
import tessera.modsched.model.Reservation;

/**
 * Seed 002 §4.2, swing node ordering: the partial order (sets S1..Sn: recurrences by decreasing RecMII plus the
 * nodes on paths joining them to earlier sets, then the connected components of the remaining nodes) and the
 * bottom-up / top-down sweeps of Fig. 7 (digest §3.3-3.4). Pred/Succ are taken without back edges.
 * <p>
 * Conventions where the paper is silent (digest P2, P4, P5, P9, P10): a recurrence is a strongly connected
 * component (its RecMII is the largest of its circuits); equal RecMII goes to the component with the lowest node
 * index; path nodes are taken in both directions over all edges; remaining components are ordered by lowest node
 * index; R never re-admits ordered nodes; "choose any" means the lowest node index (or, with the resource tie-break,
 * the more resource-constrained node first).
 */
public final class SwingOrdering {
    /** Sweep direction. */
    public enum Direction {
        TOP_DOWN, BOTTOM_UP;

        public String word() {
            return this == TOP_DOWN ? "top-down" : "bottom-up";
        }
    }

    /** One set of the partial order. {@code recMII} is 0 for sets of remaining nodes. */
    public record NodeSet(boolean recurrence, int recMII, int[] nodes) {
    }

    /** One uninterrupted sweep: the nodes appended to O while the direction stayed the same in one set. */
    public record Sweep(int set, Direction direction, int[] nodes) {
    }

    /** The partial order, the final order O, and the sweeps that built it. */
    public record Result(List<NodeSet> sets, int[] order, List<Sweep> sweeps) {
        /** Position of each node in O. */
        public int[] positions() {
            int[] p = new int[order.length];
            for (int i = 0; i < order.length; i++) {
                p[order[i]] = i;
            }
            return p;
        }
    }

    private final Loop loop;
    private final NodeProperties props;
    private final boolean[] back;
    private final Digraph g;
    private final SmsOptions options;
    private final boolean topDownFirst;
    private final double[] resourceScore;
    private final boolean nonPositiveLatency;

    private SwingOrdering(Loop loop, NodeProperties props, SmsOptions options, boolean topDownFirst) {
        this.loop = loop;
        this.props = props;
        this.back = props.backEdges();
        this.g = loop.graph();
        this.options = options;
        this.topDownFirst = topDownFirst;
        this.resourceScore = resourceScores(loop);
        boolean np = false;
        for (int e = 0; e < g.edgeCount(); e++) {
            if (!back[e] && loop.latency(e) <= 0) {
                np = true;
            }
        }
        this.nonPositiveLatency = np;
    }

    /** The original ordering (lines 3-12 test Pred_L first). */
    public static Result compute(Loop loop, NodeProperties props, RecMII recMII, SmsOptions options,
            Monitor monitor) {
        return new SwingOrdering(loop, props, options, false).run(partialOrder(loop, recMII), monitor);
    }

    /** The symmetric, top-down-first ordering of modification 4 (lines 3'-12', digest §3.7). */
    public static Result computeTopDownFirst(Loop loop, NodeProperties props, RecMII recMII, SmsOptions options,
            Monitor monitor) {
        return new SwingOrdering(loop, props, options, true).run(partialOrder(loop, recMII), monitor);
    }

    /**
     * Modification 3 score: Σ over the op's resource cycles of the load of that class (total cycles / units),
     * so a non-pipelined divide on a busy divider outranks a one-cycle add.
     */
    static double[] resourceScores(Loop loop) {
        int nr = loop.machine().resources().size();
        double[] load = new double[nr];
        for (Operation op : loop.operations()) {
            for (Reservation.Use u : op.reservation().uses()) {
                load[u.resource()] += u.offsetCount();
            }
        }
        for (int r = 0; r < nr; r++) {
            load[r] /= loop.machine().resource(r).count();
        }
        double[] score = new double[loop.size()];
        for (Operation op : loop.operations()) {
            for (Reservation.Use u : op.reservation().uses()) {
                score[op.index()] += u.offsetCount() * load[u.resource()];
            }
        }
        return score;
    }

    /** Seed 002 §4.2, first level: the list of sets S1..Sn (digest §3.3). */
    public static List<NodeSet> partialOrder(Loop loop, RecMII recMII) {
        Digraph g = loop.graph();
        int n = g.nodeCount();
        StronglyConnectedComponents scc = recMII.components();
        List<Integer> recs = recMII.recurrencesByRecMII();
        boolean[] assigned = new boolean[n];
        List<Integer> assignedList = new ArrayList<>();
        List<NodeSet> sets = new ArrayList<>();
        for (int c : recs) {
            int[] comp = scc.components().get(c);
            boolean[] in = new boolean[n];
            for (int v : comp) {
                in[v] = !assigned[v];
            }
            if (!assignedList.isEmpty()) {
                int[] prev = assignedList.stream().mapToInt(Integer::intValue).toArray();
                boolean[] between = GraphSearch.onPaths(g, prev, comp);
                for (int v = 0; v < n; v++) {
                    if (!assigned[v] && between[v]) {
                        in[v] = true;
                    }
                }
            }
            int[] nodes = GraphSearch.members(in);
            if (nodes.length == 0) {
                continue;
            }
            for (int v : nodes) {
                assigned[v] = true;
                assignedList.add(v);
            }
            sets.add(new NodeSet(true, recMII.componentRecMII(c), nodes));
        }
        for (int[] comp : GraphSearch.weakComponents(g, e -> true, v -> !assigned[v])) {
            sets.add(new NodeSet(false, 0, comp));
        }
        return sets;
    }

    private Result run(List<NodeSet> sets, Monitor monitor) {
        int n = g.nodeCount();
        boolean[] ordered = new boolean[n];
        int[] order = new int[n];
        int len = 0;
        List<Sweep> sweeps = new ArrayList<>();
        boolean[] inSet = new boolean[n];
        for (int si = 0; si < sets.size(); si++) {
            monitor.checkCanceled();
            int[] whole = sets.get(si).nodes();
            for (int v : whole) {
                inSet[v] = true;
            }
            int[] s = whole;
            // the paper stops when R is empty; nodes of the set tied to ordered ones only through back edges would be
            // lost, so (convention) the set is seeded again with its unordered rest until all of it is ordered
            while (s.length > 0) {
                List<Integer> r;
                Direction dir;
                List<Integer> predL = predL(s, ordered);
                List<Integer> succL = succL(s, ordered);
                if (!topDownFirst) {
                    if (!predL.isEmpty()) { // lines 3-5
                        r = predL;
                        dir = Direction.BOTTOM_UP;
                    } else if (!succL.isEmpty()) { // lines 6-8
                        r = succL;
                        dir = Direction.TOP_DOWN;
                    } else { // lines 9-11: the node with the highest ASAP
                        r = new ArrayList<>(List.of(seedHighestAsap(s)));
                        dir = Direction.BOTTOM_UP;
                    }
                } else {
                    if (!succL.isEmpty()) { // line 3'
                        r = succL;
                        dir = Direction.TOP_DOWN;
                    } else if (!predL.isEmpty()) { // line 6'
                        r = predL;
                        dir = Direction.BOTTOM_UP;
                    } else if (options.symmetricSeed() == SmsOptions.SeedRule.HIGHEST_ASAP_BOTTOM_UP) {
                        r = new ArrayList<>(List.of(seedHighestAsap(s)));
                        dir = Direction.BOTTOM_UP;
                    } else { // digest P18: the uncertain else-branch, mirrored
                        r = new ArrayList<>(List.of(seedLowestAlap(s)));
                        dir = Direction.TOP_DOWN;
                    }
                }
                boolean[] inR = new boolean[n];
                for (int v : r) {
                    inR[v] = true;
                }
                while (!r.isEmpty()) { // lines 13-31
                    int start = len;
                    while (!r.isEmpty()) {
                        int v = pick(r, inR, dir, ordered, inSet);
                        r.remove(Integer.valueOf(v));
                        inR[v] = false;
                        order[len++] = v;
                        ordered[v] = true;
                        // lines 18 / 26: add the set's successors (predecessors) of v that are not yet ordered (P5)
                        for (int e : dir == Direction.TOP_DOWN ? g.outEdges(v) : g.inEdges(v)) {
                            if (back[e]) {
                                continue;
                            }
                            int w = dir == Direction.TOP_DOWN ? g.target(e) : g.source(e);
                            if (inSet[w] && !ordered[w] && !inR[w]) {
                                inR[w] = true;
                                r.add(w);
                            }
                        }
                    }
                    if (len > start) {
                        sweeps.add(new Sweep(si, dir, Arrays.copyOfRange(order, start, len)));
                    }
                    // lines 20-21 / 28-29: switch direction
                    if (dir == Direction.TOP_DOWN) {
                        dir = Direction.BOTTOM_UP;
                        r = predL(s, ordered);
                    } else {
                        dir = Direction.TOP_DOWN;
                        r = succL(s, ordered);
                    }
                    for (int v : r) {
                        inR[v] = true;
                    }
                }
                s = Arrays.stream(whole).filter(v -> !ordered[v]).toArray();
            }
            for (int v : whole) {
                inSet[v] = false;
            }
        }
        return new Result(sets, order, sweeps);
    }

    /** Pred_L(O) ∩ S: unordered nodes of S with an ordered successor (edges without back edges). */
    private List<Integer> predL(int[] s, boolean[] ordered) {
        return unorderedNextToOrdered(s, ordered, true);
    }

    /** Succ_L(O) ∩ S: unordered nodes of S with an ordered predecessor. */
    private List<Integer> succL(int[] s, boolean[] ordered) {
        return unorderedNextToOrdered(s, ordered, false);
    }

    /** Unordered nodes of S with an ordered successor (or predecessor), over edges that are not back edges. */
    private List<Integer> unorderedNextToOrdered(int[] s, boolean[] ordered, boolean successor) {
        List<Integer> r = new ArrayList<>();
        for (int v : s) {
            if (ordered[v]) {
                continue;
            }
            for (int e : successor ? g.outEdges(v) : g.inEdges(v)) {
                if (!back[e] && ordered[successor ? g.target(e) : g.source(e)]) {
                    r.add(v);
                    break;
                }
            }
        }
        return r;
    }

    private int seedHighestAsap(int[] s) {
        int best = s[0];
        for (int v : s) {
            int c = Integer.compare(props.asap(v), props.asap(best));
            if (c > 0 || (c == 0 && tieBetter(v, best))) {
                best = v;
            }
        }
        return best;
    }

    private int seedLowestAlap(int[] s) {
        int best = s[0];
        for (int v : s) {
            int c = Integer.compare(props.alap(v), props.alap(best));
            if (c < 0 || (c == 0 && tieBetter(v, best))) {
                best = v;
            }
        }
        return best;
    }

    /** "Choose any": the more resource-constrained node with modification 3, then the lowest index. */
    private boolean tieBetter(int v, int best) {
        if (options.resourceTieBreak()) {
            int c = Double.compare(resourceScore[v], resourceScore[best]);
            if (c != 0) {
                return c > 0;
            }
        }
        return v < best;
    }

    /** Lines 16 / 24: highest H (D), then lowest MOB, then the tie-break. */
    private int pick(List<Integer> r, boolean[] inR, Direction dir, boolean[] ordered, boolean[] inSet) {
        int best = -1;
        boolean restrict = options.zeroLatencyAware() && nonPositiveLatency && r.size() > 1;
        for (int v : r) {
            if (restrict && hasRelativeInR(v, dir, inR, ordered, inSet)) {
                continue;
            }
            if (best < 0 || better(v, best, dir)) {
                best = v;
            }
        }
        if (best < 0) { // cannot happen on an acyclic E'; fall back to the unrestricted choice
            for (int v : r) {
                if (best < 0 || better(v, best, dir)) {
                    best = v;
                }
            }
        }
        return best;
    }

    private boolean better(int v, int best, Direction dir) {
        int pv = dir == Direction.TOP_DOWN ? props.height(v) : props.depth(v);
        int pb = dir == Direction.TOP_DOWN ? props.height(best) : props.depth(best);
        if (pv != pb) {
            return pv > pb;
        }
        if (props.mobility(v) != props.mobility(best)) {
            return props.mobility(v) < props.mobility(best);
        }
        return tieBetter(v, best);
    }

    /**
     * Modification 1 (zero/negative latencies): in top-down mode v must not have an ancestor in R (through unordered
     * nodes of the set), in bottom-up mode no descendant in R, because H and D no longer separate related nodes.
     */
    private boolean hasRelativeInR(int v, Direction dir, boolean[] inR, boolean[] ordered, boolean[] inSet) {
        boolean[] found = dir == Direction.TOP_DOWN
                ? GraphSearch.reaching(g, e -> !back[e], w -> inSet[w] && !ordered[w], v)
                : GraphSearch.reachableFrom(g, e -> !back[e], w -> inSet[w] && !ordered[w], v);
        for (int w = 0; w < found.length; w++) {
            if (w != v && found[w] && inR[w]) {
                return true;
            }
        }
        return false;
    }
}
