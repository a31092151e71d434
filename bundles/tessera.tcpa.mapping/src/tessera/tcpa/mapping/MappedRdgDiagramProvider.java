package tessera.tcpa.mapping;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
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
            Map<String, String> settings = settings(reader);
            var arch = Settings.architecture(settings, reader);
            if (arch.isEmpty()) {
                return List.of();
            }
            TcpaCompiler.Compiled c = TcpaCompiler.compile(fileName, text, arch.get(), Settings.options(settings, fileName), Monitor.NULL);
            return c.ok() ? List.of(new Named("Mapped RDG (" + arch.get().getName() + ")", diagram(c.mapping().annotatedRdg(), arch.get().getName())))
                    : List.of();
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    private static Map<String, String> settings(Function<String, Optional<String>> reader) {
        Properties p = new Properties();
        reader.apply("tessera.properties").ifPresent(t -> {
            try {
                p.load(new java.io.StringReader(t));
            } catch (java.io.IOException e) {
                // an unreadable settings file means no settings
            }
        });
        Map<String, String> m = new java.util.HashMap<>();
        p.forEach((k, v) -> m.put(k.toString(), v.toString()));
        return m;
    }
}
