package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.Fixtures;

/** {@code tessera telamon …} as a user types it, through the launcher's entry point. */
class TelamonCliTest {
    private static final Path ROOT = Fixtures.root();

    @Test
    void spaceShowsTheOpenChoicesOfTable41() {
        Run r = CliRunner.run(ROOT, "telamon", "space", "examples/telamon/scal.kernel");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("scal: 3 dimensions, 3 instructions, 2 arrays"), r.out());
        assertTrue(r.out().contains("size(d1) ∈ {1, 2, 4, 8}"), r.out());
    }

    /** sample --save writes a decision list; codegen turns it into PTX, a launch description and the tree. */
    @Test
    void sampleThenCodegen(@TempDir Path dir) throws Exception {
        Path decisions = dir.resolve("scal.decisions");
        Run s = CliRunner.run(ROOT, "telamon", "sample", "examples/telamon/scal.kernel", "--param", "n=256", "--descents", "3",
                "--save", decisions.toString());
        assertEquals(0, s.code(), s.err());
        assertTrue(s.out().startsWith("scal: 3/3 descents reached a leaf"), s.out());
        assertTrue(Files.readString(decisions).contains("size(d1)="));
        Run c = CliRunner.run(ROOT, "telamon", "codegen", "examples/telamon/scal.kernel", "--param", "n=256", "--decisions",
                decisions.toString(), "--out-dir", dir.resolve("gen").toString());
        assertEquals(0, c.code(), c.err());
        assertTrue(Files.readString(dir.resolve("gen/scal.ptx")).contains(".visible .entry scal("));
        assertTrue(Files.readString(dir.resolve("gen/scal.launch.json")).contains("\"block\""));
        assertTrue(Files.readString(dir.resolve("gen/scal.tree.txt")).startsWith("root"));
    }

    /** An impossible decision names its line and the violated constraint; the exit code says it failed. */
    @Test
    void anImpossibleDecisionListIsAnErrorAtItsLine(@TempDir Path dir) throws Exception {
        Path decisions = dir.resolve("bad.decisions");
        Files.writeString(decisions, "# two tiles of 8 exceed the factors {1, 2, 4, 8, 16}\nsize(d1)=8\nsize(d2)=8\n");
        Run c = CliRunner.run(ROOT, "telamon", "codegen", "examples/telamon/scal.kernel", "--decisions", decisions.toString());
        assertEquals(1, c.code());
        assertTrue(c.err().contains("bad.decisions:3:1: error: size(d2)=8 is impossible: "), c.err());
        Files.writeString(decisions, "size(d1)=2\ndim_knd(d0)=LOOP\n");
        c = CliRunner.run(ROOT, "telamon", "codegen", "examples/telamon/scal.kernel", "--decisions", decisions.toString());
        assertTrue(c.err().contains("bad.decisions:2:1: error: dim_knd(d0)=LOOP"), c.err());
        Files.writeString(decisions, "size(d1)=2\n");
        c = CliRunner.run(ROOT, "telamon", "codegen", "examples/telamon/scal.kernel", "--decisions", decisions.toString());
        assertTrue(c.err().contains("the decisions leave"), c.err());
        assertTrue(!c.err().contains("Exception"), c.err());
    }

    @Test
    void badKernelsAndOptionsGetMessagesNotStackTraces() {
        Run r = CliRunner.run(ROOT, "telamon", "space", "examples/telamon/nothing.kernel");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("cannot read the kernel"), r.err());
        r = CliRunner.run(ROOT, "telamon", "space", "examples/telamon/scal.kernel", "--arch", "sm_70");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("unknown target sm_70"), r.err());
        // no tile of 2..4 divides 1001 = 7·11·13
        r = CliRunner.run(ROOT, "telamon", "space", "examples/telamon/axpy.kernel", "--param", "n=1001");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("axpy.kernel:"), r.err());
        r = CliRunner.run(ROOT, "telamon", "frobnicate", "examples/telamon/scal.kernel");
        assertEquals(2, r.code());
    }

    @Test
    void statsAndInstance() {
        Run r = CliRunner.run(ROOT, "telamon", "stats", "examples/telamon/scal.kernel", "--descents", "20", "--probes", "20");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().matches("(?s)scal: dead ends 0\\.0 % .*space size .* average depth .*\\n"), r.out());
        // each descent and probe has its own seed: the worker threads do not change the numbers
        String[] json = new String[2];
        for (int t = 0; t < 2; t++) {
            Run j = CliRunner.run(ROOT, "--json", "telamon", "stats", "examples/telamon/axpy.kernel", "--param", "n=64", "--descents", "30",
                    "--probes", "30", "--seed", "7", "--threads", t == 0 ? "1" : "3");
            assertEquals(0, j.code(), j.err());
            json[t] = j.out().replaceAll("\"descentsPerSecondPerThread\":\\s*[0-9.E-]+,?", "");
            assertTrue(json[t].contains("\"spaceSize\"") && json[t].contains("\"rejectedValueProbability\""), json[t]);
        }
        assertEquals(json[0], json[1]);
        Run p = CliRunner.run(ROOT, "telamon", "stats", "examples/telamon/scal.kernel", "--descents", "0", "--probes", "20");
        assertEquals(0, p.code(), p.err());
        assertTrue(p.out().matches("scal: space size .* \\(20 probes\\)\\n"), p.out());
        Run i = CliRunner.run(ROOT, "telamon", "instance", "examples/telamon/scal.kernel", "--param", "n=64");
        assertEquals(0, i.code(), i.err());
        assertTrue(i.out().contains("\"StripDims\""), i.out());
    }
}
