package tessera.telamon.model;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 001 §5.2.2–5.2.4 (Def. 5.7, eqs 5.40–5.46, Thm 5.3; digest 001b §3.5): the abstraction G^D of the
 * execution graph over ℙ_0, built for D = D_L of every selected level (inclusion order, memoised by D) and for
 * D = 𝒟; B_0 is the longest E_∅ → X_∅ path of G^𝒟. Edges: program order (weight 0), loop-level usage E_L → X_L
 * at the synchronising levels 0 and 1 (5.43), dependencies whose point-to-point dimensions lie in D (5.44),
 * iterations of a sequential level (5.45) and loop-carried chains (5.46), both from the points that run before
 * every loop sharing or possibly merging a dimension with the level.
 * <p>
 * {@link LowerBound.Ordering#EMITTED} is the thesis's graph: the code runs in the order it is emitted.
 * {@link LowerBound.Ordering#COMPILED} keeps what ptxas cannot undo (measured on an H200, docs/telamon-model.md:
 * it reorders straight-line code and unrolls and interleaves constant-trip loops): data dependencies, loop-carried
 * chains along dimensions that are LOOP or UNROLL whatever is decided, and the whole kernel's usage; program order
 * only from E_∅ and to X_∅.
 */
public final class ExecutionGraph {
    /** An edge with its weight and why it holds. */
    public record Edge(int from, int to, Explanation why) {
    }

    private final Domains m;
    private final LoopLevels ll;
    private final LocalCosts costs;
    private final ProgramPoints pp;
    private final List<BitSet> levels;
    private final Explanation[][] levelLatency; // [level of 𝕃_0][sync level 0 or 1]
    private final BitSet[] dl; // D_L per level of 𝕃_0
    private final Map<BitSet, Graph> graphs = new HashMap<>();
    private final BitSet allDims = new BitSet();
    /** barrier[p]: p is the entry or exit of ∅ or of a level whose dimensions are certainly LOOP. */
    private final boolean[] barrier;

    private final LowerBound.Ordering ordering;

    public ExecutionGraph(LoopLevels ll, LocalCosts costs, ProgramPoints pp, LowerBound.Ordering ordering) {
        this.ordering = ordering;
        this.m = ll.domains();
        this.ll = ll;
        this.costs = costs;
        this.pp = pp;
        this.levels = pp.levels();
        for (int d = 0; d < m.size(); d++) {
            if (m.isDim(d)) {
                allDims.set(d);
            }
        }
        barrier = new boolean[pp.points().size()];
        for (int p = 0; p < barrier.length; p++) {
            ProgramPoints.Point x = pp.points().get(p);
            barrier[p] = ordering == LowerBound.Ordering.EMITTED || !x.isInst() && x.level() == 0;
        }
        levelLatency = new Explanation[levels.size()][2];
        dl = new BitSet[levels.size()];
        for (int l = 0; l < levels.size(); l++) {
            dl[l] = dimsBeforeOrInside(l);
        }
    }

    /** B_0 (Thm 5.3): the longest E_∅ → X_∅ path of G^𝒟, explained. */
    public Explanation b0() {
        return longestPath(allDims, pp.entry(), pp.exit());
    }

    /** The edges of G^D, built once per D. */
    public List<Edge> graph(BitSet d) {
        return memo(d).edges;
    }

    /** G^D with its out-lists and the longest paths from each source, computed once each (memoised per D). */
    private final class Graph {
        final List<Edge> edges;
        final List<List<Edge>> out = new ArrayList<>();
        final Map<Integer, Object[]> fromSource = new HashMap<>();

        Graph(List<Edge> edges) {
            this.edges = edges;
            for (int v = 0; v < pp.points().size(); v++) {
                out.add(new ArrayList<>());
            }
            for (Edge e : edges) {
                out.get(e.from()).add(e);
            }
        }

        /** {dist, via} of the longest paths from p. */
        Object[] from(int p) {
            Object[] r = fromSource.get(p);
            if (r == null) {
                int n = pp.points().size();
                double[] dist = new double[n];
                Edge[] via = new Edge[n];
                java.util.Arrays.fill(dist, Double.NEGATIVE_INFINITY);
                dist[p] = 0;
                for (int v = p; v < n; v++) {
                    if (dist[v] == Double.NEGATIVE_INFINITY) {
                        continue;
                    }
                    for (int w = v + 1; w < n; w++) {
                        if ((barrier[v] || barrier[w]) && pp.precedes(v, w) && dist[v] > dist[w]) {
                            dist[w] = dist[v];
                            via[w] = new Edge(v, w, null);
                        }
                    }
                    for (Edge e : out.get(v)) {
                        if (dist[v] + e.why().value() > dist[e.to()]) {
                            dist[e.to()] = dist[v] + e.why().value();
                            via[e.to()] = e;
                        }
                    }
                }
                r = new Object[] { dist, via };
                fromSource.put(p, r);
            }
            return r;
        }
    }

    private Graph memo(BitSet d) {
        Graph g = graphs.get(d);
        if (g == null) {
            g = new Graph(build(d));
            graphs.put((BitSet) d.clone(), g);
        }
        return g;
    }

    /**
     * Eq. 5.41: D_L, the dimensions whose exit precedes X_L, leaving out L's dimensions and those that may be merged
     * with them (X_{d} of a dimension merged into L is a virtual point before X_L; keeping it would put L in its own
     * D_L, and the level would get no iteration edge: found by BoundExhaustionTest).
     */
    private BitSet dimsBeforeOrInside(int l) {
        BitSet r = new BitSet();
        ProgramPoints.Point xl = pp.points().get(pp.find(l, true));
        BitSet closure = mergeClosure(levels.get(l));
        for (int d = allDims.nextSetBit(0); d >= 0; d = allDims.nextSetBit(d + 1)) {
            if (closure.get(d)) {
                continue;
            }
            BitSet single = new BitSet();
            single.set(d);
            ProgramPoints.Point xd = pp.levelPoint(-1, single, true);
            if (ProgramPoints.precedesOrEqual(xd, xl) && !ProgramPoints.precedesOrEqual(xl, xd)) {
                r.set(d);
            }
        }
        return r;
    }

    private List<Edge> build(BitSet d) {
        List<Edge> edges = new ArrayList<>();
        for (int l = 0; l < levels.size(); l++) {
            int e = pp.find(l, false), x = pp.find(l, true);
            if (!barrier[e]) {
                continue;
            }
            for (int sync = 0; sync < 2; sync++) {
                if (levelLatency[l][sync] == null) { // computed for the levels that get usage edges only
                    levelLatency[l][sync] = ll.latency(sync, levels.get(l), pp.levelName(levels.get(l)));
                }
                if (levelLatency[l][sync].value() > 0) {
                    edges.add(new Edge(e, x, levelLatency[l][sync]));
                }
            }
        }
        for (Domains.Dep dep : m.deps()) {
            boolean inD = true;
            for (int[] p : dep.pairs()) {
                inD &= d.get(p[0]) && d.get(p[1]);
            }
            int a = pp.findInst(dep.from()), b = pp.findInst(dep.to());
            if (inD && a >= 0 && b >= 0 && a < b) {
                edges.add(new Edge(a, b, Explanation.leaf(costs.instLatency(dep.from()), "dependency",
                        m.name(dep.to()) + " reads " + m.name(dep.from()))));
            }
        }
        for (int l = 1; l < levels.size(); l++) {
            BitSet level = levels.get(l);
            BitSet need = (BitSet) level.clone();
            need.or(dl[l]);
            if (!ProgramPoints.subset(need, d) || ProgramPoints.subset(d, dl[l])) {
                continue;
            }
            // iterations of the level's sequential dimensions (all of them when all may be sequential): each runs the
            // body once in a thread, whatever the others become (a THREAD dimension's iterations are other threads)
            BitSet seq = sequentialPart(level);
            long n = seq.isEmpty() ? 1 : ll.sizeMin(seq);
            long carried = ll.sizeMin(level);
            int e = pp.find(l, false), x = pp.find(l, true);
            BitSet closure = mergeClosure(level);
            BitSet body = ll.body(level);
            for (int p = 0; p < pp.points().size(); p++) {
                if (!startsBefore(p, closure)) {
                    continue;
                }
                if (n >= 2 && p < e && barrier[e]) {
                    Explanation w1 = longestPath(dl[l], p, x), w2 = longestPath(dl[l], e, x);
                    if (w1 != null && w2 != null) {
                        double w = w1.value() + w2.value() * (n - 2);
                        edges.add(new Edge(p, e, new Explanation(w, "loop level", (n - 1) + " iterations of "
                                + pp.levelName(level) + " from " + pp.label(p) + " (the first, then " + (n - 2)
                                + " × the longest iteration)", List.of(w1, w2))));
                    }
                }
                for (Domains.SelfDep sd : m.selfDeps()) {
                    int a = pp.findInst(sd.inst());
                    if (a < 0 || p >= a || !chained(level) || !covers(sd, level) || !body.get(sd.inst())) {
                        continue;
                    }
                    Explanation w = longestPath(dl[l], p, a);
                    if (w != null) {
                        double lat = costs.instLatency(sd.inst());
                        edges.add(new Edge(p, a, new Explanation(w.value() + lat * (carried - 1), "loop-carried",
                                m.name(sd.inst()) + " waits for its previous value " + (carried - 1) + " times along "
                                        + pp.levelName(level) + " (latency " + fmt(lat) + ")", List.of(w))));
                    }
                }
            }
        }
        return edges;
    }

    /** Def. 5.6 item 4: every dimension may be LOOP or UNROLL and none may be VECTOR. */
    private boolean sequential(BitSet level) {
        return sequentialPart(level).equals(level);
    }

    /** The level's dimensions that are sequential in Def. 5.6's sense (may be LOOP or UNROLL, may not be VECTOR). */
    private BitSet sequentialPart(BitSet level) {
        BitSet r = new BitSet();
        for (int d = level.nextSetBit(0); d >= 0; d = level.nextSetBit(d + 1)) {
            int k = m.kind(d);
            if ((k & (Domains.LOOP | Domains.UNROLL)) != 0 && (k & Domains.VECTOR) == 0) {
                r.set(d);
            }
        }
        return r;
    }

    /** A loop-carried chain runs along the level: the thesis's sequential, or (COMPILED) certainly LOOP/UNROLL. */
    private boolean chained(BitSet level) {
        if (ordering == LowerBound.Ordering.EMITTED) {
            return sequential(level);
        }
        for (int d = level.nextSetBit(0); d >= 0; d = level.nextSetBit(d + 1)) {
            if ((m.kind(d) & ~(Domains.LOOP | Domains.UNROLL)) != 0) {
                return false;
            }
        }
        return true;
    }

    /** Every dimension of the level is one the self-dependency runs along, or certainly merged with one. */
    private boolean covers(Domains.SelfDep sd, BitSet level) {
        for (int d = level.nextSetBit(0); d >= 0; d = level.nextSetBit(d + 1)) {
            boolean found = false;
            for (int x : sd.dims()) {
                found |= x == d || m.order(d, x) == Domains.MERGED;
            }
            if (!found) {
                return false;
            }
        }
        return true;
    }

    /** The level's dimensions and every dimension that may be merged with one of them. */
    private BitSet mergeClosure(BitSet level) {
        BitSet c = (BitSet) level.clone();
        for (int d = level.nextSetBit(0); d >= 0; d = level.nextSetBit(d + 1)) {
            for (int e = allDims.nextSetBit(0); e >= 0; e = allDims.nextSetBit(e + 1)) {
                if (e != d && (m.order(e, d) & Domains.MERGED) != 0) {
                    c.set(e);
                }
            }
        }
        return c;
    }

    /**
     * A point from which the iterations of a level may be counted (digest §3.5 item 3, a sound subset of "before
     * E_L' for every L' sharing or possibly merging a dimension"): E_∅; the entry of a selected level whose
     * dimensions certainly contain every dimension of the closure; an instruction certainly before every dimension
     * of the closure whose possible enclosing dimensions all certainly contain the closure.
     */
    private boolean startsBefore(int p, BitSet closure) {
        ProgramPoints.Point x = pp.points().get(p);
        if (!x.isInst()) {
            if (x.exit()) {
                return false;
            }
            BitSet outer = levels.get(x.level());
            for (int o = outer.nextSetBit(0); o >= 0; o = outer.nextSetBit(o + 1)) {
                if (!containsAll(o, closure)) {
                    return false;
                }
            }
            return true;
        }
        int i = x.inst();
        for (int d = closure.nextSetBit(0); d >= 0; d = closure.nextSetBit(d + 1)) {
            if (m.order(i, d) != Domains.BEFORE) {
                return false;
            }
        }
        for (int e = allDims.nextSetBit(0); e >= 0; e = allDims.nextSetBit(e + 1)) {
            if ((m.order(i, e) & Domains.IN) != 0 && !containsAll(e, closure)) {
                return false;
            }
        }
        return true;
    }

    private boolean containsAll(int outer, BitSet closure) {
        for (int d = closure.nextSetBit(0); d >= 0; d = closure.nextSetBit(d + 1)) {
            if (m.order(outer, d) != Domains.OUT) {
                return false;
            }
        }
        return true;
    }

    /** The longest path from p to q in G^D (null when q is not reachable), as a chain of its edges. */
    public Explanation longestPath(BitSet d, int p, int q) {
        List<Edge> path = criticalPath(d, p, q);
        if (path == null) {
            return null;
        }
        List<Explanation> parts = new ArrayList<>();
        double total = 0;
        for (Edge e : path) {
            if (e.why() != null) {
                parts.add(e.why());
                total += e.why().value();
            }
        }
        if (parts.isEmpty()) {
            return Explanation.leaf(0, "chain", "program order from " + pp.label(p) + " to " + pp.label(q));
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        return new Explanation(total, "chain", "the longest path from " + pp.label(p) + " to " + pp.label(q), parts);
    }

    /**
     * The edges of a longest path from p to q in G^D, program-order steps included (their {@code why} is null);
     * null when q is not reachable from p.
     */
    public List<Edge> criticalPath(BitSet d, int p, int q) {
        if (p > q) {
            return null;
        }
        Object[] r = memo(d).from(p);
        double[] dist = (double[]) r[0];
        Edge[] via = (Edge[]) r[1];
        if (dist[q] == Double.NEGATIVE_INFINITY) {
            return null;
        }
        List<Edge> path = new ArrayList<>();
        for (int v = q; v != p; v = via[v].from()) {
            path.add(0, via[v]);
        }
        return path;
    }

    /** The program-order edges of G^D (weight 0) this ordering keeps, for drawing. */
    public List<Edge> orderEdges() {
        List<Edge> r = new ArrayList<>();
        int n = pp.points().size();
        for (int v = 0; v < n; v++) {
            for (int w = v + 1; w < n; w++) {
                if ((barrier[v] || barrier[w]) && pp.precedes(v, w)) {
                    r.add(new Edge(v, w, null));
                }
            }
        }
        return r;
    }

    public BitSet allDims() {
        return (BitSet) allDims.clone();
    }

    static String fmt(double v) {
        return String.format(java.util.Locale.ROOT, "%,.1f", v);
    }
}
