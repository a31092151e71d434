package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.Diagnostic;
import tessera.core.cli.CliCommand;
import tessera.regdem.pass.RegdemPass;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassProgram;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.RecordingPassContext;

/**
 * {@code tessera regdem --kernel NAME} and {@code --list-kernels} on a real multi-kernel cuobjdump listing
 * (data/nvcc/sm_90/multi.sass, 4 kernels), as a user types them, and the builder pass on it (kernel by kernel).
 */
class MultiKernelCliTest {
    private static final List<String> KERNELS = List.of("_Z12mixed_sharediPKfPf", "_Z12clamp_selectiffPKfPfPi",
            "_Z9histogramiPKhPj", "_Z5scaleifPf");

    @TempDir
    Path dir;

    private Run tessera(boolean json, String command, String... words) {
        return CliRunner.run(dir, json, command, words);
    }

    private void copy(String arch, String name) throws Exception {
        Files.copy(NvccCorpus.root().resolve(arch).resolve(name + ".sass"), dir.resolve(name + ".sass"));
    }

    @Test
    void kernelMustBeChosen() throws Exception {
        copy("sm_90", "multi");
        Run r = tessera(false, "regdem", "multi.sass", "--block", "256");
        assertEquals(CliCommand.FAILED, r.code(), r.out());
        assertTrue(r.err().contains("multi.sass:1:1: error: the listing holds 4 kernels: _Z12mixed_sharediPKfPf"
                + " (mixed_shared), _Z12clamp_selectiffPKfPfPi (clamp_select), _Z9histogramiPKhPj (histogram),"
                + " _Z5scaleifPf (scale) (choose one with --kernel NAME)"), r.err());
        assertFalse(Files.exists(dir.resolve("multi.regdem.sass")));

        r = tessera(false, "regdem", "multi.sass", "--block", "256", "--kernel", "scal");
        assertEquals(CliCommand.FAILED, r.code());
        assertTrue(r.err().contains("error: no kernel 'scal' in the listing; kernels: _Z12mixed_sharediPKfPf"), r.err());
        for (String k : KERNELS) {
            assertTrue(r.err().contains(k), r.err());
        }
        assertTrue(r.err().contains("(choose one with --kernel NAME)"), r.err());
        assertEquals(CliCommand.USAGE, tessera(false, "regdem", "multi.sass", "--block", "256", "--kernel").code());
    }

    @Test
    void chosenKernelIsAnalysedAlone() throws Exception {
        copy("sm_90", "multi");
        Run r = tessera(false, "regdem", "multi.sass", "--block", "256", "--kernel", "scale");
        assertEquals(CliCommand.OK, r.code(), r.err());
        assertTrue(r.out().contains("chosen: ") && r.out().contains("wrote "), r.out());
        Path out = dir.resolve("multi._Z5scaleifPf.regdem.sass");
        assertTrue(Files.exists(out), r.out());
        SassProgram p = TestSupport.parse(Files.readString(out));
        assertEquals("_Z5scaleifPf", p.header("Kernel").orElseThrow());
        assertEquals("sm_90", p.arch().orElseThrow());
        Run j = tessera(true, "regdem", "multi.sass", "--block", "256", "--kernel", "_Z9histogramiPKhPj", "--out",
                "h.sass");
        assertEquals(CliCommand.OK, j.code(), j.err());
        JsonObject o = JsonParser.parseString(j.out()).getAsJsonObject();
        assertEquals("_Z9histogramiPKhPj", o.get("kernel").getAsString());
        assertEquals("sm_90", o.get("arch").getAsString());
        assertTrue(Files.readString(dir.resolve("h.sass")).contains("# Kernel: _Z9histogramiPKhPj"));
        // only the chosen kernel: the original variant has exactly histogram's instructions
        int histogram = SassParser.parse("m", Files.readString(dir.resolve("multi.sass"))).functions().get(2)
                .program().instructions().size();
        JsonObject orig = o.getAsJsonArray("variants").get(0).getAsJsonObject();
        assertEquals("orig", orig.get("variant").getAsString());
        assertEquals(histogram, orig.get("instructions").getAsInt());
    }

    @Test
    void singleKernelListingNeedsNoName() throws Exception {
        copy("sm_86", "reduction");
        Run r = tessera(false, "regdem", "reduction.sass", "--block", "256");
        assertEquals(CliCommand.OK, r.code(), r.err());
        assertTrue(Files.exists(dir.resolve("reduction.regdem.sass")));
    }

    @Test
    void listKernels() throws Exception {
        copy("sm_90", "multi");
        Run r = tessera(false, "regdem", "multi.sass", "--list-kernels");
        assertEquals(CliCommand.OK, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(4, lines.size(), r.out());
        assertTrue(lines.get(3).startsWith("_Z5scaleifPf\tscale\tsm_90\t"), lines.get(3));
        Run j = tessera(true, "regdem", "multi.sass", "--list-kernels");
        JsonArray ks = JsonParser.parseString(j.out()).getAsJsonObject().getAsJsonArray("kernels");
        assertEquals(KERNELS, ks.asList().stream().map(e -> e.getAsJsonObject().get("name").getAsString()).toList());
        List<String> text = Files.readAllLines(dir.resolve("multi.sass"));
        int line = ks.get(0).getAsJsonObject().get("line").getAsInt();
        assertEquals("Function : " + KERNELS.get(0), text.get(line - 1).trim(), "the Function line of the first kernel");
    }

    @Test
    void builderPassAnalysesEveryKernel() throws Exception {
        String text = Files.readString(NvccCorpus.root().resolve("sm_90/multi.sass"));
        RegdemPass pass = new RegdemPass();
        RecordingPassContext c = new RecordingPassContext("src/multi.sass", text);
        c.settings().putAll(Map.of("regdem.block", "256", "regdem.block.scale", "128"));
        pass.run(c);
        assertTrue(c.diagnostics().stream().noneMatch(Diagnostic::isError), c.diagnostics().toString());
        for (String k : KERNELS) {
            assertTrue(c.outputs().containsKey("regdem/multi." + k + ".regdem.sass"), c.outputs().keySet().toString());
            assertTrue(c.outputs().containsKey("regdem/multi." + k + ".variants.txt"));
            assertTrue(c.outputText("regdem/multi." + k + ".regdem.sass").contains("# Kernel: " + k));
        }
        assertEquals(8, c.outputs().size());
        assertEquals(4, c.summary().split("; ").length, c.summary());
        assertTrue(c.diagnostics().stream().allMatch(d -> d.message().startsWith("kernel _Z")), c.diagnostics().toString());

        RecordingPassContext missing = new RecordingPassContext("src/multi.sass", text);
        missing.settings().put("regdem.block._Z5scaleifPf", "128");
        pass.run(missing);
        List<Diagnostic> errs = missing.diagnostics().stream().filter(Diagnostic::isError).toList();
        assertEquals(3, errs.size(), errs.toString());
        assertEquals("kernel _Z12mixed_sharediPKfPf: regdem.block is not set", errs.get(0).message());
        assertEquals(2, missing.outputs().size(), "the kernel with its own block size is still analysed");
    }

    @Test
    void builderPassReadsThePtxasLogBesideTheListing() throws Exception {
        String text = Files.readString(NvccCorpus.root().resolve("sm_90/multi.sass"));
        RegdemPass pass = new RegdemPass();
        RecordingPassContext c = new RecordingPassContext("src/multi.sass", text);
        c.settings().put("regdem.block", "256");
        c.files().put("src/multi.ptxas", Files.readString(NvccCorpus.root().resolve("sm_90/multi.ptxas")));
        pass.run(c);
        String histogram = c.outputText("regdem/multi._Z9histogramiPKhPj.regdem.sass");
        assertTrue(histogram.contains("# SharedSize: 1024"), histogram.substring(0, 200));
        assertTrue(c.diagnostics().stream().noneMatch(d -> d.message().contains("unknown")), c.diagnostics().toString());

        RecordingPassContext bare = new RecordingPassContext("src/multi.sass", text);
        bare.settings().put("regdem.block", "256");
        pass.run(bare);
        assertEquals(4, bare.diagnostics().stream().filter(d -> d.message().contains("static shared memory of")
                && d.hint().contains("--cubin")).count(), bare.diagnostics().toString());
    }
}
