package tessera.sass;

/** Runtime services of the .sass language; the semantics come from tessera.regdem (see {@link tessera.sass.lang.SassAnalysis}). */
public class SassRuntimeModule extends AbstractSassRuntimeModule {
}
