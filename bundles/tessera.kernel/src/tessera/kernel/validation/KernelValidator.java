package tessera.kernel.validation;

import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.validation.Check;

import tessera.kernel.convert.KernelConverter;
import tessera.kernel.convert.KernelOverrides;
import tessera.kernel.kernel.KernelDef;

/**
 * The well-formedness of a kernel (seed 001 §4.2, {@code Kernel.check()}), each problem on the token it is about: the
 * checks are those of {@link KernelConverter}, run with the instance values attached to the resource
 * ({@link KernelOverrides}), so the editor and the loader report the same. The hint is the first data item.
 * A file with syntax errors gets only those.
 */
public class KernelValidator extends AbstractKernelValidator {
    public static final String CODE = "kernel.validation";

    @Check
    public void kernel(KernelDef k) {
        Resource r = k.eResource();
        if (r instanceof XtextResource xr && xr.getParseResult() != null && xr.getParseResult().hasSyntaxErrors()) {
            return;
        }
        KernelConverter.convert(k, KernelOverrides.of(r),
                (message, hint, on, feature) -> error(message, on, feature, INSIGNIFICANT_INDEX, CODE, hint));
    }
}
