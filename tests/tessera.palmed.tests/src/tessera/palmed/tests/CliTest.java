package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.Diagnostic;
import tessera.core.cli.CliCommand;
import tessera.palmed.examples.Examples;
import tessera.palmed.pass.PortmapPass;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.RecordingPassContext;

/** The palmed CLI verbs, run as command lines through the launcher, and the .portmap builder pass. */
class CliTest {
    /**
     * Runs {@code tessera --quiet [--json] palmed WORDS...} in {@code dir} through the launcher's entry point, as a
     * user types it: the launcher parses the options after the command name first.
     */
    static Run run(Path dir, boolean json, String... words) {
        return CliRunner.run(dir, json, "palmed", words);
    }

    @Test
    void inferPredictCompareOnTheToyMachine() throws Exception {
        Path dir = Files.createTempDirectory("palmed-cli");
        Files.writeString(dir.resolve("toy.portmap"), Examples.text("toy.portmap"));
        Files.writeString(dir.resolve("b.s"), "addss %xmm1, %xmm1\naddss %xmm2, %xmm2\nbsr %rax, %rax\n");
        Run p = run(dir, true, "predict", "--mapping", "toy.portmap", "b.s");
        assertEquals(CliCommand.OK, p.code(), p.err());
        JsonObject pr = JsonParser.parseString(p.out()).getAsJsonArray().get(0).getAsJsonObject();
        assertEquals(2.0, pr.get("ipc").getAsDouble(), 1e-9);
        assertEquals("r01", pr.get("bottleneck").getAsString());
        Run inf = run(dir, true, "infer", "--machine", "toy.portmap", "--instructions", "all", "--basic", "5", "--cache",
                "cache", "--out", "toy.mapping");
        assertEquals(CliCommand.OK, inf.code(), inf.err());
        JsonObject ij = JsonParser.parseString(inf.out()).getAsJsonObject();
        assertEquals(6, ij.getAsJsonObject("mapping").getAsJsonArray("resources").size());
        assertTrue(Files.list(dir.resolve("cache")).findAny().isPresent());
        Run p2 = run(dir, false, "predict", "--mapping", "toy.mapping", "b.s");
        assertTrue(p2.out().contains("IPC 2.000"), p2.out());
        Run c = run(dir, true, "compare", "--machine", "toy.portmap", "--mapping", "toy.mapping", "b.s", "--with",
                "none");
        assertEquals(CliCommand.OK, c.code(), c.err());
        assertEquals(0.0, JsonParser.parseString(c.out()).getAsJsonObject().getAsJsonObject("palmed")
                .get("rmsRelativeError").getAsDouble(), 1e-6);
    }

    @Test
    void badInputIsADiagnosticNotAStackTrace() throws Exception {
        Path dir = Files.createTempDirectory("palmed-cli");
        Files.writeString(dir.resolve("bad.portmap"), "ADDSS: 1*x01\n");
        Run r = run(dir, false, "infer", "--machine", "bad.portmap", "--instructions", "all");
        assertEquals(CliCommand.FAILED, r.code());
        assertTrue(r.err().contains("bad.portmap:1: error: cannot read port usage '1*x01' of ADDSS"), r.err());
        Run u = run(dir, false, "frobnicate");
        assertEquals(CliCommand.USAGE, u.code());
        assertTrue(u.err().contains("unknown verb 'frobnicate'"), u.err());
        // the launcher accepts every verb's options, the verb only its own
        Run foreign = run(dir, false, "predict", "--machine", "bad.portmap", "--mapping", "bad.portmap", "b.s");
        assertEquals(CliCommand.USAGE, foreign.code());
        assertTrue(foreign.err().contains("unknown option --machine"), foreign.err());
    }

    @Test
    void passWritesTheDual() {
        PortmapPass pass = new PortmapPass();
        assertTrue(pass.accepts("src/toy.portmap"));
        RecordingPassContext ctx = new RecordingPassContext("src/toy.portmap", Examples.text("toy.portmap"));
        pass.run(ctx);
        List<Diagnostic> diags = ctx.diagnostics();
        Map<String, byte[]> outputs = ctx.outputs();
        assertTrue(diags.isEmpty(), diags.toString());
        String text = new String(outputs.get("palmed/toy.mapping"), StandardCharsets.UTF_8);
        assertTrue(text.contains("resources r0 r1 r6 r01 r06 r016"), text);
        assertTrue(outputs.containsKey("palmed/toy.json"));
    }
}
