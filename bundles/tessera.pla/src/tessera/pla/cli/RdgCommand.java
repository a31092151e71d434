package tessera.pla.cli;

import tessera.core.cli.CliCommand.InputFile;
import java.util.Optional;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.diagram.Diagram;
import tessera.diagram.DotWriter;
import tessera.diagram.ElkLayout;
import tessera.diagram.SvgWriter;
import tessera.diagram.TextMeasure;
import tessera.pla.diagram.RdgDiagrams;
import tessera.pla.pass.PlaRdgPass;
import tessera.pla.rdg.PlaCompiler;
import tessera.rdg.Edge;
import tessera.rdg.Node;
import tessera.rdg.Rdg;

/** {@code tessera rdg FILE.pla [--dot] [--svg FILE] [--json]}: the reduced dependence graph of a PLA (seed 003 §4). */
public final class RdgCommand implements CliCommand {
    @Override
    public String name() {
        return "rdg";
    }

    @Override
    public String summary() {
        return "reduced dependence graph of a PLA (.pla), as text, DOT, SVG or JSON";
    }

    @Override
    public String usage() {
        return """
                usage: tessera rdg FILE.pla [--dot] [--svg OUT.svg] [--json]
                  --dot        print the graph in Graphviz DOT (drawn as in seed 003 Fig. 3)
                  --svg FILE   write the laid-out graph (ELK) as SVG
                  --json       print nodes and edges with their annotations as one JSON document
                examples:
                  tessera rdg examples/pla/fir.pla
                  tessera rdg examples/pla/bitext.pla --dot
                """;
    }

    @Override
    public Set<String> flags() {
        return Set.of("dot");
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("svg");
    }


    /** Several files, or a folder, in one run (issue 25). */
    @Override
    public Optional<InputFile> inputFile(Args args) {
        return InputFile.at(0, "pla", Set.of("svg"));
    }
    @Override
    public int run(CliContext ctx, Args a) throws Exception {
        String file = a.single("the .pla file");
        PlaCompiler.Compiled c = PlaCli.load(ctx, file);
        if (c == null || c.rdg() == null) {
            if (ctx.json()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("file", file);
                m.put("diagnostics", PlaCli.diagnosticTexts(c));
                ctx.json(m);
            }
            return FAILED;
        }
        Rdg g = c.rdg();
        if (a.option("svg").isPresent()) {
            Diagram d = ElkLayout.layout(RdgDiagrams.build(g), TextMeasure.APPROXIMATE);
            Path out = ctx.writeOutput("svg", a.option("svg").get(),
                    SvgWriter.write(d, TextMeasure.APPROXIMATE).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            ctx.println("wrote " + out);
        }
        if (ctx.json()) {
            Map<String, Object> m = PlaCli.json(g);
            m.put("diagnostics", PlaCli.diagnosticTexts(c));
            ctx.json(m);
        } else if (a.flag("dot")) {
            ctx.println(DotWriter.write(RdgDiagrams.build(g)));
        } else {
            ctx.println("RDG " + g.getName() + ": " + PlaRdgPass.summary(g));
            for (Node n : g.getNodes()) {
                ctx.println("  " + String.join(" | ", RdgDiagrams.build(g).findNode(n.getId()).lines));
            }
            for (Edge e : g.getEdges()) {
                var de = RdgDiagrams.build(g).edges().get(g.getEdges().indexOf(e));
                ctx.println("  " + e.getId() + ": " + e.getSource().getId() + " -> " + e.getTarget().getId() + "  "
                        + e.eClass().getName() + (de.label.isEmpty() ? "" : "  " + de.label));
            }
        }
        return OK;
    }
}
