package tessera.palmed.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import tessera.core.Diagnostics;
import tessera.diagram.Diagram;
import tessera.diagram.DiagramProvider;
import tessera.palmed.model.DualConstruction;
import tessera.palmed.model.MappingIO;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.model.Rational;
import tessera.palmed.model.ResourceMapping;

/**
 * Seed 000 Fig. 1(c): the bipartite resource mapping, instructions on the left, abstract resources on the right, one
 * edge per ρ_{i,r} &gt; 0 labelled with the weight (rational form); ELK lays it out. A {@code .portmap} shows its dual
 * (App. A), a {@code .mapping}/{@code .mapping.json} the mapping itself. Large mappings show their first
 * {@link #MAX_INSTRUCTIONS} instructions (the title says so) to stay readable.
 */
public final class MappingDiagrams implements DiagramProvider {
    public static final int MAX_INSTRUCTIONS = 40;
    static final int INSTRUCTION_FILL = 0xF4F7FB;
    static final int RESOURCE_FILL = 0xFDEBD0;

    @Override
    public boolean accepts(String fileName) {
        return fileName.endsWith(".portmap") || fileName.endsWith(".mapping") || fileName.endsWith(".mapping.json");
    }

    @Override
    public List<Named> diagrams(String fileName, String text, Function<String, Optional<String>> reader) {
        ResourceMapping m = load(fileName, text, new Diagnostics());
        if (m == null) {
            return List.of();
        }
        String what = fileName.endsWith(".portmap") ? "dual resource mapping (App. A)" : "resource mapping";
        return List.of(new Named(what, graph(m, MAX_INSTRUCTIONS)));
    }

    /** The resource mapping of a file: a port mapping's dual, or a mapping in text/JSON form; null on errors. */
    public static ResourceMapping load(String fileName, String text, Diagnostics diags) {
        if (fileName.endsWith(".portmap")) {
            PortMapping pm = PortMappingParser.parse(fileName, text, diags);
            return pm == null || diags.hasErrors() ? null : DualConstruction.dual(pm);
        }
        ResourceMapping m = MappingIO.parse(fileName, text, diags);
        return diags.hasErrors() ? null : m;
    }

    /** The bipartite graph of the first {@code max} instructions of m and the resources they use. */
    public static Diagram graph(ResourceMapping m, int max) {
        Diagram d = new Diagram();
        List<String> shown = m.instructions().subList(0, Math.min(max, m.instructions().size()));
        d.title = m.name() + (shown.size() < m.instructions().size() ? " (first " + shown.size() + " of "
                + m.instructions().size() + " instructions)" : "");
        d.direction = Diagram.Direction.RIGHT;
        List<String> used = new ArrayList<>();
        for (String r : m.resources()) {
            for (String i : shown) {
                if (m.rho(i, r) > 0) {
                    used.add(r);
                    break;
                }
            }
        }
        for (String r : used) {
            Diagram.Node n = d.node("r:" + r).lines(r).shape(Diagram.Shape.ELLIPSE).colors(RESOURCE_FILL, 0xB9770E);
            var sat = m.saturating().get(r);
            n.tooltip("resource " + r + (sat != null ? "\nsaturating kernel: " + sat : "")).payload(r);
        }
        for (String i : shown) {
            Map<String, Double> row = m.rho().get(i);
            Diagram.Node n = d.node("i:" + i).lines(i).shape(Diagram.Shape.ROUNDED).colors(INSTRUCTION_FILL, 0x34495E);
            n.tooltip(i + "\nIPC alone " + Rational.format(m.ipc(tessera.palmed.model.Kernel.single(i)))).payload(i);
            for (String r : used) {
                double w = row.getOrDefault(r, 0.0);
                if (w > 0) {
                    d.edge(n, d.findNode("r:" + r)).label(Rational.format(w)).tooltip("ρ(" + i + ", " + r + ") = "
                            + Rational.format(w));
                }
            }
        }
        return d;
    }
}
