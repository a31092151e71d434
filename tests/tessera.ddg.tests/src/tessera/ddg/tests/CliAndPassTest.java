package tessera.ddg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.pass.PassContext;
import tessera.ddg.cli.ModschedCommand;
import tessera.ddg.pass.ModschedPass;
import tessera.modsched.examples.Examples;
import tessera.modsched.io.ScheduleCsv;

/** {@code tessera modsched} and the {@code modsched} builder pass, both reading through the .ddg language. */
class CliAndPassTest {
    private static final class Ctx implements PassContext {
        final Map<String, byte[]> out = new HashMap<>();
        final List<Diagnostic> diags = new ArrayList<>();
        final String name;
        final String text;

        Ctx(String name, String text) {
            this.name = name;
            this.text = text;
        }

        public String fileName() {
            return name;
        }

        public String contents() {
            return text;
        }

        public Optional<String> read(String p) {
            return Optional.empty();
        }

        public Map<String, String> settings() {
            return Map.of();
        }

        public Monitor monitor() {
            return Monitor.NULL;
        }

        public void report(Diagnostic d) {
            diags.add(d);
        }

        public void output(String p, byte[] c) {
            out.put(p, c);
        }

        public void summary(String s) {
        }
    }

    @Test
    void passWritesScheduleFiles() {
        ModschedPass pass = new ModschedPass();
        assertTrue(pass.accepts("src/a/motivating.ddg"));
        assertFalse(pass.accepts("src/a/x.pla"));
        Ctx c = new Ctx("src/motivating.ddg", Examples.text("motivating.ddg"));
        pass.run(c);
        assertTrue(c.diags.isEmpty(), c.diags.toString());
        String txt = new String(c.out.get("modsched/motivating.schedule.txt"), StandardCharsets.UTF_8);
        assertTrue(txt.contains("MaxLive 8") && txt.contains("II 4"), txt);
        JsonObject j = JsonParser.parseString(new String(c.out.get("modsched/motivating.schedule.json"),
                StandardCharsets.UTF_8)).getAsJsonObject();
        assertEquals(8, j.getAsJsonArray("loops").get(0).getAsJsonObject().get("maxLive").getAsInt());
        Ctx bad = new Ctx("src/bad.ddg", "machine m {\n resource a count 1\n}\nloop l machine m {\n op x : b\n}\n");
        pass.run(bad);
        assertEquals(5, bad.diags.get(0).line());
        assertEquals(9, bad.diags.get(0).column());
        assertTrue(bad.out.isEmpty());
    }

    private static int runCli(Path dir, boolean json, ByteArrayOutputStream out, ByteArrayOutputStream err,
            String... words) throws Exception {
        CliContext ctx = new CliContext(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), dir, json, true);
        ModschedCommand cmd = new ModschedCommand();
        Args args = Args.parse(List.of(words), cmd.flags(), cmd.valuedOptions());
        return cmd.run(ctx, args);
    }

    @Test
    void cliPrintsTextJsonAndCsv(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("rec.ddg"), Examples.text("recurrence.ddg"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(CliCommand.OK, runCli(dir, false, out, err, "rec.ddg", "--csv", "rec.csv"));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("ResMII 4, RecMII 6, MII 6"), text);
        assertTrue(text.contains("order: F C D A G I J M H E B L K"), text);
        assertTrue(text.contains("MRT:") && text.contains("II 6, SC 3"), text);
        List<String> csv = Files.readAllLines(dir.resolve("rec.csv"));
        assertEquals(ScheduleCsv.MRT_HEADER, csv.get(0));
        assertEquals(1 + 6 * 4, csv.size(), "II 6 rows x 4 fu instances");
        assertEquals(13, csv.stream().skip(1).filter(l -> !l.endsWith(",,")).count(), "13 ops");
        for (String algo : List.of("topdown", "ims", "exact", "sms-original")) {
            out.reset();
            assertEquals(CliCommand.OK, runCli(dir, true, out, err, "rec.ddg", "--algo", algo, "--time-limit", "30"));
            JsonObject j = JsonParser.parseString(out.toString(StandardCharsets.UTF_8)).getAsJsonObject();
            JsonObject l = j.getAsJsonArray("loops").get(0).getAsJsonObject();
            assertEquals(6, l.get("ii").getAsInt(), algo);
            assertNotNull(l.get("schedule"));
        }
        Files.writeString(dir.resolve("bad.ddg"), "machine m {\n resource alu count 1\n}\nloop l machine m {\n"
                + " op a : alu\n edge a -> b\n}\n");
        err.reset();
        assertEquals(CliCommand.FAILED, runCli(dir, false, out, err, "bad.ddg"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("bad.ddg:6:12: error: unknown operation 'b' in edge"),
                err.toString(StandardCharsets.UTF_8));
    }
}
