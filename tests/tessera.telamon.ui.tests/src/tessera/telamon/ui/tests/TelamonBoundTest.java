package tessera.telamon.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.Test;

import tessera.telamon.model.ExecutionGraph;
import tessera.telamon.model.LowerBound;
import tessera.telamon.ui.TelamonPanel;
import tessera.telamon.ui.TelamonSession;
import tessera.ui.Screenshots;
import tessera.ui.testing.Studio;

/**
 * Seed 001 §5.7 (Fig. 5.4) in the Telamon panel: the Bound tab shows the current candidate's lower bound for the
 * chosen GPU and ordering, its explanation tree rooted at the bound, and G^𝒟 with a critical path from E∅ to X∅; a
 * click that restricts the candidate never lowers the bound, undo restores it, and the GPU combo recomputes.
 */
class TelamonBoundTest {
    static String cycles(double v) {
        return String.format(Locale.ROOT, "%,.1f", v);
    }

    /** The bound shown is positive, the tree's root is it, and the critical path runs from E∅ to X∅ along G^𝒟. */
    static double checkShown(TelamonPanel p) {
        double b = p.getBoundCycles();
        assertTrue(b > 0 && Double.isFinite(b), () -> "a positive bound: " + b + " — " + p.getBoundText());
        assertTrue(p.getBoundText().startsWith("B = " + cycles(b) + " cycles = "), p.getBoundText());
        TreeItem[] roots = p.getBoundTree().getItems();
        assertEquals(1, roots.length, "one explanation tree");
        assertTrue(roots[0].getText().startsWith(cycles(b) + " cycles — "), roots[0].getText());
        LowerBound.Analysis a = p.getBoundAnalysis();
        List<ExecutionGraph.Edge> path = a.criticalPath();
        assertFalse(path.isEmpty(), "a critical path");
        assertEquals("E∅", a.points().get(path.get(0).from()));
        assertEquals("X∅", a.points().get(path.get(path.size() - 1).to()));
        for (int i = 0; i < path.size(); i++) {
            ExecutionGraph.Edge e = path.get(i);
            assertTrue(e.from() < e.to(), "points are listed in program order: " + e);
            assertTrue(i == 0 || path.get(i - 1).to() == e.from(), "a path: " + path);
            assertTrue(e.why() == null || a.edges().contains(e), "an edge of G^D: " + e);
        }
        return b;
    }

    @Test
    void boundTabFollowsTheCandidate() throws Exception {
        Shell shell = Studio.shell("Telamon: matmul bound", 1280, 960);
        TelamonPanel p = new TelamonPanel(shell, SWT.NONE);
        shell.open();
        try {
            assertTrue(Double.isNaN(p.getBoundCycles()));
            assertTrue(p.getBoundText().startsWith("Open a .kernel file"), p.getBoundText());
            TelamonSession s = TelamonPanelTest.load("matmul_256", null);
            p.setSession(s, s.listCode().message());
            p.showTab(TelamonPanel.BOUND);
            double root = checkShown(p);
            assertTrue(p.getBoundText().contains("on " + tessera.telamon.model.Hardware.builtIn("hopper").name()),
                    p.getBoundText());
            Screenshots.flush(Display.getCurrent());
            Screenshots.capture(shell, "telamon-panel-matmul-bound-root");

            // clicks restrict the candidate: the bound of a smaller set of implementations is never lower
            double before = root;
            int steps = 0;
            for (int guard = 0; steps < 4 && guard < 20; guard++) {
                Screenshots.flush(Display.getCurrent());
                var open = s.otherChoices().stream().filter(c -> !c.fixed()).skip(guard).findFirst();
                if (open.isEmpty()) {
                    break;
                }
                String value = open.get().values().get(open.get().values().size() - 1);
                int decisions = s.history().size();
                assertTrue(TelamonPanel.select(p.clickChoice(open.get().key()), "= " + value));
                if (s.history().size() == decisions) {
                    continue; // an impossible decision is not kept: the bound stays
                }
                double after = checkShown(p);
                String what = open.get().key() + " = " + value + ": " + after + " < " + before;
                assertTrue(after >= before - 1e-9 * before, what);
                before = after;
                steps++;
            }
            assertTrue(steps > 0, "at least one decision kept");
            Screenshots.flush(Display.getCurrent());
            Screenshots.capture(shell, "telamon-panel-matmul-bound-decided");

            // undo back to the root: the root's bound again
            while (s.canUndo()) {
                p.undo();
            }
            assertEquals(root, checkShown(p), 1e-9 * root);

            // another GPU and ordering: recomputed
            p.setBoundModel("kepler", LowerBound.Ordering.EMITTED);
            double kepler = checkShown(p);
            assertNotEquals(root, kepler, "Kepler and Hopper give different bounds");
            assertTrue(p.getBoundText().contains("(emitted)"), p.getBoundText());
            p.setBoundModel("hopper", LowerBound.Ordering.COMPILED);
            assertEquals(root, checkShown(p), 1e-9 * root);

            p.setSession(null, "");
            assertTrue(Double.isNaN(p.getBoundCycles()));
            assertEquals(0, p.getBoundTree().getItemCount());
        } finally {
            shell.dispose();
        }
    }

    @Test
    void smallKernelGraphIsDrawn() throws Exception {
        Shell shell = Studio.shell("Telamon: outer product bound", 1280, 820);
        TelamonPanel p = new TelamonPanel(shell, SWT.NONE);
        shell.open();
        try {
            TelamonSession s = TelamonPanelTest.load("outer_product", null);
            p.setSession(s, s.listCode().message());
            p.showTab(TelamonPanel.BOUND);
            checkShown(p);
            assertNotNull(p.getBoundGraph());
            assertTrue(p.getBoundGraph().getSize().x > 100, "G^D has room: " + p.getBoundGraph().getSize());
            Screenshots.flush(Display.getCurrent());
            Screenshots.capture(shell, "telamon-panel-outer-product-bound");
        } finally {
            shell.dispose();
        }
    }
}
