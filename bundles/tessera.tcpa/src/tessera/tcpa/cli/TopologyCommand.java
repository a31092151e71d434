package tessera.tcpa.cli;

import tessera.core.cli.CliCommand.InputFile;
import java.util.Optional;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.cli.Json;
import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.diagram.Diagram;
import tessera.diagram.DotWriter;
import tessera.diagram.ElkLayout;
import tessera.diagram.SvgWriter;
import tessera.diagram.TextMeasure;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.diagram.TopologyDiagrams;
import tessera.tcpa.routing.ChannelRequest;
import tessera.tcpa.routing.ReducedTopology;
import tessera.tcpa.routing.Router;
import tessera.tcpa.routing.RoutingResult;
import tessera.tcpa.tcpa.Architecture;

/**
 * {@code tessera topology FILE.tcpa [--dot|--svg FILE|--json] [--time-limit S]}: the reduced topology graph of the
 * architecture's data layer (seed 003 Definition 5.4) and the routes of the channels the file declares (§5.4).
 */
public final class TopologyCommand implements CliCommand {
    /** The default {@code --time-limit} in seconds (issue 22: finite, printed in --help). */
    public static final double DEFAULT_TIME_LIMIT_S = 60;

    @Override
    public String name() {
        return "topology";
    }

    @Override
    public String summary() {
        return "reduced topology graph of a TCPA architecture (.tcpa) and routes of its declared channels";
    }

    @Override
    public String usage() {
        return """
                usage: tessera topology FILE.tcpa [--dot] [--svg OUT.svg] [--json] [--time-limit S]
                  prints the ports (nodes), the weighted edges (row, col) and, when the file declares channels
                  (channel NAME delta (dr, dc) [shares OTHER];), their routes, solved exactly with SAT4J
                  --dot           print the graph (with the routes, if any) in Graphviz DOT
                  --svg FILE      write the laid-out graph (ELK) as SVG
                  --json          print nodes, edges and routes as one JSON document
                  --time-limit S  seconds for the whole command, routing included (default %d, at most %d)
                examples:
                  tessera topology examples/tcpa/fig4.tcpa
                  tessera topology examples/tcpa/tcpa4x4.tcpa --dot
                """.formatted((int) DEFAULT_TIME_LIMIT_S, (int) Args.MAX_TIME_LIMIT_S);
    }

    @Override
    public Set<String> flags() {
        return Set.of("dot");
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("svg", "time-limit");
    }


    /** Several files, or a folder, in one run (issue 25). */
    @Override
    public Optional<InputFile> inputFile(Args args) {
        return InputFile.at(0, "tcpa", Set.of("svg"));
    }
    @Override
    public int run(CliContext ctx, Args a) throws Exception {
        String file = a.single("the .tcpa file");
        Deadline deadline = Deadline.after(a.timeLimit(DEFAULT_TIME_LIMIT_S)); // covers reading, routing and drawing
        Reports reports = new Reports(ctx);
        Solved solved;
        try {
            solved = Bounded.call("topology " + file, deadline, ctx.monitor(), m -> solve(ctx, reports, file, deadline, a.option("svg").isPresent()));
        } catch (tessera.core.TimeLimitException e) {
            reports.accept(Diagnostic.error(file, 0, e.getMessage(), "raise --time-limit or declare fewer channels"));
            return reports.fail(file);
        }
        if (solved == null) {
            return reports.fail(file);
        }
        Architecture arch = solved.arch();
        ReducedTopology t = solved.topology();
        RoutingResult routes = solved.routes();
        Diagram diagram = solved.diagram();
        if (a.option("svg").isPresent()) {
            Path out = ctx.writeOutput("svg", a.option("svg").get(), solved.svg().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            ctx.println("wrote " + out);
        }
        if (ctx.json()) {
            ctx.json(json(file, t, routes));
        } else if (a.flag("dot")) {
            ctx.println(DotWriter.write(diagram));
        } else {
            int sib = (int) t.edges().stream().filter(ReducedTopology.Edge::sibling).count();
            ctx.println("reduced topology of " + arch.getName() + ": " + t.nodeCount() + " nodes (" + t.ports().size()
                    + " ports + Source, Sink), " + t.edges().size() + " edges (" + sib + " sibling edges)");
            for (ReducedTopology.Edge e : t.edges()) {
                ctx.println("  " + t.name(e.from()) + " -> " + t.name(e.to()) + "  (" + e.dRow() + "," + e.dCol()
                        + ")");
            }
            if (routes != null) {
                ctx.println("routes (weights (row, col); " + (routes.optimal() ? "minimal total length"
                        : "time limit reached before proving minimal length") + "):");
                for (RoutingResult.Route rt : routes.routes()) {
                    ctx.println("  " + rt.id() + " δ=(" + rt.delta()[0] + "," + rt.delta()[1] + "): "
                            + String.join(" ", rt.nodes().stream().map(p -> p.paper()).toList()) + "  od"
                            + rt.outputPort() + " -> id" + rt.inputPort());
                }
            }
        }
        return OK;
    }

    /** The architecture, its reduced topology, the routes of its channels (null when none), the diagram and its SVG. */
    private record Solved(Architecture arch, ReducedTopology topology, RoutingResult routes, Diagram diagram, String svg) {
    }

    /** Reading, validating and routing under the command's deadline; null after reporting the file's problems. */
    private static Solved solve(CliContext ctx, Reports reports, String file, Deadline deadline, boolean svg) throws java.io.IOException {
        String text;
        try {
            text = ctx.readSource(file);
        } catch (tessera.core.DiagnosticException e) {
            reports.accept(e.diagnostic());
            return null;
        }
        ArchitectureLoader.Result r = ArchitectureLoader.load(text, file);
        r.diagnostics().forEach(reports);
        if (!r.ok()) {
            return null;
        }
        Architecture arch = r.architecture();
        ReducedTopology t = ReducedTopology.of(arch);
        List<ChannelRequest> cs = Router.declaredChannels(arch);
        RoutingResult routes = cs.isEmpty() ? null
                : Router.route(t, cs, deadline);
        Diagram diagram = routes == null ? TopologyDiagrams.topology(t, "Reduced topology graph of " + arch.getName())
                : TopologyDiagrams.routing(t, routes, "Routing on the reduced topology of " + arch.getName());
        return new Solved(arch, t, routes, diagram, svg ? SvgWriter.write(ElkLayout.layout(diagram, TextMeasure.APPROXIMATE),
                TextMeasure.APPROXIMATE) : null);
    }

    public static Map<String, Object> json(String file, ReducedTopology t, RoutingResult routes) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", file);
        m.put("weightOrder", "row,col");
        List<Object> nodes = new ArrayList<>();
        for (int v = 0; v < t.nodeCount(); v++) {
            Map<String, Object> n = new LinkedHashMap<>();
            n.put("id", v);
            n.put("name", t.name(v));
            if (v >= 2) {
                n.put("location", t.port(v).location());
                n.put("source", t.port(v).source());
                n.put("index", t.port(v).index());
            }
            nodes.add(n);
        }
        m.put("nodes", nodes);
        List<Object> edges = new ArrayList<>();
        for (ReducedTopology.Edge e : t.edges()) {
            edges.add(Json.object("from", e.from(), "to", e.to(), "weight", List.of(e.dRow(), e.dCol())));
        }
        m.put("edges", edges);
        if (routes != null) {
            List<Object> rs = new ArrayList<>();
            for (RoutingResult.Route rt : routes.routes()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("id", rt.id());
                x.put("delta", List.of(rt.delta()[0], rt.delta()[1]));
                x.put("nodes", rt.nodes().stream().map(p -> p.paper()).toList());
                x.put("outputPort", rt.outputPort());
                x.put("inputPort", rt.inputPort());
                rs.add(x);
            }
            m.put("routes", rs);
            m.put("optimal", routes.optimal());
        }
        return m;
    }
}
