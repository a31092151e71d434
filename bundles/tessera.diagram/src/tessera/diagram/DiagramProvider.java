package tessera.diagram;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Turns a source file into diagrams (an RDG, a routing, a schedule...). Registered in
 * {@code META-INF/services/tessera.diagram.DiagramProvider}; Studio's diagram view and the CLI's export both use it.
 */
public interface DiagramProvider {
    /** A diagram with the name shown in the view's chooser. */
    record Named(String name, Diagram diagram) {
    }

    boolean accepts(String fileName);

    /**
     * @param reader reads another file of the same project by project-relative path
     * @return the diagrams, or an empty list when the file has errors (the problems view shows them)
     */
    List<Named> diagrams(String fileName, String text, Function<String, Optional<String>> reader);
}
