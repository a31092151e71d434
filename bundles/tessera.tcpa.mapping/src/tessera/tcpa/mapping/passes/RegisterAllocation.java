package tessera.tcpa.mapping.passes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import tessera.core.poly.Polynomial;
import tessera.core.poly.TiledSet;
import tessera.rdg.Edge;
import tessera.rdg.support.Annotations;
import tessera.tcpa.arch.Arch;
import tessera.tcpa.mapping.Domains;
import tessera.tcpa.mapping.Instances;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.EdgeKind;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.symconf.RegisterClass;
import tessera.tcpa.symconf.RegisterClassUsage;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.SymconfFactory;
import tessera.tcpa.symconf.Tiling;

/**
 * Seed 003 §5.3 register allocation (classes after Hannig 2009): d = 0 → RD k-tuple, k = ⌊l′/π⌋ + 1 (P11, {@link #tupleSize});
 * d ≠ 0, δ = 0 → FD with depth λ^J d / π iterations (P4); δ ≠ 0 → the ID/OD ends of the routed channel (§5.4: the
 * route's first/last port give OD/ID, so this pass runs after {@link Routing}); input → ID, output → OD. Registers
 * are shared per produced value (Fig. 3: all four x edges use rd0); RD names come from colouring the modulo
 * interference graph (Chaitin). Overflow of any class is an error.
 */
public final class RegisterAllocation {
    public void apply(MappingState s) {
        SymbolicConfiguration c = s.config;
        int pi = c.getSchedule().getPi();
        // RD: one value per produced variable read in the same iteration
        Map<String, List<DataEdge>> rdValues = new LinkedHashMap<>();
        Map<String, List<DataEdge>> fdValues = new LinkedHashMap<>();
        for (DataEdge e : c.getEdges()) {
            if (e.getKind() != EdgeKind.DEPENDENCE) {
                continue;
            }
            boolean zeroD = e.getD().stream().allMatch(v -> v == 0);
            boolean zeroDelta = e.getDelta().stream().allMatch(v -> v == 0);
            if (zeroD) {
                e.setRegisterClass(RegisterClass.RD);
                rdValues.computeIfAbsent(e.getVariable(), k -> new ArrayList<>()).add(e);
            } else if (zeroDelta) {
                e.setRegisterClass(RegisterClass.FD);
                fdValues.computeIfAbsent(e.getVariable() + e.getD(), k -> new ArrayList<>()).add(e);
            } else {
                e.setRegisterClass(RegisterClass.CHANNEL);
            }
        }
        // RD lifetimes [start, end) within an iteration and k
        List<long[]> life = new ArrayList<>();
        List<Integer> ks = new ArrayList<>();
        for (List<DataEdge> es : rdValues.values()) {
            long start = Long.MAX_VALUE, end = Long.MIN_VALUE, lPrime = 0;
            for (DataEdge e : es) {
                Operation v = s.operation(e.getSource()), w = s.operation(e.getTarget());
                start = Math.min(start, v.getTau() + v.getLatency());
                end = Math.max(end, w.getTau() + 1);
                lPrime = Math.max(lPrime, w.getTau() - v.getTau() - v.getLatency());
            }
            life.add(new long[] {start, end});
            ks.add(tupleSize(lPrime, pi));
        }
        List<List<Integer>> colours = colour(life, ks, pi);
        int i = 0;
        TreeSet<Integer> rdUsed = new TreeSet<>();
        for (List<DataEdge> es : rdValues.values()) {
            List<String> regs = colours.get(i).stream().map(r -> "rd" + r).toList();
            rdUsed.addAll(colours.get(i));
            for (DataEdge e : es) {
                e.getRegisters().addAll(regs);
                e.setLifetime("[" + life.get(i)[0] + ", " + life.get(i)[1] + ")");
            }
            i++;
        }
        // FD: one register per (variable, d); values live across iterations, so they all interfere
        int fd = 0;
        int fdMax = Arch.fdMaxDepth(s.arch);
        Tiling t = c.getTiling();
        List<Polynomial> lj = SymbolicScheduling.lambdaJ(t, t.getIntraOrder(), pi);
        for (List<DataEdge> es : fdValues.values()) {
            String name = "fd" + fd++;
            Polynomial depth = Polynomial.ZERO;
            for (int x = 0; x < es.get(0).getD().size(); x++) {
                depth = depth.plus(lj.get(x).times(es.get(0).getD().get(x)));
            }
            Polynomial iterations = divide(depth, pi); // λ^J d / π: exact because λ^J = π·strides
            for (DataEdge e : es) {
                e.getRegisters().add(name);
                e.setFdDepth(iterations.toString());
                e.setLifetime("λ^J d = " + depth + " cycles");
            }
            checkDepth(s, es.get(0), name, iterations, fdMax);
        }
        // channels: OD on the writing PE, ID on the reading PE, from the route (§5.4)
        TreeSet<Integer> idUsed = new TreeSet<>(), odUsed = new TreeSet<>();
        for (DataEdge e : c.getEdges()) {
            if (e.getRegisterClass() == RegisterClass.CHANNEL) {
                c.getRoutes().stream().filter(r -> r.getEdge().equals(e.getId())).findFirst().ifPresent(r -> {
                    e.setRegRead("id" + r.getInputPort());
                    e.setRegWrite("od" + r.getOutputPort());
                    idUsed.add(r.getInputPort());
                    odUsed.add(r.getOutputPort());
                });
            }
        }
        // inputs: share the ID of a channel feeding the same instruction operand with a disjoint domain (Fig. 3:
        // e1 and e4² both use id0 — the border bank takes the missing neighbour's place), else a fresh port
        Map<String, String> inputReg = new LinkedHashMap<>();
        for (DataEdge e : c.getEdges()) {
            if (e.getKind() != EdgeKind.INPUT) {
                continue;
            }
            e.setRegisterClass(RegisterClass.ID);
            String reg = sharedChannelId(s, e);
            if (reg == null) {
                reg = inputReg.get(e.getVariable());
            }
            if (reg == null) {
                int p = firstFree(idUsed);
                idUsed.add(p);
                reg = "id" + p;
            }
            inputReg.putIfAbsent(e.getVariable(), reg);
            e.setRegRead(reg);
        }
        Map<String, String> outputReg = new LinkedHashMap<>();
        for (DataEdge e : c.getEdges()) {
            if (e.getKind() == EdgeKind.OUTPUT) {
                e.setRegisterClass(RegisterClass.OD);
                String reg = outputReg.computeIfAbsent(e.getVariable(), v -> {
                    int p = firstFree(odUsed);
                    odUsed.add(p);
                    return "od" + p;
                });
                e.setRegWrite(reg);
            } else if (e.getKind() == EdgeKind.CONSTANT) {
                e.setRegisterClass(RegisterClass.NONE);
            }
        }
        usage(s, RegisterClass.RD, rdUsed.size(), Arch.rdCount(s.arch), rdUsed.stream().map(r -> "rd" + r).toList());
        usage(s, RegisterClass.FD, fd, Arch.fdCount(s.arch), java.util.stream.IntStream.range(0, fd).mapToObj(r -> "fd" + r).toList());
        usage(s, RegisterClass.ID, idUsed.size(), Arch.idCount(s.arch), idUsed.stream().map(r -> "id" + r).toList());
        usage(s, RegisterClass.OD, odUsed.size(), Arch.odCount(s.arch), odUsed.stream().map(r -> "od" + r).toList());
        annotate(s);
    }

    private static Polynomial divide(Polynomial p, int pi) {
        Polynomial r = Polynomial.ZERO;
        for (Map.Entry<List<String>, Long> t : p.terms().entrySet()) {
            Polynomial m = Polynomial.constant(t.getValue() / pi);
            for (String v : t.getKey()) {
                m = m.times(Polynomial.var(v));
            }
            r = r.plus(m);
        }
        return r;
    }

    private static void checkDepth(MappingState s, DataEdge e, String name, Polynomial depth, int max) {
        int line = s.line(e.getTarget());
        if (depth.isConstant()) {
            if (depth.constantTerm() > max) {
                s.error(line, "feedback register " + name + " of " + e.getRdgEdge() + " needs depth " + depth.constantTerm()
                        + " (λ^J d / π) but the architecture allows at most " + max,
                        "raise 'fd N depth D' in the architecture or reorder the loop so that d is carried by a faster index");
            }
        } else {
            s.warning(line, "feedback register " + name + " of " + e.getRdgEdge() + " has depth " + depth
                    + " (λ^J d / π, grows with the tile size); the architecture allows at most " + max,
                    "instantiate with tile sizes that keep " + depth + " ≤ " + max);
        }
    }

    private String sharedChannelId(MappingState s, DataEdge in) {
        Operation w = s.operation(in.getTarget());
        for (DataEdge ch : s.config.getEdges()) {
            if (ch.getRegisterClass() != RegisterClass.CHANNEL || ch.getRegRead() == null || ch.getPos() != in.getPos()) {
                continue;
            }
            Operation w2 = s.operation(ch.getTarget());
            if (w2.getFu().equals(w.getFu()) && w2.getTau() == w.getTau() && w2.getMnemo().equals(w.getMnemo())) {
                var tiling = s.config.getTiling();
                TiledSet a = Domains.parse(tiling, in.getReadDomain()), b = Domains.parse(tiling, ch.getReadDomain());
                if (a.isProvablyDisjointFrom(b) && onDisjointPes(tiling, a, b, Instances.sample(s.config, 4))) {
                    return ch.getRegRead();
                }
            }
        }
        return null;
    }

    /**
     * The bank can only take the place of a channel's port on PEs the channel never reaches (a wrapper port has one
     * driver); FIR's u (j = 0 on every PE of a row) may not share v's id. Decided on sample instances, like P26.
     */
    private static boolean onDisjointPes(Tiling t, TiledSet a, TiledSet b, List<Map<String, Long>> samples) {
        List<String> intra = Domains.embedding(t).intra();
        for (Map<String, Long> i : samples) {
            if (!a.concretize(i).projectOut(intra).isDisjointFrom(b.concretize(i).projectOut(intra))) {
                return false;
            }
        }
        return true;
    }

    private static int firstFree(TreeSet<Integer> used) {
        int p = 0;
        while (used.contains(p)) {
            p++;
        }
        return p;
    }

    /**
     * Greedy colouring of the modulo interference graph: two values interfere when their lifetimes overlap modulo π
     * (instances of different iterations included); a k-tuple (k > 1) covers every residue.
     */
    static List<List<Integer>> colour(List<long[]> life, List<Integer> ks, int pi) {
        List<List<Integer>> out = new ArrayList<>();
        for (int v = 0; v < life.size(); v++) {
            TreeSet<Integer> busy = new TreeSet<>();
            for (int u = 0; u < v; u++) {
                if (interfere(life.get(u), ks.get(u), life.get(v), ks.get(v), pi)) {
                    busy.addAll(out.get(u));
                }
            }
            List<Integer> regs = new ArrayList<>();
            for (int r = 0; regs.size() < ks.get(v); r++) {
                if (!busy.contains(r)) {
                    regs.add(r);
                }
            }
            out.add(regs);
        }
        return out;
    }

    static boolean interfere(long[] a, int ka, long[] b, int kb, int pi) {
        if (ka > 1 || kb > 1 || a[1] - a[0] >= pi || b[1] - b[0] >= pi) {
            return true;
        }
        boolean[] res = new boolean[pi];
        for (long x = a[0]; x < a[1]; x++) {
            res[(int) Math.floorMod(x, pi)] = true;
        }
        for (long x = b[0]; x < b[1]; x++) {
            if (res[(int) Math.floorMod(x, pi)]) {
                return true;
            }
        }
        return false;
    }

    private static void usage(MappingState s, RegisterClass cls, int used, int available, List<String> names) {
        RegisterClassUsage u = SymconfFactory.eINSTANCE.createRegisterClassUsage();
        u.setRegisterClass(cls);
        u.setUsed(used);
        u.setAvailable(available);
        u.getNames().addAll(names);
        s.config.getRegisterClasses().add(u);
        if (used > available) {
            s.error(1, "register overflow: the mapping needs " + used + " " + cls + " registers " + names + " but a PE of "
                    + s.arch.getName() + " has " + available,
                    cls == RegisterClass.ID || cls == RegisterClass.OD ? "add PE " + (cls == RegisterClass.ID ? "input" : "output")
                            + " ports to the data layer ('pe in N out M')" : "raise '" + cls.getName().toLowerCase() + " N' in the PE");
        }
    }

    /** Fig. 3: registers on the RDG edges (RD/FD/ID/OD names; a channel shows id, od). */
    private static void annotate(MappingState s) {
        for (DataEdge e : s.config.getEdges()) {
            Edge re = s.rdg.getEdges().stream().filter(x -> x.getId().equals(e.getId())).findFirst().orElse(null);
            if (re == null) {
                continue;
            }
            List<String> regs = new ArrayList<>(e.getRegisters());
            if (e.getRegRead() != null) {
                regs.add(e.getRegRead());
                Annotations.setString(re, Annotations.Keys.REG_READ, e.getRegRead());
            }
            if (e.getRegWrite() != null) {
                regs.add(e.getRegWrite());
                Annotations.setString(re, Annotations.Keys.REG_WRITE, e.getRegWrite());
            }
            if (!regs.isEmpty()) {
                Annotations.setStrings(re, Annotations.Keys.REGS, regs);
            }
        }
    }

    /**
     * P11: the RD k-tuple for a value read l′ = τ[w] − τ[v] − l[v] cycles after its result: the instance k iterations
     * later writes the same register at the end of cycle τ[v] + kπ + l[v] − 1, so the read at τ[w] needs l′ < kπ, i.e.
     * k = ⌊l′/π⌋ + 1. The paper's ⌈l′/π⌉ is 0 for l′ = 0 (digest P11) and one short when π divides l′ > 0.
     */
    public static int tupleSize(long lPrime, long pi) {
        return (int) (Math.max(0, lPrime) / pi + 1);
    }
}
