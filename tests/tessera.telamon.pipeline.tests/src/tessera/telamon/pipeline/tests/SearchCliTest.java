package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.telamon.search.SearchLog;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.Fixtures;

/**
 * Seed 001 §6.1, issue 24 item 4: {@code tessera telamon search} as a user types it — a synthetic search writes its
 * event log and best decision list, codegen turns the list into PTX, and a replay of the log finds the same best.
 */
class SearchCliTest {
    private static final Path ROOT = Fixtures.root();

    private static JsonObject json(Run r) {
        return JsonParser.parseString(r.out()).getAsJsonObject();
    }

    /**
     * {@code --time-limit} ends a search with its best so far, not with the launcher's time-limit error: the
     * deadline that stops the search loop also fires inside propagation (found on the GPU machine, where every
     * time-limited search ended in the error). Also {@code --threads}.
     */
    @Test
    void aTimeLimitEndsTheSearchWithItsBest(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("mm.jsonl");
        Run s = CliRunner.run(ROOT, "--json", "telamon", "search", "examples/telamon/matmul_256.kernel", "--budget",
                "2000", "--time-limit", "12", "--threads", "2", "--log", log.toString());
        assertTrue(!s.err().contains("did not finish"), s.err());
        JsonObject o = json(s);
        assertEquals("time limit", o.get("stop").getAsString(), s.out());
        assertTrue(o.get("evaluations").getAsInt() < 2000, s.out());
        assertTrue(o.get("seconds").getAsDouble() >= o.get("evaluatorSeconds").getAsDouble(), s.out());
        // its replay stops where the recorded run stopped, without a word of divergence
        Run r = CliRunner.run(ROOT, "--json", "telamon", "search", "examples/telamon/matmul_256.kernel", "--evaluator",
                "replay", log.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(!r.err().contains("diverged"), r.err());
        assertEquals(o.get("evaluations"), json(r).get("evaluations"), r.out());
        assertEquals(o.get("decisions"), json(r).get("decisions"), r.out());
        assertEquals("budget", json(r).get("stop").getAsString(), r.out());
        Run bad = CliRunner.run(ROOT, "telamon", "search", "examples/telamon/scal.kernel", "--threads", "0");
        assertEquals(2, bad.code(), bad.err());
        assertTrue(bad.err().contains("--threads"), bad.err());
    }

    @Test
    void searchSavesABestThatCodegenAndReplayReproduce(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("scal.jsonl"), best = dir.resolve("best.decisions");
        Run s = CliRunner.run(ROOT, "--json", "telamon", "search", "examples/telamon/scal.kernel", "--param", "n=64",
                "--budget", "60", "--seed", "3", "--log", log.toString(), "--save", best.toString());
        assertEquals(0, s.code(), s.err());
        JsonObject o = json(s);
        assertEquals(60, o.get("evaluations").getAsInt(), s.out());
        double time = o.get("bestNanoseconds").getAsDouble();
        List<JsonObject> events = SearchLog.parse(Files.readString(log));
        assertEquals("start", events.get(0).get("event").getAsString());
        assertEquals("end", events.get(events.size() - 1).get("event").getAsString());
        assertEquals(60, events.stream().filter(e -> e.get("event").getAsString().equals("evaluation")).count());
        String decisions = Files.readString(best);
        assertTrue(decisions.startsWith("# best of tessera telamon search"), decisions);
        assertTrue(decisions.contains("size(d1)="), decisions);

        Run c = CliRunner.run(ROOT, "telamon", "codegen", "examples/telamon/scal.kernel", "--param", "n=64",
                "--decisions", best.toString(), "--out-dir", dir.resolve("gen").toString());
        assertEquals(0, c.code(), c.err());
        assertTrue(Files.readString(dir.resolve("gen/scal.ptx")).contains(".visible .entry scal("));

        Path log2 = dir.resolve("replay.jsonl");
        Run r = CliRunner.run(ROOT, "--json", "telamon", "search", "examples/telamon/scal.kernel", "--param", "n=64",
                "--evaluator", "replay", log.toString(), "--log", log2.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(time, json(r).get("bestNanoseconds").getAsDouble(), r.out());
        assertEquals(o.get("decisions"), json(r).get("decisions"));
        assertEquals(3, json(r).get("seed").getAsLong(), "the replay takes the log's settings");
        assertTrue(!r.err().contains("diverged"), r.err());
        assertEquals(Files.readAllLines(log).size(), Files.readAllLines(log2).size());
    }

    @Test
    void textOutputAndUsageErrors(@TempDir Path dir) throws Exception {
        Run s = CliRunner.run(ROOT, "telamon", "search", "examples/telamon/scal.kernel", "--param", "n=64", "--budget",
                "20", "--policy", "uct", "--order", "reverse", "--cut", "strict");
        assertEquals(0, s.code(), s.err());
        assertTrue(s.out().startsWith("scal on "), s.out());
        assertTrue(s.out().contains("uct, reverse order, strict cut, seed 1): best "), s.out());
        assertTrue(s.out().contains("20 evaluations (0 failed)"), s.out());
        Run bad = CliRunner.run(ROOT, "telamon", "search", "examples/telamon/scal.kernel", "--policy", "greedy");
        assertEquals(2, bad.code(), bad.err());
        assertTrue(bad.err().contains("--policy greedy: tag or uct"), bad.err());
        Run unknown = CliRunner.run(ROOT, "telamon", "search", "examples/telamon/scal.kernel", "--evaluator", "quantum");
        assertEquals(2, unknown.code(), unknown.err());
        assertTrue(unknown.err().contains("--evaluator quantum: gpu, synthetic or replay LOG"), unknown.err());
        Files.writeString(dir.resolve("bad.jsonl"), "not json\n");
        Run replay = CliRunner.run(ROOT, "telamon", "search", "examples/telamon/scal.kernel", "--evaluator", "replay",
                dir.resolve("bad.jsonl").toString());
        assertEquals(1, replay.code(), replay.err());
        assertTrue(replay.err().contains("not an event log"), replay.err());
    }
}
