package tessera.tcpa.mapping.passes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import tessera.core.poly.PolySet;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.TiledSet;
import tessera.tcpa.arch.Arch;
import tessera.tcpa.mapping.Domains;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.EdgeKind;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.symconf.PstKind;
import tessera.tcpa.symconf.PstNode;
import tessera.tcpa.symconf.RegisterClass;
import tessera.tcpa.symconf.SymconfFactory;
import tessera.tcpa.symconf.Tiling;
import tessera.tcpa.tcpa.Fu;

/**
 * Seed 003 §5.5 polyhedral syntax tree (reconstruction of digest §3.6): ⟨root⟩ → fu → ⟨τ⟩ → mnemonic → operand role
 * (⟨dest⟩, ⟨src⟩ for unary ops, ⟨srcA⟩, ⟨srcB⟩, … by pos) → register/literal leaves. Ops at the same (fu, τ) with the
 * same mnemonic merge into one instruction (S1, S2 → one move); leaves with the same register merge (union of
 * domains); inner domains are unions of their children. Leaf domains: dest = where the producer writes along each
 * (split) edge, src = where the consumer reads it (see {@link Domains}). Checked by {@link PstChecker}.
 */
public final class PstGeneration {
    private static final SymconfFactory F = SymconfFactory.eINSTANCE;

    public void apply(MappingState s) {
        Tiling t = s.config.getTiling();
        PstNode root = node(PstKind.ROOT, "root");
        for (Fu fu : Arch.fus(s.arch)) {
            List<Operation> ops = s.config.getOperations().stream().filter(o -> fu.getName().equals(o.getFu())).toList();
            if (ops.isEmpty()) {
                continue;
            }
            PstNode fn = node(PstKind.FU, fu.getName());
            for (int tau : new TreeSet<>(ops.stream().map(Operation::getTau).toList())) {
                PstNode tn = node(PstKind.TAU, String.valueOf(tau));
                Map<String, List<Operation>> byMnemo = new LinkedHashMap<>();
                ops.stream().filter(o -> o.getTau() == tau).forEach(o -> byMnemo.computeIfAbsent(o.getMnemo(), m -> new ArrayList<>()).add(o));
                for (Map.Entry<String, List<Operation>> m : byMnemo.entrySet()) {
                    tn.getChildren().add(instruction(s, t, m.getKey(), m.getValue()));
                }
                fn.getChildren().add(close(t, tn));
            }
            root.getChildren().add(close(t, fn));
        }
        s.config.setPst(close(t, root));
        for (String v : PstChecker.check(s.config, PstChecker.samples(s.config, 4))) {
            s.error(1, "polyhedral syntax tree not well formed: " + v, "this is a mapping bug or an invalid schedule (digest P13)");
        }
    }

    private static PstNode instruction(MappingState s, Tiling t, String mnemo, List<Operation> ops) {
        PstNode in = node(PstKind.INSTRUCTION, mnemo);
        Map<String, TiledSet> dest = new LinkedHashMap<>();
        Map<Integer, Map<String, TiledSet>> src = new java.util.TreeMap<>();
        Map<String, PstKind> kinds = new LinkedHashMap<>();
        int arity = 0;
        for (Operation o : ops) {
            TiledSet dom = Domains.tiled(t, o.getConditionSpace());
            for (DataEdge e : s.config.getEdges()) {
                if (e.getSource().equals(o.getId())) {
                    if (e.getRegisterClass() == RegisterClass.RD) {
                        rotating(t, e.getRegisters(), dom).forEach((r, d) -> add(dest, r, d));
                    } else if (e.getRegisterClass() == RegisterClass.FD || e.getRegisterClass() == RegisterClass.CHANNEL) {
                        String r = e.getRegisterClass() == RegisterClass.FD ? e.getRegisters().get(0) : e.getRegWrite();
                        add(dest, r, Domains.parse(t, e.getWriteDomain()));
                    } else if (e.getKind() == EdgeKind.OUTPUT) {
                        add(dest, e.getRegWrite(), dom);
                    }
                }
                if (e.getTarget().equals(o.getId()) && e.getKind() != EdgeKind.OUTPUT) {
                    arity = Math.max(arity, e.getPos());
                    Map<String, TiledSet> role = src.computeIfAbsent(e.getPos(), k -> new LinkedHashMap<>());
                    switch (e.getRegisterClass()) {
                        case RD -> rotating(t, e.getRegisters(), readDomain(s, t, e)).forEach((r, d) -> add(role, r, d));
                        case FD -> add(role, e.getRegisters().get(0), readDomain(s, t, e));
                        case CHANNEL -> add(role, e.getRegRead(), readDomain(s, t, e));
                        case ID -> add(role, e.getRegRead(), dom);
                        default -> {
                            add(role, String.valueOf(e.getConstant()), dom);
                            kinds.put(String.valueOf(e.getConstant()), PstKind.LITERAL);
                        }
                    }
                }
            }
        }
        // one destination per role; values written in the same iteration need further ⟨dest2⟩, … roles
        List<Map<String, TiledSet>> destRoles = new ArrayList<>();
        for (Map.Entry<String, TiledSet> d : dest.entrySet()) {
            Map<String, TiledSet> home = null;
            for (Map<String, TiledSet> r : destRoles) {
                if (r.values().stream().allMatch(x -> x.isProvablyDisjointFrom(d.getValue()))) {
                    home = r;
                    break;
                }
            }
            if (home == null) {
                home = new LinkedHashMap<>();
                destRoles.add(home);
            }
            home.put(d.getKey(), d.getValue());
        }
        for (int i = 0; i < destRoles.size(); i++) {
            in.getChildren().add(role(t, i == 0 ? "dest" : "dest" + (i + 1), destRoles.get(i), kinds));
        }
        for (Map.Entry<Integer, Map<String, TiledSet>> r : src.entrySet()) {
            in.getChildren().add(role(t, arity == 1 ? "src" : "src" + (char) ('A' + r.getKey() - 1), r.getValue(), kinds));
        }
        return close(t, in);
    }

    private static TiledSet readDomain(MappingState s, Tiling t, DataEdge e) {
        return Domains.parse(t, e.getReadDomain()); // set by Tiling (Domains.edgeDomains)
    }

    /**
     * A k-tuple (r_1..r_k) of rotating RD registers: r_i holds the values of iterations with j_fast ≡ i (mod k).
     * Convention (P11, seed silent): the rotation follows the fastest intra-tile index, exact when k divides its tile size.
     */
    private static Map<String, TiledSet> rotating(Tiling t, List<String> regs, TiledSet dom) {
        Map<String, TiledSet> r = new LinkedHashMap<>();
        if (regs.size() == 1) {
            r.put(regs.get(0), dom);
            return r;
        }
        String jf = t.getIntraIndices().get(t.getIntraOrder().get(t.getIntraOrder().size() - 1));
        for (int i = 0; i < regs.size(); i++) {
            IntegerSet mod = IntegerSet.parse(jf + " % " + regs.size() + " == " + i, Domains.embedding(t).localSpace().dims());
            r.put(regs.get(i), dom.andLocal(mod));
        }
        return r;
    }

    private static void add(Map<String, TiledSet> m, String attr, TiledSet d) {
        if (!d.isEmpty()) {
            m.merge(attr, d, TiledSet::union);
        }
    }

    private static PstNode role(Tiling t, String name, Map<String, TiledSet> leaves, Map<String, PstKind> kinds) {
        PstNode r = node(PstKind.ROLE, name);
        for (Map.Entry<String, TiledSet> l : leaves.entrySet()) {
            PstNode leaf = node(kinds.getOrDefault(l.getKey(), PstKind.REGISTER), l.getKey());
            leaf.setDomain(PolySet.of(l.getValue()));
            r.getChildren().add(leaf);
        }
        return close(t, r);
    }

    private static PstNode node(PstKind kind, String attr) {
        PstNode n = F.createPstNode();
        n.setKind(kind);
        n.setAttr(attr);
        return n;
    }

    /** Property 3: a node's domain is the union of its children's. */
    private static PstNode close(Tiling t, PstNode n) {
        TiledSet u = TiledSet.empty(Domains.embedding(t));
        for (PstNode c : n.getChildren()) {
            u = u.union(Domains.parse(t, c.getDomain()));
        }
        n.setDomain(PolySet.of(u));
        return n;
    }
}
