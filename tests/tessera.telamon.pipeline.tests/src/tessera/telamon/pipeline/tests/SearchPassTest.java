package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.CancelledException;
import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.telamon.gpu.CudaDriver;
import tessera.telamon.pipeline.TelamonPipeline;
import tessera.telamon.pipeline.pass.TelamonPass;
import tessera.telamon.pipeline.pass.TelamonSearchPass;
import tessera.telamon.search.SearchLog;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.Fixtures;
import tessera.testing.RecordingPassContext;

/** Seed 001 §6.1, issue 24 item 4: pass {@code telamon.search} does what {@code tessera telamon search} does. */
class SearchPassTest {
    private static final Path ROOT = Fixtures.root();
    /** The kernel's path as the command line names it, so that the best list's header line is the command's too. */
    private static final String KERNEL = "examples/telamon/scal.kernel";
    private static final String OUT = "telamon/scal";

    private static RecordingPassContext context(String... settings) throws Exception {
        RecordingPassContext c = new RecordingPassContext(KERNEL, Files.readString(ROOT.resolve(KERNEL)));
        c.settings().put("telamon.param.n", "64"); // small: a search of 50 evaluations takes about a second
        for (int i = 0; i < settings.length; i += 2) {
            c.settings().put(settings[i], settings[i + 1]);
        }
        return c;
    }

    /** The telamon pass's published space handed to {@code c}, as the builder runs the two passes on one file. */
    private static void afterTelamonPass(RecordingPassContext c) throws Exception {
        RecordingPassContext t = context();
        c.settings().forEach(t.settings()::put);
        new TelamonPass().run(t);
        Object r = t.published().stream().filter(TelamonPipeline.Result.class::isInstance).findFirst().orElseThrow();
        c.products().put(TelamonPipeline.Result.class, r);
    }

    @Test
    void theCommandsSearchInTheBuild(@TempDir Path dir) throws Exception {
        RecordingPassContext c = context("telamon.search.budget", "50", "telamon.search.seed", "1");
        afterTelamonPass(c);
        new TelamonSearchPass().run(c);
        assertEquals(List.of(), c.diagnostics());
        String txt = c.outputText(OUT + ".search.txt"), best = c.outputText(OUT + ".best.decisions");
        String log = c.outputText(OUT + ".search.jsonl");
        assertNotNull(txt);
        assertNotNull(best);
        assertNotNull(log);
        assertTrue(txt.startsWith("scal on ") && txt.contains("(synthetic(seed 1), tag, thesis order, non-strict cut, "
                + "seed 1): best ") && txt.contains("\n  50 evaluations (0 failed), ")
                && txt.contains("\n  best decisions saved to gen/" + OUT + ".best.decisions"), txt);
        assertTrue(c.summary().startsWith("telamon.search: " + KERNEL + ": best ") && c.summary().contains(
                "after 50 evaluations"), c.summary());
        List<JsonObject> events = SearchLog.parse(log);
        assertEquals("start", events.get(0).get("event").getAsString());
        assertEquals(50, events.stream().filter(e -> e.get("event").getAsString().equals("evaluation")).count());

        // the same run on the command line saves the same file, header line included
        Path saved = dir.resolve("best.decisions");
        Run s = CliRunner.run(ROOT, "telamon", "search", KERNEL, "--param", "n=64", "--budget", "50", "--seed", "1",
                "--save", saved.toString());
        assertEquals(0, s.code(), s.err());
        assertEquals(Files.readString(saved), best);
        assertEquals(txt.lines().limit(2).toList(), s.out().lines().limit(2).toList(), "the same summary lines");

        // the pass's log replays on the command line: no divergence, the same best
        Path logFile = dir.resolve("scal.search.jsonl");
        Files.writeString(logFile, log);
        Run r = CliRunner.run(ROOT, "--json", "telamon", "search", KERNEL, "--param", "n=64", "--evaluator", "replay",
                logFile.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(!r.err().contains("diverged"), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(50, o.get("evaluations").getAsInt(), r.out());
        List<String> decisions = best.lines().filter(l -> !l.startsWith("#")).toList();
        List<String> replayed = new ArrayList<>();
        o.getAsJsonArray("decisions").forEach(e -> replayed.add(e.getAsString()));
        assertEquals(decisions, replayed);

        // and in the build: telamon.search.evaluator=replay reads it from the project
        RecordingPassContext replay = context("telamon.search.budget", "50", "telamon.search.evaluator", "replay",
                "telamon.search.replay", "gen/" + OUT + ".search.jsonl");
        replay.files().put("gen/" + OUT + ".search.jsonl", log);
        new TelamonSearchPass().run(replay);
        assertEquals(List.of(), replay.diagnostics());
        assertEquals(decisions, replay.outputText(OUT + ".best.decisions").lines().filter(l -> !l.startsWith("#"))
                .toList());
        assertTrue(replay.outputText(OUT + ".search.txt").contains("(replay, tag, thesis order"),
                replay.outputText(OUT + ".search.txt"));
    }

    /** Run alone (no product of the telamon pass) it builds the space itself and finds the same best. */
    @Test
    void aloneItBuildsTheSpace() throws Exception {
        RecordingPassContext alone = context("telamon.search.budget", "20", "telamon.search.policy", "uct",
                "telamon.search.order", "reverse", "telamon.search.cut", "strict", "telamon.search.seed", "7");
        new TelamonSearchPass().run(alone);
        assertEquals(List.of(), alone.diagnostics());
        RecordingPassContext after = context();
        alone.settings().forEach(after.settings()::put);
        afterTelamonPass(after);
        new TelamonSearchPass().run(after);
        assertEquals(alone.outputText(OUT + ".best.decisions"), after.outputText(OUT + ".best.decisions"));
        assertTrue(after.outputText(OUT + ".search.txt").contains("uct, reverse order, strict cut, seed 7"),
                after.outputText(OUT + ".search.txt"));
    }

    /** It searches the telamon pass's space: where that pass found none, it searches nothing (and reports nothing). */
    @Test
    void itReadsTheTelamonPassesSpace() throws Exception {
        RecordingPassContext c = context("telamon.search.budget", "20");
        c.products().put(TelamonPipeline.Result.class, new TelamonPipeline.Result(null, null, null, null, null));
        new TelamonSearchPass().run(c);
        assertEquals(List.of(), c.diagnostics());
        assertEquals(Map.of(), c.outputs());
        assertTrue(c.summary().contains("no implementation space"), c.summary());
    }

    @Test
    void silentWithoutABudget() throws Exception {
        RecordingPassContext c = context("telamon.search.seed", "3");
        afterTelamonPass(c);
        new TelamonSearchPass().run(c);
        assertEquals(List.of(), c.diagnostics());
        assertEquals(Map.of(), c.outputs());
        assertEquals(List.of(), c.summaries());
    }

    @Test
    void aBadSettingIsOneProblemOnTheProperties() throws Exception {
        String[][] bad = {{"telamon.search.policy", "greedy", "tag or uct"}, {"telamon.search.budget", "0", "budget=N"},
            {"telamon.search.budget", "lots", "budget=N"}, {"telamon.search.cut", "loose", "strict"},
            {"telamon.search.order", "random", "thesis or reverse"}, {"telamon.search.seed", "x", "integer"},
            {"telamon.search.rollouts", "0", "rollouts=R with 1 ≤ R ≤ 1024"},
            {"telamon.search.rollouts", "many", "rollouts=R"},
            {"telamon.search.evaluator", "quantum", "synthetic, gpu or replay"},
            {"telamon.search.replay", "none.jsonl", "PATH"}, {"telamon.gpu", "fermi", "hopper or kepler"},
            // where no NVIDIA driver is installed (the library is named so that none is found on any machine)
            {"telamon.search.evaluator", "gpu", "evaluator=synthetic on a machine without an NVIDIA GPU"}};
        System.setProperty(CudaDriver.LIBRARY_PROPERTY, "libcuda-not-installed.so");
        try {
            problems(bad);
        } finally {
            System.clearProperty(CudaDriver.LIBRARY_PROPERTY);
        }
    }

    private static void problems(String[][] bad) throws Exception {
        for (String[] b : bad) {
            RecordingPassContext c = context("telamon.search.budget", "20");
            c.settings().put(b[0], b[1]);
            if (b[0].equals("telamon.search.replay")) {
                c.settings().put("telamon.search.evaluator", "replay");
            }
            new TelamonSearchPass().run(c);
            assertEquals(1, c.diagnostics().size(), b[0] + ": " + c.diagnostics());
            Diagnostic d = c.diagnostics().get(0);
            assertEquals("tessera.properties", d.file(), b[0]);
            assertTrue(d.message().startsWith(b[0] + "=" + b[1] + ": ") && d.hint().contains(b[2]), d.toString());
            assertEquals(Map.of(), c.outputs(), b[0]);
        }
    }

    /** Cancelled (Studio): the search stops and nothing is written. */
    @Test
    void cancellable() throws Exception {
        RecordingPassContext c = new RecordingPassContext(KERNEL, Files.readString(ROOT.resolve(KERNEL))) {
            @Override
            public Monitor monitor() {
                return () -> true;
            }
        };
        c.settings().put("telamon.param.n", "64");
        c.settings().put("telamon.search.budget", "50");
        afterTelamonPass(c);
        assertThrows(CancelledException.class, () -> new TelamonSearchPass().run(c));
        assertEquals(Map.of(), c.outputs());
    }
}
