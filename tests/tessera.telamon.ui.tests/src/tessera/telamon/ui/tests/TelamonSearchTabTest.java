package tessera.telamon.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.Test;

import tessera.core.Deadline;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.telamon.gpu.CudaDriver;
import tessera.telamon.model.Hardware;
import tessera.telamon.pipeline.SearchRun;
import tessera.telamon.pipeline.TelamonPipeline;
import tessera.telamon.search.SearchLog;
import tessera.telamon.search.SearchTree;
import tessera.telamon.search.SyntheticEvaluator;
import tessera.telamon.search.TagSearch;
import tessera.telamon.ui.SearchTab;
import tessera.telamon.ui.TelamonPanel;
import tessera.telamon.ui.TelamonSession;
import tessera.ui.Screenshots;
import tessera.ui.testing.Studio;

/**
 * Seed 001 §6.1 in the Telamon panel: the Search tab runs TAG with the synthetic evaluator on scal in a background job
 * and shows the tree (root n = the budget, the best leaf's path marked) and the best-time chart; a long run is
 * cancelled, says so, its late result is dropped and the tab runs again; the log evaluator reads the builder's
 * {@code gen/telamon/NAME.search.jsonl}, and says what to do when there is none.
 */
class TelamonSearchTabTest {
    static TelamonSession load(Map<String, String> props) throws Exception {
        Diagnostics d = new Diagnostics();
        TelamonSession s = TelamonSession.load("scal.kernel", Studio.exampleText("telamon/scal.kernel"),
                "scal.decisions", null, TelamonPipeline.Settings.of(props), d);
        assertNotNull(s, d::toString);
        return s;
    }

    static void finish(SearchTab tab, Job j) {
        assertNotNull(j, tab.summaryText());
        Screenshots.waitFor(Display.getCurrent(), () -> tab.job() == null, Studio.TIMEOUT_MS, "the search");
    }

    /** The root row's columns. */
    static TreeItem rootRow(SearchTab tab) {
        assertEquals(1, tab.treeControl().getItemCount(), "one root row");
        return tab.treeControl().getItem(0);
    }

    @Test
    void searchRunsShowsTheTreeAndTheChart() throws Exception {
        Shell shell = Studio.shell("Telamon: scal search", 1280, 900);
        TelamonPanel p = new TelamonPanel(shell, SWT.NONE);
        shell.open();
        try {
            SearchTab tab = p.getSearchTab();
            assertFalse(tab.canRun(), "nothing to search before a kernel is loaded");
            TelamonSession s = load(Map.of("telamon.param.n", "4"));
            p.setSession(s, s.listCode().message());
            p.showTab(TelamonPanel.SEARCH);
            assertTrue(tab.canRun());
            tab.setSettings(50, 1, SearchTab.SYNTHETIC);
            finish(tab, tab.run());
            SearchTree t = tab.tree();
            assertNotNull(t, tab.summaryText());
            assertEquals(50, t.root().n());
            TreeItem root = rootRow(tab);
            assertEquals("50", root.getText(2), "n at the root = the budget");
            assertTrue(root.getExpanded(), "the root is open");
            assertTrue(tab.summaryText().contains("50 evaluations"), tab.summaryText());
            assertTrue(tab.summaryText().contains("best "), tab.summaryText());
            assertTrue(tab.chartPoints() > 0 && tab.chartPoints() <= 50, "chart points: " + tab.chartPoints());
            // the best leaf's path is open down to the leaf, bold, the leaf starred with its time
            TreeItem item = root;
            while (item.getExpanded() && item.getItemCount() > 0) {
                TreeItem next = null;
                for (TreeItem c : item.getItems()) {
                    if (c.getData() instanceof SearchTree.Node n && n.onBestPath()) {
                        next = c;
                    }
                }
                assertNotNull(next, "a child on the best path below " + item.getText(0));
                item = next;
            }
            assertTrue(item.getText(0).startsWith("★ "), item.getText(0));
            assertEquals("evaluated", item.getText(5));
            assertEquals(SearchRun.time(t.best()), item.getText(4));
            assertEquals(t.bestLeaf(), item.getData());
            Screenshots.flush(Display.getCurrent());
            Screenshots.capture(shell, "telamon-search-scal-evaluations");
            tab.setWallTime(true);
            Screenshots.flush(Display.getCurrent());
            Screenshots.capture(shell, "telamon-search-scal-wall-time");
            tab.setWallTime(false);

            // bad settings: a message, no run
            tab.setSettings(0, 1, SearchTab.SYNTHETIC);
            assertNull(tab.run());
            assertTrue(tab.summaryText().startsWith("Budget: an integer"), tab.summaryText());
            assertEquals(t, tab.tree(), "the tree shown stays");

            // the GPU evaluator on a machine without an NVIDIA driver: the driver's absence, no run, the tree stays
            System.setProperty(CudaDriver.LIBRARY_PROPERTY, "libcuda-not-installed.so");
            try {
                tab.setSettings(50, 1, SearchTab.GPU);
                finish(tab, tab.run());
                assertTrue(tab.summaryText().startsWith("no NVIDIA driver found (libcuda-not-installed.so"),
                        tab.summaryText());
                assertTrue(tab.summaryText().endsWith("(choose the synthetic evaluator)"), tab.summaryText());
                assertEquals(t, tab.tree(), "the tree shown stays");
            } finally {
                System.clearProperty(CudaDriver.LIBRARY_PROPERTY);
            }

            // the log evaluator: the builder's log of the kernel, read back (here a run of 30 evaluations)
            tab.setSettings(50, 1, SearchTab.LOG);
            finish(tab, tab.run());
            assertTrue(tab.summaryText().startsWith("No gen/telamon/scal.search.jsonl"), tab.summaryText());
            String log = log(s, 30, 2);
            p.setProjectFiles(rel -> rel.equals("gen/telamon/scal.search.jsonl") ? Optional.of(log)
                    : Optional.empty());
            finish(tab, tab.run());
            assertEquals("30", rootRow(tab).getText(2), tab.summaryText());
            assertTrue(tab.summaryText().contains("stopped: budget"), tab.summaryText());
            assertTrue(tab.summaryText().contains("(evaluator synthetic(seed 2), seed 2)"), tab.summaryText());
        } finally {
            shell.dispose();
        }
    }

    /** A log as the telamon.search pass writes it: TAG with the synthetic evaluator from the session's root. */
    static String log(TelamonSession s, int budget, long seed) {
        var bound = SearchRun.bound(s.kernel(), Hardware.builtIn("hopper"));
        SearchLog log = SearchLog.memory();
        SearchRun.run(s.kernel(), s.current(), bound, new SyntheticEvaluator(bound, seed),
                TagSearch.Settings.defaults().withBudget(budget).withSeed(seed), log, Deadline.never(), Monitor.NULL);
        return String.join("\n", log.lines()) + "\n";
    }

    @Test
    void aLongSearchIsCancelledAndTheTabStaysUsable() throws Exception {
        Shell shell = Studio.shell("Telamon: scal search cancelled", 1280, 900);
        TelamonPanel p = new TelamonPanel(shell, SWT.NONE);
        shell.open();
        try {
            SearchTab tab = p.getSearchTab();
            TelamonSession s = load(Map.of()); // n = 1024: a space far larger than the budget reaches quickly
            p.setSession(s, s.listCode().message());
            p.showTab(TelamonPanel.SEARCH);
            tab.setSettings(100_000, 1, SearchTab.SYNTHETIC);
            Job j = tab.run();
            assertNotNull(j, tab.summaryText());
            Screenshots.waitFor(Display.getCurrent(), () -> tab.summaryText().contains("evaluations, best"),
                    Studio.TIMEOUT_MS, "the search's progress line");
            assertNotNull(tab.job(), "still running: " + tab.summaryText());
            tab.cancel();
            assertTrue(tab.summaryText().contains("cancelled"), tab.summaryText());
            assertTrue(tab.canRun(), "Run is enabled again");
            assertNull(tab.job());
            j.join(Studio.TIMEOUT_MS, null);
            assertEquals(Job.NONE, j.getState(), "the cancelled job ended");
            Screenshots.flush(Display.getCurrent());
            assertTrue(tab.summaryText().contains("cancelled"), "its late result is dropped: " + tab.summaryText());
            assertNull(tab.tree(), "no tree from the cancelled run");
            Screenshots.capture(shell, "telamon-search-scal-cancelled");

            tab.setSettings(50, 1, SearchTab.SYNTHETIC);
            finish(tab, tab.run());
            assertNotNull(tab.tree(), tab.summaryText());
            assertEquals("50", rootRow(tab).getText(2));
            assertTrue(tab.chartPoints() > 0);
            Screenshots.flush(Display.getCurrent());
            Screenshots.capture(shell, "telamon-search-scal-after-cancel");
        } finally {
            shell.dispose();
        }
    }
}
