package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import tessera.rdg.interp.ParameterLimits;
import tessera.tcpa.instantiate.Concretization;
import tessera.tcpa.instantiate.Instantiator;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/**
 * Issue 22 for {@code compile} and {@code instantiate}: hostile files, PE regions, parameters, time limits and output
 * paths end with exit 1 at file:line:column or exit 2 naming the option, within 2 s, with no stack trace.
 */
@Timeout(30)
class HostileInputTest {
    private static final Pattern POSITION = Pattern.compile("\\.(pla|tcpa|xmi|symconf):\\d+:\\d+: error");

    @TempDir
    Path dir;

    private Run tessera(String command, String... words) {
        return CliRunner.run(dir, false, command, words);
    }

    private static void clean(Run r, long start) {
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 2000, "took " + ms + " ms: " + r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
        assertTrue(r.code() == 0 || r.code() == 1 || r.code() == 2, r.code() + " " + r.err());
    }

    private void copy(String example, String as) throws Exception {
        Files.writeString(dir.resolve(as), tcpa(example));
    }

    private static String tcpa(String example) throws Exception {
        return example.endsWith(".tcpa") ? Files.readString(Fixtures.root().resolve("examples/tcpa/" + example)) : Fixtures.example(example);
    }

    private static long now() {
        return System.nanoTime();
    }

    /** Class 2: --pes beyond the architecture's array is exit 2 naming --pes and the array size, at once. */
    @Test
    void peRegionMustLieWithinTheArray() throws Exception {
        copy("bitext.pla", "bitext.pla");
        copy("bitext-pe.tcpa", "bitext-pe.tcpa");
        for (String pes : new String[] {"1x2147483647", "1x100000", "2x1"}) {
            long t = now();
            Run r = tessera("instantiate", "bitext.pla", "--arch", "bitext-pe.tcpa", "--param", "N=16", "--pes", pes);
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains("--pes") && r.err().contains(pes) && r.err().contains("1x32 array"), r.err());
            clean(r, t);
        }
        Run huge = tessera("instantiate", "bitext.pla", "--arch", "bitext-pe.tcpa", "--param", "N=16", "--pes", "1x99999999999");
        assertEquals(2, huge.code(), huge.err());
        Instantiator.Result direct = Fixtures.instantiate("bitext.pla", "bitext-pe.tcpa", Map.of("N", 16L), 1, 100_000);
        assertFalse(direct.ok());
        assertTrue(direct.diagnostics().toString().contains("does not fit the 1x32 array"), direct.diagnostics().toString());
    }

    /** Class 2: loop bounds beyond the documented maximum, and tiles beyond theirs, are errors before any work. */
    @Test
    void parametersAndTilesAreBounded() throws Exception {
        copy("bitext.pla", "bitext.pla");
        copy("bitext-pe.tcpa", "bitext-pe.tcpa");
        long t = now();
        Run r = tessera("instantiate", "bitext.pla", "--arch", "bitext-pe.tcpa", "--param", "N=2147483647", "--pes", "1x2", "--check");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--param N=2147483647") && r.err().contains(String.valueOf(ParameterLimits.MAX_PARAMETER)), r.err());
        clean(r, t);
        Instantiator.Result big = Fixtures.instantiate("bitext.pla", "bitext-pe.tcpa", Map.of("N", 5_000_000L), 1, 2);
        assertTrue(big.diagnostics().toString().contains("beyond the maximum"), big.diagnostics().toString());
        t = now();
        Instantiator.Result tile = Fixtures.instantiate("bitext.pla", "bitext-pe.tcpa", Map.of("N", ParameterLimits.MAX_PARAMETER), 1, 1);
        assertFalse(tile.ok());
        String why = tile.diagnostics().toString();
        assertTrue(why.contains("more than the maximum of " + Concretization.MAX_TILE_POINTS), why);
        assertTrue((now() - t) / 1_000_000 < 2000);
    }

    /** Class 1: invalid UTF-8 in the .pla, the --arch file or a symbolic configuration: exit 1 at line:column. */
    @Test
    void invalidUtf8InEveryInput() throws Exception {
        copy("bitext.pla", "bitext.pla");
        copy("bitext-pe.tcpa", "bitext-pe.tcpa");
        byte[] bad = (Fixtures.example("bitext.pla") + "\u00e9").getBytes(StandardCharsets.ISO_8859_1);
        Files.write(dir.resolve("bad.pla"), bad);
        Files.write(dir.resolve("bad.tcpa"), (tcpa("bitext-pe.tcpa") + "\u00ff").getBytes(StandardCharsets.ISO_8859_1));
        Files.write(dir.resolve("bad.symconf"), new byte[] {'C', '\t', (byte) 0xFF, '\n'});
        Files.write(dir.resolve("bad.xmi"), new byte[] {'<', '?', 'x', 'm', 'l', '?', '>', '\n', '<', (byte) 0xFE, '/', '>'});
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {"instantiate", "bad.pla", "--arch", "bitext-pe.tcpa", "--param", "N=16", "--pes", "1x2"});
        lines.add(new String[] {"instantiate", "bitext.pla", "--arch", "bad.tcpa", "--param", "N=16", "--pes", "1x2"});
        lines.add(new String[] {"instantiate", "bad.symconf", "--arch", "bitext-pe.tcpa", "--param", "N=16", "--pes", "1x2"});
        lines.add(new String[] {"instantiate", "bad.xmi", "--arch", "bitext-pe.tcpa", "--param", "N=16", "--pes", "1x2"});
        lines.add(new String[] {"compile", "bad.pla", "--arch", "bitext-pe.tcpa"});
        lines.add(new String[] {"compile", "bitext.pla", "--arch", "bad.tcpa"});
        for (String[] line : lines) {
            long t = now();
            Run r = tessera(line[0], java.util.Arrays.copyOfRange(line, 1, line.length));
            assertEquals(1, r.code(), String.join(" ", line) + ": " + r.err());
            assertTrue(POSITION.matcher(r.err()).find() && r.err().contains("invalid UTF-8"), String.join(" ", line) + ": " + r.err());
            clean(r, t);
        }
    }

    /** Class 2/5: duplicated statements under instantiate --check are a validation error, quickly, not a hang. */
    @Test
    void duplicatedStatementsUnderCheck() throws Exception {
        String pla = Fixtures.example("bitext.pla");
        String eq = pla.lines().filter(l -> l.trim().matches("\\w+:.*=.*")).findFirst().orElseThrow();
        Files.writeString(dir.resolve("dup.pla"), pla.replace(eq + "\n", (eq + "\n").repeat(500)));
        copy("bitext-pe.tcpa", "bitext-pe.tcpa");
        long t = now();
        Run r = tessera("instantiate", "dup.pla", "--arch", "bitext-pe.tcpa", "--param", "N=16", "--pes", "1x2", "--check");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("duplicate of equation") && POSITION.matcher(r.err()).find(), r.err());
        assertTrue(r.err().lines().count() <= 102, "lines: " + r.err().lines().count());
        clean(r, t);
    }

    /** Class 7: --out naming a folder is exit 2 with one line, before any work. */
    @Test
    void outputIntoAFolder() throws Exception {
        copy("bitext.pla", "bitext.pla");
        copy("bitext-pe.tcpa", "bitext-pe.tcpa");
        Files.createDirectories(dir.resolve("out"));
        for (String[] line : new String[][] {
                {"instantiate", "bitext.pla", "--arch", "bitext-pe.tcpa", "--param", "N=16", "--pes", "1x2", "--out", "out"},
                {"compile", "bitext.pla", "--arch", "bitext-pe.tcpa", "--out", "out"}}) {
            long t = now();
            Run r = tessera(line[0], java.util.Arrays.copyOfRange(line, 1, line.length));
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains("--out out: is a folder"), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            clean(r, t);
        }
    }

    /**
     * Class 3: compile --time-limit covers the whole command: a 300-equation chain that needs far longer ends at the
     * limit with exit 1 (was 46 s for --time-limit 10); the default is finite and printed in --help.
     */
    @Test
    void compileTimeLimitCoversEverything() throws Exception {
        StringBuilder sb = new StringBuilder("param N where N >= 1\n\nfor 0 <= i < N do\n    S0: x0[i] = a[i]\n");
        for (int k = 1; k < 300; k++) {
            sb.append("    S").append(k).append(": x").append(k).append("[i] = x").append(k - 1).append("[i] + ").append(k).append('\n');
        }
        sb.append("    Y: y[i] = x299[i]\nend\n");
        Files.writeString(dir.resolve("chain.pla"), sb.toString());
        copy("tcpa4x4.tcpa", "tcpa4x4.tcpa");
        long t = now();
        Run r = tessera("compile", "chain.pla", "--arch", "tcpa4x4.tcpa", "--time-limit", "0.5");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("did not finish within its time limit of 500 ms"), r.err());
        clean(r, t);
        assertTrue(CliRunner.run(dir, "help", "compile").out().contains("default 60"));
        assertTrue(CliRunner.run(dir, "help", "instantiate").out().contains("default 60"));
        assertEquals(2, tessera("compile", "chain.pla", "--arch", "tcpa4x4.tcpa", "--time-limit", "1e400").code());
    }
}
