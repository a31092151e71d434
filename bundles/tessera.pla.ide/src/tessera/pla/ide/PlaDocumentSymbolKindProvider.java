package tessera.pla.ide;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper;

import tessera.pla.pla.PlaPackage;

/** Outline kinds: parameters as constants, indices as type parameters, variables, equations as functions. */
public class PlaDocumentSymbolKindProvider extends DocumentSymbolMapper.DocumentSymbolKindProvider {
    @Override
    protected SymbolKind getSymbolKind(EClass c) {
        if (c == PlaPackage.Literals.PARAM || c == PlaPackage.Literals.CONST_DECL) {
            return SymbolKind.Constant;
        }
        if (c == PlaPackage.Literals.INDEX) {
            return SymbolKind.TypeParameter;
        }
        if (c == PlaPackage.Literals.VARIABLE) {
            return SymbolKind.Variable;
        }
        if (c == PlaPackage.Literals.EQUATION) {
            return SymbolKind.Function;
        }
        if (c == PlaPackage.Literals.LOOP) {
            return SymbolKind.Namespace;
        }
        return super.getSymbolKind(c);
    }
}
