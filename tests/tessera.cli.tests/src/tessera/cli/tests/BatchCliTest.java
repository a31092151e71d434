package tessera.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tessera.testing.CliRunner.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.testing.CliRunner.Run;
import tessera.testing.Fixtures;

/** Issue 25: several files, or a folder, in one run, with one JSON document for all. */
class BatchCliTest {
    private static final Path EXAMPLES = Fixtures.root().resolve("examples/modsched");

    private static Path copy(Path dir, String example, String as) throws Exception {
        Path p = dir.resolve(as);
        Files.createDirectories(p.getParent());
        return Files.copy(EXAMPLES.resolve(example), p);
    }

    @Test
    void severalFilesGiveEachOutputUnderItsName(@TempDir Path dir) throws Exception {
        copy(dir, "motivating.ddg", "a.ddg");
        copy(dir, "recurrence.ddg", "b.ddg");
        Run r = run(dir, "modsched", "a.ddg", "b.ddg");
        assertEquals(0, r.code(), r.err());
        int a = r.out().indexOf("==> a.ddg <==");
        int b = r.out().indexOf("==> b.ddg <==");
        assertTrue(a == 0 && b > a, r.out());
        assertEquals(r.out().substring(a + 14, b), run(dir, "modsched", "a.ddg").out(), "a's output as when run alone");
        assertTrue(r.err().contains("tessera modsched: 2 of 2 files run, 0 failed"), r.err());
    }

    @Test
    void aFolderStandsForItsFilesOfTheCommandsKindInNameOrder(@TempDir Path dir) throws Exception {
        copy(dir, "motivating.ddg", "loops/z.ddg");
        copy(dir, "recurrence.ddg", "loops/sub/m.ddg");
        copy(dir, "motivating.ddg", "loops/gen/skipped.ddg");
        copy(dir, "motivating.ddg", "loops/.hidden/skipped.ddg");
        Files.writeString(dir.resolve("loops/notes.txt"), "not a loop");
        Run r = run(dir, true, "modsched", "loops");
        assertEquals(0, r.code(), r.err());
        JsonObject doc = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(2, doc.get("files").getAsInt());
        JsonArray results = doc.getAsJsonArray("results");
        assertEquals(Path.of("loops", "sub", "m.ddg").toString(), results.get(0).getAsJsonObject().get("file").getAsString());
        assertEquals(Path.of("loops", "z.ddg").toString(), results.get(1).getAsJsonObject().get("file").getAsString());
        JsonObject alone = JsonParser.parseString(run(dir, true, "modsched", "loops/z.ddg").out()).getAsJsonObject();
        assertEquals(alone, results.get(1).getAsJsonObject().get("result"), "each file's document as when run alone");
    }

    @Test
    void aFailingFileFailsTheRunButTheOthersStillRun(@TempDir Path dir) throws Exception {
        copy(dir, "motivating.ddg", "a.ddg");
        Files.writeString(dir.resolve("bad.ddg"), "loop broken {\n  op x : nowhere\n");
        copy(dir, "recurrence.ddg", "c.ddg");
        Run text = run(dir, "modsched", "a.ddg", "bad.ddg", "c.ddg");
        assertEquals(1, text.code());
        assertTrue(text.out().contains("==> c.ddg <=="), "c ran after bad failed:\n" + text.out());
        assertTrue(text.err().contains("bad.ddg:"), "bad's diagnostics name it:\n" + text.err());
        assertTrue(text.err().contains("3 of 3 files run, 1 failed"), text.err());
        Run json = run(dir, true, "modsched", "a.ddg", "bad.ddg", "c.ddg");
        JsonObject doc = JsonParser.parseString(json.out()).getAsJsonObject();
        assertEquals(1, doc.get("exitCode").getAsInt());
        assertFalse(doc.get("ok").getAsBoolean());
        List<Integer> codes = doc.getAsJsonArray("results").asList().stream()
                .map(e -> e.getAsJsonObject().get("exitCode").getAsInt()).toList();
        assertEquals(List.of(0, 1, 0), codes);
        JsonObject bad = doc.getAsJsonArray("results").get(1).getAsJsonObject().getAsJsonObject("result");
        assertTrue(bad.get("messages").toString().contains("bad.ddg:"), bad.toString());
    }

    @Test
    void anOutputFileForEveryInputIsAUsageError(@TempDir Path dir) throws Exception {
        copy(dir, "motivating.ddg", "a.ddg");
        copy(dir, "recurrence.ddg", "b.ddg");
        Run r = run(dir, "modsched", "a.ddg", "b.ddg", "--csv", "out.csv");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--csv names one output file"), r.err());
        assertFalse(Files.exists(dir.resolve("out.csv")));
        Files.createDirectories(dir.resolve("empty"));
        Run empty = run(dir, "modsched", "empty");
        assertEquals(2, empty.code());
        assertTrue(empty.err().contains("no .ddg file in folder empty"), empty.err());
    }

    @Test
    void commandsWithSubcommandsBatchTheirFileToo(@TempDir Path dir) throws Exception {
        Path exh = Fixtures.root().resolve("examples/dspace/scheduling.exh");
        Files.copy(exh, dir.resolve("one.exh"));
        Files.copy(exh, dir.resolve("two.exh"));
        Run r = run(dir, true, "dspace", "check", "one.exh", "two.exh");
        assertEquals(0, r.code(), r.err());
        assertEquals(2, JsonParser.parseString(r.out()).getAsJsonObject().getAsJsonArray("results").size());
    }
}
