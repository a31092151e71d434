package tessera.modsched.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.pass.PassContext;
import tessera.modsched.cli.ModschedCommand;
import tessera.modsched.examples.Examples;
import tessera.modsched.gen.RandomLoopGenerator;
import tessera.modsched.io.DdgReader;
import tessera.modsched.io.DdgWriter;
import tessera.modsched.io.LoopJson;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.pass.ModschedPass;

/** The .ddg reader/writer, the JSON form, builder diagnostics, the CLI command and the builder pass. */
class IoAndCliTest {

    @Test
    void bundledExamplesEqualTheProgrammaticOnes() {
        for (String[] ex : new String[][] { { "motivating.ddg", "m" }, { "recurrence.ddg", "r" } }) {
            DdgReader.Result r = DdgReader.read(Examples.text(ex[0]), ex[0]);
            assertTrue(r.ok(), r.diagnostics().toString());
            assertEquals(1, r.loops().size());
            Loop prog = ex[1].equals("m") ? Examples.motivating() : Examples.recurrence();
            assertEquals(LoopJson.write(prog), LoopJson.write(r.loops().get(0)));
        }
    }

    @Test
    void writerReaderAndJsonRoundTripRandomLoops() {
        RandomLoopGenerator gen = new RandomLoopGenerator(7, RandomLoopGenerator.Profile.PERFECT_CLUB, 5, 60);
        for (int i = 0; i < 200; i++) {
            Loop loop = gen.next();
            String json = LoopJson.write(loop);
            DdgReader.Result r = DdgReader.read(DdgWriter.write(loop), "x.ddg");
            assertTrue(r.ok(), r.diagnostics() + " seed 7 #" + i);
            assertEquals(json, LoopJson.write(r.loops().get(0)), "seed 7 #" + i);
            Diagnostics d = new Diagnostics();
            assertEquals(json, LoopJson.write(LoopJson.read(json, "x.json", d)), "seed 7 #" + i);
        }
    }

    @Test
    void suggestedSyntaxFromTheBriefParses() {
        String text = """
                machine simple {
                  resource alu count 2 pipelined
                  resource mul count 1 pipelined
                  resource div count 1 busy 4        // non-pipelined: busy for 4 cycles
                }
                loop example machine simple {
                  op n1 : alu latency 1
                  op n2 : mul latency 3
                  op n3 : div latency 8 reserve { div@0..3 }   // optional explicit reservation pattern
                  edge n1 -> n2 latency 1 distance 0
                  edge n2 -> n1 distance 1                     // latency defaults to the producer's latency
                  edge n2 -> n3 latency -1 kind anti
                }
                """;
        DdgReader.Result r = DdgReader.read(text, "s.ddg");
        assertTrue(r.ok(), r.diagnostics().toString());
        Loop l = r.loops().get(0);
        assertEquals(3, l.dependence(1).latency());
        assertEquals(-1, l.dependence(2).latency());
        assertEquals(4, l.op(2).reservation().totalCycles());
    }

    private static List<Diagnostic> errors(String text) {
        return DdgReader.read(text, "bad.ddg").diagnostics().list();
    }

    @Test
    void readerReportsLinesAndColumns() {
        List<Diagnostic> d = errors("machine m {\n  resource alu count 1\n}\nloop l machine m {\n  op a : fpu\n"
                + "  op b : alu latency x\n  edge a -> c distance -1\n}\n");
        assertTrue(d.stream().anyMatch(x -> x.line() == 6 && x.column() == 22
                && x.message().contains("expected the latency")), d.toString());
        assertTrue(d.stream().anyMatch(x -> x.line() == 5 && x.message().contains("unknown resource 'fpu'")),
                d.toString());
        assertTrue(d.stream().anyMatch(x -> x.line() == 7 && x.message().contains("unknown operation 'c'")),
                d.toString());
        assertTrue(d.stream().anyMatch(x -> x.line() == 7 && x.message().contains("negative iteration distance")),
                d.toString());
        d = errors("loop l machine nope {\n op a : alu\n}");
        assertTrue(d.get(0).message().contains("unknown machine 'nope'") && d.get(0).line() == 1, d.toString());
        d = errors("machine m { resource alu count 0 }");
        assertTrue(d.get(0).message().contains("has count 0"), d.toString());
        d = errors("machine m { resource alu count 1 } loop l machine m { op a : alu latency 2 edge a -> a }");
        assertTrue(d.get(0).message().contains("distance 0 and positive latency"), d.toString());
        d = errors("machine m { resource alu count 1 } loop l machine m { op latency : alu }");
        assertTrue(d.get(0).message().contains("is a keyword"), d.toString());
        d = errors("machine m { resource alu count 1 \n");
        assertTrue(d.get(0).message().contains("not closed"), d.toString());
        assertTrue(errors("machine m { resource alu count 1 } /* open").get(0).message().contains("comment"));
    }

    @Test
    void builderDiagnostics() {
        Diagnostics d = new Diagnostics();
        Machine m = Machine.builder("m").pipelined("alu", 1).build();
        Loop.Builder b = Loop.builder("l", m);
        b.op("a", "alu", 1);
        b.op("a", "alu", 1);
        b.op("c", "alu", 1, List.of(new Loop.Use("alu", -1)), null, 3);
        b.edge("a", "zz", 0);
        assertNull(b.build(d));
        String all = d.toString();
        assertTrue(all.contains("declared twice") && all.contains("negative cycle offset")
                && all.contains("unknown operation 'zz'"), all);
        assertNull(Machine.builder("x").resource("issue", 1, 1).build(new Diagnostics()));
    }

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
        assertTrue(bad.out.isEmpty());
    }

    private static int runCli(Path dir, boolean json, ByteArrayOutputStream out, ByteArrayOutputStream err,
            String... words) throws Exception {
        CliContext ctx = new CliContext(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), dir, json, true);
        Args args = Args.parse(List.of(words), Set.of(), Set.of("algo", "time-limit"));
        return new ModschedCommand().run(ctx, args);
    }

    @Test
    void cliPrintsTextAndJson(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("rec.ddg"), Examples.text("recurrence.ddg"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(CliCommand.OK, runCli(dir, false, out, err, "rec.ddg"));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("ResMII 4, RecMII 6, MII 6"), text);
        assertTrue(text.contains("order: F C D A G I J M H E B L K"), text);
        assertTrue(text.contains("MRT:") && text.contains("II 6, SC 3"), text);
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
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("bad.ddg:6: error: unknown operation 'b'"),
                err.toString(StandardCharsets.UTF_8));
    }
}
