package tessera.tcpa.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.arch.TcpaLimits;
import tessera.tcpa.cli.Bounded;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/**
 * Issue 22 for {@code .tcpa} and {@code topology}: invalid UTF-8, numbers beyond 32 bits or a documented maximum,
 * output paths and time limits end with exit 1 at file:line:column or exit 2 naming the option, never "routed".
 */
@Timeout(20)
class HostileInputTest {
    @TempDir
    Path dir;

    private Run topology(String... words) {
        return CliRunner.run(dir, false, "topology", words);
    }

    private static void fast(long start) {
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 2000, "took " + ms + " ms");
    }

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static String fig4() throws Exception {
        return Files.readString(Fixtures.example("fig4.tcpa"));
    }

    /** Class 1: invalid UTF-8 is exit 1 at line:column; a BOM and lone CRs are read as the text they are. */
    @Test
    void invalidUtf8AndCrOnly() throws Exception {
        byte[] good = fig4().getBytes(StandardCharsets.UTF_8);
        byte[] bad = java.util.Arrays.copyOf(good, good.length + 2);
        bad[good.length] = (byte) 0xE2;
        bad[good.length + 1] = '\n';
        Files.write(dir.resolve("bad.tcpa"), bad);
        long start = System.nanoTime();
        Run r = topology("bad.tcpa");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().matches("(?s).*bad\\.tcpa:\\d+:1: error: invalid UTF-8.*"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
        fast(start);
        write("cr.tcpa", "\uFEFF" + fig4().replace("\r\n", "\n").replace('\n', '\r'));
        Run cr = topology("cr.tcpa");
        assertEquals(0, cr.code(), cr.err());
        assertTrue(cr.out().contains("blue δ=(0,1)"), cr.out());
    }

    /** Class 4: a channel delta beyond 32 bits is a diagnostic at its line:column, not a wrapped value that routes. */
    @Test
    void numbersBeyond32BitsAreDiagnostics() throws Exception {
        write("ov.tcpa", fig4().replace("channel blue delta (0, 1)", "channel blue delta (0, 4294967297)"));
        long start = System.nanoTime();
        Run r = topology("ov.tcpa");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("ov.tcpa:23:28: error: the number 4294967297 does not fit in 32 bits"), r.err());
        assertFalse(r.out().contains("routes"), r.out());
        fast(start);
    }

    /** Class 4: deltas, grid sizes, latencies and register counts beyond the documented maximums (TcpaLimits). */
    @Test
    void numbersBeyondTheDocumentedMaximumsAreDiagnostics() throws Exception {
        String text = fig4().replace("channel blue delta (0, 1)", "channel blue delta (0, 2000)")
                .replace("grid rows 2 cols 2", "grid rows 2 cols 5000").replace("latency 1", "latency 99999")
                .replace("rd 1;", "rd 100000;");
        var res = ArchitectureLoader.load(text, "max.tcpa");
        assertFalse(res.ok());
        String all = res.diagnostics().toString();
        assertTrue(all.contains("max.tcpa:23:") && all.contains("beyond ±" + TcpaLimits.MAX_DELTA), all);
        assertTrue(all.contains("more than the maximum of " + TcpaLimits.MAX_GRID), all);
        assertTrue(all.contains("more than the maximum of " + TcpaLimits.MAX_LATENCY), all);
        assertTrue(all.contains("more than the maximum of " + TcpaLimits.MAX_REGISTERS), all);
        assertTrue(res.diagnostics().list().stream().allMatch(d -> d.line() > 0 && d.column() > 0), all);
        write("far.tcpa", fig4().replace("channel blue delta (0, 1)", "channel blue delta (0, 999999)"));
        Run r = topology("far.tcpa");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("far.tcpa:23:28: error: the column delta of channel blue is 999999"), r.err());
    }

    /** Class 7: --svg naming a folder is exit 2 with one line. */
    @Test
    void svgIntoAFolder() throws Exception {
        write("fig4.tcpa", fig4());
        Files.createDirectories(dir.resolve("d"));
        Run r = topology("fig4.tcpa", "--svg", "d");
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("--svg d: is a folder"), r.err());
    }

    /** Class 3: --time-limit is finite, bounded and printed in --help. */
    @Test
    void timeLimitOption() throws Exception {
        write("fig4.tcpa", fig4());
        for (String bad : new String[] {"0", "-1", "1e400", "NaN", "1e18"}) {
            assertEquals(2, topology("fig4.tcpa", "--time-limit", bad).code(), bad);
        }
        Run help = CliRunner.run(dir, "help", "topology");
        assertTrue(help.out().contains("--time-limit S") && help.out().contains("default 60"), help.out());
    }

    /** Class 3: the bound on a command's work holds even for work that checks no deadline. */
    @Test
    void boundedWorkEndsAtTheDeadline() {
        long start = System.nanoTime();
        TimeLimitException e = assertThrows(TimeLimitException.class, () -> Bounded.call("sleeper",
                Deadline.after(Duration.ofMillis(200)), Monitor.NULL, m -> {
                    Thread.sleep(30_000);
                    return 1;
                }));
        assertTrue(e.getMessage().contains("sleeper did not finish within its time limit of 200 ms"), e.getMessage());
        fast(start);
        TimeLimitException c = assertThrows(TimeLimitException.class, () -> Bounded.call("polite",
                Deadline.after(Duration.ofMillis(100)), Monitor.NULL, m -> {
                    while (true) {
                        m.checkCanceled();
                        Thread.onSpinWait();
                    }
                }));
        assertTrue(c.getMessage().contains("polite"), c.getMessage());
    }
}
