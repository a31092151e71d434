package tessera.dspace.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import tessera.core.Deadline;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.diagram.Diagram;
import tessera.dspace.runtime.explore.Explorer;
import tessera.dspace.runtime.oracle.SatOracle;
import tessera.dspace.ui.ExplorerPanel;
import tessera.dspace.ui.ExplorerSession;
import tessera.ui.Screenshots;

/** The candidate explorer panel on the thesis's scheduling space (digest §5.3) and on Tessera's GPU space. */
class ExplorerPanelTest {
    static final Path ROOT = Path.of(System.getProperty("tessera.root", "../.."));
    private Shell shell;
    private ExplorerPanel panel;

    @BeforeEach
    void open() {
        shell = new Shell(Display.getCurrent());
        shell.setLayout(new FillLayout());
        shell.setBounds(0, 0, 1280, 760);
        panel = new ExplorerPanel(shell, SWT.NONE);
        shell.open();
    }

    @AfterEach
    void close() {
        shell.dispose();
    }

    static ExplorerSession session(String exh, String json) {
        Diagnostics d = new Diagnostics();
        ExplorerSession s = ExplorerSession.load(ROOT.resolve(exh), ROOT.resolve(json), d, Monitor.NULL).orElse(null);
        assertNotNull(s, d::toString);
        return s;
    }

    private static List<String> column(org.eclipse.swt.widgets.Table t, int col) {
        List<String> r = new ArrayList<>();
        for (TableItem it : t.getItems()) {
            r.add(it.getText(col));
        }
        return r;
    }

    @Test
    void decideUndoRedoOnTheSchedulingSpace() {
        ExplorerSession s = session("examples/dspace/scheduling.exh", "examples/dspace/scheduling-3.json");
        panel.setSession(s, "");
        // i2 reads i0, so order(i0, i2) is BEFORE from the start; 3 of the 6 orders remain (digest §5.3)
        assertEquals(List.of("order(i0, i1)", "order(i0, i2)", "order(i1, i2)"), column(panel.getVectorTable(), 0));
        assertEquals(List.of("BEFORE | AFTER", "BEFORE", "BEFORE | AFTER"), column(panel.getVectorTable(), 2));
        assertEquals(3, panel.getStats().solutions());
        assertEquals(3, SatOracle.of(s.explorer().root()).solutions(100, Deadline.after(Duration.ofSeconds(30))).size(),
                "the SAT4J model count agrees with the explorer's count");
        assertTrue(panel.getStatus().contains("3 solutions below"), panel.getStatus());
        assertTrue(panel.getHeader().endsWith("1 choice, 4 propagator groups"), panel.getHeader());
        assertTrue(panel.getSearchTree().getItem(0).getText().contains("(3 solutions below)"));
        panel.showTab(1);
        Screenshots.print(shell, "dspace-explorer-scheduling-root");

        // decide i1 before i0 in the UI: select the row, untick BEFORE, Apply
        assertTrue(panel.selectInstance("order(i0, i1)"));
        assertEquals(2, panel.getValueTable().getItemCount());
        panel.check(List.of("AFTER"));
        Explorer.Step step = panel.applyChecked();
        assertFalse(step.failed());
        // transitivity: i1 < i0 < i2, so order(i1, i2) loses AFTER
        assertEquals(List.of("AFTER"), step.removed().get("order(i1, i2)"));
        assertEquals(Set.of("order(i0, i1)", "order(i1, i2)"), panel.getHighlighted());
        assertEquals(List.of("− BEFORE", "", "− AFTER"), column(panel.getVectorTable(), 3));
        assertEquals(1, panel.getStats().solutions());
        assertEquals(0, panel.getStats().deadEnds());
        assertEquals(1, panel.getHistoryTable().getItemCount());
        assertTrue(panel.getHistoryTable().getItem(0).getText(2).startsWith("2 values removed from 2 instances: order(i0, i1) −BEFORE, order(i1, i2) −AFTER"),
                panel.getHistoryTable().getItem(0).getText(2));
        panel.showTab(0);
        Screenshots.print(shell, "dspace-explorer-scheduling-decided");

        panel.undo();
        assertEquals(3, panel.getStats().solutions());
        assertEquals(Set.of(), panel.getHighlighted());
        panel.redo();
        assertEquals(1, panel.getStats().solutions());
        assertEquals("BEFORE", panel.getVectorTable().getItem(2).getText(2));

        // a decision that empties a domain: the candidate is a dead end, shown as such
        Explorer.Step dead = panel.apply(new Explorer.Decision("order", List.of("i1", "i2"), List.of("AFTER")));
        assertTrue(dead.failed());
        assertTrue(panel.getStatus().startsWith("DEAD END"), panel.getStatus());
        assertTrue(panel.getHistoryTable().getItem(1).getText(2).startsWith("dead end"));
        Screenshots.print(shell, "dspace-explorer-scheduling-dead-end");
        panel.undo();
        assertFalse(s.explorer().current().failed());
    }

    /**
     * Tessera's GPU space (examples/telamon/space) on Table 4.1's scal with n = 64, as {@code tessera telamon instance}
     * makes it: the search tree (thousands of fixed candidates, so partly expanded) and the choice graph.
     */
    @Test
    void searchTreeAndChoiceGraphOnTheGpuSpace() {
        ExplorerSession s = session("examples/telamon/space/gpu.exh", "examples/telamon/space/scal-64.json");
        panel.setSession(s, "");
        assertTrue(panel.getVectorTable().getItemCount() > 10, "rows: " + panel.getVectorTable().getItemCount());
        assertTrue(panel.selectInstance("size(d1)"), "Table 4.1's tile sizes");
        TreeItem root = panel.getSearchTree().getItem(0);
        assertTrue(root.getItemCount() >= 2, "the root branches on its first open choice: " + root.getText());
        assertTrue(root.getText().contains("partly expanded"), root.getText());
        Diagram g = panel.getGraph().getDiagram();
        assertNotNull(g);
        assertEquals(s.program().choices.stream().filter(c -> !c.hidden()).count(), g.nodes().size());
        assertFalse(g.edges().isEmpty(), "constraints link the choices");
        panel.showTab(2);
        File f = Screenshots.print(shell, "dspace-explorer-gpu-choice-graph");
        assertTrue(f.length() > 1000);
        panel.showTab(1);
        Screenshots.print(shell, "dspace-explorer-gpu-search-tree");
        int shown = panel.getVectorTable().getItemCount();
        panel.setShowHidden(true);
        assertTrue(panel.getVectorTable().getItemCount() >= shown);
    }

    /**
     * The GPU space on axpy with n = 64: z reads x[d_x1] through a temporary array, and the lowering adds rows for the
     * array, its store and its load (undone with the decision).
     */
    @Test
    void loweringOnTheGpuSpace() {
        ExplorerSession s = session("examples/telamon/space/gpu.exh", "examples/telamon/space/axpy-64.json");
        panel.setSession(s, "");
        int shown = panel.getVectorTable().getItemCount();
        assertTrue(shown > 100, "rows: " + shown);
        assertFalse(panel.selectInstance("mem_space(tmp_z_0)"));
        assertTrue(panel.selectInstance("dim_mapping(d_x1>d_z1@z)"));
        panel.check(List.of("TEMP_ARRAY"));
        Explorer.Step step = panel.applyChecked();
        assertFalse(step.failed(), step.failure());
        assertEquals(List.of("UNROLLED", "THREADS"), step.removed().get("dim_mapping(d_x2>d_z2@z)"));
        assertTrue(panel.selectInstance("mem_space(tmp_z_0)"), "the new array's choice is shown");
        assertEquals(List.of("GLOBAL", "SHARED"), List.of(panel.getValueTable().getItem(0).getText(),
                panel.getValueTable().getItem(1).getText()));
        assertTrue(panel.selectInstance("cache(ld_z_0)"), "the new load's choice is shown");
        assertTrue(panel.getVectorTable().getItemCount() > shown);
        assertEquals(1, panel.getHistoryTable().getItemCount());
        panel.showTab(0);
        Screenshots.print(shell, "dspace-explorer-gpu-lowered");
        panel.undo();
        assertFalse(panel.selectInstance("mem_space(tmp_z_0)"));
        assertEquals(shown, panel.getVectorTable().getItemCount());
    }
}
