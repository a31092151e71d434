package tessera.pla.lang;

import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.documentation.IEObjectDocumentationProvider;

import tessera.core.poly.IntegerSet;
import tessera.pla.analysis.PlaAnalysis;
import tessera.pla.analysis.PlaAnalysis.VarInfo;
import tessera.pla.pla.Access;
import tessera.pla.pla.Equation;
import tessera.pla.pla.Index;
import tessera.pla.pla.Model;
import tessera.pla.pla.Operation;
import tessera.pla.pla.Param;
import tessera.pla.pla.Range;
import tessera.pla.pla.Variable;

/**
 * Hover text: a variable's class (input/output/internal/constant, seed 003 §4) with its defining equations, an
 * equation's operation and condition space, a parameter's or index's role.
 */
public class PlaDocumentationProvider implements IEObjectDocumentationProvider {
    @Override
    public String getDocumentation(EObject o) {
        try {
            return text(o);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static Model model(EObject o) {
        if (o.eResource() != null && !o.eResource().getContents().isEmpty() && o.eResource().getContents().get(0) instanceof Model m) {
            return m;
        }
        return EcoreUtil2.getContainerOfType(o, Model.class);
    }

    /** Plain text (with simple markdown) for an element, or null. */
    public static String text(EObject o) {
        Model m = model(o);
        if (m == null) {
            return null;
        }
        PlaAnalysis a = PlaAnalysis.of(m);
        if (o instanceof Access acc) {
            o = acc.getVar();
        }
        if (o instanceof Variable v) {
            VarInfo vi = a.variable(v.getName());
            if (vi == null || vi.varClass == null) {
                return "**" + v.getName() + "**: variable (not used)";
            }
            StringBuilder sb = new StringBuilder("**").append(v.getName()).append("**: ").append(vi.varClass.word)
                    .append(" variable, ").append(vi.dims < 0 ? "?" : vi.dims).append("-dimensional");
            if (vi.constantValue != null) {
                sb.append(", value ").append(vi.constantValue);
            }
            if (!vi.definitions.isEmpty()) {
                sb.append("\n\ndefined by ").append(vi.definitions.stream()
                        .map(e -> PlaAnalysis.label(e) + " " + space(a.conditionSpace(e))).collect(Collectors.joining(", ")));
            }
            if (!vi.uses.isEmpty()) {
                sb.append("\n\nused by ").append(vi.uses.stream().map(u -> PlaAnalysis.label((Equation) u.eContainer().eContainer()))
                        .distinct().collect(Collectors.joining(", ")));
            }
            return sb.toString();
        }
        Equation e = o instanceof Equation eq ? eq : o instanceof Operation op && op.eContainer() instanceof Equation eq2 ? eq2 : null;
        if (e != null) {
            var op = e.getRhs() == null ? null : a.operation(e.getRhs());
            return "**" + PlaAnalysis.label(e) + "** defines " + PlaAnalysis.name(e.getLhs()) + " with ["
                    + (op == null ? "?" : op.name()) + "]" + (op == null ? "" : " (" + op.description() + ")")
                    + "\n\ncondition space " + space(a.conditionSpace(e));
        }
        if (o instanceof Param p) {
            return "**" + p.getName() + "**: parameter (a symbolic loop bound, known at run time)";
        }
        if (o instanceof Index i) {
            Range r = (Range) i.eContainer();
            List<String> idx = a.indices();
            return "**" + i.getName() + "**: loop index " + (idx.indexOf(i.getName()) + 1) + " of " + idx.size()
                    + ", iteration space " + space(a.iterationSpace()) + (r == null ? "" : "");
        }
        return null;
    }

    private static String space(IntegerSet s) {
        return s == null ? "?" : "{ " + (s.constraintText().isEmpty() ? "true" : s.constraintText()) + " }";
    }
}
