package tessera.kernel.lang;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EReference;
import org.eclipse.xtext.diagnostics.DiagnosticMessage;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.linking.impl.LinkingDiagnosticMessageProvider;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.scoping.IScopeProvider;

import com.google.inject.Inject;

import tessera.kernel.kernel.KernelPackage;

/** Unknown names, by what the reference expects, with the names it could be as the hint. */
public class KernelLinkingDiagnosticMessageProvider extends LinkingDiagnosticMessageProvider {
    public static final String CODE = "kernel.link";
    private static final KernelPackage P = KernelPackage.eINSTANCE;

    @Inject
    private IScopeProvider scopes;

    @Override
    public DiagnosticMessage getUnresolvedProxyMessage(ILinkingDiagnosticContext context) {
        EReference ref = context.getReference();
        String what;
        if (ref == P.getDimRef_Dim()) {
            what = "dimension";
        } else if (ref == P.getDimDecl_Original()) {
            what = "dimension";
        } else if (ref == P.getFactor_Ref()) {
            what = "size, parameter or dimension";
        } else if (ref == P.getRefOperand_Ref()) {
            what = "instruction, parameter or size";
        } else if (ref == P.getReduceOperand_Init()) {
            what = "instruction";
        } else if (ref == P.getAccess_Array()) {
            what = "array";
        } else {
            return super.getUnresolvedProxyMessage(context);
        }
        List<String> known = new ArrayList<>();
        try {
            for (IEObjectDescription d : scopes.getScope(context.getContext(), ref).getAllElements()) {
                known.add(d.getName().toString());
            }
        } catch (RuntimeException e) {
            // the hint is a courtesy: a broken tree still gets the message
        }
        String hint = known.isEmpty() ? "there is none: declare it" : "known here: " + String.join(", ", known);
        String after = ref == P.getDimDecl_Original() ? " (a copy names a dim declared before it)" : "";
        return new DiagnosticMessage("unknown " + what + " " + context.getLinkText() + after, Severity.ERROR, CODE, hint);
    }
}
