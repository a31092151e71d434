package tessera.telamon.model;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import tessera.telamon.model.Hardware.Resource;

/**
 * Seed 001 §5.1.3–5.1.4 and §5.2.3 (digest 001b §2.4, §3.4): loop levels 𝕃 (Def. 5.1, eq. 5.9), restriction
 * (5.10), merged-class representatives (5.13–5.14), loop-level sizes, the parallelism sets 𝒟_i, instance counts
 * N_L^i (5.15, the prose reading), iteration usage and latency (5.16–5.17), and the selection 𝕃_0 (5.50). With
 * {@link LowerBound.Ordering#COMPILED} an instruction's instances count only its own iteration dimensions and the
 * thread and block dimensions around it: ptxas removes the copies that nesting in other loops adds (hoisting,
 * dead-code elimination), the hardware runs every thread's.
 * Levels are {@link BitSet}s of statement indexes.
 */
public final class LoopLevels {
    private final Domains m;
    private final LocalCosts costs;
    private final Hardware hw;
    /** levelMask[d] bit i: d may map to level i (0 LOOP/UNROLL/VECTOR, 1 THREAD, 2 BLOCK). */
    private final int[] levelMask;

    private final LowerBound.Ordering ordering;

    public LoopLevels(Domains m, LocalCosts costs, Hardware hw, LowerBound.Ordering ordering) {
        this.ordering = ordering;
        this.m = m;
        this.costs = costs;
        this.hw = hw;
        levelMask = new int[m.size()];
        for (int d = 0; d < m.size(); d++) {
            if (m.isDim(d)) {
                int k = m.kind(d);
                levelMask[d] = ((k & (Domains.LOOP | Domains.UNROLL | Domains.VECTOR)) != 0 ? 1 : 0)
                        | ((k & Domains.THREAD) != 0 ? 2 : 0) | ((k & Domains.BLOCK) != 0 ? 4 : 0);
            }
        }
    }

    public Domains domains() {
        return m;
    }

    /** d ∈ 𝒟_i: d may map to level i. */
    public boolean mayMap(int d, int level) {
        return (levelMask[d] & (1 << level)) != 0;
    }

    /** Eq. 5.9: every two dimensions of L may only be merged or nested. */
    public boolean isLevel(BitSet l) {
        for (int a = l.nextSetBit(0); a >= 0; a = l.nextSetBit(a + 1)) {
            if (!m.isDim(a)) {
                return false;
            }
            for (int b = l.nextSetBit(a + 1); b >= 0; b = l.nextSetBit(b + 1)) {
                if ((m.order(a, b) & ~(Domains.MERGED | Domains.IN | Domains.OUT)) != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Eq. 5.10: the statements certainly nested inside every dimension of L (all of 𝒮 for ∅). */
    public BitSet body(BitSet l) {
        BitSet r = new BitSet();
        for (int s = 0; s < m.size(); s++) {
            boolean in = true;
            for (int d = l.nextSetBit(0); d >= 0 && in; d = l.nextSetBit(d + 1)) {
                in = d != s && m.order(s, d) == Domains.IN;
            }
            if (in) {
                r.set(s);
            }
        }
        return r;
    }

    /** Eq. 5.13 (S̄, {@code atLeastOne}) or 5.14 (S̲): representatives of merge classes in kernel order. */
    public BitSet representatives(BitSet set, boolean atLeastOne) {
        BitSet r = new BitSet();
        for (int s = set.nextSetBit(0); s >= 0; s = set.nextSetBit(s + 1)) {
            boolean keep = true;
            for (int t = set.nextSetBit(0); t >= 0 && t < s && keep; t = set.nextSetBit(t + 1)) {
                int o = m.order(s, t);
                keep = atLeastOne ? o != Domains.MERGED : (o & Domains.MERGED) == 0;
            }
            if (keep) {
                r.set(s);
            }
        }
        return r;
    }

    enum Bound { MIN, MAX, LCM }

    /** size_min, size_max or size_lcm of a set of dimensions (logical dimensions grouped where complete). */
    public long size(BitSet l, Bound which) {
        BitSet reps = representatives(l, which != Bound.MIN);
        long r = 1;
        BitSet rest = (BitSet) reps.clone();
        boolean[] done = new boolean[m.logicalDims.size()];
        for (int g = 0; g < done.length; g++) {
            int[] dims = m.logicalDims(g);
            boolean all = dims.length > 1;
            for (int d : dims) {
                all &= d >= 0 && reps.get(d);
            }
            if (all) {
                done[g] = true;
                r = mul(r, m.logicalSize(g));
                for (int d : dims) {
                    rest.clear(d);
                }
            }
        }
        // a logical dimension one of whose tiles was left out of S̲ for a kept dimension it may be merged with: that
        // dimension stands in for the tile (merged dimensions have equal sizes; unmerged, both loops count, so the
        // logical size alone is still a lower bound), each kept dimension standing in once (matmul's acc under a
        // BLOCK m_a0 that may merge with m_r0: 256 instances of m, not 2·2·2; found by the Bound tab's UI test)
        for (int g = 0; g < done.length && which == Bound.MIN; g++) {
            int[] dims = m.logicalDims(g);
            if (done[g] || dims.length < 2) {
                continue;
            }
            BitSet use = new BitSet();
            boolean all = true;
            for (int d : dims) {
                if (d >= 0 && rest.get(d)) {
                    use.set(d);
                    continue;
                }
                int standIn = -1;
                if (d >= 0 && l.get(d)) {
                    for (int e = rest.nextSetBit(0); e >= 0 && standIn < 0; e = rest.nextSetBit(e + 1)) {
                        if (!use.get(e) && (m.order(d, e) & Domains.MERGED) != 0) {
                            standIn = e;
                        }
                    }
                }
                if (standIn < 0) {
                    all = false;
                    break;
                }
                use.set(standIn);
            }
            if (all) {
                r = mul(r, m.logicalSize(g));
                rest.andNot(use);
            }
        }
        for (int d = rest.nextSetBit(0); d >= 0; d = rest.nextSetBit(d + 1)) {
            r = mul(r, switch (which) {
                case MIN -> m.sizeMin(d);
                case MAX -> m.sizeMax(d);
                case LCM -> m.sizeLcm(d);
            });
        }
        return r;
    }

    public long sizeMin(BitSet l) {
        return size(l, Bound.MIN);
    }

    /** a · b, saturating at Long.MAX_VALUE. */
    static long mul(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /** Eq. 5.15 (prose): instances of s per iteration of L at level i: the dimensions between L and s in 𝒟_≤i. */
    public double instances(BitSet l, int s, int level) {
        BitSet between = new BitSet();
        java.util.List<String> own = ordering == LowerBound.Ordering.COMPILED && !m.isDim(s) ? m.inst(s).dims() : null;
        for (int d = 0; d < m.size(); d++) {
            if (!m.isDim(d) || d == s || m.order(s, d) != Domains.IN || (levelMask[d] & ((2 << level) - 1)) == 0
                    || own != null && !own.contains(m.name(d)) && !hardware(d)) {
                continue;
            }
            boolean inside = true;
            for (int e = l.nextSetBit(0); e >= 0 && inside; e = l.nextSetBit(e + 1)) {
                inside = e != d && m.order(d, e) == Domains.IN;
            }
            if (inside) {
                between.set(d);
            }
        }
        return sizeMin(between);
    }

    /**
     * A dimension that is certainly THREAD or BLOCK: every thread or block runs what is nested in it, so even with
     * {@link LowerBound.Ordering#COMPILED} those instances count (SIMT hardware runs them; no compiler removes them).
     */
    private boolean hardware(int d) {
        return m.kind(d) == Domains.THREAD || m.kind(d) == Domains.BLOCK;
    }

    /** Eqs 5.11 and 5.16: usage of r by one iteration of L at level i. */
    public double iterUsage(int level, BitSet l, Resource r) {
        return iterUsage(level, l, terms(level, l))[r.ordinal()];
    }

    /** One term of eq. 5.16: statement s of L's body, its instances per iteration of L. */
    private record Term(int s, double n) {
    }

    private List<Term> terms(int level, BitSet l) {
        List<Term> terms = new ArrayList<>();
        BitSet body = representatives(body(l), false);
        for (int s = body.nextSetBit(0); s >= 0; s = body.nextSetBit(s + 1)) {
            double[] u = costs.usage[s];
            boolean any = false;
            for (double x : u) {
                any |= x > 0;
            }
            if (any) {
                terms.add(new Term(s, instances(l, s, level)));
            }
        }
        return terms;
    }

    private double[] iterUsage(int level, BitSet l, List<Term> terms) {
        double[] sum = new double[Resource.values().length];
        for (Resource r : Resource.values()) {
            double overhead = Double.POSITIVE_INFINITY;
            for (int d = l.nextSetBit(0); d >= 0; d = l.nextSetBit(d + 1)) {
                overhead = Math.min(overhead, costs.iterOverhead[d][r.ordinal()]);
            }
            sum[r.ordinal()] = overhead == Double.POSITIVE_INFINITY ? 0 : overhead;
        }
        for (Term t : terms) {
            for (int r = 0; r < sum.length; r++) {
                sum[r] += t.n() * costs.usage[t.s()][r];
            }
        }
        return sum;
    }

    /** Eqs 5.12 and 5.17: the least time of one iteration of L at level i, with the resource that limits it. */
    public Explanation latency(int level, BitSet l, String levelName) {
        List<Term> terms = terms(level, l);
        double[] usage = iterUsage(level, l, terms);
        double best = 0;
        Resource limiting = null;
        for (Resource r : Resource.values()) {
            double t = usage[r.ordinal()] / hw.resource(level, r);
            if (t > best) {
                best = t;
                limiting = r;
            }
        }
        String why = limiting == null ? "no usage"
                : "resource " + limiting.label() + " limits level " + level + " (" + Hardware.LEVELS.get(level) + ")";
        double minLatency = Double.POSITIVE_INFINITY;
        for (int d = l.nextSetBit(0); d >= 0; d = l.nextSetBit(d + 1)) {
            minLatency = Math.min(minLatency, costs.iterMinLatency[d]);
        }
        if (minLatency != Double.POSITIVE_INFINITY && minLatency > best) {
            best = minLatency;
            why = "the loop overhead of an iteration";
            limiting = null;
        }
        return Explanation.leaf(best, "usage", why + " in one iteration of " + levelName
                + (limiting == null ? "" : " (" + largest(terms, limiting) + ")"));
    }

    /** The three largest terms of eq. 5.16 for r: statement, instances, usage per instance. */
    private String largest(List<Term> terms, Resource r) {
        List<Term> sorted = new ArrayList<>(terms);
        sorted.removeIf(t -> costs.usage[t.s()][r.ordinal()] <= 0);
        sorted.sort(java.util.Comparator.comparingDouble((Term t) -> -t.n() * costs.usage[t.s()][r.ordinal()]));
        List<String> words = new ArrayList<>();
        for (Term t : sorted.subList(0, Math.min(3, sorted.size()))) {
            words.add(m.name(t.s()) + " " + fmt(t.n()) + " × " + fmt(costs.usage[t.s()][r.ordinal()]));
        }
        return String.join(", ", words) + (sorted.size() > 3 ? ", …" : "");
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(java.util.Locale.ROOT, "%,d", (long) v)
                : String.format(java.util.Locale.ROOT, "%.3g", v);
    }

    /** §5.2.3 (eq. 5.50): the selected loop levels 𝕃_0, ∅ first. */
    public List<BitSet> select() {
        Set<BitSet> nodes = new LinkedHashSet<>();
        nodes.add(new BitSet());
        for (int s = 0; s < m.size(); s++) {
            BitSet is = new BitSet();
            for (int d = 0; d < m.size(); d++) {
                if (m.isDim(d) && d != s && m.order(s, d) == Domains.IN) {
                    is.set(d);
                }
            }
            nodes.add(is);
        }
        List<BitSet> list = new ArrayList<>(nodes);
        int n = list.size();
        boolean[][] edge = new boolean[n][n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                edge[a][b] = a != b && edges(list.get(a), list.get(b));
            }
        }
        List<BitSet> selected = new ArrayList<>();
        selected.add(new BitSet());
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                if (edge[a][b] && !implied(edge, a, b)) {
                    BitSet diff = (BitSet) list.get(b).clone();
                    diff.andNot(list.get(a));
                    if (!diff.isEmpty() && isLevel(diff) && !selected.contains(diff)) {
                        selected.add(diff);
                    }
                }
            }
        }
        // every certainly-LOOP dimension is a level of its own: the selection above follows the orders decided, and
        // a decision that regroups the levels must not drop a loop's iterations (found by BoundExhaustionTest)
        for (int d = 0; d < m.size(); d++) {
            if (m.isDim(d) && m.kind(d) == Domains.LOOP) {
                BitSet single = new BitSet();
                single.set(d);
                if (!selected.contains(single)) {
                    selected.add(single);
                }
            }
        }
        return selected;
    }

    /** Eq. 5.50 with IS(s1) ⊂ IS(s2) (digest §3.4): what s2 adds is nested inside all of s1's dimensions. */
    private boolean edges(BitSet is1, BitSet is2) {
        BitSet sub = (BitSet) is1.clone();
        sub.andNot(is2);
        if (!sub.isEmpty() || is1.equals(is2)) {
            return false;
        }
        for (int d2 = is2.nextSetBit(0); d2 >= 0; d2 = is2.nextSetBit(d2 + 1)) {
            if (is1.get(d2)) {
                continue;
            }
            for (int d1 = is1.nextSetBit(0); d1 >= 0; d1 = is1.nextSetBit(d1 + 1)) {
                if (m.order(d2, d1) != Domains.IN) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Transitive reduction: a → b is implied when a path a → c → … → b exists. */
    private static boolean implied(boolean[][] edge, int a, int b) {
        int n = edge.length;
        boolean[] seen = new boolean[n];
        java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>();
        for (int c = 0; c < n; c++) {
            if (c != b && edge[a][c]) {
                seen[c] = true;
                todo.add(c);
            }
        }
        while (!todo.isEmpty()) {
            int c = todo.poll();
            if (edge[c][b]) {
                return true;
            }
            for (int e = 0; e < n; e++) {
                if (!seen[e] && e != b && edge[c][e]) {
                    seen[e] = true;
                    todo.add(e);
                }
            }
        }
        return false;
    }
}
