package tessera.tcpa.pipeline;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import tessera.core.Monitor;
import tessera.diagram.Diagram;
import tessera.diagram.DiagramProvider;
import tessera.pla.diagram.RdgDiagrams;
import tessera.rdg.Rdg;

/**
 * The annotated RDG of Fig. 3 for Studio's diagram view: after the symbolic mapping (architecture from
 * {@code tcpa.arch} in tessera.properties) nodes show {@code fu: [τ] mnemo} and split edges are dashed with δ and
 * their registers. Reuses tessera.pla's {@link RdgDiagrams} on the mapping's annotated RDG copy.
 */
public final class MappedRdgDiagramProvider implements DiagramProvider {
    @Override
    public boolean accepts(String fileName) {
        return fileName.endsWith(".pla");
    }

    /** The Fig. 3 diagram of a mapping result's annotated RDG. */
    public static Diagram diagram(Rdg annotated, String archName) {
        Diagram d = RdgDiagrams.build(annotated);
        d.title = "RDG " + annotated.getName() + " mapped onto " + archName;
        return d;
    }

    @Override
    public List<Named> diagrams(String fileName, String text, Function<String, Optional<String>> reader) {
        try {
            TcpaPipeline.Run run = TcpaPipeline.run(fileName, text, TcpaSettings.read(reader), reader, Optional.empty(), Optional.empty(),
                    TcpaPipeline.Until.MAPPING, Monitor.NULL);
            if (run.compiled() == null || !run.compiled().ok()) {
                return List.of();
            }
            String arch = run.arch().getName();
            return List.of(new Named("Mapped RDG (" + arch + ")", diagram(run.compiled().mapping().annotatedRdg(), arch)));
        } catch (RuntimeException e) {
            return List.of();
        }
    }
}
