package tessera.tcpa.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.io.ConcreteIO;
import tessera.tcpa.pipeline.cli.SimulateCommand;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/**
 * Issue 22 for {@code simulate}: a configuration with invalid UTF-8 (or a PLA source with it) is exit 1 at
 * file:line:column; --max-cycles is bounded by a documented maximum and printed in --help; the cycle budget ends
 * a run with exit 1 and a clear message.
 */
@Timeout(20)
class HostileInputTest {
    @TempDir
    Path dir;

    private Run simulate(String... words) {
        return CliRunner.run(dir, false, "simulate", words);
    }

    private Path save() throws Exception {
        ConcreteConfiguration c = BitExtraction.configuration();
        Files.writeString(dir.resolve("bitext.pla"), BitExtraction.pla());
        c.setPlaSource("bitext.pla");
        Path f = dir.resolve("bitext.concrete.xmi");
        ConcreteIO.save(c, f);
        return f;
    }

    private static void clean(Run r, long start) {
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 2000, "took " + ms + " ms");
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
    }

    @Test
    void invalidUtf8InTheConfigurationOrItsPla() throws Exception {
        Path f = save();
        byte[] xmi = Files.readAllBytes(f);
        byte[] bad = java.util.Arrays.copyOf(xmi, xmi.length + 1);
        bad[xmi.length] = (byte) 0x80;
        Files.write(dir.resolve("bad.xmi"), bad);
        long t = System.nanoTime();
        Run r = simulate("bad.xmi", "--input", "in=13");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().matches("(?s).*bad\\.xmi:\\d+:\\d+: error: invalid UTF-8.*"), r.err());
        clean(r, t);
        Files.write(dir.resolve("bitext.pla"), (BitExtraction.pla() + "\u00e9").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        t = System.nanoTime();
        Run p = simulate("bitext.concrete.xmi", "--input", "in=13");
        assertEquals(1, p.code(), p.err());
        assertTrue(p.err().matches("(?s).*bitext\\.pla:\\d+:\\d+: error: invalid UTF-8.*"), p.err());
        clean(p, t);
    }

    @Test
    void maxCyclesIsBoundedAndABudget() throws Exception {
        save();
        for (String bad : new String[] {"0", "-5", String.valueOf(SimulateCommand.MAX_CYCLES + 1), "1e9", "99999999999999999999"}) {
            Run r = simulate("bitext.concrete.xmi", "--input", "in=1", "--max-cycles", bad);
            assertEquals(2, r.code(), bad + ": " + r.err());
            assertTrue(r.err().contains("--max-cycles"), r.err());
        }
        long t = System.nanoTime();
        Run limit = simulate("bitext.concrete.xmi", "--input", "in=1", "--max-cycles", "3");
        assertEquals(1, limit.code(), limit.err());
        assertTrue(limit.err().contains("did not finish within 3 cycles"), limit.err());
        clean(limit, t);
        assertTrue(CliRunner.run(dir, "help", "simulate").out().contains("at most " + SimulateCommand.MAX_CYCLES));
    }
}
