package tessera.dspace.ui;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import tessera.diagram.ExtensionDiagramProvider;
import tessera.dspace.DspaceLoader;

/** The choice graph of a {@code .exh} decision space for Studio's diagram view ({@link ChoiceGraph}). */
public final class DspaceDiagrams extends ExtensionDiagramProvider {
    public DspaceDiagrams() {
        super(".exh");
    }

    @Override
    public List<Named> diagrams(String fileName, String text, Function<String, Optional<String>> reader) {
        String name = "/" + fileName.replace('\\', '/').replaceFirst("^/+", "");
        DspaceLoader.Result r = DspaceLoader.loadText(name, text, p -> reader.apply(p.replaceFirst("^/+", "")));
        if (r.program() == null) {
            return List.of();
        }
        return List.of(new Named("Choices and constraints", ChoiceGraph.build(fileName, r.program())));
    }
}
