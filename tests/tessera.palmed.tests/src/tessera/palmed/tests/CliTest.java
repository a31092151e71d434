package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.google.gson.JsonElement;
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
        assertTrue(r.err().contains("bad.portmap:1:1: error: cannot read port usage '1*x01' of ADDSS"), r.err());
        Run u = run(dir, false, "frobnicate");
        assertEquals(CliCommand.USAGE, u.code());
        assertTrue(u.err().contains("unknown verb 'frobnicate'"), u.err());
        // the launcher accepts every verb's options, the verb only its own
        Run foreign = run(dir, false, "predict", "--machine", "bad.portmap", "--mapping", "bad.portmap", "b.s");
        assertEquals(CliCommand.USAGE, foreign.code());
        assertTrue(foreign.err().contains("unknown option --machine"), foreign.err());
    }

    /** The toy machine plus a square root of IPC 1/25, below the 0.05 minimum of seed 000 §VI-A. */
    static Path toyWithSqrt() throws Exception {
        Path dir = Files.createTempDirectory("palmed-cli");
        Files.writeString(dir.resolve("toy.portmap"), Examples.text("toy.portmap") + "SQRT: 25*p0\n");
        return dir;
    }

    @Test
    void coverageIsReportedByInferAndCompareCountsBlocksWithUnmappedInstructions() throws Exception {
        Path dir = toyWithSqrt();
        Run inf = run(dir, true, "infer", "--machine", "toy.portmap", "--instructions", "all", "--basic", "5", "--out",
                "toy.mapping");
        assertEquals(CliCommand.OK, inf.code(), inf.err());
        JsonObject cov = JsonParser.parseString(inf.out()).getAsJsonObject().getAsJsonObject("coverage");
        assertEquals(7, cov.get("instructions").getAsInt());
        assertEquals(6, cov.get("mapped").getAsInt());
        JsonObject sq = cov.getAsJsonArray("unmapped").get(0).getAsJsonObject();
        assertEquals("SQRT", sq.get("instruction").getAsString());
        assertTrue(sq.get("reason").getAsString().startsWith("IPC 0.040 below 0.05"), sq.toString());
        Run text = run(dir, false, "infer", "--machine", "toy.portmap", "--instructions", "all", "--basic", "5");
        assertEquals(CliCommand.OK, text.code(), text.err());
        assertTrue(text.out().contains("coverage: 6 of 7 instructions mapped (85.7 %); 1 not mapped:"), text.out());
        assertTrue(text.out().contains("SQRT: IPC 0.040 below 0.05"), text.out());
        assertTrue(text.out().contains("self-check: 0 of 1 instructions fail"), text.out());

        Run c = run(dir, true, "compare", "--machine", "toy.portmap", "--mapping", "toy.mapping", "--blocks", "40",
                "--seed", "5", "--with", "none");
        assertEquals(CliCommand.OK, c.code(), c.err());
        JsonObject cj = JsonParser.parseString(c.out()).getAsJsonObject();
        assertEquals(40, cj.get("blocks").getAsInt());
        long withSqrt = 0;
        for (JsonElement row : cj.getAsJsonArray("rows")) {
            JsonObject r = row.getAsJsonObject();
            boolean sqrt = r.get("kernel").getAsString().contains("SQRT");
            withSqrt += sqrt ? 1 : 0;
            assertEquals(sqrt, r.has("palmedFailure"), r.toString());
            assertEquals(sqrt, r.get("palmed").isJsonNull(), r.toString());
        }
        assertTrue(withSqrt > 0, "the seed must draw SQRT into some block");
        assertEquals(withSqrt, cj.getAsJsonObject("palmed").get("failedBlocks").getAsLong());
        assertEquals(40 - withSqrt, cj.get("commonBlocks").getAsLong());
        assertEquals(0.0, cj.getAsJsonObject("palmed").get("rmsRelativeError").getAsDouble(), 1e-6);
        assertEquals("SQRT", cj.getAsJsonObject("coverage").getAsJsonArray("unmapped").get(0).getAsJsonObject()
                .get("instruction").getAsString());
        Run ct = run(dir, false, "compare", "--machine", "toy.portmap", "--mapping", "toy.mapping", "--blocks", "40",
                "--seed", "5", "--with", "none");
        assertTrue(ct.out().contains(String.format("%-10s %7d %7d", "palmed", 40, withSqrt)), ct.out());
        assertTrue(ct.out().contains("palmed failed: not in the mapping: SQRT (×" + withSqrt + ")"), ct.out());
        assertTrue(ct.out().contains("SQRT: IPC 0.040 below 0.05"), ct.out());
    }

    @Test
    void inferExitsOneWhenTheMappingDoesNotExplainTheMeasurements() throws Exception {
        Path dir = toyWithSqrt();
        // 30 % measurement noise: no mapping explains the kernels within the 5 % tolerance
        Run strict = run(dir, false, "infer", "--machine", "toy.portmap", "--instructions", "all", "--basic", "5",
                "--noise", "0.3", "--seed", "1");
        assertEquals(CliCommand.FAILED, strict.code(), strict.err());
        assertTrue(strict.err().contains("error: the mapping does not explain the measurements: the core mapping "
                + "leaves a kernel"), strict.err());
        assertTrue(strict.out().contains("NOT EXPLAINED"), strict.out());
        Run allowed = run(dir, true, "infer", "--machine", "toy.portmap", "--instructions", "all", "--basic", "5",
                "--noise", "0.3", "--seed", "1", "--allow-unexplained");
        assertEquals(CliCommand.OK, allowed.code(), allowed.err());
        assertTrue(allowed.err().contains("warning: the mapping does not explain the measurements"), allowed.err());
        JsonObject sc = JsonParser.parseString(allowed.out()).getAsJsonObject().getAsJsonObject("selfCheck");
        assertFalse(sc.get("explained").getAsBoolean());
        assertTrue(sc.get("allowUnexplained").getAsBoolean());
        assertTrue(sc.get("coreWorstKernel").getAsDouble() > 0.05, sc.toString());
        // the noise-free machine is explained: exit 0 without the flag (first test), and no time-limit claim
        assertFalse(strict.err().contains("time limit"), strict.err());
    }

    @Test
    void everyDocumentedOptionIsAcceptedFromTheLauncher() throws Exception {
        Path dir = toyWithSqrt();
        Run help = CliRunner.run(dir, "palmed", "--help");
        assertEquals(CliCommand.OK, help.code(), help.err());
        for (String o : List.of("--machine", "--instructions", "--noise", "--seed", "--cache", "--basic",
                "--time-limit", "--out", "--allow-unexplained", "--json", "--mapping", "--blocks", "--with", "--mcpu")) {
            assertTrue(help.out().contains(o), o + " in " + help.out());
        }
        Run all = run(dir, false, "infer", "--machine", "toy.portmap", "--instructions", "ADDSS,BSR,JMP,DIVPS,JNLE",
                "--noise", "0", "--seed", "3", "--cache", "c", "--basic", "5", "--time-limit", "600", "--out",
                "t.mapping.json", "--allow-unexplained");
        assertEquals(CliCommand.OK, all.code(), all.err());
        assertTrue(Files.exists(dir.resolve("t.mapping.json")));
        Files.writeString(dir.resolve("b.s"), "addss %xmm1, %xmm1\n");
        Run p = run(dir, false, "predict", "--mapping", "t.mapping.json", "b.s", "--json");
        assertEquals(CliCommand.OK, p.code(), p.err());
        // a flag of another verb is refused by the verb
        Run foreign = run(dir, false, "predict", "--mapping", "t.mapping.json", "--allow-unexplained", "b.s");
        assertEquals(CliCommand.USAGE, foreign.code());
        assertTrue(foreign.err().contains("--allow-unexplained"), foreign.err());
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
