package tessera.pla.ide;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.ide.editor.syntaxcoloring.DefaultSemanticHighlightingCalculator;
import org.eclipse.xtext.ide.editor.syntaxcoloring.IHighlightedPositionAcceptor;
import org.eclipse.xtext.util.CancelIndicator;

import tessera.pla.analysis.PlaAnalysis;
import tessera.pla.pla.Access;
import tessera.pla.pla.Equation;
import tessera.pla.pla.Index;
import tessera.pla.pla.Model;
import tessera.pla.pla.Param;
import tessera.pla.pla.PlaPackage.Literals;
import tessera.pla.pla.SymbolRef;

/**
 * Colours variables by their seed 003 §4 class (input, output, internal, constant), parameters, loop indices and
 * equation labels. Style ids are {@link #INPUT} etc.; the editor bridge maps them to colours.
 */
public class PlaSemanticHighlightingCalculator extends DefaultSemanticHighlightingCalculator {
    public static final String INPUT = "pla.input";
    public static final String OUTPUT = "pla.output";
    public static final String INTERNAL = "pla.internal";
    public static final String CONSTANT = "pla.constant";
    public static final String PARAMETER = "pla.parameter";
    public static final String INDEX = "pla.index";
    public static final String LABEL = "pla.label";

    @Override
    protected boolean highlightElement(EObject object, IHighlightedPositionAcceptor acceptor, CancelIndicator cancel) {
        if (object instanceof Access a) {
            Model m = (Model) org.eclipse.xtext.EcoreUtil2.getRootContainer(a);
            PlaAnalysis.VarInfo vi = PlaAnalysis.of(m).variable(PlaAnalysis.name(a));
            if (vi != null && vi.varClass != null) {
                highlightFeature(acceptor, a, Literals.ACCESS__VAR, switch (vi.varClass) {
                    case INPUT -> INPUT;
                    case OUTPUT -> OUTPUT;
                    case INTERNAL -> INTERNAL;
                    case CONSTANT -> CONSTANT;
                });
            }
            return false; // index expressions contain symbol references
        }
        if (object instanceof SymbolRef s && s.getSymbol() != null && !s.getSymbol().eIsProxy()) {
            highlightFeature(acceptor, s, Literals.SYMBOL_REF__SYMBOL, s.getSymbol() instanceof Param ? PARAMETER : INDEX);
            return true;
        }
        if (object instanceof Param p) {
            highlightFeature(acceptor, p, Literals.SYMBOL__NAME, PARAMETER);
            return true;
        }
        if (object instanceof Index i) {
            highlightFeature(acceptor, i, Literals.SYMBOL__NAME, INDEX);
            return true;
        }
        if (object instanceof Equation e && e.getLabel() != null) {
            highlightFeature(acceptor, e, Literals.EQUATION__LABEL, LABEL);
        }
        return false;
    }
}
