package tessera.pla.tests;

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
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.pass.Pass;
import tessera.core.pass.PassContext;
import tessera.pla.cli.RdgCommand;
import tessera.pla.cli.RunCommand;
import tessera.pla.pass.PlaRdgPass;
import tessera.rdg.Rdg;
import tessera.rdg.support.RdgIO;

/** {@code tessera rdg}, {@code tessera run} and the {@code pla.rdg} builder pass. */
class CliTest {
    @TempDir
    Path dir;

    record Out(int code, String out, String err) {
    }

    private Out run(CliCommand c, boolean json, String... words) throws Exception {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        CliContext ctx = new CliContext(new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8), dir, json, true);
        int code = c.run(ctx, Args.parse(List.of(words), c.flags(), c.valuedOptions()));
        return new Out(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    @Test
    void rdgAndRunOnBitExtraction() throws Exception {
        Files.writeString(dir.resolve("bitext.pla"), Pla.example("bitext.pla"));
        Out text = run(new RdgCommand(), false, "bitext.pla");
        assertEquals(0, text.code());
        assertTrue(text.out().startsWith("RDG bitext: 7 nodes (1 constant), 9 edges (2 constant)"), text.out());
        Out dot = run(new RdgCommand(), false, "bitext.pla", "--dot", "--svg", "bitext.svg");
        assertTrue(dot.out().contains("digraph"), dot.out());
        assertTrue(Files.readString(dir.resolve("bitext.svg")).contains("<svg"));
        Out json = run(new RdgCommand(), true, "bitext.pla");
        assertTrue(json.out().replaceAll("\\s", "").contains("\"op\":\"shr\""), json.out());
        Out r = run(new RunCommand(), false, "bitext.pla", "--param", "N=8", "--input", "in=13");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("bits[0] = 1\nbits[1] = 0\nbits[2] = 1\nbits[3] = 1\nbits[4] = 0\n"), r.out());
        Out rj = run(new RunCommand(), true, "bitext.pla", "--param", "N=3", "--input", "in=6");
        assertTrue(rj.out().replaceAll("\\s", "").contains("\"bits\":[{\"index\":[0],\"value\":0},{\"index\":[1],\"value\":1},{\"index\":[2],\"value\":1}]"), rj.out());
    }

    @Test
    void runWithInputFilesAndSeeds() throws Exception {
        Files.writeString(dir.resolve("fir.pla"), Pla.example("fir.pla"));
        Files.writeString(dir.resolve("a.txt"), "# coefficients\n0 1\n1 2\n");
        Out r = run(new RunCommand(), false, "fir.pla", "--param", "N=3", "--param", "M=2", "--input-file", "a=a.txt", "--input", "u=5,7,11");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("y[0] = 5\ny[1] = 17\ny[2] = 25\n"), r.out()); // y[i] = u[i] + 2 u[i-1]
        Out missing = run(new RunCommand(), false, "fir.pla", "--param", "N=3", "--param", "M=2");
        assertEquals(CliCommand.FAILED, missing.code());
        assertTrue(missing.err().contains("error: missing input"), missing.err());
        Out seeded = run(new RunCommand(), false, "fir.pla", "--param", "N=3", "--param", "M=2", "--seed", "4");
        assertEquals(0, seeded.code(), seeded.err());
    }

    @Test
    void badFilesGiveDiagnosticsAndExitCode1() throws Exception {
        Files.writeString(dir.resolve("bad.pla"), "param N\nfor 0 <= i < N do\n  y[i] = a[i] +\nend\n");
        Out r = run(new RdgCommand(), false, "bad.pla");
        assertEquals(CliCommand.FAILED, r.code());
        assertTrue(r.err().startsWith("bad.pla:4:"), r.err());
        assertEquals(CliCommand.FAILED, run(new RunCommand(), false, "missing.pla", "--param", "N=1").code());
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
        Map<String, byte[]> out = new HashMap<>();
        List<Diagnostic> problems = new ArrayList<>();
        List<String> summary = new ArrayList<>();
        Pass p = new PlaRdgPass();
        assertTrue(p.accepts("examples/pla/bitext.pla"));
        p.run(context("examples/pla/bitext.pla", Pla.example("bitext.pla"), out, problems, summary));
        assertTrue(problems.isEmpty(), problems.toString());
        assertEquals("7 nodes (1 constant), 9 edges (2 constant) → gen/pla.rdg/bitext.rdg.xmi", summary.get(0));
        Rdg g = RdgIO.fromXmi(out.get("pla.rdg/bitext.rdg.xmi"));
        assertEquals(7, g.getNodes().size());
        p.run(context("x.pla", "param N\nfor 0 <= i < N do\n  y[i] = a[i, i] + a[i]\nend\n", out, problems, summary));
        assertEquals(3, problems.get(0).line());
        assertEquals("not built: 1 error(s)", summary.get(1));
    }

    private static PassContext context(String file, String text, Map<String, byte[]> out, List<Diagnostic> problems, List<String> summary) {
        return new PassContext() {
            public String fileName() { return file; }
            public String contents() { return text; }
            public Optional<String> read(String p) { return Optional.empty(); }
            public Map<String, String> settings() { return Map.of(); }
            public Monitor monitor() { return Monitor.NULL; }
            public void report(Diagnostic d) { problems.add(d); }
            public void output(String path, byte[] content) { out.put(path, content); }
            public void summary(String line) { summary.add(line); }
        };
    }
}
