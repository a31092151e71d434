package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.List;

import tessera.core.poly.PolySet;
import tessera.tcpa.symconf.PstKind;
import tessera.tcpa.symconf.PstNode;
import tessera.tcpa.symconf.SymbolicConfiguration;

/** The PST of a symbolic configuration (seed 003 §5.5) read as FU → τ → instruction → role → operand leaves. */
public record Pst(List<FuNode> fus) {
    public record Leaf(String operand, PolySet domain) {
    }

    public record Role(String name, List<Leaf> leaves) {
        public boolean isDest() {
            return name.startsWith("dest");
        }
    }

    public record InstrNode(int tau, String mnemonic, List<Role> roles) {
    }

    public record FuNode(String fu, List<InstrNode> instructions) {
    }

    public static Pst of(SymbolicConfiguration c) {
        List<FuNode> fus = new ArrayList<>();
        PstNode root = c.getPst();
        if (root == null) {
            return new Pst(fus);
        }
        for (PstNode fu : root.getChildren()) {
            if (fu.getKind() != PstKind.FU) {
                continue;
            }
            List<InstrNode> is = new ArrayList<>();
            for (PstNode tau : fu.getChildren()) {
                for (PstNode in : tau.getChildren()) {
                    List<Role> roles = new ArrayList<>();
                    for (PstNode r : in.getChildren()) {
                        List<Leaf> leaves = new ArrayList<>();
                        for (PstNode l : r.getChildren()) {
                            leaves.add(new Leaf(l.getAttr(), l.getDomain()));
                        }
                        roles.add(new Role(r.getAttr(), leaves));
                    }
                    is.add(new InstrNode(Integer.parseInt(tau.getAttr().trim()), in.getAttr(), roles));
                }
            }
            fus.add(new FuNode(fu.getAttr(), is));
        }
        return new Pst(fus);
    }

    /** Every leaf domain, in PST order (the conditions of Eq. (2)). */
    public List<PolySet> leafDomains() {
        List<PolySet> r = new ArrayList<>();
        for (FuNode f : fus) {
            for (InstrNode i : f.instructions) {
                for (Role ro : i.roles) {
                    for (Leaf l : ro.leaves) {
                        r.add(l.domain());
                    }
                }
            }
        }
        return r;
    }
}
