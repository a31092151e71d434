package tessera.pla.diagram;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import tessera.diagram.DiagramProvider;
import tessera.pla.rdg.PlaCompiler;

/** The RDG of a .pla file for Studio's diagram view and the CLI export (seed 003 Fig. 3). */
public final class PlaDiagramProvider implements DiagramProvider {
    @Override
    public boolean accepts(String fileName) {
        return fileName.endsWith(".pla");
    }

    @Override
    public List<Named> diagrams(String fileName, String text, Function<String, Optional<String>> reader) {
        try {
            PlaCompiler.Compiled c = PlaCompiler.compile(fileName, text);
            return c.ok() ? List.of(new Named("Reduced dependence graph", RdgDiagrams.build(c.rdg()))) : List.of();
        } catch (RuntimeException e) {
            return List.of();
        }
    }
}
