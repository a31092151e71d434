package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.cli.CliCommand;
import tessera.regdem.examples.Examples;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/**
 * Issue 22, hostile input through {@code tessera regdem} and {@code tessera occupancy} as a user types them: invalid
 * UTF-8 is exit 1 at {@code file:line:column}, BOM/CR/CRLF read as the text they are, out-of-range options exit 2
 * naming the option and its range, output paths that are folders exit 2; never exit 70 or a stack trace.
 */
class HostileInputTest {
    private static final Duration FAST = Duration.ofSeconds(2);

    @TempDir
    Path dir;

    /** Loads the command's classes once, so that the 2 s bound of each run measures the run, not the JVM's warm-up. */
    @BeforeAll
    static void warmUp(@TempDir Path warm) throws Exception {
        Files.writeString(warm.resolve("w.sass"), Examples.text("pressure_loop"));
        CliRunner.run(warm, false, "regdem", "w.sass", "--block", "64");
    }

    private Run tessera(String command, String... words) {
        Run r = assertTimeoutPreemptively(FAST, () -> CliRunner.run(dir, false, command, words));
        assertFalse(r.err().contains("\tat "), r.err());
        assertFalse(r.err().contains("internal error"), r.err());
        return r;
    }

    private void write(String name, byte[] bytes) throws Exception {
        Files.write(dir.resolve(name), bytes);
    }

    private static byte[] withBadByte(String text, int line) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (i == line - 1) {
                b.writeBytes("# caf".getBytes(StandardCharsets.UTF_8));
                b.write(0xE9); // Latin-1 'é'
                b.writeBytes(" listing\n".getBytes(StandardCharsets.UTF_8));
            }
            b.writeBytes(lines[i].getBytes(StandardCharsets.UTF_8));
            if (i + 1 < lines.length) {
                b.write('\n');
            }
        }
        return b.toByteArray();
    }

    @Test
    void invalidUtf8IsExit1AtLineAndColumn() throws Exception {
        write("bad.sass", withBadByte(Examples.text("pressure_loop"), 3));
        Run r = tessera("regdem", "bad.sass", "--block", "64");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("bad.sass:3:6: error: invalid UTF-8: byte 0xE9"), r.err());
        r = tessera("regdem", "bad.sass", "--list-kernels");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("bad.sass:3:6:"), r.err());
        write("ok.sass", Examples.text("pressure_loop").getBytes(StandardCharsets.UTF_8));
        r = tessera("regdem", "ok.sass", "--block", "64", "--local", "bad.sass");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("bad.sass:3:6:"), r.err());
        write("ptxas.log", new byte[] {'p', 't', 'x', 'a', 's', '\n', 'x', (byte) 0xFF});
        r = tessera("regdem", "ok.sass", "--block", "64", "--cubin", "ptxas.log");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("ptxas.log:2:2: error: invalid UTF-8"), r.err());
    }

    @Test
    void bomCrAndCrlfReadAsTheText() throws Exception {
        String text = Examples.text("pressure_loop");
        write("lf.sass", text.getBytes(StandardCharsets.UTF_8));
        Run lf = tessera("regdem", "lf.sass", "--block", "64");
        assertEquals(CliCommand.OK, lf.code(), lf.err());
        String lfOut = Files.readString(dir.resolve("lf.regdem.sass"));
        for (String[] variant : new String[][] {{"cr", text.replace("\n", "\r")}, {"crlf", text.replace("\n", "\r\n")},
                {"bom", "\uFEFF" + text}}) {
            write(variant[0] + ".sass", variant[1].getBytes(StandardCharsets.UTF_8));
            Run r = tessera("regdem", variant[0] + ".sass", "--block", "64");
            assertEquals(CliCommand.OK, r.code(), variant[0] + ": " + r.err());
            assertEquals(lf.out().replace("lf.regdem.sass", "X"), r.out().replace(variant[0] + ".regdem.sass", "X"),
                    variant[0]);
            // a CRLF listing is written back with CRLF (SassParser keeps the file's line end)
            assertEquals(lfOut, Files.readString(dir.resolve(variant[0] + ".regdem.sass")).replace("\r\n", "\n"),
                    variant[0]);
        }
    }

    @Test
    void outOfRangeOptionsAreUsageErrorsNamingTheRange() throws Exception {
        write("k.sass", Examples.text("pressure_loop").getBytes(StandardCharsets.UTF_8));
        String[][] cases = {
            {"--smem", "-1", "--smem must be between 0 and 232448"},
            {"--demote", "-1", "--demote must be between 1 and 255"},
            {"--demote", "NaN", "--demote expects a whole number"},
            {"--smem", "NaN", "--smem expects a whole number"},
            {"--target-occupancy", "NaN", "--target-occupancy expects a finite number"},
            {"--target-occupancy", "0", "--target-occupancy must be more than 0 and at most 1"},
            {"--target-occupancy", "1.5", "--target-occupancy must be more than 0 and at most 1"},
            {"--time-limit", "0", "--time-limit must be more than 0"},
            {"--time-limit", "1e400", "--time-limit"},
        };
        for (String[] c : cases) {
            Run r = tessera("regdem", "k.sass", "--block", "64", c[0], c[1]);
            assertEquals(CliCommand.USAGE, r.code(), String.join(" ", c) + ": " + r.err());
            assertTrue(r.err().contains(c[2]), String.join(" ", c) + ": " + r.err());
        }
        for (String b : new String[] {"0", "-5", "2000000000", "65536x65536", "1025", "32x33"}) {
            Run r = tessera("regdem", "k.sass", "--block", b);
            assertEquals(CliCommand.USAGE, r.code(), b + ": " + r.err());
            assertTrue(r.err().contains("--block expects N, NxM or NxMxK threads, 1 to 1024"), r.err());
        }
        Run r = tessera("regdem", "k.sass", "--block", "64", "--arch", "sm_52", "--smem", "49153");
        assertEquals(CliCommand.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("--smem must be between 0 and 49152, got 49153"), r.err());
        assertFalse(Files.exists(dir.resolve("k.regdem.sass")), "nothing written for a usage error");
    }

    @Test
    void occupancyOptionsAreChecked() {
        String[][] cases = {
            {"--regs", "-1", "--block", "128", "--regs must be between 0 and 255"},
            {"--regs", "300", "--block", "128", "--regs must be between 0 and 255"},
            {"--regs", "32", "--block", "-5", "--block must be between 1 and 1024"},
            {"--regs", "32", "--block", "0", "--block must be between 1 and 1024"},
            {"--regs", "32", "--block", "128", "--smem", "-1", "--smem must be between 0 and 49152"},
        };
        for (String[] c : cases) {
            String[] words = java.util.Arrays.copyOf(c, c.length - 1);
            Run r = tessera("occupancy", words);
            assertEquals(CliCommand.USAGE, r.code(), String.join(" ", c) + ": " + r.err());
            assertTrue(r.err().contains(c[c.length - 1]), r.err());
        }
        Run ok = tessera("occupancy", "--regs", "32", "--block", "128", "--smem", "0");
        assertEquals(CliCommand.OK, ok.code(), ok.err());
    }

    @Test
    void outputPathsThatAreFoldersAreUsageErrors() throws Exception {
        write("k.sass", Examples.text("pressure_loop").getBytes(StandardCharsets.UTF_8));
        Files.createDirectories(dir.resolve("folder"));
        Run r = tessera("regdem", "k.sass", "--block", "64", "--out", "folder");
        assertEquals(CliCommand.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("--out folder: is a folder"), r.err());
        r = tessera("regdem", "k.sass", "--block", "64", "--out", "missing/k.sass");
        assertEquals(CliCommand.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("does not exist"), r.err());
        r = tessera("regdem", "k.sass", "--block", "64", "--out", "fine.sass");
        assertEquals(CliCommand.OK, r.code(), r.err());
        assertTrue(Files.isRegularFile(dir.resolve("fine.sass")));
    }
}
