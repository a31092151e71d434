package tessera.tcpa.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.cli.CliCommand;
import tessera.diagram.Diagram;
import tessera.diagram.DiagramProvider;
import tessera.tcpa.diagram.TcpaDiagramProvider;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/** {@code tessera topology} and the routing view's diagrams. */
class TopologyCliTest {
    @TempDir
    Path dir;

    /** {@code tessera --quiet [--json] topology WORDS...} in the repository root, as a user types it. */
    private static Run run(boolean json, String... words) {
        return CliRunner.run(Fixtures.root(), json, "topology", words);
    }

    @Test
    void textPrintsTheGraphAndFig4Routes() throws Exception {
        Run o = run(false, "examples/tcpa/fig4.tcpa");
        assertEquals(0, o.code());
        assertTrue(o.out().startsWith("reduced topology of fig4: 9 nodes (7 ports + Source, Sink), 9 edges (2 "
                + "sibling edges)"), o.out());
        assertTrue(o.out().contains("  east0◁ -> west0▷  (0,1)"), o.out());
        assertTrue(o.out().contains("  south0◁ -> north0▷  (1,0)"), o.out());
        assertTrue(o.out().contains("  blue δ=(0,1): pe0▷ east0◁ west0▷ pe0◁  od0 -> id0"), o.out());
        assertTrue(o.out().contains("  red δ=(1,1): pe0▷ east0◁ west0▷ south0◁ north0▷ pe1◁  od0 -> id1"), o.out());
    }

    @Test
    void jsonDotSvg() throws Exception {
        Path svg = dir.resolve("t.svg");
        Run j = run(true, "examples/tcpa/bitext-pe.tcpa", "--svg", svg.toString());
        assertEquals(0, j.code());
        JsonObject o = JsonParser.parseString(j.out()).getAsJsonObject();
        assertEquals("row,col", o.get("weightOrder").getAsString());
        // 1 PE input + 2 PE outputs + 4 directions x (1 in + 1 out) = 11 ports, + Source and Sink
        assertEquals(13, o.getAsJsonArray("nodes").size());
        assertTrue(Files.readString(svg).contains("<svg"));
        Run d = run(false, "examples/tcpa/tcpa4x4.tcpa", "--dot");
        assertTrue(d.out().contains("digraph"), d.out());
    }

    @Test
    void errorsAreDiagnosticsNotStackTraces() throws Exception {
        Path bad = dir.resolve("bad.tcpa");
        Files.writeString(bad, Files.readString(Fixtures.example("fig4.tcpa")).replace("fu alu0 : ALU;",
                "fu alu0 : MAC;"));
        Run o = run(false, bad.toString());
        assertEquals(CliCommand.FAILED, o.code());
        assertTrue(o.err().contains("bad.tcpa:10:") && o.err().contains("unknown FU type MAC"), o.err());
        Files.writeString(bad, Files.readString(Fixtures.example("fig4.tcpa")).replace(" shares red", ""));
        Run unroutable = run(false, bad.toString());
        assertEquals(CliCommand.FAILED, unroutable.code());
        assertTrue(unroutable.err().contains("cannot be routed node-disjointly"), unroutable.err());
        assertEquals(CliCommand.USAGE, run(false, "examples/tcpa/fig4.tcpa", "--time-limit", "0").code());
    }

    @Test
    void diagramProviderShowsTopologyAndRouting() throws Exception {
        DiagramProvider p = new TcpaDiagramProvider();
        assertTrue(p.accepts("x.tcpa"));
        List<DiagramProvider.Named> ds = p.diagrams("fig4.tcpa", Files.readString(Fixtures.example("fig4.tcpa")),
                s -> Optional.empty());
        assertEquals(List.of("Routing of the declared channels", "Reduced topology graph"),
                ds.stream().map(DiagramProvider.Named::name).toList());
        Diagram routing = ds.get(0).diagram();
        Diagram.Edge shared = routing.edges().stream().filter(e -> e.label.startsWith("blue+red")).findFirst()
                .orElseThrow();
        assertTrue(shared.width > 3);
        assertEquals(3, routing.edges().stream().filter(e -> e.label.startsWith("blue+red")).count());
        assertEquals(3, routing.nodes().stream().filter(n -> n.bold && n.payload instanceof tessera.tcpa.routing.Port)
                .count());
        assertTrue(routing.edges().stream().anyMatch(e -> e.label.equals("red (1,0)")));
        assertTrue(p.diagrams("bad.tcpa", "architecture {", s -> Optional.empty()).isEmpty());
    }
}
