package tessera.ddg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.cli.CliCommand;
import tessera.ddg.convert.DdgLoader;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.Fixtures;

/** {@code tessera modsched --from-gcc DUMP.sms [--ddg OUT.ddg]}, as a user types it, on GCC's dump of our loops.c. */
class GccDumpCliTest {
    private static Path dump(Path dir) throws Exception {
        Path p = dir.resolve("loops.c.295r.sms");
        Files.copy(Fixtures.root().resolve("tests/tessera.modsched.tests/data/gcc/loops.sms"), p);
        return p;
    }

    @Test
    void comparesWithGccLoopByLoop(@TempDir Path dir) throws Exception {
        dump(dir);
        Run r = CliRunner.run(dir, false, "modsched", "--from-gcc", "loops.c.295r.sms");
        assertEquals(CliCommand.OK, r.code(), r.err());
        assertTrue(r.out().contains("dot_loop1 (loops.c:5)"), r.out());
        assertTrue(r.out().contains("| 12 12 12 2"), r.out());
        assertTrue(r.out().contains("| 14 14 failed: sched-failed"), r.out());
        assertTrue(r.out().contains("3 loops: sms scheduled 3"), r.out());
        r = CliRunner.run(dir, true, "modsched", "--from-gcc", "loops.c.295r.sms", "--algo", "ims");
        assertEquals(CliCommand.OK, r.code(), r.err());
        JsonObject j = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals("ims", j.get("algorithm").getAsString());
        JsonArray loops = j.getAsJsonArray("loops");
        assertEquals(3, loops.size());
        JsonObject dot = loops.get(0).getAsJsonObject();
        assertEquals("dot", dot.get("function").getAsString());
        assertEquals(12, dot.getAsJsonObject("gcc").get("ii").getAsInt());
        assertTrue(dot.get("ii").getAsInt() >= dot.get("mii").getAsInt());
    }

    @Test
    void keepsTheGraphsAsDdgAndGccsNumbersAsCsv(@TempDir Path dir) throws Exception {
        dump(dir);
        Run r = CliRunner.run(dir, false, "modsched", "--from-gcc", "loops.c.295r.sms", "--ddg", "loops.ddg");
        assertEquals(CliCommand.OK, r.code(), r.err());
        DdgLoader.Result back = DdgLoader.load(Files.readString(dir.resolve("loops.ddg")), "loops.ddg");
        assertTrue(back.ok() && back.diagnostics().isEmpty(), back.diagnostics().toString());
        assertEquals(List.of("dot_loop1", "scale_loop1", "recurrence_loop1"), back.loops().stream().map(l -> l.name()).toList());
        List<String> csv = Files.readAllLines(dir.resolve("loops.gcc.csv"));
        assertEquals(4, csv.size());
        assertTrue(csv.get(1).startsWith("dot_loop1,dot,1,loops.c:5,12,12,24,12,2,"), csv.get(1));
        // the .ddg reads back as the loops the dump gave: same schedule through the .ddg path
        Run again = CliRunner.run(dir, false, "modsched", "loops.ddg");
        assertEquals(CliCommand.OK, again.code(), again.err());
    }

    @Test
    void badInputIsReported(@TempDir Path dir) throws Exception {
        Run r = CliRunner.run(dir, false, "modsched", "--from-gcc", "missing.sms");
        assertEquals(CliCommand.FAILED, r.code());
        assertTrue(r.err().contains("cannot read missing.sms"), r.err());
        Files.writeString(dir.resolve("x.sms"), "not a dump\n");
        r = CliRunner.run(dir, false, "modsched", "--from-gcc", "x.sms");
        assertEquals(CliCommand.FAILED, r.code());
        assertTrue(r.err().contains("no loop with a dependence graph in x.sms"), r.err());
        String broken = Files.readString(dump(dir)).replaceFirst("-> 69\\]", "-> 9999]");
        Files.writeString(dir.resolve("broken.sms"), broken);
        r = CliRunner.run(dir, false, "modsched", "--from-gcc", "broken.sms");
        assertEquals(CliCommand.FAILED, r.code());
        assertTrue(r.err().matches("(?s).*broken\\.sms:\\d+: error: arc \\d+ -> 9999 .*"), r.err());
        r = CliRunner.run(dir, false, "modsched", "--ddg", "o.ddg", "a.ddg");
        assertEquals(CliCommand.USAGE, r.code());
    }
}
