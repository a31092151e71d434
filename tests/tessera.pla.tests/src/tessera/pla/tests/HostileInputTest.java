package tessera.pla.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.Diagnostic;
import tessera.pla.rdg.PlaCompiler;
import tessera.rdg.interp.Inputs;
import tessera.rdg.interp.Interpreter;
import tessera.rdg.interp.ParameterLimits;
import tessera.rdg.interp.RunResult;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/**
 * Issue 22 for {@code rdg} and {@code run}: hostile .pla files and options end with exit 1 and a diagnostic at
 * file:line:column (or exit 2 naming the option), never exit 70, a stack trace, a hang or quadratic diagnostics.
 */
@Timeout(20)
class HostileInputTest {
    private static final Pattern POSITION = Pattern.compile("[\\w.-]+\\.pla:\\d+:\\d+: error");

    @TempDir
    Path dir;

    private Run run(String command, String... words) {
        return CliRunner.run(dir, false, command, words);
    }

    private static void fast(long start) {
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 2000, "took " + ms + " ms");
    }

    private static void noTrace(Run r) {
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
    }

    private Path write(String name, byte[] bytes) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    /** Class 1: invalid UTF-8 in the .pla and in an --input-file is exit 1 at line:column, not MalformedInputException. */
    @Test
    void invalidUtf8IsADiagnosticAtItsPosition() throws Exception {
        byte[] fir = Pla.example("fir.pla").getBytes(StandardCharsets.UTF_8);
        byte[] bad = new byte[fir.length + 3];
        System.arraycopy(fir, 0, bad, 0, fir.length);
        bad[fir.length] = 'x';
        bad[fir.length + 1] = (byte) 0xFF;
        bad[fir.length + 2] = '\n';
        write("bad.pla", bad);
        write("fir.pla", fir);
        write("in.txt", new byte[] {'0', ' ', '1', '\n', '1', ' ', (byte) 0xC3, '\n'});
        for (String[] line : new String[][] {{"rdg", "bad.pla"}, {"run", "bad.pla", "--param", "N=2,M=2"}}) {
            long start = System.nanoTime();
            Run r = run(line[0], java.util.Arrays.copyOfRange(line, 1, line.length));
            assertEquals(1, r.code(), r.err());
            assertTrue(POSITION.matcher(r.err()).find() && r.err().contains("invalid UTF-8"), r.err());
            noTrace(r);
            fast(start);
        }
        Run r = run("run", "fir.pla", "--param", "N=2,M=2", "--input-file", "u=in.txt");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("in.txt:2:3: error: invalid UTF-8"), r.err());
    }

    /** Class 1: a byte-order mark and classic-Mac line ends (lone CR) are read as the text they are. */
    @Test
    void bomAndCrOnlyLineEndsAreRead() throws Exception {
        String cr = "\uFEFF" + Pla.example("bitext.pla").replace("\r\n", "\n").replace('\n', '\r');
        write("cr.pla", cr.getBytes(StandardCharsets.UTF_8));
        Run r = run("rdg", "cr.pla");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("RDG cr: 7 nodes (1 constant), 9 edges (2 constant)"), r.out());
    }

    /**
     * Class 5: 2,000 copies of one equation are 1,999 duplicates, each reported once against the first occurrence;
     * the validator stays linear (< 2 s) and XtextLanguage keeps at most 100 + 1 summary diagnostics.
     */
    @Test
    void duplicatedEquationsAreReportedOnceEachAndFast() {
        String fir = Pla.example("fir.pla");
        String line = fir.lines().filter(l -> l.contains("A2:")).findFirst().orElseThrow();
        String many = fir.replace(line + "\n", (line + "\n").repeat(2000));
        // the injector (created once per JVM) and the JIT's warm-up are not what is measured: the growth is
        PlaCompiler.compile("warm.pla", many);
        long start = System.nanoTime();
        PlaCompiler.Compiled c = PlaCompiler.compile("many.pla", many);
        fast(start);
        assertTrue(c.diagnostics().size() <= 101, "diagnostics: " + c.diagnostics().size());
        Diagnostic first = c.diagnostics().list().get(0);
        assertTrue(first.message().contains("duplicate of equation A2 (line 7)") && first.line() == 8 && first.column() > 0,
                first.format());
        assertTrue(c.diagnostics().list().stream().anyMatch(d -> d.message().contains("1899 more problems")), c.diagnostics().toString());
    }

    /** Class 2/5: a reused label is an error against the first use; the exact checks are not run on such a file. */
    @Test
    void reusedLabelIsReported() {
        String fir = Pla.example("fir.pla").replace("A2: w[i, j] = w[i - 1, j]", "A1: w[i, j] = w[i - 1, j]");
        PlaCompiler.Compiled c = Pla.compile(fir);
        assertFalse(c.ok());
        assertTrue(c.diagnostics().list().stream().anyMatch(d -> d.message().contains("label A1 is already used by the equation (line 6)")
                && d.line() == 7 && d.column() > 0), c.diagnostics().toString());
    }

    /** Class 6: brackets nested 1,000 deep (the parser's maximum) in a condition, an index and a bound: no overflow. */
    @Test
    void nestingUpTo1000IsEvaluated() {
        String n = "(".repeat(1000);
        String m = ")".repeat(1000);
        String fir = Pla.example("fir.pla").replace("if i == 0\n", "if i == " + n + "0" + m + "\n")
                .replace("w[i - 1, j]", "w[" + n + "i - 1" + m + ", j]").replace("for 0 <= i < N", "for 0 <= i < " + n + "N" + m);
        Pla.compile(Pla.example("fir.pla")); // the injector, created once per JVM, is not what is measured
        long start = System.nanoTime();
        PlaCompiler.Compiled c = PlaCompiler.compile("deep.pla", fir);
        assertTrue(c.ok(), c.diagnostics().toString());
        RunResult r = Interpreter.run(c.rdg(), Map.of("N", 3L, "M", 2L), new Inputs().fillRandom(c.rdg(), Map.of("N", 3L, "M", 2L),
                new java.util.Random(1), 100));
        assertTrue(r.ok(), r.diagnostics().toString());
        assertEquals(3, r.outputs().get("y").values().size());
        fast(start);
    }

    /** Class 2: a parameter beyond the documented maximum is a usage error naming --param, before any work. */
    @Test
    void parametersAreBounded() throws Exception {
        write("fir.pla", Pla.example("fir.pla").getBytes(StandardCharsets.UTF_8));
        long start = System.nanoTime();
        Run r = run("run", "fir.pla", "--param", "N=2147483647,M=2", "--seed", "1");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--param N=2147483647") && r.err().contains(String.valueOf(ParameterLimits.MAX_PARAMETER)), r.err());
        fast(start);
        Run help = CliRunner.run(dir, "help", "run");
        assertTrue(help.out().contains(String.valueOf(ParameterLimits.MAX_PARAMETER)), help.out());
        Map<String, Long> huge = Map.of("N", 1L << 40, "M", 2L);
        PlaCompiler.Compiled c = Pla.compile(Pla.example("fir.pla"));
        RunResult direct = Interpreter.run(c.rdg(), huge, new Inputs());
        assertFalse(direct.ok());
        assertTrue(direct.diagnostics().toString().contains("beyond the maximum"), direct.diagnostics().toString());
    }

    /** Class 4: a number beyond 32 bits is a diagnostic at its line:column naming the range, not "For input string". */
    @Test
    void numbersBeyond32Bits() throws Exception {
        String fir = Pla.example("fir.pla").replace("if i == 0\n", "if i == 99999999999999999999\n");
        write("big.pla", fir.getBytes(StandardCharsets.UTF_8));
        Run r = run("rdg", "big.pla");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("big.pla:6:") && r.err().contains("the number 99999999999999999999 does not fit in 32 bits"), r.err());
        assertFalse(r.err().contains("For input string"), r.err());
    }

    /** Class 7: rdg --svg naming an existing folder is exit 2 with one line, no stack trace. */
    @Test
    void svgIntoAFolderIsAUsageError() throws Exception {
        write("fir.pla", Pla.example("fir.pla").getBytes(StandardCharsets.UTF_8));
        Files.createDirectories(dir.resolve("out"));
        Run r = run("rdg", "fir.pla", "--svg", "out");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--svg out: is a folder"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertNotNull(r.out());
    }
}
