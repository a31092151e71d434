package tessera.pla.ide;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper;

import tessera.pla.analysis.PlaAnalysis;
import tessera.pla.pla.Equation;
import tessera.pla.pla.Loop;

/** Outline names: equations by label and defined variable ("S2: x"), the loop as "for", named elements by name. */
public class PlaDocumentSymbolNameProvider extends DocumentSymbolMapper.DocumentSymbolNameProvider {
    @Override
    public String getName(EObject object) {
        if (object instanceof Equation e) {
            return PlaAnalysis.label(e) + ": " + PlaAnalysis.name(e.getLhs());
        }
        if (object instanceof Loop) {
            return "for";
        }
        return super.getName(object);
    }
}
