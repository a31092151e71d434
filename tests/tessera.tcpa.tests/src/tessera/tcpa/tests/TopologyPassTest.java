package tessera.tcpa.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.pass.PassExecutor;
import tessera.tcpa.pass.TopologyPass;

/** The {@code tcpa.topology} builder pass: markers for bad files, topology + routes JSON for good ones. */
class TopologyPassTest {
    private static PassExecutor.Execution run(String name, String text) {
        return PassExecutor.execute(new TopologyPass(), name, text, Map.of(), s -> Optional.empty(), Monitor.NULL);
    }

    @Test
    void writesTopologyAndRoutes() throws Exception {
        PassExecutor.Execution x = run("tcpa/fig4.tcpa", Files.readString(Fixtures.example("fig4.tcpa")));
        assertFalse(x.hasErrors(), x.diagnostics().toString());
        String json = new String(x.outputs().get("tcpa.topology/fig4.topology.json"), StandardCharsets.UTF_8);
        assertTrue(json.replaceAll("\\s", "").contains("\"nodes\":[\"pe0▷\",\"east0◁\",\"west0▷\",\"south0◁\","
                + "\"north0▷\",\"pe1◁\"]"), json);
    }

    @Test
    void problemsBecomeMarkersWithLines() throws Exception {
        String text = Files.readString(Fixtures.example("fig4.tcpa"));
        PassExecutor.Execution bad = run("fig4.tcpa", text.replace("rd 1;", "rd 1; fd 1 depth 0;"));
        Diagnostic d = bad.diagnostics().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
        assertEquals(11, d.line());
        assertTrue(bad.outputs().isEmpty());
        PassExecutor.Execution unroutable = run("fig4.tcpa", text.replace(" shares red", ""));
        Diagnostic u = unroutable.diagnostics().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
        assertEquals("fig4.tcpa", u.file());
        assertEquals(13, u.line());
        assertTrue(u.message().contains("cannot be routed node-disjointly"), u.message());
    }
}
