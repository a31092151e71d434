package tessera.core.pass;

import java.util.Map;
import java.util.Optional;

import tessera.core.Diagnostic;
import tessera.core.Monitor;

/** What a {@link Pass} sees of the world: its input file, the project settings, and sinks for output and problems. */
public interface PassContext {
    /** Project-relative path of the input, with '/' separators, e.g. {@code src/bitext.pla}. */
    String fileName();

    /** The input's text. */
    String contents();

    /** Reads another file of the same project (project-relative path), e.g. an architecture or include. */
    Optional<String> read(String projectRelativePath);

    /** Project settings ({@code tessera.properties} at the project root), never null. */
    Map<String, String> settings();

    Monitor monitor();

    void report(Diagnostic diagnostic);

    /**
     * Writes {@code content} to {@code gen/<relativePath>} of the project. The path must be relative and stay inside
     * {@code gen/}; the caller writes it atomically (no half-written files).
     */
    void output(String relativePath, byte[] content);

    /** A one-line human summary of what the pass did, shown by {@code tessera demo} and the build console. */
    void summary(String line);

    /**
     * What an earlier pass of the same run published for this file (the passes of a file run in {@link Pass#order()}
     * with one shared set of products), e.g. {@code pla.rdg}'s parsed PLA for {@code tcpa.compile}; empty when no earlier
     * pass published a product of this type (a pass run alone).
     */
    default <T> Optional<T> product(Class<T> type) {
        return Optional.empty();
    }

    /** Hands {@code product} (keyed by its class) to the later passes of this run on the same file. */
    default void publish(Object product) {
        // a context without later passes keeps nothing
    }
}
