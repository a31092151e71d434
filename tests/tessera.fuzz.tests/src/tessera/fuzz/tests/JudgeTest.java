package tessera.fuzz.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.fuzz.tests.CaseRunner.Failure;
import tessera.fuzz.tests.CaseRunner.Outcome;

/** The fuzzer's own oracle: each failure kind is recognized, and correct outcomes pass. */
class JudgeTest {
    private static final String DDG = """
            machine m { resource fu count 1 pipelined }
            loop l machine m {
              op a : fu latency 3
              op b : fu
              edge a -> b
              edge b -> a latency 1 distance 1
            }
            """;

    private static String kind(String cmd, byte[] file, int code, String out, String err) {
        FuzzCase c = new FuzzCase("t", "f.ddg", file, List.of(cmd.split(" ")), null, List.of(), "test");
        Failure f = CaseRunner.judge(c, new Outcome(code, out, err, null, false, false, 0));
        return f == null ? null : f.kind();
    }

    private static String kind(String cmd, int code, String out, String err) {
        return kind(cmd, new byte[0], code, out, err);
    }

    @Test
    void exitCodesAndCrashes() {
        assertNull(kind("rdg {FILE}", 1, "", "f.pla:3:4: error: bad (hint)\n1 error(s)\n"));
        assertEquals("exit-code", kind("rdg {FILE}", 70, "", "f.pla:3:4: error: bad\n"));
        assertNull(kind("run {FILE}", 2, "", "tessera run: --param N: no such parameter (run 'tessera help run')\n"));
        assertEquals("exit-code", kind("run {FILE}", 2, "", "tessera run: --seed expects a number\n"));
        assertEquals("internal-error", kind("rdg {FILE}", 1, "", "tessera rdg: internal error: java.lang.X\n"));
        assertEquals("stack-trace", kind("rdg {FILE}", 1, "", "boom\n\tat a.b.C.d(C.java:1)\n"));
        assertEquals("exception-text", kind("rdg {FILE}", 1, "", "java.lang.NumberFormatException: For input\n"));
        assertEquals("log-output", kind("rdg {FILE}", 1, "", "tessera: ERROR Validator: oops\n"));
        assertEquals("out-of-memory", kind("rdg {FILE}", 1, "", "tessera rdg: out of memory (Java heap space); ...\n"));
    }

    @Test
    void diagnosticsNeedALine() {
        assertNull(kind("rdg {FILE}", 1, "", "f.pla:3: error: bad\n"));
        assertNull(kind("rdg {FILE}", 1, "", "/tmp/x y/f.pla:3:7: warning: odd\n"));
        assertEquals("no-position", kind("rdg {FILE}", 1, "", "f.pla: error: bad\n"));
        assertEquals("no-position", kind("rdg {FILE}", 1, "", "error: bad\n"));
        assertEquals("no-position", kind("rdg {FILE}", 0, "", "f.pla: warning: no loop\n"));
        assertNull(kind("rdg {FILE}", 1, "", "tessera rdg: no such file: f.pla\n... building: 2 error(s)\n"));
        assertEquals("no-position", kind("--json rdg {FILE}", 1,
                "{\"diagnostics\": [{\"severity\": \"error\", \"line\": 0, \"message\": \"m\"}]}", ""));
        assertEquals("exit0-with-error", kind("--json rdg {FILE}", 0,
                "{\"diagnostics\": [{\"severity\": \"error\", \"line\": 2, \"message\": \"m\"}]}", ""));
        assertEquals("exit0-with-error", kind("rdg {FILE}", 0, "", "f.pla:2:1: error: m\n"));
    }

    @Test
    void jsonMustBeOneStrictDocument() {
        assertNull(kind("--json rdg {FILE}", 0, "{\"a\": [1, 2.5e3, -0.5, \"x\\u00e9\", null, true]}\n", ""));
        assertEquals("not-json", kind("--json rdg {FILE}", 0, "{\"a\": NaN}", ""));
        assertEquals("not-json", kind("--json rdg {FILE}", 0, "{\"a\": 1}\n{\"b\": 2}", ""));
        assertEquals("not-json", kind("--json rdg {FILE}", 0, "log line\n{\"a\": 1}", ""));
        assertEquals("json-empty", kind("--json rdg {FILE}", 1, "", "f.pla:1:1: error: m\n"));
    }

    @Test
    void schedulesAreRecheckedAgainstTheDdg() {
        byte[] ddg = DDG.getBytes(StandardCharsets.UTF_8);
        // a -> b needs t(b) >= t(a) + 3; b -> a (distance 1) needs t(a) >= t(b) + 1 - II
        String ok = "{\"loops\": [{\"loop\": \"l\", \"ok\": true, \"ii\": 4, \"schedule\": [{\"op\": \"a\", \"cycle\": 0},"
                + " {\"op\": \"b\", \"cycle\": 3}]}]}";
        assertNull(kind("--json modsched {FILE}", ddg, 0, ok, ""));
        assertEquals("bad-schedule", kind("--json modsched {FILE}", ddg, 0, ok.replace("\"cycle\": 3", "\"cycle\": 2"), ""));
        assertEquals("bad-schedule", kind("--json modsched {FILE}", ddg, 0, ok.replace("\"ii\": 4", "\"ii\": 3"), ""));
        assertEquals("bad-schedule", kind("--json modsched {FILE}", ddg, 0,
                ok.replace(", {\"op\": \"b\", \"cycle\": 3}", ""), ""));
        // a loop the tool reports as failed is not checked
        assertNull(kind("--json modsched {FILE}", ddg, 1, ok.replace("\"ok\": true", "\"ok\": false")
                .replace("\"cycle\": 3", "\"cycle\": 2"), ""));
        // a negative latency is taken as written: a -> b latency -5 allows b 5 cycles before a
        byte[] neg = DDG.replace("edge a -> b", "edge a -> b latency -5").getBytes(StandardCharsets.UTF_8);
        assertNull(kind("--json modsched {FILE}", neg, 0, ok.replace("\"cycle\": 3", "\"cycle\": -5"), ""));
    }

    @Test
    void theRealModschedOutputIsCheckedAndATamperedOneRejected(@TempDir Path dir) throws Exception {
        Path examples = tessera.testing.Fixtures.root().resolve("examples");
        String ddg = Files.readString(examples.resolve("modsched/recurrence.ddg"));
        CaseRunner runner = new CaseRunner(examples, examples, 60_000);
        Outcome o = runner.execute(List.of("--json", "modsched", examples.resolve("modsched/recurrence.ddg").toString()),
                dir, 60_000);
        assertEquals(0, o.code(), o.err());
        Object doc = StrictJson.parse(o.out());
        assertNull(ScheduleCheck.check(ddg, doc));
        // F -> A has distance 1: A may not move later than t(F) + 2 - II; moving A to cycle 100 breaks A -> C
        String tampered = o.out().replaceFirst("(\"op\": \"A\",\\s*\"cycle\": )\\d+", "$1100");
        assertEquals(true, ScheduleCheck.check(ddg, StrictJson.parse(tampered)) != null, tampered);
    }

    @Test
    void theBuilderMayWriteOnlyUnderGen(@TempDir Path dir) throws Exception {
        Path project = dir.resolve("project");
        Files.createDirectories(project.resolve("gen"));
        Files.writeString(project.resolve("a.ddg"), "x");
        Map<Path, byte[]> before = CaseRunner.snapshot(dir);
        FuzzCase c = new FuzzCase("t", "a.ddg", new byte[0], List.of("--json", "build", "{DIR}"), "a.ddg", List.of(), "t");
        Outcome o = new Outcome(0, "{}", "", null, false, false, 0);
        Files.writeString(project.resolve("gen/a.txt"), "fine");
        assertNull(CaseRunner.checkTree(c, o, dir, project, before));
        Files.writeString(project.resolve("gen/.tessera-123.tmp"), "half");
        assertEquals("tmp-left", CaseRunner.checkTree(c, o, dir, project, before).kind());
        Files.delete(project.resolve("gen/.tessera-123.tmp"));
        Files.writeString(project.resolve("a.ddg"), "changed");
        assertEquals("builder-wrote-outside", CaseRunner.checkTree(c, o, dir, project, before).kind());
        Files.writeString(project.resolve("a.ddg"), "x");
        Files.writeString(dir.resolve("stray.txt"), "outside");
        assertEquals("builder-wrote-outside", CaseRunner.checkTree(c, o, dir, project, before).kind());
    }

    @Test
    void casesAreReproducible() {
        Fuzzer f = Fuzzer.forCheckout();
        for (String lang : Languages.NAMES) {
            Languages.Lang l = Languages.get(lang);
            List<byte[]> seeds = List.of(new byte[] {'a', ' ', '1', '\n'}, new byte[] {'b', '(', '2', ')', '\n'});
            Languages.Lang two = new Languages.Lang(l.name(), l.ext(), l.targets().subList(0, Math.min(2, l.targets().size())));
            List<byte[]> s = seeds.subList(0, two.targets().size());
            for (int n = 0; n < 20; n++) {
                FuzzCase a = f.generate(two, s, 5, n);
                FuzzCase b = f.generate(two, s, 5, n);
                assertEquals(a.cmdText(), b.cmdText());
                assertEquals(new String(a.bytes(), StandardCharsets.ISO_8859_1), new String(b.bytes(), StandardCharsets.ISO_8859_1));
            }
        }
    }
}
