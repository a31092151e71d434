package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.Fixtures;

/** {@code tessera telamon bound …} as a user types it: the root, a partial and a full decision list, errors. */
class BoundCliTest {
    private static final Path ROOT = Fixtures.root();

    private static double cycles(Run r) {
        assertEquals(0, r.code(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertTrue(o.getAsJsonObject("explanation").get("cycles").getAsDouble() == o.get("cycles").getAsDouble());
        return o.get("cycles").getAsDouble();
    }

    @Test
    void boundsGrowAsDecisionsAreMade(@TempDir Path dir) throws Exception {
        Run root = CliRunner.run(ROOT, "telamon", "bound", "examples/telamon/scal.kernel", "--param", "n=256");
        assertEquals(0, root.code(), root.err());
        assertTrue(root.out().startsWith("scal on NVIDIA H100 SXM / H200 (Hopper) ("), root.out());
        assertTrue(root.out().contains("every implementation takes at least") && root.out().contains("parallelism level"),
                root.out());
        Files.writeString(dir.resolve("partial.decisions"), "size(d1)=4\nsize(d2)=4\n");
        Files.writeString(dir.resolve("full.decisions"), "size(d1)=4\nsize(d2)=4\ndim_kind(d0)=BLOCK\n"
                + "dim_kind(d1)=THREAD\ndim_kind(d2)=UNROLL\ncache(x)=L2\ncache(st_Y)=L2\n");
        double b0 = cycles(CliRunner.run(ROOT, "telamon", "bound", "examples/telamon/scal.kernel", "--param", "n=256",
                "--json"));
        double b1 = cycles(CliRunner.run(ROOT, "telamon", "bound", "examples/telamon/scal.kernel", "--param", "n=256",
                "--decisions", dir.resolve("partial.decisions").toString(), "--json"));
        Run full = CliRunner.run(ROOT, "telamon", "bound", "examples/telamon/scal.kernel", "--param", "n=256",
                "--decisions", dir.resolve("full.decisions").toString(), "--json");
        double b2 = cycles(full);
        assertTrue(b0 <= b1 && b1 <= b2 && b0 < b2, b0 + " " + b1 + " " + b2);
        assertEquals("a fixed candidate", JsonParser.parseString(full.out()).getAsJsonObject().get("candidate")
                .getAsString(), full.out());
        // the thesis's ordering and the Kepler description are other bounds of the same candidate
        double kepler = cycles(CliRunner.run(ROOT, "telamon", "bound", "examples/telamon/scal.kernel", "--param",
                "n=256", "--decisions", dir.resolve("full.decisions").toString(), "--gpu", "kepler", "--ordering",
                "emitted", "--json"));
        assertTrue(kepler > 0 && kepler != b2, kepler + " " + b2);
    }

    /**
     * A BLOCK dimension that may merge with one of an instruction's tiles stands in for it in its logical dimension:
     * deciding matmul's m_a0 BLOCK must not drop acc's 256 × 256 × 32 instances to 2 · 2 · 2 per m (a bound of 4
     * cycles after 125 at the root, found by the Bound tab's UI test).
     */
    @Test
    void aBlockDimensionDoesNotLowerTheRootBound(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("block.decisions"), "dim_kind(m_a0)=BLOCK\n");
        double root = cycles(CliRunner.run(ROOT, "telamon", "bound", "examples/telamon/matmul_256.kernel", "--json"));
        double block = cycles(CliRunner.run(ROOT, "telamon", "bound", "examples/telamon/matmul_256.kernel",
                "--decisions", dir.resolve("block.decisions").toString(), "--json"));
        assertTrue(root <= block, root + " > " + block);
    }

    @Test
    void badHardwareAndOrderingAreReported(@TempDir Path dir) throws Exception {
        Run r = CliRunner.run(ROOT, "telamon", "bound", "examples/telamon/scal.kernel", "--gpu", "fermi");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--gpu fermi: not a built-in GPU (hopper, kepler)"), r.err());
        r = CliRunner.run(ROOT, "telamon", "bound", "examples/telamon/scal.kernel", "--ordering", "random");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--ordering random: compiled"), r.err());
        Path gpu = dir.resolve("mine.json");
        Files.writeString(gpu, "{\"schema\": \"tessera-gpu/1\", \"name\": \"x\", \"clockGHz\": 1}");
        r = CliRunner.run(ROOT, "telamon", "bound", "examples/telamon/scal.kernel", "--gpu", gpu.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("mine.json:1:1: error: \"warpSize\" must be a positive number"), r.err());
        Files.writeString(gpu, "{\"schema\": ");
        r = CliRunner.run(ROOT, "telamon", "bound", "examples/telamon/scal.kernel", "--gpu", gpu.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("mine.json:1:") && r.err().contains("error: not a tessera-gpu/1 description"),
                r.err());
        assertFalse(r.err().contains("Exception\n") || r.err().contains("\tat "), r.err());
        // a description of one's own, complete, is accepted: the built-in Hopper file copied
        Files.copy(ROOT.resolve("bundles/tessera.telamon/src/tessera/telamon/model/gpus/hopper-sm90.json"),
                dir.resolve("copy.json"));
        r = CliRunner.run(ROOT, "telamon", "bound", "examples/telamon/scal.kernel", "--gpu",
                dir.resolve("copy.json").toString());
        assertEquals(0, r.code(), r.err());
    }
}
