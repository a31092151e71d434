package tessera.pla.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.cli.CliCommand;
import tessera.core.pass.Pass;
import tessera.pla.pass.PlaRdgPass;
import tessera.rdg.Rdg;
import tessera.rdg.support.RdgIO;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.RecordingPassContext;

/** {@code tessera rdg}, {@code tessera run} and the {@code pla.rdg} builder pass. */
class CliTest {
    @TempDir
    Path dir;

    /** {@code tessera --quiet [--json] COMMAND WORDS...} in the test's folder, as a user types it. */
    private Run run(String command, boolean json, String... words) {
        return CliRunner.run(dir, json, command, words);
    }

    @Test
    void rdgAndRunOnBitExtraction() throws Exception {
        Files.writeString(dir.resolve("bitext.pla"), Pla.example("bitext.pla"));
        Run text = run("rdg", false, "bitext.pla");
        assertEquals(0, text.code());
        assertTrue(text.out().startsWith("RDG bitext: 7 nodes (1 constant), 9 edges (2 constant)"), text.out());
        Run dot = run("rdg", false, "bitext.pla", "--dot", "--svg", "bitext.svg");
        assertTrue(dot.out().contains("digraph"), dot.out());
        assertTrue(Files.readString(dir.resolve("bitext.svg")).contains("<svg"));
        Run json = run("rdg", true, "bitext.pla");
        assertTrue(json.out().replaceAll("\\s", "").contains("\"op\":\"shr\""), json.out());
        Run r = run("run", false, "bitext.pla", "--param", "N=8", "--input", "in=13");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("bits[0] = 1\nbits[1] = 0\nbits[2] = 1\nbits[3] = 1\nbits[4] = 0\n"), r.out());
        Run rj = run("run", true, "bitext.pla", "--param", "N=3", "--input", "in=6");
        assertTrue(rj.out().replaceAll("\\s", "").contains("\"bits\":[{\"index\":[0],\"value\":0},{\"index\":[1],\"value\":1},{\"index\":[2],\"value\":1}]"), rj.out());
    }

    @Test
    void runWithInputFilesAndSeeds() throws Exception {
        Files.writeString(dir.resolve("fir.pla"), Pla.example("fir.pla"));
        Files.writeString(dir.resolve("a.txt"), "# coefficients\n0 1\n1 2\n");
        Run r = run("run", false, "fir.pla", "--param", "N=3", "--param", "M=2", "--input-file", "a=a.txt", "--input", "u=5,7,11");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("y[0] = 5\ny[1] = 17\ny[2] = 25\n"), r.out()); // y[i] = u[i] + 2 u[i-1]
        Run missing = run("run", false, "fir.pla", "--param", "N=3", "--param", "M=2");
        assertEquals(CliCommand.FAILED, missing.code());
        assertTrue(missing.err().contains("error: missing input"), missing.err());
        Run seeded = run("run", false, "fir.pla", "--param", "N=3", "--param", "M=2", "--seed", "4");
        assertEquals(0, seeded.code(), seeded.err());
    }

    @Test
    void badNameValueOptionsAreUsageErrors() throws Exception {
        Files.writeString(dir.resolve("bitext.pla"), Pla.example("bitext.pla"));
        Run r = run("run", false, "bitext.pla", "--param", "N");
        assertEquals(CliCommand.USAGE, r.code());
        assertTrue(r.err().contains("--param expects NAME=VALUE, got 'N'"), r.err());
        r = run("run", false, "bitext.pla", "--param", "N=eight");
        assertEquals(CliCommand.USAGE, r.code());
        assertTrue(r.err().contains("--param N=eight: the value is not an integer"), r.err());
        r = run("run", false, "bitext.pla", "--param", "N=8", "--input", "in=x");
        assertEquals(CliCommand.USAGE, r.code());
        assertTrue(r.err().contains("--input in=x: not a 32-bit integer"), r.err());
        r = run("run", false, "bitext.pla", "--param", "N=8", "--input-file", "in");
        assertEquals(CliCommand.USAGE, r.code());
        assertTrue(r.err().contains("--input-file expects NAME=FILE, got 'in'"), r.err());
    }

    @Test
    void badFilesGiveDiagnosticsAndExitCode1() throws Exception {
        Files.writeString(dir.resolve("bad.pla"), "param N\nfor 0 <= i < N do\n  y[i] = a[i] +\nend\n");
        Run r = run("rdg", false, "bad.pla");
        assertEquals(CliCommand.FAILED, r.code());
        assertTrue(r.err().startsWith("bad.pla:4:"), r.err());
        assertEquals(CliCommand.FAILED, run("run", false, "missing.pla", "--param", "N=1").code());
    }

    @Test
    void commandsPassAndDiagramAreRegistered() {
        List<String> names = new ArrayList<>();
        ServiceLoader.load(CliCommand.class, CliTest.class.getClassLoader()).forEach(c -> names.add(c.name()));
        // in OSGi, service files are read per bundle by tessera.core; on a flat class path the loader sees them
        if (!names.isEmpty()) {
            assertTrue(names.containsAll(List.of("rdg", "run")), names.toString());
        }
    }

    @Test
    void passWritesXmiAndSummary() {
        Pass p = new PlaRdgPass();
        assertTrue(p.accepts("examples/pla/bitext.pla"));
        RecordingPassContext ok = new RecordingPassContext("examples/pla/bitext.pla", Pla.example("bitext.pla"));
        p.run(ok);
        assertTrue(ok.diagnostics().isEmpty(), ok.diagnostics().toString());
        assertEquals("7 nodes (1 constant), 9 edges (2 constant) → gen/pla.rdg/bitext.rdg.xmi", ok.summaries().get(0));
        Rdg g = RdgIO.fromXmi(ok.outputs().get("pla.rdg/bitext.rdg.xmi"));
        assertEquals(7, g.getNodes().size());
        RecordingPassContext bad = new RecordingPassContext("x.pla", "param N\nfor 0 <= i < N do\n  y[i] = a[i, i] + a[i]\nend\n");
        p.run(bad);
        assertEquals(3, bad.diagnostics().get(0).line());
        assertEquals("not built: 1 error(s)", bad.summaries().get(0));
    }
}
