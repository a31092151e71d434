package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.palmed.cli.PalmedCommand;
import tessera.palmed.examples.Examples;
import tessera.palmed.pass.PortmapPass;

/** The palmed CLI verbs and the .portmap builder pass. */
class CliTest {
    record Run(int code, String out, String err) {
    }

    static Run run(Path dir, boolean json, String... words) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliContext ctx = new CliContext(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), dir, json, true);
        int code = new PalmedCommand().run(ctx, Args.parse(words(words), Set.of(), Set.of()));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static List<String> words(String... w) {
        List<String> l = new ArrayList<>();
        l.add("--");
        l.addAll(List.of(w));
        return l;
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
        org.junit.jupiter.api.Assertions.assertThrows(tessera.core.cli.UsageException.class,
                () -> run(dir, false, "frobnicate"));
    }

    @Test
    void passWritesTheDual() {
        List<Diagnostic> diags = new ArrayList<>();
        Map<String, byte[]> outputs = new HashMap<>();
        PortmapPass pass = new PortmapPass();
        assertTrue(pass.accepts("src/toy.portmap"));
        pass.run(new tessera.core.pass.PassContext() {
            public String fileName() {
                return "src/toy.portmap";
            }

            public String contents() {
                return Examples.text("toy.portmap");
            }

            public Optional<String> read(String p) {
                return Optional.empty();
            }

            public Map<String, String> settings() {
                return Map.of();
            }

            public Monitor monitor() {
                return Monitor.NULL;
            }

            public void report(Diagnostic d) {
                diags.add(d);
            }

            public void output(String path, byte[] content) {
                outputs.put(path, content);
            }

            public void summary(String line) {
            }
        });
        assertTrue(diags.isEmpty(), diags.toString());
        String text = new String(outputs.get("palmed/toy.mapping"), StandardCharsets.UTF_8);
        assertTrue(text.contains("resources r0 r1 r6 r01 r06 r016"), text);
        assertTrue(outputs.containsKey("palmed/toy.json"));
    }
}
