package tessera.kernel.scoping;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.naming.QualifiedName;
import org.eclipse.xtext.resource.EObjectDescription;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.scoping.IScope;
import org.eclipse.xtext.scoping.impl.SimpleScope;

import tessera.kernel.convert.DimNames;
import tessera.kernel.kernel.ArrayDecl;
import tessera.kernel.kernel.Decl;
import tessera.kernel.kernel.DimDecl;
import tessera.kernel.kernel.DimName;
import tessera.kernel.kernel.InstDecl;
import tessera.kernel.kernel.KernelDef;
import tessera.kernel.kernel.KernelPackage;
import tessera.kernel.kernel.ParamDecl;
import tessera.kernel.kernel.SizeDecl;
import tessera.kernel.kernel.TempDecl;

/**
 * Names as docs/kernel.md defines them: one name space per kernel, names usable anywhere in it (a copy's original
 * only before the copy). A dimension reference sees the logical dimensions and their dimensions: the named ones, or
 * d0..dk, which resolve to their DimDecl. Each reference sees the kinds it accepts (an operand: instructions,
 * parameters, sizes; an address: arrays). The first declaration of a duplicated name wins (the validator reports it).
 */
public class KernelScopeProvider extends AbstractKernelScopeProvider {
    private static final KernelPackage P = KernelPackage.eINSTANCE;

    @Override
    public IScope getScope(EObject context, EReference reference) {
        KernelDef k = EcoreUtil2.getContainerOfType(context, KernelDef.class);
        if (k == null) {
            return IScope.NULLSCOPE;
        }
        if (reference == P.getDimDecl_Original()) {
            DimDecl self = EcoreUtil2.getContainerOfType(context, DimDecl.class);
            List<IEObjectDescription> r = new ArrayList<>();
            for (Decl d : k.getDecls()) {
                if (d == self) {
                    break;
                }
                if (d instanceof DimDecl dd && dd.getName() != null) {
                    r.add(EObjectDescription.create(QualifiedName.create(dd.getName()), dd));
                }
            }
            return new SimpleScope(r);
        }
        if (reference == P.getDimRef_Dim()) {
            return scope(k, d -> d instanceof DimDecl, true);
        }
        if (reference == P.getFactor_Ref()) {
            return scope(k, d -> d instanceof DimDecl || d instanceof ParamDecl || d instanceof SizeDecl, true);
        }
        if (reference == P.getRefOperand_Ref()) {
            return scope(k, d -> d instanceof InstDecl || d instanceof ParamDecl || d instanceof SizeDecl, false);
        }
        if (reference == P.getReduceOperand_Init()) {
            return scope(k, d -> d instanceof InstDecl, false);
        }
        if (reference == P.getAccess_Array()) {
            return scope(k, d -> d instanceof ArrayDecl || d instanceof TempDecl, false);
        }
        return super.getScope(context, reference);
    }

    /** The declarations accepted by {@code kind}, in file order; with their dimensions when {@code dims}. */
    public static IScope scope(KernelDef k, Predicate<Decl> kind, boolean dims) {
        List<IEObjectDescription> r = new ArrayList<>();
        for (Decl d : k.getDecls()) {
            if (!kind.test(d) || d.getName() == null) {
                continue;
            }
            r.add(EObjectDescription.create(QualifiedName.create(d.getName()), d));
            if (dims && d instanceof DimDecl dd) {
                if (dd.getDims().isEmpty()) {
                    for (String n : DimNames.of(dd)) {
                        r.add(EObjectDescription.create(QualifiedName.create(n), dd));
                    }
                } else {
                    for (DimName n : dd.getDims()) {
                        if (n.getName() != null) {
                            r.add(EObjectDescription.create(QualifiedName.create(n.getName()), n));
                        }
                    }
                }
            }
        }
        return new SimpleScope(r);
    }
}
