package tessera.pla.lang;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.resource.DerivedStateAwareResource;
import org.eclipse.xtext.resource.IDerivedStateComputer;

import tessera.pla.analysis.PlaNames;
import tessera.pla.pla.Access;
import tessera.pla.pla.ConstDecl;
import tessera.pla.pla.Declaration;
import tessera.pla.pla.Model;
import tessera.pla.pla.PlaFactory;
import tessera.pla.pla.VarDecl;
import tessera.pla.pla.Variable;

/**
 * Seed 003 §4 writes PLAs without declarations (x, y, in, bits in the running example): every variable name that is
 * not declared gets an implicit {@link Variable}, added as an extra root of the resource, so that all accesses are
 * real cross-references (go-to-definition, hover, rename).
 */
public class PlaDerivedStateComputer implements IDerivedStateComputer {
    @Override
    public void installDerivedState(DerivedStateAwareResource resource, boolean preIndexingPhase) {
        if (resource.getContents().isEmpty() || !(resource.getContents().get(0) instanceof Model model)) {
            return;
        }
        Set<String> declared = new HashSet<>();
        for (Declaration d : model.getDeclarations()) {
            if (d instanceof VarDecl vd) {
                for (Variable v : vd.getVariables()) {
                    declared.add(v.getName());
                }
            } else if (d instanceof ConstDecl cd) {
                declared.add(cd.getName());
            }
        }
        Set<String> implicit = new LinkedHashSet<>();
        if (model.getLoop() != null) {
            for (var it = model.getLoop().eAllContents(); it.hasNext();) {
                EObject o = it.next();
                if (o instanceof Access a) {
                    String n = PlaNames.referenceText(a);
                    if (n != null && !declared.contains(n)) {
                        implicit.add(n);
                    }
                }
            }
        }
        for (String n : implicit) {
            Variable v = PlaFactory.eINSTANCE.createVariable();
            v.setName(n);
            resource.getContents().add(v);
        }
    }

    @Override
    public void discardDerivedState(DerivedStateAwareResource resource) {
        while (resource.getContents().size() > 1) {
            resource.getContents().remove(resource.getContents().size() - 1);
        }
    }
}
