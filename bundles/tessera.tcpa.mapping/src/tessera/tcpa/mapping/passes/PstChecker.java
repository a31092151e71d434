package tessera.tcpa.mapping.passes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.poly.TiledSet;
import tessera.core.poly.UnionSet;
import tessera.tcpa.mapping.Domains;
import tessera.tcpa.mapping.Instances;
import tessera.tcpa.symconf.PstKind;
import tessera.tcpa.symconf.PstNode;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.Tiling;

/**
 * The four well-formedness properties of a PST (seed 003 §5.5): (1) siblings have the same kind; (2) fragment
 * siblings have pairwise disjoint domains; (3) an inner node's domain is the union of its children's; (4) siblings
 * have distinct attributes. FU and τ levels are meta nodes, so (2) applies to instructions and operand leaves only
 * (digest P10). (2) is proven symbolically when possible, otherwise decided exactly on the sample instances; (3) is
 * decided exactly on the samples.
 */
public final class PstChecker {
    private PstChecker() {
    }

    public static List<Map<String, Long>> samples(SymbolicConfiguration c, int count) {
        return Instances.sample(c, count);
    }

    /** The violations found (empty when well formed). */
    public static List<String> check(SymbolicConfiguration c, List<Map<String, Long>> instances) {
        List<String> out = new ArrayList<>();
        if (c.getPst() != null) {
            check(c.getTiling(), c.getPst(), "root", instances, out);
        }
        return out;
    }

    private static boolean isFragment(PstKind k) {
        return k == PstKind.INSTRUCTION || k == PstKind.REGISTER || k == PstKind.LITERAL;
    }

    private static void check(Tiling t, PstNode n, String path, List<Map<String, Long>> inst, List<String> out) {
        List<PstNode> ch = n.getChildren();
        Set<PstKind> kinds = new HashSet<>();
        Set<String> attrs = new HashSet<>();
        for (PstNode c : ch) {
            kinds.add(isFragment(c.getKind()) ? PstKind.REGISTER : c.getKind());
            if (!attrs.add(c.getAttr())) {
                out.add(path + ": two children with attribute '" + c.getAttr() + "' (property 4)");
            }
        }
        if (kinds.size() > 1) {
            out.add(path + ": children of different kinds " + kinds + " (property 1)");
        }
        for (int a = 0; a < ch.size(); a++) {
            for (int b = a + 1; b < ch.size(); b++) {
                PstNode x = ch.get(a), y = ch.get(b);
                if (!isFragment(x.getKind()) || !isFragment(y.getKind())) {
                    continue;
                }
                TiledSet dx = Domains.parse(t, x.getDomain()), dy = Domains.parse(t, y.getDomain());
                if (dx.isProvablyDisjointFrom(dy)) {
                    continue;
                }
                for (Map<String, Long> i : inst) {
                    if (!dx.concretize(i).intersect(dy.concretize(i)).isEmpty()) {
                        out.add(path + ": fragments '" + x.getAttr() + "' and '" + y.getAttr() + "' overlap at " + i + " (property 2)");
                        break;
                    }
                }
            }
        }
        if (!ch.isEmpty()) {
            TiledSet own = Domains.parse(t, n.getDomain());
            for (Map<String, Long> i : inst) {
                UnionSet u = UnionSet.empty(Domains.embedding(t).localSpace());
                for (PstNode c : ch) {
                    u = u.union(Domains.parse(t, c.getDomain()).concretize(i));
                }
                if (!u.isEqualTo(own.concretize(i))) {
                    out.add(path + ": domain differs from the union of its children at " + i + " (property 3)");
                    break;
                }
            }
        }
        for (PstNode c : ch) {
            check(t, c, path + "/" + c.getAttr(), inst, out);
        }
    }
}
