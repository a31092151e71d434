package tessera.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tessera.testing.CliRunner.run;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonParser;

import tessera.testing.CliRunner.Run;
import tessera.testing.Fixtures;

/** Issue 22's shared classes of hostile input, through the launcher's entry point as a user types them. */
class HostileInputCliTest {
    private static String motivating() throws Exception {
        return Files.readString(Fixtures.root().resolve("examples/modsched/motivating.ddg"));
    }

    @Test
    void invalidUtf8IsADiagnosticWithLineColumnAndOffset(@TempDir Path dir) throws Exception {
        byte[] text = motivating().getBytes(StandardCharsets.UTF_8);
        int at = motivating().substring(0, motivating().indexOf("op n3")).getBytes(StandardCharsets.UTF_8).length; // a byte offset
        text[at + 3] = (byte) 0xFE;
        Files.write(dir.resolve("bad.ddg"), text);
        Run r = run(dir, "modsched", "bad.ddg");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().startsWith("bad.ddg:15:6: error: invalid UTF-8: byte 0xFE at byte offset " + (at + 3)), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
        Run j = run(dir, "--json", "modsched", "bad.ddg");
        assertEquals(1, j.code());
        var doc = JsonParser.parseString(j.out()).getAsJsonObject(); // --json keeps its promise of one document on failure
        assertFalse(doc.get("ok").getAsBoolean());
        assertTrue(doc.get("messages").getAsJsonArray().get(0).getAsString().startsWith("bad.ddg:15:6: error: invalid UTF-8"), j.out());
    }

    @Test
    void crOnlyLineEndsReadAsTheTextTheyAre(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("lf.ddg"), motivating());
        Files.writeString(dir.resolve("cr.ddg"), "\uFEFF" + motivating().replace("\n", "\r"));
        Run lf = run(dir, "--json", "modsched", "lf.ddg");
        Run cr = run(dir, "--json", "modsched", "cr.ddg");
        assertEquals(0, cr.code(), cr.err());
        assertEquals(lf.out().replace("lf.ddg", "cr.ddg"), cr.out());
        JsonParser.parseString(cr.out()); // stdout is one JSON document: no log lines
    }

    @Test
    void timeLimitsMustBeFiniteAndBounded(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("m.ddg"), motivating());
        for (String t : new String[] {"1e18", "1e400", "NaN", "-1", "0"}) {
            Run r = run(dir, "modsched", "m.ddg", "--time-limit", t);
            assertEquals(2, r.code(), t + ": " + r.err());
            assertTrue(r.err().contains("--time-limit"), r.err());
        }
    }

    @Test
    void buildKeepsEachFilesOutputAndNamesTheClash(@TempDir Path dir) throws Exception {
        Path p = Files.createDirectories(dir.resolve("proj"));
        Files.createDirectories(p.resolve("a"));
        Files.createDirectories(p.resolve("b"));
        Files.writeString(p.resolve("a/m.ddg"), motivating());
        Files.writeString(p.resolve("b/m.ddg"), motivating());
        Run r = run(dir, "build", "proj");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue((r.out() + r.err()).contains("has the same name as that of a/m.ddg"), r.out() + r.err());
        try (var s = Files.walk(p)) {
            assertTrue(s.noneMatch(f -> f.getFileName().toString().startsWith(".tessera-")), "no temporary files left");
        }
    }
}
