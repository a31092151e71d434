package tessera.ddg.scoping;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.scoping.IScope;
import org.eclipse.xtext.scoping.Scopes;

import tessera.ddg.ddg.DdgFile;
import tessera.ddg.ddg.DdgPackage;
import tessera.ddg.ddg.Loop;
import tessera.ddg.ddg.Machine;
import tessera.ddg.ddg.Op;
import tessera.ddg.ddg.Resource;

/**
 * Names as docs/modsched.md defines them: a loop names a machine of the same file, an operation and its
 * reservation name resources of the loop's machine, an edge names operations of its loop. The first declaration
 * of a duplicated name wins (the validator reports the duplicate).
 */
public class DdgScopeProvider extends AbstractDdgScopeProvider {
    @Override
    public IScope getScope(EObject context, EReference reference) {
        if (reference == DdgPackage.Literals.LOOP__MACHINE) {
            DdgFile f = EcoreUtil2.getContainerOfType(context, DdgFile.class);
            return f == null ? IScope.NULLSCOPE
                    : Scopes.scopeFor(EcoreUtil2.typeSelect(f.getElements(), Machine.class));
        }
        if (reference == DdgPackage.Literals.OP__RESOURCE || reference == DdgPackage.Literals.USE__RESOURCE) {
            Loop loop = EcoreUtil2.getContainerOfType(context, Loop.class);
            Machine m = loop == null ? null : loop.getMachine();
            return m == null || m.eIsProxy() ? IScope.NULLSCOPE
                    : Scopes.scopeFor(EcoreUtil2.typeSelect(m.getItems(), Resource.class));
        }
        if (reference == DdgPackage.Literals.EDGE__FROM || reference == DdgPackage.Literals.EDGE__TO) {
            Loop loop = EcoreUtil2.getContainerOfType(context, Loop.class);
            return loop == null ? IScope.NULLSCOPE : Scopes.scopeFor(EcoreUtil2.typeSelect(loop.getItems(), Op.class));
        }
        return super.getScope(context, reference);
    }
}
