package tessera.ui.tests;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import tessera.diagram.ExtensionDiagramProvider;

/** Draws a *.chain file ("a b c") as a chain of nodes, so the diagram view can be tested without a language. */
public class TestDiagramProvider extends ExtensionDiagramProvider {
    public TestDiagramProvider() {
        super(".chain");
    }

    @Override
    public List<Named> diagrams(String fileName, String text, Function<String, Optional<String>> reader) {
        return List.of(new Named("chain", SampleDiagrams.chain(text.trim().split("\\s+"))));
    }
}
