package tessera.pla.analysis;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

import tessera.pla.pla.Access;
import tessera.pla.pla.PlaPackage;

/** Source-text helpers: names as written, line numbers, instance texts. */
public final class PlaNames {
    private PlaNames() {
    }

    /** The variable name as written in an access (works for unresolved references too), or null. */
    public static String referenceText(Access a) {
        List<INode> nodes = NodeModelUtils.findNodesForFeature(a, PlaPackage.Literals.ACCESS__VAR);
        if (nodes.isEmpty()) {
            return null;
        }
        String t = NodeModelUtils.getTokenText(nodes.get(0)).trim();
        return t.isEmpty() ? null : t;
    }

    /** 1-based line of an element, 0 if unknown. */
    public static int line(EObject o) {
        if (o == null) {
            return 0;
        }
        ICompositeNode n = NodeModelUtils.findActualNodeFor(o);
        return n == null ? 0 : n.getStartLine();
    }

    /** {@code y[i - 1, j]} for a uniform access with distance d. */
    public static String accessText(String var, List<String> indices, long[] d) {
        StringBuilder sb = new StringBuilder(var).append('[');
        for (int k = 0; k < indices.size(); k++) {
            long dk = k < d.length ? d[k] : 0;
            sb.append(k > 0 ? ", " : "").append(indices.get(k));
            if (dk > 0) {
                sb.append(" - ").append(dk);
            } else if (dk < 0) {
                sb.append(" + ").append(-dk);
            }
        }
        return sb.append(']').toString();
    }
}
