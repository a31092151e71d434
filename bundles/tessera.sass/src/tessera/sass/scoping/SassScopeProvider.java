package tessera.sass.scoping;

/** No cross-references in the grammar: branch targets are resolved by tessera.regdem's {@code Cfg}, not by scoping. */
public class SassScopeProvider extends AbstractSassScopeProvider {
}
