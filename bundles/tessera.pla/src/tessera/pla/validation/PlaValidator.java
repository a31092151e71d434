package tessera.pla.validation;

import org.eclipse.xtext.validation.Check;
import org.eclipse.xtext.validation.CheckType;

import tessera.core.Severity;
import tessera.pla.analysis.PlaAnalysis;
import tessera.pla.pla.Model;

/**
 * Seed 003 §4 rules of the restricted PLA form, reported on the offending token: variable classes, uniform indexing
 * of internal variables, single assignment and defined uses (decided exactly on the parametric sets), zero-distance
 * dependence cycles, dimension mismatches, operation arity, affine indices. The rules live in {@link PlaAnalysis}.
 */
public class PlaValidator extends AbstractPlaValidator {
    @Check(CheckType.FAST)
    public void checkModel(Model model) {
        for (PlaAnalysis.Problem p : PlaAnalysis.of(model).problems()) {
            if (p.object().eResource() != model.eResource()) {
                continue;
            }
            if (p.severity() == Severity.ERROR) {
                error(p.message(), p.object(), p.feature(), p.index(), p.code());
            } else {
                warning(p.message(), p.object(), p.feature(), p.index(), p.code());
            }
        }
    }
}
