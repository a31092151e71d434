package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.junit.jupiter.api.Test;

import tessera.core.Deadline;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.model.Hardware;
import tessera.telamon.pipeline.GpuSpace;
import tessera.telamon.pipeline.SearchRun;
import tessera.telamon.search.SearchLog;
import tessera.telamon.search.SearchTree;
import tessera.telamon.search.SyntheticEvaluator;
import tessera.telamon.search.TagSearch;
import tessera.telamon.space.Device;

/**
 * Seed 001 §6.1: the search tree Studio shows, read back from TagSearch's event log on scal (n = 4) with the synthetic
 * evaluator — the root's n is the evaluations, children's n add up to at most their parent's, every cut child's bound
 * reaches the best time at its cut, the best-time trace never rises and ends at the search's best, the best leaf's
 * path is marked, T best times as TagSearch keeps them; dead ends on matmul 8×8×4; a log cut short still reads.
 */
class SearchTreeTest {
    record Run(TagSearch.Result result, List<String> lines) {
    }

    static Run run(Kernel k, TagSearch.Settings s) {
        Hardware hw = Hardware.builtIn("hopper");
        ToDoubleFunction<Candidate> bound = SearchRun.bound(k, hw);
        Diagnostics d = new Diagnostics();
        Candidate root = GpuSpace.root(k, Device.of("sm_90"), d, Monitor.NULL);
        assertNotNull(root, d::toString);
        SearchLog log = SearchLog.memory();
        TagSearch.Result r = SearchRun.run(k, root, bound, new SyntheticEvaluator(bound, s.seed()), s, log,
                Deadline.never(), Monitor.NULL);
        return new Run(r, log.lines());
    }

    /** The invariants every tree of a complete log keeps. */
    static void checkInvariants(SearchTree t, TagSearch.Result r) {
        assertEquals(r.evaluations(), t.evaluations());
        assertEquals(r.evaluations(), t.root().n(), "n at the root = the evaluations");
        assertEquals(r.cuts(), t.cuts());
        assertEquals(r.deadEnds(), t.deadEnds());
        assertEquals(r.best(), t.best());
        int cutsSeen = 0;
        for (SearchTree.Node x : t.nodes()) {
            int sum = 0, s = 0;
            for (SearchTree.Node c : x.children()) {
                sum += c.n();
                s += c.s();
                assertTrue(c.best() >= x.best(), () -> "a child's best is not below its parent's: " + c);
            }
            final int childN = sum;
            assertTrue(childN <= x.n(), () -> x + ": children's n " + childN + " > n");
            assertTrue(s <= Math.min(t.topK(), x.n()), x + ": Σ s_i = " + s);
            assertTrue(x.top().size() <= t.topK());
            if (x.cut()) {
                cutsSeen++;
                assertTrue(x.bound() >= x.cutBest(), () -> x + ": bound " + x.bound() + " < best at the cut "
                        + x.cutBest());
            }
            if (x.status() == SearchTree.Status.EVALUATED) {
                assertTrue(x.children().isEmpty(), "a leaf has no children: " + x);
                assertTrue(x.time() >= x.bound(), () -> x + ": time " + x.time() + " below its bound " + x.bound());
            }
        }
        assertEquals(r.cuts(), cutsSeen, "one node per cut line");
        List<SearchTree.Point> trace = t.trace();
        assertEquals(r.evaluations(), trace.size());
        for (int i = 0; i < trace.size(); i++) {
            assertEquals(i + 1, trace.get(i).evaluation());
            if (i > 0) {
                assertTrue(trace.get(i).best() <= trace.get(i - 1).best(), "the best never rises: " + trace.get(i));
                assertTrue(trace.get(i).ms() >= trace.get(i - 1).ms(), "time goes forward: " + trace.get(i));
            }
        }
        if (!trace.isEmpty()) {
            assertEquals(r.best(), trace.get(trace.size() - 1).best(), "the trace ends at the search's best");
        }
    }

    @Test
    void scalTreeKeepsTheSearchInvariants() {
        Kernel k = LeafCodeTest.example("scal", Map.of("n", 4L));
        Run run = run(k, TagSearch.Settings.defaults().withSeed(1).withBudget(300));
        TagSearch.Result r = run.result();
        SearchTree t = SearchTree.of(run.lines());
        assertEquals(300, r.evaluations(), r::toString);
        assertTrue(r.cuts() > 0, "the run cuts: " + r);
        checkInvariants(t, r);
        assertEquals("budget", t.stop());
        assertEquals(300, t.root().n());
        assertEquals(Math.min(t.topK(), 300), t.root().top().size());
        assertEquals(r.best(), t.root().best());
        // the best leaf: the Result's decisions, its path marked down from the root
        SearchTree.Node leaf = t.bestLeaf();
        assertNotNull(leaf);
        assertEquals(r.bestDecisions(), leaf.decisions());
        assertEquals(r.best(), leaf.time());
        for (SearchTree.Node x = leaf; x != null; x = x.parent()) {
            assertTrue(x.onBestPath(), x::toString);
            assertEquals(r.best(), x.best(), "the best below every node on the best path");
        }
        long marked = t.nodes().stream().filter(SearchTree.Node::onBestPath).count();
        assertEquals(leaf.depth() + 1, marked, "only the best path is marked");
        // every evaluated leaf of the log is a leaf of the tree, with its time; no cut node was evaluated through
        // after its cut (TagSearch never walks a cut child again)
        int leaves = 0;
        for (SearchTree.Node x : t.nodes()) {
            if (x.status() == SearchTree.Status.EVALUATED) {
                leaves++;
                assertEquals(1, x.n(), "a leaf is evaluated once");
            }
        }
        assertEquals(300 - r.failures(), leaves);
        // TAG's s_i at the root: Σ s_i is the number of the root's T best (all of them came through a child)
        int s = t.root().children().stream().mapToInt(SearchTree.Node::s).sum();
        assertEquals(t.root().top().size(), s);
        // a pure function of the log
        SearchTree again = SearchTree.parse(String.join("\n", run.lines()) + "\n");
        assertEquals(t.nodes().size(), again.nodes().size());
        assertEquals(t.trace(), again.trace());
    }

    @Test
    void deadEndsAreNodes() {
        Kernel k = LeafCodeTest.example("matmul_256", Map.of("m", 8L, "n", 8L, "k", 4L));
        Run run = run(k, TagSearch.Settings.defaults().withSeed(1).withBudget(16));
        SearchTree t = SearchTree.of(run.lines());
        checkInvariants(t, run.result());
        assertTrue(run.result().deadEnds() > 0, run.result()::toString);
        long dead = t.nodes().stream().filter(x -> x.status() == SearchTree.Status.DEAD_END).count();
        assertTrue(dead > 0, "dead-end nodes shown");
        for (SearchTree.Node x : t.nodes()) {
            if (x.deadEnd()) {
                assertEquals(0, x.n(), "no evaluation below a dead end: " + x);
            }
        }
    }

    /** A log without its end line (a run killed or still going) reads up to its last evaluation. */
    @Test
    void aLogCutShortStillReads() {
        Kernel k = LeafCodeTest.example("scal", Map.of("n", 4L));
        Run run = run(k, TagSearch.Settings.defaults().withSeed(2).withBudget(40));
        List<String> lines = new ArrayList<>(run.lines());
        int lastEval = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("\"event\":\"evaluation\"") && lines.get(i).contains("\"n\":20,")) {
                lastEval = i;
            }
        }
        assertTrue(lastEval > 0, "evaluation 20 is in the log");
        List<String> head = new ArrayList<>(lines.subList(0, lastEval + 1));
        head.add("{\"event\":\"decision\",\"iter"); // the last line cut short while being written
        SearchTree t = SearchTree.of(head);
        assertNull(t.stop());
        assertNull(t.end());
        assertEquals(20, t.evaluations());
        assertEquals(20, t.root().n());
        assertEquals(20, t.trace().size());
        assertFalse(t.trace().get(19).best() > t.trace().get(0).best());
    }
}
