package tessera.ddg.lang;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.diagnostics.DiagnosticMessage;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.linking.impl.LinkingDiagnosticMessageProvider;

import tessera.ddg.ddg.DdgPackage;
import tessera.ddg.ddg.Loop;
import tessera.ddg.ddg.Machine;
import tessera.ddg.ddg.Op;
import tessera.ddg.ddg.Resource;
import tessera.modsched.model.ModelProblems;

/**
 * Unresolved names get the engine's messages ({@link ModelProblems}); the hint travels as issue data. Resource
 * names of a loop whose machine is unknown are not reported again (the unknown machine is the problem).
 */
public class DdgLinkingDiagnosticMessageProvider extends LinkingDiagnosticMessageProvider {
    public static final String CODE = "ddg.link";

    @Override
    public DiagnosticMessage getUnresolvedProxyMessage(ILinkingDiagnosticContext context) {
        String name = context.getLinkText();
        EObject ctx = context.getContext();
        ModelProblems.Problem p = null;
        if (context.getReference() == DdgPackage.Literals.LOOP__MACHINE) {
            p = ModelProblems.unknownMachine(name);
        } else if (context.getReference() == DdgPackage.Literals.EDGE__FROM
                || context.getReference() == DdgPackage.Literals.EDGE__TO) {
            p = ModelProblems.unknownOperation(name);
        } else if (context.getReference() == DdgPackage.Literals.OP__RESOURCE
                || context.getReference() == DdgPackage.Literals.USE__RESOURCE) {
            Loop loop = EcoreUtil2.getContainerOfType(ctx, Loop.class);
            Machine m = loop == null ? null : (Machine) loop.eGet(DdgPackage.Literals.LOOP__MACHINE, false);
            if (m == null || m.eIsProxy()) {
                return null;
            }
            Op op = EcoreUtil2.getContainerOfType(ctx, Op.class);
            String opName = op == null ? "" : op.getName();
            p = context.getReference() == DdgPackage.Literals.OP__RESOURCE
                    ? ModelProblems.unknownResource(name, opName, m.getName(),
                            EcoreUtil2.typeSelect(m.getItems(), Resource.class).stream().map(Resource::getName).toList())
                    : ModelProblems.unknownReservedResource(name, opName, m.getName());
        }
        if (p == null) {
            return super.getUnresolvedProxyMessage(context);
        }
        return new DiagnosticMessage(p.message(), Severity.ERROR, CODE, p.hint());
    }
}
