package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.cli.CliCommand;
import tessera.dspace.pass.DspacePass;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.explore.Explorer;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.RecordingPassContext;

/** The CLI ({@code tessera dspace check|explore}), the builder pass and the headless explorer API. */
class CliPassExplorerTest {
    /** {@code tessera --quiet dspace ARGS...} as a user types it, {@code $ROOT} standing for the repository root. */
    static Run cli(String... args) {
        String[] a = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            a[i] = args[i].replace("$ROOT", Fixtures.root().toString());
        }
        return CliRunner.run(Fixtures.root(), false, "dspace", a);
    }

    @Test
    void checkExamples() throws Exception {
        Run r = cli("check", "$ROOT/examples/telamon/space/gpu.exh");
        assertEquals(CliCommand.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("gpu.exh: ok"), r.out());
        assertTrue(r.out().contains("1 triggers, 2 quotients"), r.out());
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

    /**
     * The GPU space on axpy (n = 64, made by {@code tessera telamon instance}): a pair implemented through memory
     * lowers it; the new array has its own choices, and the operand's other pair loses the non-memory implementations.
     */
    @Test
    void exploreGpuSpaceLowersACommunication() throws Exception {
        Run r = cli("explore", "$ROOT/examples/telamon/space/gpu.exh", "--instance", "$ROOT/examples/telamon/space/axpy-64.json",
                "--decide", "dim_mapping(d_x1>d_z1@z)=TEMP_ARRAY", "--json");
        assertEquals(CliCommand.OK, r.code(), r.out() + r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertFalse(o.get("failed").getAsBoolean());
        JsonObject removed = o.getAsJsonArray("steps").get(0).getAsJsonObject().getAsJsonObject("removed");
        assertEquals("[\"UNROLLED\",\"THREADS\"]", removed.get("dim_mapping(d_x2>d_z2@z)").toString());
        JsonObject mem = null, size = null;
        for (var e : o.getAsJsonArray("vector")) {
            JsonObject v = e.getAsJsonObject();
            if (v.get("objects").toString().equals("[\"tmp_z_0\"]")) {
                mem = v.get("choice").getAsString().equals("mem_space") ? v : mem;
                size = v.get("choice").getAsString().equals("mem_size") ? v : size;
            }
        }
        assertEquals("[\"GLOBAL\",\"SHARED\"]", String.valueOf(mem == null ? null : mem.get("values")), "mem_space(tmp_z_0)");
        assertEquals(8, size == null ? -1 : size.get("min").getAsInt(), "mem_size(tmp_z_0): 4-byte floats times size(d_x1) >= 2");
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
        String sched = "include \"lib/sets.exh\"\n" + SchedulingTest.SPACE.substring(SchedulingTest.SPACE.indexOf("/// Relative"));
        RecordingPassContext ctx = new RecordingPassContext("src/sched.exh", sched);
        ctx.files().put("src/sched.exh", sched);
        ctx.files().put("src/lib/sets.exh", "set Instructions: end\n");
        DspacePass pass = new DspacePass();
        assertTrue(pass.accepts("src/sched.exh"));
        assertFalse(pass.accepts("src/sched.pla"));
        pass.run(ctx);
        List<Diagnostic> diags = ctx.diagnostics();
        assertTrue(diags.stream().noneMatch(Diagnostic::isError), diags::toString);
        assertTrue(ctx.outputs().containsKey("dspace/SchedPropagators.java"), ctx.outputs().keySet()::toString);
        String bad = "set S: end\nrequire forall $x in S: c($x) is A\n";
        RecordingPassContext badCtx = new RecordingPassContext("src/sched.exh", bad);
        badCtx.files().putAll(ctx.files());
        badCtx.files().put("src/sched.exh", bad);
        pass.run(badCtx);
        diags = badCtx.diagnostics();
        assertTrue(diags.stream().anyMatch(d -> d.isError() && d.file().equals("src/sched.exh") && d.line() == 2), diags::toString);
        assertTrue(badCtx.outputs().isEmpty());
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
