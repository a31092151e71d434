package tessera.pla.scoping;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.scoping.IScope;
import org.eclipse.xtext.scoping.Scopes;

import tessera.pla.pla.ConstDecl;
import tessera.pla.pla.Declaration;
import tessera.pla.pla.Model;
import tessera.pla.pla.ParamDecl;
import tessera.pla.pla.PlaPackage;
import tessera.pla.pla.Range;
import tessera.pla.pla.Symbol;
import tessera.pla.pla.VarDecl;
import tessera.pla.pla.Variable;

/**
 * Names are local to one file: variables (declared or implicit), parameters, and loop indices. A parameter's
 * {@code where} condition sees parameters only.
 */
public class PlaScopeProvider extends AbstractPlaScopeProvider {
    @Override
    public IScope getScope(EObject context, EReference reference) {
        Model model = EcoreUtil2.getContainerOfType(context, Model.class);
        if (model == null) {
            return IScope.NULLSCOPE;
        }
        boolean inParams = reference == PlaPackage.Literals.SYMBOL_REF__SYMBOL
                && EcoreUtil2.getContainerOfType(context, ParamDecl.class) != null;
        if (model.eResource() instanceof org.eclipse.xtext.resource.XtextResource r) { // one scope per kind and parse
            return r.getCache().get(org.eclipse.xtext.util.Tuples.create(PlaScopeProvider.class, reference, inParams), r,
                    () -> compute(model, reference, inParams));
        }
        return compute(model, reference, inParams);
    }

    private IScope compute(Model model, EReference reference, boolean inParams) {
        if (reference == PlaPackage.Literals.ACCESS__VAR) {
            List<Variable> vars = new ArrayList<>();
            for (Declaration d : model.getDeclarations()) {
                if (d instanceof VarDecl vd) {
                    vars.addAll(vd.getVariables());
                } else if (d instanceof ConstDecl cd) {
                    vars.add(cd);
                }
            }
            Resource r = model.eResource();
            if (r != null) {
                for (int k = 1; k < r.getContents().size(); k++) {
                    if (r.getContents().get(k) instanceof Variable v) {
                        vars.add(v);
                    }
                }
            }
            return org.eclipse.xtext.scoping.impl.MapBasedScope.createScope(IScope.NULLSCOPE, Scopes.scopedElementsFor(vars));
        }
        if (reference == PlaPackage.Literals.SYMBOL_REF__SYMBOL) {
            List<Symbol> symbols = new ArrayList<>();
            for (Declaration d : model.getDeclarations()) {
                if (d instanceof ParamDecl pd) {
                    symbols.addAll(pd.getParams());
                }
            }
            if (!inParams && model.getLoop() != null) {
                for (Range r : model.getLoop().getRanges()) {
                    if (r.getIndex() != null) {
                        symbols.add(r.getIndex());
                    }
                }
            }
            return org.eclipse.xtext.scoping.impl.MapBasedScope.createScope(IScope.NULLSCOPE, Scopes.scopedElementsFor(symbols));
        }
        return IScope.NULLSCOPE;
    }
}
