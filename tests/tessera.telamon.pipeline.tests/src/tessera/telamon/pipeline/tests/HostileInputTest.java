package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.cli.CliCommand;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.Fixtures;

/**
 * Issue 22, hostile input through {@code tessera telamon} as a user types it: invalid UTF-8 in a .kernel or a
 * .decisions is exit 1 at {@code file:line:column}; BOM and CR-only files read as text; --count/--descents/--probes
 * and --time-limit are bounded (exit 2), the time limit covers building the space; output paths that are files or
 * folders where the other is needed are exit 2; never a stack trace.
 */
class HostileInputTest {
    private static final Duration FAST = Duration.ofSeconds(2);

    @TempDir
    Path dir;

    @BeforeAll
    static void warmUp() {
        CliRunner.run(Fixtures.root(), "telamon", "space", "examples/telamon/scal.kernel");
    }

    private Run telamon(String... words) {
        Run r = assertTimeoutPreemptively(FAST, () -> CliRunner.run(dir, false, "telamon", words));
        assertFalse(r.err().contains("\tat ") || r.err().contains("internal error"), r.err());
        return r;
    }

    private static String example(String name) throws Exception {
        return Files.readString(Fixtures.root().resolve("examples/telamon/" + name));
    }

    private void writeWithBadByte(String name, String before, String after) throws Exception {
        byte[] a = before.getBytes(StandardCharsets.UTF_8);
        byte[] b = after.getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[a.length + 2 + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        all[a.length] = (byte) 0xF8; // never valid in UTF-8
        all[a.length + 1] = (byte) 0x88;
        System.arraycopy(b, 0, all, a.length + 2, b.length);
        Files.write(dir.resolve(name), all);
    }

    @Test
    void invalidUtf8IsExit1AtLineAndColumn() throws Exception {
        writeWithBadByte("bad.kernel", "// x\n// y ", "\n" + example("scal.kernel"));
        for (String sub : new String[] {"space", "sample", "stats", "instance", "codegen"}) {
            Run r = telamon(sub, "bad.kernel");
            assertEquals(CliCommand.FAILED, r.code(), sub + ": " + r.err());
            assertTrue(r.err().contains("bad.kernel:2:6: error: invalid UTF-8: byte 0xF8"), sub + ": " + r.err());
        }
        Files.writeString(dir.resolve("scal.kernel"), example("scal.kernel"));
        writeWithBadByte("bad.decisions", "size(d1)=2\n# ", "\n");
        Run r = telamon("codegen", "scal.kernel", "--decisions", "bad.decisions");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("bad.decisions:2:3: error: invalid UTF-8"), r.err());
    }

    /** A decision with fewer objects than its choice has arguments used to index past them (exit 70). */
    @Test
    void aDecisionWithTooFewObjectsIsAnErrorAtItsLine() throws Exception {
        Files.writeString(dir.resolve("scal.kernel"), example("scal.kernel"));
        Files.writeString(dir.resolve("scal.decisions"), example("scal.decisions").replace("thread_mapping(d1,d2)",
                "thread_mapping(d1,)"));
        Run r = telamon("codegen", "scal.kernel");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("scal.decisions:7:1: error: thread_mapping(d1)=OUT: thread_mapping takes 2 object(s), got 1"),
                r.err());
    }

    @Test
    void bomAndCrOnlyReadAsText() throws Exception {
        Files.writeString(dir.resolve("cr.kernel"), "\uFEFF" + example("scal.kernel").replace("\n", "\r"));
        Files.writeString(dir.resolve("cr.decisions"), "\uFEFF" + example("scal.decisions").replace("\n", "\r"));
        Run r = telamon("space", "cr.kernel");
        assertEquals(CliCommand.OK, r.code(), r.err());
        assertTrue(r.out().contains("scal: 3 dimensions, 3 instructions, 2 arrays"), r.out());
        r = telamon("codegen", "cr.kernel", "--decisions", "cr.decisions");
        assertEquals(CliCommand.OK, r.code(), r.err());
        assertTrue(r.out().contains(".visible .entry scal("), r.out());
    }

    @Test
    void optionsAreBoundedAndTheTimeLimitCoversTheSpace() throws Exception {
        Files.writeString(dir.resolve("scal.kernel"), example("scal.kernel"));
        String[][] cases = {
            {"sample", "--descents", "0", "--descents must be between 1 and 1000000"},
            {"sample", "--descents", "2000000000", "--descents must be between 1 and 1000000"},
            {"stats", "--descents", "-1", "--descents must be between 0 and 1000000"},
            {"stats", "--probes", "2000000000", "--probes must be between 0 and 1000000"},
            {"stats", "--threads", "0", "--threads must be between 1 and 1024"},
            {"space", "--time-limit", "0", "--time-limit must be more than 0"},
            {"stats", "--time-limit", "1e400", "--time-limit"},
        };
        for (String[] c : cases) {
            Run r = telamon(c[0], "scal.kernel", c[1], c[2]);
            assertEquals(CliCommand.USAGE, r.code(), String.join(" ", c) + ": " + r.err());
            assertTrue(r.err().contains(c[3]), r.err());
        }
        Run none = telamon("stats", "scal.kernel", "--descents", "0", "--probes", "0");
        assertEquals(CliCommand.USAGE, none.code(), none.err());
        assertTrue(none.err().contains("leave nothing to measure"), none.err());
        Run r = telamon("stats", "scal.kernel", "--descents", "1000000", "--probes", "1000000", "--time-limit", "0.3", "--threads", "2");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("did not finish within its time limit"), r.err());
    }

    @Test
    void outputPaths() throws Exception {
        Files.writeString(dir.resolve("scal.kernel"), example("scal.kernel"));
        Files.writeString(dir.resolve("scal.decisions"), example("scal.decisions"));
        Files.writeString(dir.resolve("afile"), "x");
        Run r = telamon("codegen", "scal.kernel", "--out-dir", "afile");
        assertEquals(CliCommand.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("--out-dir afile: is a file"), r.err());
        Files.createDirectories(dir.resolve("folder"));
        r = telamon("sample", "scal.kernel", "--descents", "1", "--save", "folder");
        assertEquals(CliCommand.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("--save folder: is a folder"), r.err());
        r = telamon("codegen", "scal.kernel", "--out-dir", "gen");
        assertEquals(CliCommand.OK, r.code(), r.err());
        assertTrue(Files.isRegularFile(dir.resolve("gen/scal.ptx")));
    }
}
