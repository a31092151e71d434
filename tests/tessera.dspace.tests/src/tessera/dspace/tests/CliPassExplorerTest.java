package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.cli.CliCommand;
import tessera.core.pass.PassContext;
import tessera.dspace.cli.DspacePass;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.explore.Explorer;

/** The CLI ({@code tessera dspace check|explore}), the builder pass and the headless explorer API. */
class CliPassExplorerTest {
    record Run(int code, String out, String err) {
    }

    static Run cli(String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        List<String> a = new ArrayList<>();
        for (String s : args) {
            a.add(s.replace("$ROOT", Fixtures.root().toString()));
        }
        int code = CliMain.run(a, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void checkExamples() throws Exception {
        Run r = cli("check", "$ROOT/examples/dspace/gpu/gpu.exh");
        assertEquals(CliCommand.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("ok"), r.out());
        Run j = cli("check", "$ROOT/examples/dspace/scheduling.exh", "--json");
        JsonObject o = JsonParser.parseString(j.out()).getAsJsonObject();
        assertTrue(o.get("ok").getAsBoolean());
        assertEquals(3, o.get("propagatorGroups").getAsInt() > 0 ? 3 : 0);
    }

    @Test
    void checkReportsErrorsWithLines(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.exh");
        Files.writeString(f, "set S: end\nchoice enum c($x in S):\n  value A:\nend\nrequire forall $x in S: c($x) is B\n");
        Run r = cli("check", f.toString(), "--json");
        assertEquals(CliCommand.FAILED, r.code());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        JsonObject d = o.getAsJsonArray("diagnostics").get(0).getAsJsonObject();
        assertEquals(5, d.get("line").getAsInt());
        assertTrue(d.get("message").getAsString().contains("'B'"));
        assertEquals(CliCommand.FAILED, cli("check", dir.resolve("missing.exh").toString()).code());
    }

    @Test
    void exploreSchedulingWithDecisionsAndCount() throws Exception {
        Run r = cli("explore", "$ROOT/examples/dspace/scheduling.exh", "--instance", "$ROOT/examples/dspace/scheduling-3.json",
                "--decide", "order(i2,i1)=BEFORE", "--count", "--json");
        assertEquals(CliCommand.OK, r.code(), r.out() + r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        JsonObject step = o.getAsJsonArray("steps").get(0).getAsJsonObject();
        assertTrue(step.getAsJsonObject("removed").has("order(i0, i1)"), step.toString());
        assertEquals(0, o.get("open").getAsInt());
        assertEquals(1, o.getAsJsonObject("count").get("solutions").getAsInt());
        Run text = cli("explore", "$ROOT/examples/dspace/scheduling.exh", "--instance", "$ROOT/examples/dspace/scheduling-3.json",
                "--count", "--generated");
        assertEquals(CliCommand.OK, text.code(), text.out() + text.err());
        assertTrue(text.out().contains("solutions: 3, dead ends: 0"), text.out());
    }

    @Test
    void exploreErrors(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"sets\": {\"Instrs\": [\"i0\"]}, \"values\": {}}");
        Run r = cli("explore", "$ROOT/examples/dspace/scheduling.exh", "--instance", bad.toString());
        assertEquals(CliCommand.FAILED, r.code());
        Files.writeString(bad, "{\"sets\": {\"Instructions\": [\"i0\", \"i1\"]}, \"values\": {}}");
        r = cli("explore", "$ROOT/examples/dspace/scheduling.exh", "--instance", bad.toString());
        assertEquals(CliCommand.FAILED, r.code());
        assertTrue(r.out().contains("no value for the snippet"), r.out());
        assertEquals(CliCommand.USAGE, cli("explore", "$ROOT/examples/dspace/scheduling.exh").code());
        assertEquals(CliCommand.USAGE, cli("explore", "$ROOT/examples/dspace/scheduling.exh", "--instance",
                "$ROOT/examples/dspace/scheduling-3.json", "--decide", "order i0").code());
        r = cli("explore", "$ROOT/examples/dspace/scheduling.exh", "--instance", "$ROOT/examples/dspace/scheduling-3.json",
                "--decide", "order(i0,zz)=BEFORE");
        assertEquals(CliCommand.FAILED, r.code());
        assertTrue(r.out().contains("unknown object zz"), r.out());
    }

    @Test
    void passWritesGeneratedJava() {
        Map<String, String> files = new HashMap<>();
        files.put("src/sched.exh", "include \"lib/sets.exh\"\n" + SchedulingTest.SPACE.substring(SchedulingTest.SPACE.indexOf("/// Relative")));
        files.put("src/lib/sets.exh", "set Instructions: end\n");
        Map<String, byte[]> out = new HashMap<>();
        List<Diagnostic> diags = new ArrayList<>();
        List<String> summary = new ArrayList<>();
        PassContext ctx = new PassContext() {
            public String fileName() {
                return "src/sched.exh";
            }

            public String contents() {
                return files.get("src/sched.exh");
            }

            public Optional<String> read(String p) {
                return Optional.ofNullable(files.get(p));
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

            public void summary(String line) {
                summary.add(line);
            }
        };
        DspacePass pass = new DspacePass();
        assertTrue(pass.accepts("src/sched.exh"));
        assertFalse(pass.accepts("src/sched.pla"));
        pass.run(ctx);
        assertTrue(diags.stream().noneMatch(Diagnostic::isError), diags::toString);
        assertTrue(out.containsKey("dspace/SchedPropagators.java"), out.keySet()::toString);
        files.put("src/sched.exh", "set S: end\nrequire forall $x in S: c($x) is A\n");
        out.clear();
        pass.run(ctx);
        assertTrue(diags.stream().anyMatch(d -> d.isError() && d.file().equals("src/sched.exh") && d.line() == 2), diags::toString);
        assertTrue(out.isEmpty());
    }

    @Test
    void explorerUndoRedoAndTree() {
        Candidate root = Fixtures.init(SchedulingTest.SPACE, Fixtures.json(
                "{\"sets\": {\"Instructions\": [\"a\", \"b\", \"c\"]}, \"values\": {\"$x.depends_on($y)\": {\"default\": false}}}"));
        Explorer ex = new Explorer(root);
        assertEquals(6, ex.tree(1000, Deadline.never(), Monitor.NULL).leaves());
        Explorer.Step s = ex.apply(new Explorer.Decision("order", List.of("a", "b"), List.of("BEFORE")));
        assertFalse(s.failed());
        assertEquals(List.of("AFTER"), s.removed().get("order(a, b)"));
        assertEquals(3, ex.tree(1000, Deadline.never(), Monitor.NULL).leaves());
        Explorer.Step t = ex.apply(new Explorer.Decision("order", List.of("c", "a"), List.of("BEFORE")));
        assertEquals(List.of("BEFORE"), t.removed().get("order(b, c)"), "c < a < b forces c < b: BEFORE removed from order(b,c)");
        assertTrue(ex.current().isFixed());
        assertTrue(ex.undo());
        assertEquals(List.of("BEFORE", "AFTER"), Fixtures.dom(ex.current(), "order", "b", "c"));
        assertTrue(ex.redo());
        assertTrue(ex.current().isFixed());
        assertTrue(ex.undo() && ex.undo());
        assertFalse(ex.undo());
        assertEquals(3, ex.vector(false).size());
    }
}
