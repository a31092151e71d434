package tessera.sass;

/** Runtime services of the .sass language; the semantics come from tessera.regdem (see {@link tessera.sass.lang.SassAnalysis}). */
public class SassRuntimeModule extends AbstractSassRuntimeModule {
    /** At most 100 problems per file are kept, the rest counted (tessera.xtext.CappedResourceValidator). */
    public Class<? extends org.eclipse.xtext.validation.IResourceValidator> bindIResourceValidator() {
        return tessera.xtext.CappedResourceValidator.class;
    }
}
