package tessera.pla.rdg;

import java.util.List;

import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

import tessera.core.Diagnostic;
import tessera.pla.analysis.PlaAnalysis;

/**
 * Analysis problems as tessera.core {@link Diagnostic}s (file, line, column, offset, length), and the PLA's hint per
 * rule code (for them and, through {@link PlaCompiler}, for the Xtext issues).
 */
public final class PlaDiagnostics {
    private PlaDiagnostics() {
    }

    public static Diagnostic of(String file, PlaAnalysis.Problem p) {
        INode n = null;
        if (p.feature() != null) {
            List<INode> ns = NodeModelUtils.findNodesForFeature(p.object(), p.feature());
            if (!ns.isEmpty()) {
                n = ns.get(p.index() >= 0 && p.index() < ns.size() ? p.index() : 0);
            }
        }
        if (n == null) {
            n = NodeModelUtils.findActualNodeFor(p.object());
        }
        int line = n == null ? 0 : n.getStartLine();
        int offset = n == null ? -1 : n.getOffset();
        int column = 0;
        if (n != null) {
            String text = n.getRootNode().getText();
            int ls = text.lastIndexOf('\n', Math.max(0, offset - 1));
            column = offset - ls;
        }
        return new Diagnostic(p.severity(), file, line, column, offset, n == null ? 0 : n.getLength(), p.message(),
                hint(p.code()), p.code());
    }

    /** A short hint per rule code (docs/pla.md explains the rules). */
    static String hint(String code) {
        if (code == null) {
            return "";
        }
        return switch (code) {
            case PlaAnalysis.CODE_UNIFORM -> "internal variables are indexed x[I] on the left and x[I - d] on the right";
            case PlaAnalysis.CODE_SINGLE -> "make the condition spaces of the definitions disjoint";
            case PlaAnalysis.CODE_UNDEFINED -> "add an equation for the missing instances or restrict the condition";
            case PlaAnalysis.CODE_CYCLE -> "some distance on the cycle must be non-zero";
            default -> "";
        };
    }
}
