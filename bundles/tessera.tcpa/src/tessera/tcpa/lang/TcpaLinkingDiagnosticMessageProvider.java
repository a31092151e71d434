package tessera.tcpa.lang;

import org.eclipse.xtext.diagnostics.DiagnosticMessage;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.linking.impl.LinkingDiagnosticMessageProvider;

import tessera.tcpa.tcpa.TcpaPackage;

/** "unknown FU type X" instead of Xtext's generic "Couldn't resolve reference". */
public class TcpaLinkingDiagnosticMessageProvider extends LinkingDiagnosticMessageProvider {
    @Override
    public DiagnosticMessage getUnresolvedProxyMessage(ILinkingDiagnosticContext context) {
        if (context.getReference() == TcpaPackage.Literals.FU__TYPE) {
            return new DiagnosticMessage("unknown FU type " + context.getLinkText(), Severity.ERROR,
                    "tcpa.unknown-fu-type", "declare it with futype " + context.getLinkText()
                            + " { instr ... } before the pe block, or use a declared type");
        }
        return super.getUnresolvedProxyMessage(context);
    }
}
