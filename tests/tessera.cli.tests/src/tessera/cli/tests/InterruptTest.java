package tessera.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.cli.Interrupt;
import tessera.cli.Main;
import tessera.testing.Fixtures;

/**
 * Issue 25: Ctrl-C (what the launcher's shutdown hook does on SIGINT: {@link Interrupt#stopRunning}) stops a long
 * command, which leaves no output file, whole or half-written, and no temporary file. {@code dev/ctrl-c-check} sends
 * a real SIGINT to the launcher in CI.
 */
class InterruptTest {
    @Test
    void ctrlCStopsALongCommandAndLeavesNoOutputFile(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int[] code = {-1};
        // exact modulo scheduling of an unrolled GCC loop: minutes of SAT solving, its MRT written at the end
        Path ddg = Fixtures.root().resolve("tests/tessera.ddg.tests/data/gcc-tsvc/tsvc-O2-unroll.ddg");
        Thread t = new Thread(() -> code[0] = Main.run(List.of("modsched", ddg.toString(), "--algo", "exact",
                "--time-limit", "600", "--csv", "out.csv"), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8), dir));
        t.start();
        Thread.sleep(3000);
        assertTrue(t.isAlive(), "the command is still running when Ctrl-C comes: " + err);
        assertTrue(Interrupt.stopRunning(Interrupt.GRACE_MS), "a command was running");
        t.join(10_000);
        assertFalse(t.isAlive(), "the command stopped");
        assertEquals(130, code[0], err.toString(StandardCharsets.UTF_8));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("cancelled"), err.toString(StandardCharsets.UTF_8));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.toList(), "no output, no temporary file");
        }
    }
}
