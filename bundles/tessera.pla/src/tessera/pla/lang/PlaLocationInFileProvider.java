package tessera.pla.lang;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.resource.DefaultLocationInFileProvider;
import org.eclipse.xtext.util.ITextRegion;

import tessera.pla.analysis.PlaAnalysis;
import tessera.pla.pla.Access;
import tessera.pla.pla.Equation;
import tessera.pla.pla.Model;
import tessera.pla.pla.Variable;

/**
 * An implicit variable has no text of its own: its location is its first definition's left-hand side (or its first
 * use for an input), which is where go-to-definition jumps.
 */
public class PlaLocationInFileProvider extends DefaultLocationInFileProvider {
    @Override
    public ITextRegion getSignificantTextRegion(EObject obj) {
        EObject at = anchor(obj);
        return at != obj ? super.getSignificantTextRegion(at) : super.getSignificantTextRegion(obj);
    }

    @Override
    public ITextRegion getFullTextRegion(EObject obj) {
        EObject at = anchor(obj);
        return at != obj ? super.getFullTextRegion(at) : super.getFullTextRegion(obj);
    }

    /** The access that stands for an implicit variable, or the object itself. */
    public static EObject anchor(EObject obj) {
        if (!(obj instanceof Variable v) || v.eContainer() != null || v.eResource() == null
                || v.eResource().getContents().isEmpty() || !(v.eResource().getContents().get(0) instanceof Model m)
                || m.getLoop() == null) {
            return obj;
        }
        Access firstUse = null;
        for (Equation e : m.getLoop().getEquations()) {
            if (e.getLhs() != null && v.getName().equals(PlaAnalysis.name(e.getLhs()))) {
                return e.getLhs();
            }
            if (firstUse == null && e.getRhs() != null) {
                for (var o : e.getRhs().getArgs()) {
                    if (o instanceof Access a && v.getName().equals(PlaAnalysis.name(a))) {
                        firstUse = a;
                        break;
                    }
                }
            }
        }
        return firstUse != null ? firstUse : obj;
    }
}
