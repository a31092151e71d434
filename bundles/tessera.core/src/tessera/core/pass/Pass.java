package tessera.core.pass;

/**
 * One step of Tessera's pipeline as the builder, the CLI ({@code tessera demo}, {@code tessera build}) and tests run it:
 * a source file in, models and listings out (written under the project's {@code gen/} folder), diagnostics reported.
 * <p>
 * Passes are registered in the standard Java service file {@code META-INF/services/tessera.core.pass.Pass} of their
 * bundle; the CLI reads it with {@link java.util.ServiceLoader}, the Eclipse builder reads the same file from every
 * resolved bundle. A pass keeps no state between runs.
 */
public interface Pass {
    /** Stable id, e.g. {@code pla.rdg}; also the sub-folder of {@code gen/} by convention. */
    String id();

    /** One line for listings ("PLA → reduced dependence graph"). */
    String description();

    /** Whether this pass wants to run on the given project-relative file name. */
    boolean accepts(String fileName);

    /** Passes run in ascending order on a file; later ones may read what earlier ones produced. */
    default int order() {
        return 100;
    }

    /** Runs on one file. Problems go to {@link PassContext#report}, never out as exceptions. */
    void run(PassContext context);
}
