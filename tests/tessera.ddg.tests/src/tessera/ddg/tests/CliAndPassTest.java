package tessera.ddg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.cli.CliCommand;
import tessera.ddg.cli.ModschedCommand;
import tessera.ddg.pass.ModschedPass;
import tessera.modsched.examples.Examples;
import tessera.modsched.io.ScheduleCsv;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.RecordingPassContext;

/** {@code tessera modsched} and the {@code modsched} builder pass, both reading through the .ddg language. */
class CliAndPassTest {
    @Test
    void passWritesScheduleFiles() {
        ModschedPass pass = new ModschedPass();
        assertTrue(pass.accepts("src/a/motivating.ddg"));
        assertFalse(pass.accepts("src/a/x.pla"));
        RecordingPassContext c = new RecordingPassContext("src/motivating.ddg", Examples.text("motivating.ddg"));
        pass.run(c);
        assertTrue(c.diagnostics().isEmpty(), c.diagnostics().toString());
        String txt = new String(c.outputs().get("modsched/motivating.schedule.txt"), StandardCharsets.UTF_8);
        assertTrue(txt.contains("MaxLive 8") && txt.contains("II 4"), txt);
        JsonObject j = JsonParser.parseString(new String(c.outputs().get("modsched/motivating.schedule.json"),
                StandardCharsets.UTF_8)).getAsJsonObject();
        assertEquals(8, j.getAsJsonArray("loops").get(0).getAsJsonObject().get("maxLive").getAsInt());
        RecordingPassContext bad = new RecordingPassContext("src/bad.ddg", "machine m {\n resource a count 1\n}\nloop l machine m {\n op x : b\n}\n");
        pass.run(bad);
        assertEquals(5, bad.diagnostics().get(0).line());
        assertEquals(9, bad.diagnostics().get(0).column());
        assertTrue(bad.outputs().isEmpty());
    }

    /** {@code tessera --quiet [--json] modsched WORDS...} in {@code dir}, as a user types it. */
    private static Run runCli(Path dir, boolean json, String... words) {
        return CliRunner.run(dir, json, "modsched", words);
    }

    @Test
    void cliPrintsTextJsonAndCsv(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("rec.ddg"), Examples.text("recurrence.ddg"));
        Run r = runCli(dir, false, "rec.ddg", "--csv", "rec.csv");
        assertEquals(CliCommand.OK, r.code());
        String text = r.out();
        assertTrue(text.contains("ResMII 4, RecMII 6, MII 6"), text);
        assertTrue(text.contains("order: F C D A G I J M H E B L K"), text);
        assertTrue(text.contains("MRT:") && text.contains("II 6, SC 3"), text);
        List<String> csv = Files.readAllLines(dir.resolve("rec.csv"));
        assertEquals(ScheduleCsv.MRT_HEADER, csv.get(0));
        assertEquals(1 + 6 * 4, csv.size(), "II 6 rows x 4 fu instances");
        assertEquals(13, csv.stream().skip(1).filter(l -> !l.endsWith(",,")).count(), "13 ops");
        for (String algo : List.of("topdown", "ims", "exact", "sms-original")) {
            r = runCli(dir, true, "rec.ddg", "--algo", algo, "--time-limit", "30");
            assertEquals(CliCommand.OK, r.code());
            JsonObject j = JsonParser.parseString(r.out()).getAsJsonObject();
            JsonObject l = j.getAsJsonArray("loops").get(0).getAsJsonObject();
            assertEquals(6, l.get("ii").getAsInt(), algo);
            assertNotNull(l.get("schedule"));
        }
        Files.writeString(dir.resolve("bad.ddg"), "machine m {\n resource alu count 1\n}\nloop l machine m {\n"
                + " op a : alu\n edge a -> b\n}\n");
        r = runCli(dir, false, "bad.ddg");
        assertEquals(CliCommand.FAILED, r.code());
        assertTrue(r.err().contains("bad.ddg:6:12: error: unknown operation 'b' in edge"), r.err());
    }
}
