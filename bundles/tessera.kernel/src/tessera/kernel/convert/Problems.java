package tessera.kernel.convert;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;

/** Where the conversion of a .kernel file reports: an error with its hint, on an element's feature (null: all of it). */
@FunctionalInterface
public interface Problems {
    void error(String message, String hint, EObject on, EStructuralFeature feature);
}
