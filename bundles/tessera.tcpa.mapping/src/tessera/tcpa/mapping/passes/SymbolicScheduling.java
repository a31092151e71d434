package tessera.tcpa.mapping.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import tessera.core.poly.IntegerSet;
import tessera.core.poly.Polynomial;
import tessera.rdg.support.Annotations;
import tessera.tcpa.arch.Arch;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.EdgeKind;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.symconf.Schedule;
import tessera.tcpa.symconf.SymconfFactory;
import tessera.tcpa.symconf.Tiling;
import tessera.tcpa.tcpa.Fu;
import tessera.tcpa.tcpa.Instruction;
import tessera.tcpa.tcpa.OperandKind;

/**
 * Seed 003 §5.2 symbolic modulo scheduling: π, λ* = (λ^J, λ^K), τ, FU binding and mnemonics. λ^J = π·s with s the
 * intra-tile strides (fastest dim 1, then p_fast, ...), λ^K_x = λ^J_x·p_x on distributed dims; operations with
 * disjoint condition spaces may share an MRT cell (how the running example gets π = 2). Every tiled dependence
 * constraint λ^J(d − Pθ) + λ^K θ + τ[w] − τ[v] − l[v] ≥ 0 is proven as a polynomial in p (all p ≥ minTileSize).
 */
public final class SymbolicScheduling implements MappingPass {
    /** The tiled constraint of one split edge as a polynomial in the tile sizes (≥ 0 required). */
    public record TiledConstraint(DataEdge edge, Polynomial value) {
    }

    private static final int MAX_EXTRA_PI = 64;
    private static final long TILE_LIMIT = 4096;

    @Override
    public String name() {
        return "symbolic modulo scheduling (§5.2)";
    }

    @Override
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
        Map<String, List<Fu>> capable = new LinkedHashMap<>();
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
            capable.put(o.getId(), List.copyOf(m.keySet()));
            instr.put(o.getId(), m);
        }
        if (s.failed()) {
            return;
        }
        int fuCount = Arch.fus(s.arch).size();
        int groups = exclusiveGroups(ops);
        int resMii = Math.max(1, (groups + fuCount - 1) / fuCount);
        for (int pi = resMii; pi <= resMii + MAX_EXTRA_PI; pi++) {
            s.options.deadline().check("symbolic modulo scheduling");
            Map<String, Integer> tau = new HashMap<>();
            Map<String, Fu> bind = new HashMap<>();
            if (!place(s, pi, order, capable, instr, tau, bind)) {
                continue;
            }
            for (Operation o : ops) {
                Instruction i = instr.get(o.getId()).get(bind.get(o.getId()));
                o.setFu(bind.get(o.getId()).getName());
                o.setMnemo(i.getName());
                o.setLatency(i.getLatency());
                o.setTau(tau.get(o.getId()));
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
                continue; // a loop-carried constraint fails for every tile size at this π
            }
            sch.setMinTileSize((int) min.getAsLong());
            for (Operation o : ops) {
                var node = s.node(o.getId());
                Annotations.setString(node, Annotations.Keys.FU, o.getFu());
                Annotations.setString(node, Annotations.Keys.MNEMONIC, o.getMnemo());
                Annotations.setInt(node, Annotations.Keys.TAU, o.getTau());
                Annotations.setInt(node, Annotations.Keys.LATENCY, o.getLatency());
            }
            checkTileSizes(s, deps);
            return;
        }
        s.config.setSchedule(null);
        s.error(1, "no modulo schedule with π ≤ " + (resMii + MAX_EXTRA_PI) + " satisfies the tiled dependence constraints on " + s.arch.getName(),
                "add functional units or check the PLA's loop-carried dependences");
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

    /** Greedy cover of the ops by groups of the same op with pairwise disjoint condition spaces (ResMII numerator). */
    private static int exclusiveGroups(List<Operation> ops) {
        List<List<Operation>> groups = new ArrayList<>();
        for (Operation o : ops) {
            List<Operation> home = null;
            for (List<Operation> g : groups) {
                if (g.get(0).getOp().equals(o.getOp()) && g.stream().allMatch(x -> disjoint(x, o))) {
                    home = g;
                    break;
                }
            }
            if (home == null) {
                groups.add(new ArrayList<>(List.of(o)));
            } else {
                home.add(o);
            }
        }
        return groups.size();
    }

    static boolean disjoint(Operation a, Operation b) {
        return IntegerSet.parse(a.getConditionSpace()).isDisjointFrom(IntegerSet.parse(b.getConditionSpace()));
    }

    /**
     * Bind-then-schedule list scheduling in topological order of the d = 0 edges. Binding: an FU where a mutually
     * exclusive op with the same mnemonic sits at this op's earliest time (they share the instruction), else the
     * capable FU with the fewest bound ops (ties: file order); then the earliest slot whose MRT cell is free or holds
     * only mutually exclusive ops. Reproduces §5.2's alu0: move (τ 0), alu1: shri (τ 1), andi (τ 2).
     */
    private static boolean place(MappingState s, int pi, List<Integer> order, Map<String, List<Fu>> capable,
            Map<String, Map<Fu, Instruction>> instr, Map<String, Integer> tau, Map<String, Fu> bind) {
        List<Operation> ops = s.config.getOperations();
        List<DataEdge> deps = s.config.getEdges().stream().filter(e -> e.getKind() == EdgeKind.DEPENDENCE).toList();
        Map<String, Long> pLow = new HashMap<>();
        for (String p : s.config.getTiling().getTileSizes()) {
            pLow.put(p, (long) Math.max(1, maxAbsD(deps)));
        }
        List<Polynomial> lj = lambdaJ(s.config.getTiling(), order, pi);
        Map<Fu, Map<Integer, List<Operation>>> mrt = new HashMap<>();
        Map<Fu, Integer> load = new HashMap<>();
        for (Operation o : topological(ops, deps)) {
            long earliest = 0;
            for (DataEdge e : deps) {
                if (e.getTarget().equals(o.getId()) && tau.containsKey(e.getSource())) {
                    Operation v = s.operation(e.getSource());
                    long lat = instr.get(v.getId()).get(bind.get(v.getId())).getLatency();
                    long ljd = 0;
                    for (int x = 0; x < e.getD().size(); x++) {
                        ljd += lj.get(x).evaluate(pLow) * e.getD().get(x);
                    }
                    earliest = Math.max(earliest, tau.get(v.getId()) + lat - ljd);
                }
            }
            final long start = Math.max(0, earliest);
            Fu chosen = null;
            int chosenTau = -1;
            // 1. share an instruction with a mutually exclusive op of the same mnemonic
            for (Fu fu : capable.get(o.getId())) {
                List<Operation> cell = mrt.getOrDefault(fu, Map.of()).getOrDefault((int) (start % pi), List.of());
                String mn = instr.get(o.getId()).get(fu).getName();
                if (!cell.isEmpty() && cell.stream().allMatch(x -> disjoint(x, o) && tau.get(x.getId()) == start
                        && instr.get(x.getId()).get(bind.get(x.getId())).getName().equals(mn))) {
                    chosen = fu;
                    chosenTau = (int) start;
                    break;
                }
            }
            if (chosen == null) {
                List<Fu> fus = new ArrayList<>(capable.get(o.getId()));
                fus.sort((a, b) -> Integer.compare(load.getOrDefault(a, 0), load.getOrDefault(b, 0)));
                for (Fu fu : fus) {
                    for (long tt = start; tt < start + pi && chosen == null; tt++) {
                        List<Operation> cell = mrt.getOrDefault(fu, Map.of()).getOrDefault((int) (tt % pi), List.of());
                        if (cell.stream().allMatch(x -> disjoint(x, o))) {
                            chosen = fu;
                            chosenTau = (int) tt;
                        }
                    }
                    if (chosen != null) {
                        break;
                    }
                }
            }
            if (chosen == null) {
                return false;
            }
            tau.put(o.getId(), chosenTau);
            bind.put(o.getId(), chosen);
            load.merge(chosen, 1, Integer::sum);
            mrt.computeIfAbsent(chosen, f -> new HashMap<>()).computeIfAbsent(chosenTau % pi, k -> new ArrayList<>()).add(o);
        }
        return true;
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
    public static List<TiledConstraint> constraints(tessera.tcpa.symconf.SymbolicConfiguration c) {
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
    public static OptionalLong minimumTileSize(tessera.tcpa.symconf.SymbolicConfiguration c) {
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
