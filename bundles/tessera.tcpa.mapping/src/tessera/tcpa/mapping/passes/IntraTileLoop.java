package tessera.tcpa.mapping.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Diagnostics;
import tessera.core.poly.AffineExpr;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.Polynomial;
import tessera.core.poly.Space;
import tessera.core.poly.UnionSet;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.model.Schedule;
import tessera.modsched.rdg.Exclusivity;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.EdgeKind;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.tcpa.Fu;

/**
 * The intra-tile modulo scheduling problem of seed 003 §5.2 as a seed 002 loop (tessera.modsched): one pipelined
 * resource of one unit per FU of the PE, one operation per RDG operation on its bound FU with its instruction's
 * latency (payload = the symbolic configuration's {@link Operation}), mutually exclusive pairs from disjoint
 * condition spaces, and one flow edge per dependence whose distance is its distance in iterations of the λ^J
 * linearisation, s·d with s = λ^J/π (fastest dim 1, then p_fast, ...), evaluated at the tile size q.
 */
public final class IntraTileLoop {
    private IntraTileLoop() {
    }

    /** The PE's FUs as resources (FUs are pipelined: an op occupies its issue slot only). */
    public static Machine machine(String name, List<Fu> fus) {
        Machine.Builder b = Machine.builder(name);
        for (Fu fu : fus) {
            b.pipelined(fu.getName(), 1);
        }
        return b.build();
    }

    /**
     * @param ops       the operations (loop op i = ops.get(i), named by label, by id when labels repeat)
     * @param fu        op id → bound FU
     * @param latency   op id → latency of its instruction on that FU
     * @param exclusive the exclusion matrix over {@code ops}
     * @param dropped   exclusive pairs (i &lt; j) the loop must not declare (they shared a cell across stages)
     * @param deps      the split dependence edges (one loop edge per RDG edge)
     * @param strides   s = λ^J/π per index, polynomials in the tile sizes
     * @param q         the tile size at which s·d is evaluated (all p = q)
     */
    public static Loop build(String name, Machine machine, List<Operation> ops, Map<String, Fu> fu, Map<String, Integer> latency,
            boolean[][] exclusive, Set<Long> dropped, List<DataEdge> deps, List<Polynomial> strides, Map<String, Long> q) {
        Loop.Builder b = Loop.builder(name, machine);
        Map<String, String> names = new HashMap<>();
        Set<String> labels = new HashSet<>();
        for (Operation o : ops) {
            String n = o.getLabel() != null && labels.add(o.getLabel()) ? o.getLabel() : o.getId();
            names.put(o.getId(), n);
            b.op(n, fu.get(o.getId()).getName(), latency.get(o.getId()), null, o, o.getLine());
        }
        for (int i = 0; i < ops.size(); i++) {
            for (int j = i + 1; j < ops.size(); j++) {
                if (exclusive[i][j] && !dropped.contains(pairKey(i, j))) {
                    b.exclusive(names.get(ops.get(i).getId()), names.get(ops.get(j).getId()));
                }
            }
        }
        Set<String> seen = new HashSet<>();
        for (DataEdge e : deps) {
            if (e.getKind() != EdgeKind.DEPENDENCE || !seen.add(e.getRdgEdge() == null ? e.getId() : e.getRdgEdge())) {
                continue; // the split copies of one RDG edge carry the same d
            }
            b.edge(names.get(e.getSource()), names.get(e.getTarget()), null, (int) distance(e.getD(), strides, q),
                    DependenceKind.FLOW, 0);
        }
        Diagnostics d = new Diagnostics();
        Loop loop = b.build(d);
        if (loop == null || d.hasErrors()) {
            throw new IllegalStateException("intra-tile loop of " + name + ": " + d);
        }
        return loop;
    }

    /** s·d at the tile sizes q: the dependence's distance in iterations of the linearised tile. */
    public static long distance(List<Integer> d, List<Polynomial> strides, Map<String, Long> q) {
        long r = 0;
        for (int x = 0; x < d.size(); x++) {
            r += strides.get(x).evaluate(q) * d.get(x);
        }
        return r;
    }

    /** Key of an op pair (i &lt; j). */
    public static long pairKey(int i, int j) {
        return (long) Math.min(i, j) << 32 | Math.max(i, j);
    }

    /**
     * Stage placement for the TCPA register model (convention; seed 003 is silent): SMS's lifetime heuristic also
     * shortens loop-carried lifetimes, which a TCPA holds in feedback registers of fixed depth λ^J d / π, while RD
     * registers hold the d = 0 values (k-tuples grow with τ[w] − τ[v]). So each op keeps its MRT row and FU (the
     * table stays valid) and moves by whole stages: first as early as its producers allow (fixpoint, τ ≥ 0), then
     * an op without d = 0 producers as late as its consumers allow, next to its d = 0 consumers.
     */
    public static Schedule compactStages(Schedule s) {
        Loop loop = s.loop();
        int ii = s.ii();
        int n = loop.size();
        int[] t = s.times().clone();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int u = 0; u < n; u++) {
                long lb = 0;
                for (int e : loop.graph().inEdges(u)) {
                    lb = Math.max(lb, (long) t[loop.graph().source(e)] + loop.latency(e) - (long) loop.distance(e) * ii);
                }
                long at = lb + Math.floorMod(t[u] - lb, ii);
                if (at < t[u]) {
                    t[u] = (int) at;
                    changed = true;
                }
            }
        }
        for (int u = 0; u < n; u++) {
            boolean producer = false;
            boolean consumer = false;
            for (int e : loop.graph().inEdges(u)) {
                producer |= loop.distance(e) == 0;
            }
            long ub = Long.MAX_VALUE;
            for (int e : loop.graph().outEdges(u)) {
                int w = loop.graph().target(e);
                if (w != u) {
                    consumer |= loop.distance(e) == 0;
                    ub = Math.min(ub, (long) t[w] - loop.latency(e) + (long) loop.distance(e) * ii);
                }
            }
            if (!producer && consumer) {
                long at = ub - Math.floorMod(ub - t[u], ii);
                if (at > t[u]) {
                    t[u] = (int) at;
                }
            }
        }
        return Schedule.of(loop, ii, t, s.units());
    }

    /**
     * The longest RD k-tuple the schedule needs (§5.3, P11: k = ⌊(τ[w] − τ[v] − l[v]) / π⌋ + 1 over d = 0
     * edges); the symbolic scheduler prefers engines whose schedule keeps it short (k = 1 is exact for every p).
     */
    public static int maxTuple(Schedule s) {
        Loop loop = s.loop();
        int k = 1;
        for (int e = 0; e < loop.dependences().size(); e++) {
            if (loop.distance(e) == 0) {
                int span = s.time(loop.graph().target(e)) - s.time(loop.graph().source(e)) - loop.latency(e);
                k = Math.max(k, RegisterAllocation.tupleSize(span, s.ii()));
            }
        }
        return k;
    }

    /**
     * The first pair of ops that share an FU's cell (same row) at different issue times where that is not proven
     * safe, or null. Exclusivity only says two ops never run in the same iteration; k stages apart the kernel runs
     * the earlier op for iteration n and the later one for n − k in the same cycle. That cannot happen when every
     * iteration of the later op comes after every iteration of the earlier one in the tile's sequential order,
     * proven as: the slowest intra-tile dim {@code slowestDim} (0-based) is strictly larger on every point of the
     * later op's condition space (conv's drain ops s ≥ 1 after the s = 0 ops). Convention; seed 003 is silent.
     */
    public static int[] crossStageShare(Schedule s, int slowestDim, IntegerSet context) {
        Loop loop = s.loop();
        for (int u = 0; u < loop.size(); u++) {
            for (int v = u + 1; v < loop.size(); v++) {
                if (loop.op(u).resource() == loop.op(v).resource() && s.row(u) == s.row(v) && s.time(u) != s.time(v)) {
                    int early = s.time(u) < s.time(v) ? u : v;
                    int late = early == u ? v : u;
                    if (!(slowestDim >= 0 && allAfter(space(loop, early), space(loop, late), slowestDim, context))) {
                        return new int[] { u, v };
                    }
                }
            }
        }
        return null;
    }

    private static UnionSet space(Loop loop, int u) {
        return loop.op(u).payload() instanceof Operation o ? Exclusivity.space(o.getConditionSpace()) : null;
    }

    /** Whether every point of {@code later} has a strictly larger coordinate {@code dim} than every point of {@code earlier}. */
    static boolean allAfter(UnionSet earlier, UnionSet later, int dim, IntegerSet context) {
        if (earlier == null || later == null || dim >= earlier.dims().size()) {
            return false; // no condition space: the whole iteration space
        }
        List<String> dims = earlier.dims();
        List<String> both = new ArrayList<>();
        Map<String, AffineExpr> toA = new HashMap<>(), toB = new HashMap<>();
        for (String d : dims) {
            both.add("a__" + d);
            toA.put(d, AffineExpr.var("a__" + d));
        }
        for (String d : later.dims()) {
            both.add("b__" + d);
            toB.put(d, AffineExpr.var("b__" + d));
        }
        Space pair = Space.of(both, List.of());
        UnionSet meet = earlier.preimage(pair, toA).intersect(later.preimage(pair, toB))
                .intersect(IntegerSet.parse("b__" + later.dims().get(dim) + " <= a__" + dims.get(dim), both));
        return context == null ? meet.isEmpty() : meet.isEmptyUnder(context);
    }
}
