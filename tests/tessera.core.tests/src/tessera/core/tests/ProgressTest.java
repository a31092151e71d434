package tessera.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import tessera.core.cli.Progress;

/** Issue 25: the command line's progress on stderr: none in the first second, a bar on a terminal, lines otherwise. */
class ProgressTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String shown() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static void work(Progress p) {
        p.begin("modsched loops.ddg", 4);
        p.item(0, 4, "loop a");
        p.item(1, 4, "loop b");
        p.worked(1);
        p.subTask("loop c");
        p.done();
    }

    @Test
    void nothingBeforeTheDelay() {
        work(new Progress(err, false, false, Duration.ofHours(1)));
        work(new Progress(err, false, true, Duration.ofHours(1)));
        assertEquals("", shown());
    }

    @Test
    void plainLinesWhenStderrIsNotATerminal() {
        work(new Progress(err, false, false, Duration.ZERO));
        assertEquals("""
                ... modsched loops.ddg (0/4)
                ... modsched loops.ddg: loop a (1/4)
                ... modsched loops.ddg: loop b (2/4)
                ... modsched loops.ddg: loop c (3/4)
                """, shown().replace("\r\n", "\n"));
    }

    @Test
    void aBarRedrawnInPlaceOnATerminalAndClearedAtTheEnd() {
        work(new Progress(err, false, true, Duration.ZERO));
        String s = shown();
        assertTrue(s.contains("\r[##########..........] 2/4 modsched loops.ddg: loop b (0 s)\033[K"), s);
        assertTrue(s.endsWith("\r\033[K"), "the bar is cleared: " + s);
        assertTrue(!s.contains("\n"), "redrawn in place, no new lines: " + s);
    }

    @Test
    void aCommandThatReportsNothingStillShowsThatItRuns() {
        Progress p = new Progress(err, false, false, Duration.ZERO);
        int code = p.whileRunning("telamon", () -> {
            long end = System.nanoTime() + 10_000_000_000L; // until the ticker has shown it (at most 10 s)
            while (!shown().contains("tessera telamon") && System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            return 7;
        });
        assertEquals(7, code);
        assertEquals("... tessera telamon\n", shown().replace("\r\n", "\n"), "one line in a log, not one a tick");
    }

    @Test
    void quietShowsNothing() {
        work(new Progress(err, true, false, Duration.ZERO));
        work(new Progress(err, true, true, Duration.ZERO));
        assertEquals("", shown());
    }

    @Test
    void cancelledWhenTheCommandThreadIsInterrupted() throws Exception {
        Progress p = new Progress(err, true, false);
        boolean[] seen = new boolean[2];
        Thread t = new Thread(() -> {
            seen[0] = p.isCanceled();
            Thread.currentThread().interrupt();
            seen[1] = p.isCanceled();
        });
        t.start();
        t.join();
        assertEquals(false, seen[0]);
        assertEquals(true, seen[1]);
    }
}
