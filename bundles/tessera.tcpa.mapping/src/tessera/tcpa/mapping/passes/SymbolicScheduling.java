package tessera.tcpa.mapping.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

import tessera.core.Monitor;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.Polynomial;
import tessera.modsched.analysis.Mii;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.rdg.Exclusivity;
import tessera.modsched.sched.IterativeModuloScheduler;
import tessera.modsched.sched.TopDownScheduler;
import tessera.modsched.sms.SwingScheduler;
import tessera.rdg.support.Annotations;
import tessera.tcpa.arch.Arch;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.EdgeKind;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.symconf.Schedule;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.SymconfFactory;
import tessera.tcpa.symconf.Tiling;
import tessera.tcpa.tcpa.Architecture;
import tessera.tcpa.tcpa.Fu;
import tessera.tcpa.tcpa.Instruction;
import tessera.tcpa.tcpa.OperandKind;

/**
 * Seed 003 §5.2 symbolic modulo scheduling: π, λ* = (λ^J, λ^K), τ, FU binding and mnemonics, with seed 002's engine
 * (tessera.modsched: SMS, then IMS and Top-Down as fallbacks) on the intra-tile loop ({@link IntraTileLoop}: FUs
 * as resources, ops bound by {@link FuBinding}, exclusive pairs from disjoint condition spaces via
 * tessera.modsched.rdg's {@link Exclusivity}, distances s·d of the λ^J linearisation at the smallest tile size q).
 * λ^J = π·s with s the intra-tile strides (fastest dim 1, then p_fast, ...), λ^K_x = λ^J_x·p_x on distributed
 * dims. π steps up from the loop's MII; the first π whose schedule makes every tiled dependence constraint
 * λ^J(d − Pθ) + λ^K θ + τ[w] − τ[v] − l[v] ≥ 0 provable as a polynomial in p (all p ≥ minTileSize) is kept.
 */
public final class SymbolicScheduling {
    /** The tiled constraint of one split edge as a polynomial in the tile sizes (≥ 0 required). */
    public record TiledConstraint(DataEdge edge, Polynomial value) {
    }

    private static final int MAX_EXTRA_PI = 64;
    private static final long TILE_LIMIT = 4096;

    public void apply(MappingState s) {
        Tiling t = s.config.getTiling();
        List<Operation> ops = s.config.getOperations();
        List<DataEdge> deps = s.config.getEdges().stream().filter(e -> e.getKind() == EdgeKind.DEPENDENCE).toList();
        List<Integer> order = intraOrder(t.getIndices().size(), deps);
        if (order == null) {
            s.error(1, "no order of the loop indices makes every dependence distance lexicographically positive inside a tile",
                    "check the dependence vectors d of the PLA (seed 003 §5.2 needs a sequential intra-tile order)");
            return;
        }
        t.getIntraOrder().addAll(order);
        // instruction choice per op (constant operands → immediate variant)
        Map<String, Map<Fu, Instruction>> instr = new HashMap<>();
        for (Operation o : ops) {
            List<Integer> constPos = s.config.getEdges().stream()
                    .filter(e -> e.getTarget().equals(o.getId()) && e.getKind() == EdgeKind.CONSTANT).map(DataEdge::getPos).toList();
            Map<Fu, Instruction> m = new LinkedHashMap<>();
            for (Fu fu : Arch.fus(s.arch)) {
                for (Instruction i : Arch.instructionsFor(fu, o.getOp())) {
                    if (matches(i, constPos)) {
                        m.putIfAbsent(fu, i);
                    }
                }
            }
            if (m.isEmpty()) {
                s.error(o.getLine(), "no functional unit of " + s.arch.getName() + " implements " + o.getLabel() + "'s operation '"
                        + o.getOp() + "'" + (constPos.isEmpty() ? "" : " with an immediate operand at position " + constPos),
                        "add an instruction 'instr NAME implements " + o.getOp() + " latency 1 (...)' to an FU type of the architecture");
            }
            instr.put(o.getId(), m);
        }
        if (s.failed()) {
            return;
        }
        boolean[][] exclusive;
        try {
            exclusive = Exclusivity.matrix(ops.stream().map(Operation::getConditionSpace).toList(), s.config.getParameterContext());
        } catch (RuntimeException ex) { // DiagnosticException from the set parser
            s.error(1, "cannot read a condition space or the parameter context: " + ex.getMessage(), "regenerate the RDG from its PLA");
            return;
        }
        IntegerSet context = Exclusivity.context(s.config.getParameterContext());
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < ops.size(); i++) {
            index.put(ops.get(i).getId(), i);
        }
        Map<String, Fu> bind = FuBinding.bind(topological(ops, deps), index, instr, exclusive);
        Map<String, Integer> latency = new HashMap<>();
        ops.forEach(o -> latency.put(o.getId(), instr.get(o.getId()).get(bind.get(o.getId())).getLatency()));
        List<Polynomial> strides = lambdaJ(t, order, 1);
        Map<String, Long> q = evaluationTileSizes(t, deps, strides);
        Machine machine = IntraTileLoop.machine(s.arch.getName(), Arch.fus(s.arch));
        Set<Long> dropped = new HashSet<>();
        String name = s.config.getName() == null ? "tile" : s.config.getName();
        Loop loop = IntraTileLoop.build(name, machine, ops, bind, latency, exclusive, dropped, deps, strides, q);
        int mii = Mii.compute(loop).value();
        int cap = mii + MAX_EXTRA_PI;
        int pi = mii;
        while (pi <= cap) {
            int[] share = null;
            List<tessera.modsched.model.Schedule> candidates = new ArrayList<>();
            for (Engine engine : ENGINES) {
                s.options.deadline().check("symbolic modulo scheduling");
                tessera.modsched.model.Schedule ms = engine.at(loop, pi);
                if (ms == null) {
                    continue;
                }
                ms = IntraTileLoop.compactStages(ms);
                int[] sh = IntraTileLoop.crossStageShare(ms, order.get(0), context);
                if (sh != null) { // exclusive ops of different iterations in one cell: try the next engine
                    share = share == null ? sh : share;
                    continue;
                }
                candidates.add(ms);
            }
            // SMS first; another engine only when its RD k-tuples are shorter (stable sort keeps the engine order)
            candidates.sort(java.util.Comparator.comparingInt(IntraTileLoop::maxTuple));
            for (tessera.modsched.model.Schedule ms : candidates) {
                if (accept(s, ms, pi, order, bind, instr, Mii.compute(loop).resMII().value())) {
                    checkTileSizes(s, deps);
                    return;
                }
            }
            if (share != null) { // no engine avoided it: that pair may no longer share a cell
                dropped.add(IntraTileLoop.pairKey(share[0], share[1]));
                loop = IntraTileLoop.build(name, machine, ops, bind, latency, exclusive, dropped, deps, strides, q);
                pi = Math.max(pi, Mii.compute(loop).value());
            } else {
                pi++;
            }
        }
        s.config.setSchedule(null);
        s.error(1, "no modulo schedule with π ≤ " + cap + " satisfies the tiled dependence constraints on " + s.arch.getName(),
                "add functional units or check the PLA's loop-carried dependences");
    }

    /**
     * The engine's view of a scheduled configuration (for checks and Studio's MRT view, {@code MrtPanel.showSchedule}):
     * the intra-tile loop rebuilt from the ops' fu, latency and condition spaces, and their τ at II = π. Null when
     * the configuration has no schedule.
     */
    public static tessera.modsched.model.Schedule intraTileSchedule(SymbolicConfiguration c, Architecture arch) {
        if (c.getSchedule() == null) {
            return null;
        }
        List<Operation> ops = c.getOperations();
        List<DataEdge> deps = c.getEdges().stream().filter(e -> e.getKind() == EdgeKind.DEPENDENCE).toList();
        Map<String, Fu> bind = new HashMap<>();
        Map<String, Integer> latency = new HashMap<>();
        for (Operation o : ops) {
            bind.put(o.getId(), Arch.fus(arch).stream().filter(f -> f.getName().equals(o.getFu())).findFirst().orElseThrow());
            latency.put(o.getId(), o.getLatency());
        }
        boolean[][] exclusive = Exclusivity.matrix(ops.stream().map(Operation::getConditionSpace).toList(), c.getParameterContext());
        List<Polynomial> strides = lambdaJ(c.getTiling(), c.getTiling().getIntraOrder(), 1);
        Loop loop = IntraTileLoop.build(c.getName() == null ? "tile" : c.getName(), IntraTileLoop.machine(arch.getName(), Arch.fus(arch)),
                ops, bind, latency, exclusive, Set.of(), deps, strides, evaluationTileSizes(c.getTiling(), deps, strides));
        return tessera.modsched.model.Schedule.of(loop, c.getSchedule().getPi(), ops.stream().mapToInt(Operation::getTau).toArray(),
                new int[ops.size()][1]);
    }

    /** One engine's attempt at exactly π (seed 002 SMS first; Rau's IMS and Top-Down as fallbacks). */
    private interface Engine {
        tessera.modsched.model.Schedule at(Loop loop, int pi);
    }

    private static final List<Engine> ENGINES = List.of(
            (loop, pi) -> new SwingScheduler().scheduleAt(loop, pi, Monitor.NULL),
            (loop, pi) -> new IterativeModuloScheduler().scheduleAt(loop, pi, Monitor.NULL),
            (loop, pi) -> new TopDownScheduler().scheduleAt(loop, pi, Monitor.NULL));

    /** Writes the engine's schedule into the configuration; true when every tiled constraint is provable. */
    private static boolean accept(MappingState s, tessera.modsched.model.Schedule ms, int pi, List<Integer> order,
            Map<String, Fu> bind, Map<String, Map<Fu, Instruction>> instr, int resMii) {
        Tiling t = s.config.getTiling();
        for (int u = 0; u < ms.loop().size(); u++) {
            Operation o = (Operation) ms.loop().op(u).payload();
            Instruction i = instr.get(o.getId()).get(bind.get(o.getId()));
            o.setFu(bind.get(o.getId()).getName());
            o.setMnemo(i.getName());
            o.setLatency(i.getLatency());
            o.setTau(ms.time(u));
        }
        Schedule sch = SymconfFactory.eINSTANCE.createSchedule();
        sch.setPi(pi);
        sch.setResMii(resMii);
        List<Polynomial> lj = lambdaJ(t, order, pi);
        for (int x = 0; x < lj.size(); x++) {
            sch.getLambdaJ().add(lj.get(x).toString());
            sch.getLambdaK().add(t.getDistributed().contains(x) ? lj.get(x).times(Polynomial.var(t.getTileSizes().get(x))).toString() : "0");
        }
        s.config.setSchedule(sch);
        OptionalLong min = minimumTileSize(s.config);
        if (min.isEmpty()) {
            return false; // a constraint fails for every tile size with this schedule
        }
        sch.setMinTileSize((int) min.getAsLong());
        for (Operation o : s.config.getOperations()) {
            var node = s.node(o.getId());
            Annotations.setString(node, Annotations.Keys.FU, o.getFu());
            Annotations.setString(node, Annotations.Keys.MNEMONIC, o.getMnemo());
            Annotations.setInt(node, Annotations.Keys.TAU, o.getTau());
            Annotations.setInt(node, Annotations.Keys.LATENCY, o.getLatency());
        }
        return true;
    }

    /**
     * The tile size q (all p = q) at which the linearised distances s·d are taken: the smallest q ≥ max(1, max|d|)
     * (no tile skipped, §5.1) at which every d ≠ 0 has s·d ≥ 1, so no loop-carried dependence becomes a distance-0
     * edge; q = max|d| + 1 always qualifies (the leading stride outweighs the faster digits).
     */
    static Map<String, Long> evaluationTileSizes(Tiling t, List<DataEdge> deps, List<Polynomial> strides) {
        long lo = Math.max(1, maxAbsD(deps));
        for (long q = lo;; q++) {
            Map<String, Long> at = new HashMap<>();
            for (String p : t.getTileSizes()) {
                at.put(p, q);
            }
            boolean ok = q > lo;
            if (!ok) {
                ok = deps.stream().allMatch(e -> e.getD().stream().allMatch(v -> v == 0) || IntraTileLoop.distance(e.getD(), strides, at) >= 1);
            }
            if (ok) {
                return at;
            }
        }
    }

    private static boolean matches(Instruction i, List<Integer> constPos) {
        for (int k = 0; k < i.getOperands().size(); k++) {
            boolean imm = i.getOperands().get(k) == OperandKind.IMM;
            if (imm != constPos.contains(k + 1)) {
                return false;
            }
        }
        return true;
    }

    /** Slowest-to-fastest dims: the first permutation (identity preferred) that makes every d ≠ 0 lexicographically positive. */
    static List<Integer> intraOrder(int n, List<DataEdge> deps) {
        List<List<Integer>> perms = new ArrayList<>();
        permutations(new ArrayList<>(), n, perms);
        for (List<Integer> perm : perms) {
            boolean ok = true;
            for (DataEdge e : deps) {
                for (int x : perm) {
                    int v = e.getD().get(x);
                    if (v != 0) {
                        ok &= v > 0;
                        break;
                    }
                }
            }
            if (ok) {
                return perm;
            }
        }
        return null;
    }

    private static void permutations(List<Integer> prefix, int n, List<List<Integer>> out) {
        if (prefix.size() == n) {
            out.add(List.copyOf(prefix));
            return;
        }
        for (int x = 0; x < n; x++) {
            if (!prefix.contains(x)) {
                prefix.add(x);
                permutations(prefix, n, out);
                prefix.remove(prefix.size() - 1);
            }
        }
    }

    /** λ^J = π·s: stride 1 for the fastest dim, times p of each faster dim for slower ones. */
    public static List<Polynomial> lambdaJ(Tiling t, List<Integer> order, int pi) {
        Polynomial[] r = new Polynomial[order.size()];
        Polynomial stride = Polynomial.constant(pi);
        for (int k = order.size() - 1; k >= 0; k--) {
            int x = order.get(k);
            r[x] = stride;
            stride = stride.times(Polynomial.var(t.getTileSizes().get(x)));
        }
        return List.of(r);
    }

    private static int maxAbsD(List<DataEdge> deps) {
        return deps.stream().flatMap(e -> e.getD().stream()).mapToInt(Math::abs).max().orElse(0);
    }

    /** Ops ordered so that d = 0 producers come first (the PLA validator rejects zero-distance cycles); ties in file order. */
    private static List<Operation> topological(List<Operation> ops, List<DataEdge> deps) {
        List<Operation> out = new ArrayList<>();
        List<Operation> rest = new ArrayList<>(ops);
        while (!rest.isEmpty()) {
            Operation next = null;
            for (Operation o : rest) {
                boolean ready = deps.stream().noneMatch(e -> e.getTarget().equals(o.getId()) && e.getD().stream().allMatch(v -> v == 0)
                        && rest.stream().anyMatch(r -> r.getId().equals(e.getSource())));
                if (ready) {
                    next = o;
                    break;
                }
            }
            if (next == null) {
                next = rest.get(0); // cannot happen for a validated PLA
            }
            out.add(next);
            rest.remove(next);
        }
        return out;
    }

    /** Every split dependence edge's tiled constraint λ^J(d − Pθ) + λ^K θ + τ[w] − τ[v] − l[v] as a polynomial in p. */
    public static List<TiledConstraint> constraints(SymbolicConfiguration c) {
        Tiling t = c.getTiling();
        Schedule sch = c.getSchedule();
        List<TiledConstraint> r = new ArrayList<>();
        for (DataEdge e : c.getEdges()) {
            if (e.getKind() != EdgeKind.DEPENDENCE) {
                continue;
            }
            Operation v = op(c, e.getSource()), w = op(c, e.getTarget());
            Polynomial f = Polynomial.constant(w.getTau() - v.getTau() - v.getLatency());
            for (int x = 0; x < e.getD().size(); x++) {
                int th = e.getTheta().isEmpty() ? 0 : e.getTheta().get(x);
                Polynomial dx = Polynomial.constant(e.getD().get(x)).minus(Polynomial.var(t.getTileSizes().get(x)).times(th));
                f = f.plus(Polynomial.parse(sch.getLambdaJ().get(x)).times(dx)).plus(Polynomial.parse(sch.getLambdaK().get(x)).times(th));
            }
            r.add(new TiledConstraint(e, f));
        }
        return r;
    }

    private static Operation op(tessera.tcpa.symconf.SymbolicConfiguration c, String id) {
        return c.getOperations().stream().filter(o -> o.getId().equals(id)).findFirst().orElseThrow();
    }

    /** The smallest m ≥ max|d| (no tile skipped, §5.1) such that every tiled constraint holds for all p ≥ m. */
    public static OptionalLong minimumTileSize(SymbolicConfiguration c) {
        long m = Math.max(1, c.getEdges().stream().filter(e -> e.getKind() == EdgeKind.DEPENDENCE)
                .flatMap(e -> e.getD().stream()).mapToInt(Math::abs).max().orElse(1));
        for (TiledConstraint tc : constraints(c)) {
            OptionalLong f = tc.value().nonNegativeFrom(c.getTiling().getTileSizes(), m, TILE_LIMIT);
            if (f.isEmpty()) {
                return f;
            }
            m = Math.max(m, f.getAsLong());
        }
        return OptionalLong.of(m);
    }

    /** Concrete tile sizes from the options: a dependence must not skip a tile (p ≥ |d|) and p ≥ the minimum tile size. */
    private static void checkTileSizes(MappingState s, List<DataEdge> deps) {
        Tiling t = s.config.getTiling();
        for (Map.Entry<String, Long> ts : s.options.tileSizes().entrySet()) {
            int x = t.getTileSizes().indexOf(ts.getKey());
            if (x < 0) {
                s.error(1, "unknown tile size '" + ts.getKey() + "'", "the tile sizes are " + t.getTileSizes());
                continue;
            }
            for (DataEdge e : deps) {
                if (Math.abs(e.getD().get(x)) > ts.getValue() && t.getDistributed().contains(x)) {
                    s.error(s.line(e.getTarget()), "dependence " + e.getRdgEdge() + " (d = " + e.getD() + ") skips a tile when "
                            + ts.getKey() + " = " + ts.getValue() + " (seed 003 §5.1 needs p ≥ |d|)",
                            "choose " + ts.getKey() + " ≥ " + Math.abs(e.getD().get(x)));
                }
            }
            if (ts.getValue() < s.config.getSchedule().getMinTileSize()) {
                s.error(1, "tile size " + ts.getKey() + " = " + ts.getValue() + " is below the schedule's minimum tile size "
                        + s.config.getSchedule().getMinTileSize(), "choose " + ts.getKey() + " ≥ " + s.config.getSchedule().getMinTileSize());
            }
        }
    }
}
