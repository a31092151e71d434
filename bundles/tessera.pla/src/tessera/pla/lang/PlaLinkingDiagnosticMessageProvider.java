package tessera.pla.lang;

import org.eclipse.xtext.diagnostics.DiagnosticMessage;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.linking.impl.LinkingDiagnosticMessageProvider;

import tessera.pla.pla.PlaPackage;

/** Clear messages for names that are not declared (seed 003 §4: parameters and loop indices must be declared). */
public class PlaLinkingDiagnosticMessageProvider extends LinkingDiagnosticMessageProvider {
    @Override
    public DiagnosticMessage getUnresolvedProxyMessage(ILinkingDiagnosticContext context) {
        String name = context.getLinkText();
        if (context.getReference() == PlaPackage.Literals.SYMBOL_REF__SYMBOL) {
            return new DiagnosticMessage("undeclared parameter or index '" + name + "'", Severity.ERROR,
                    "undeclared-symbol");
        }
        if (context.getReference() == PlaPackage.Literals.ACCESS__VAR) {
            return new DiagnosticMessage("unknown variable '" + name + "'", Severity.ERROR, "unknown-variable");
        }
        return super.getUnresolvedProxyMessage(context);
    }
}
