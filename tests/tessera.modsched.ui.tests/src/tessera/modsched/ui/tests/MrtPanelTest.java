package tessera.modsched.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import tessera.modsched.examples.Examples;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Schedule;
import tessera.modsched.ui.DdgDiagram;
import tessera.modsched.ui.MrtCanvas;
import tessera.modsched.ui.MrtPanel;
import tessera.modsched.ui.MrtSession;
import tessera.modsched.verify.Violation;
import tessera.ui.Screenshots;
import tessera.ui.testing.Studio;

/** The MRT editor on the motivating example (seed 002 Fig. 2): cells, selection, moves, violations, exports. */
class MrtPanelTest {
    private Display display;
    private Shell shell;
    private MrtPanel panel;

    @BeforeEach
    void open() {
        display = Display.getDefault();
        shell = Studio.shell("Modulo Schedule: motivating.ddg", 1260, 860); // inside Xvfb's default 1280x1024 screen
        panel = new MrtPanel(shell, SWT.NONE);
        shell.open();
        Screenshots.flush(display);
        assertTrue(panel.show("motivating.ddg", Examples.text("motivating.ddg")).isEmpty());
        Screenshots.flush(display);
    }

    @AfterEach
    void close() {
        shell.dispose();
    }

    private int op(String name) {
        return panel.getSession().loop().opIndex(name);
    }

    @Test
    void showsTheMrtWithEveryOpPlaced() {
        MrtSession s = panel.getSession();
        Schedule sch = s.schedule();
        assertEquals(4, sch.ii(), "II = MII = 4");
        List<MrtSession.Cell> cells = s.cells();
        assertEquals(4 * 4, cells.size(), "4 rows (II) x 4 single-unit resources");
        Set<Integer> placed = new HashSet<>();
        for (MrtSession.Cell c : cells) {
            assertTrue(c.ops().size() <= 1, "no conflict in the SMS schedule: " + c);
            placed.addAll(c.ops());
        }
        assertEquals(12, placed.size(), "every op has its cell");
        int n12 = op("n12");
        assertEquals(2, sch.stage(n12));
        assertEquals(3, sch.row(n12), "n12 in stage 2, row 3 (digest)");
        assertEquals(8, s.pressure().maxLive());
        assertTrue(panel.getStatusText().contains("II 4 (MII 4)") && panel.getStatusText().contains("MaxLive 8")
                && panel.getStatusText().contains("valid"), panel.getStatusText());
        assertEquals(12, panel.getDdgCanvas().getDiagram().nodes().size());
        assertEquals(12, panel.getDdgCanvas().getDiagram().edges().size());
        assertTrue(panel.getViolationLines()[0].startsWith("No violations"));
        File shot = Screenshots.print(shell, "mrt-motivating-sms");
        assertTrue(shot.length() > 5000, shot.toString());
    }

    /** The TCPA hand-off: a schedule made elsewhere, with mutually exclusive ops sharing one cell. */
    @Test
    void showsAGivenScheduleWithExclusiveOpsStackedInOneCell() {
        tessera.modsched.model.Machine m = tessera.modsched.model.Machine.builder("pe").pipelined("alu", 1).build();
        tessera.modsched.model.Loop.Builder b = tessera.modsched.model.Loop.builder("bitext", m);
        for (String n : List.of("S1", "S2", "S3", "S4")) {
            b.op(n, "alu", 1);
        }
        b.edge("S1", "S3", 0).edge("S2", "S3", 0).edge("S1", "S4", 0).edge("S2", "S4", 0).edge("S3", "S2", 1);
        tessera.modsched.model.Loop loop = b.exclusive("S1", "S2").build();
        Schedule given = Schedule.of(loop, 3, new int[] { 0, 0, 1, 2 }, new int[][] { { 0 }, { 0 }, { 0 }, { 0 } });
        panel.showSchedule(given, "tcpa");
        Screenshots.flush(display);
        MrtSession s = panel.getSession();
        assertEquals("tcpa", s.algorithm());
        MrtSession.Cell shared = s.cells().get(0);
        assertEquals(List.of(0, 1), shared.ops(), "S1 and S2 stacked in row 0");
        assertFalse(shared.conflict(), "exclusive ops share legally");
        assertTrue(panel.getViolationLines()[0].startsWith("No violations"), panel.getViolationLines()[0]);
        assertTrue(panel.getStatusText().contains("II 3"), panel.getStatusText());
        panel.moveOp(2, 0); // S3 into the shared cell: a real conflict
        assertTrue(s.cells().get(0).conflict());
        Screenshots.print(shell, "mrt-bitext-exclusive-conflict");
        panel.reset();
        Screenshots.flush(display);
        assertFalse(s.cells().get(0).conflict());
        Screenshots.print(shell, "mrt-bitext-exclusive");
    }

    @Test
    void selectingAnOpSelectsItEverywhere() {
        int n8 = op("n8");
        MrtCanvas c = panel.getMrtCanvas();
        Schedule s = panel.getSession().schedule();
        // click the MRT cell of n8 (mul column, its row): press, move and release on the same point
        int col = c.columnOf(panel.getSession().loop().op(n8).resource(), s.column(n8));
        int x = c.cellX(col) + c.cellWidth() / 2;
        int y = c.cellY(s.row(n8)) + c.cellHeight() / 2;
        Studio.drag(c, x, y, x, y);
        assertEquals(n8, panel.getSession().selected());
        assertEquals(new DdgDiagram.OpRef(n8), panel.getDdgCanvas().getSelection(), "DDG node selected too");
        assertTrue(panel.getStatusText().contains("selected n8"), panel.getStatusText());
        // and from the DDG back to the MRT
        panel.getDdgCanvas().select(new DdgDiagram.OpRef(op("n11")), true);
        assertEquals(op("n11"), panel.getSession().selected());
        Screenshots.print(shell, "mrt-motivating-selected-n11");
    }

    @Test
    void movingAnOpToAnOccupiedSlotListsTheViolations() {
        MrtSession s = panel.getSession();
        Loop loop = s.loop();
        int n4 = op("n4");
        int n6 = op("n6");
        Schedule before = s.schedule();
        // n4 and n6 are both multiplies; the single multiplier makes n6's row a conflict for n4
        assertFalse(before.row(n4) == before.row(n6));
        panel.moveOpToCell(n4, before.row(n6), 0);
        List<Violation> vs = s.violations();
        assertTrue(vs.stream().anyMatch(v -> v.kind() == Violation.Kind.RESOURCE_CONFLICT
                && v.ops().containsAll(List.of(n4, n6))), vs.toString());
        String[] lines = panel.getViolationLines();
        assertTrue(Arrays.stream(lines).anyMatch(l -> l.startsWith("resource conflict:") && l.contains("n4")
                && l.contains("n6")), Arrays.toString(lines));
        assertTrue(s.cells().stream().anyMatch(c -> c.ops().containsAll(List.of(n4, n6))), "the cell is shared");
        assertTrue(panel.getStatusText().contains("edited") && panel.getStatusText().contains("violation"),
                panel.getStatusText());
        Screenshots.print(shell, "mrt-motivating-conflict");
        // a dependence violation: n12 before its producer n11
        panel.reset();
        assertTrue(s.violations().isEmpty());
        int n12 = op("n12");
        panel.moveOp(n12, s.schedule().time(op("n11")));
        assertTrue(s.violatedDependences().contains(dependence(loop, "n11", "n12")), s.violations().toString());
        assertTrue(Arrays.stream(panel.getViolationLines()).anyMatch(l -> l.startsWith("dependence:")
                && l.contains("n11 -> n12")), Arrays.toString(panel.getViolationLines()));
        Screenshots.print(shell, "mrt-motivating-dependence-violation");
    }

    private static int dependence(Loop loop, String from, String to) {
        return loop.dependences().stream().filter(d -> d.from() == loop.opIndex(from) && d.to() == loop.opIndex(to))
                .findFirst().orElseThrow().index();
    }

    @Test
    void dragMovesAnOpAndArrowKeysNudgeIt() {
        MrtSession s = panel.getSession();
        MrtCanvas c = panel.getMrtCanvas();
        int n1 = op("n1");
        Schedule sch = s.schedule();
        int col = c.columnOf(s.loop().op(n1).resource(), sch.column(n1));
        int target = (sch.row(n1) + 1) % sch.ii();
        Studio.drag(c, c.cellX(col) + 10, c.cellY(sch.row(n1)) + 10, c.cellX(col) + 10, c.cellY(target) + 10);
        assertEquals(target, s.schedule().row(n1), "dragged to the next row");
        panel.selectOp(n1);
        int n12 = op("n12");
        int gap = s.schedule().time(n1) - s.schedule().time(n12);
        Event key = new Event();
        key.keyCode = SWT.ARROW_DOWN;
        c.notifyListeners(SWT.KeyDown, key);
        assertEquals(gap + 1, s.schedule().time(n1) - s.schedule().time(n12), "one cycle later");
    }

    @Test
    void algorithmChooserAndExports() throws Exception {
        panel.setAlgorithm("topdown");
        MrtSession s = panel.getSession();
        assertEquals("topdown", s.algorithm());
        assertEquals(11, s.pressure().maxLive(), "Top-Down MaxLive 11 (digest)");
        assertEquals(4, s.schedule().stageCount());
        Screenshots.print(shell, "mrt-motivating-topdown");
        panel.setAlgorithm("ims");
        assertTrue(s.violations().isEmpty());
        panel.setAlgorithm("exact");
        assertEquals(7, s.pressure().maxLive(), "exact MaxLive 7 at II 4");
        panel.setAlgorithm("sms");
        File dir = Screenshots.folder();
        File mrtCsv = new File(dir, "mrt-motivating-mrt.csv");
        File schedCsv = new File(dir, "mrt-motivating-schedule.csv");
        panel.exportCsv(mrtCsv, schedCsv);
        List<String> lines = Files.readAllLines(mrtCsv.toPath());
        assertEquals("loop,row,resource,instance,op,stage,iteration", lines.get(0));
        assertTrue(lines.contains("motivating,3,store,0,n12,2,i-2"), lines.toString());
        assertEquals(13, Files.readAllLines(schedCsv.toPath()).size());
        File png = new File(dir, "mrt-motivating-export-mrt.png");
        panel.getMrtCanvas().exportPng(png);
        assertTrue(png.length() > 5000);
        File ddgPng = new File(dir, "mrt-motivating-export-ddg.png");
        File ddgSvg = new File(dir, "mrt-motivating-export-ddg.svg");
        panel.getDdgCanvas().exportPng(ddgPng);
        panel.getDdgCanvas().exportSvg(ddgSvg);
        assertTrue(ddgPng.length() > 2000);
        assertTrue(Files.readString(ddgSvg.toPath()).contains("n12"));
    }

    /** GCC's SMS dump of tests/tessera.modsched.tests/data/gcc/loops.c (GCC 12.2, POWER8): its loops and GCC's line. */
    @Test
    void showsEachLoopOfAGccSmsDumpWithGccsResult() throws Exception {
        Path dump = Path.of(System.getProperty("tessera.root", "../.."))
                .resolve("tests/tessera.modsched.tests/data/gcc/loops.sms");
        var ds = panel.show(dump.toString(), Files.readString(dump));
        assertTrue(ds.isEmpty(), ds.toString());
        assertEquals(List.of("dot_loop1", "scale_loop1", "recurrence_loop1"), List.of(panel.getLoopNames()));
        MrtSession s = panel.getSession();
        assertEquals("dot_loop1", s.loop().name());
        assertEquals("sms", s.algorithm());
        assertTrue(s.schedule() != null && s.violations().isEmpty(), panel.getStatusText());
        assertTrue(panel.getStatusText().startsWith("loop dot_loop1 · sms · II "), panel.getStatusText());
        assertEquals("GCC (loops.c:5): RecMII 12 · MII 12 · II 12 · SC 2", panel.getGccText());
        File shot = Screenshots.print(shell, "mrt-gcc-dot");
        assertTrue(shot.length() > 5000, shot.toString());
        // another loop keeps the selected algorithm; GCC failed on it
        panel.setAlgorithm("ims");
        panel.selectLoop(1);
        assertEquals("scale_loop1", panel.getSession().loop().name());
        assertEquals("ims", panel.getSession().algorithm());
        String scale = panel.getGccText();
        assertTrue(scale.startsWith("GCC (loops.c:11): RecMII 14 · MII 14 · max II 28 · failed: sched-failed"),
                scale);
        assertTrue(scale.contains("Empty window"), scale);
        panel.selectLoop(2);
        assertTrue(panel.getGccText().startsWith("GCC (loops.c:16): RecMII 32 · MII 32 · max II 64 · failed: "),
                panel.getGccText());
        Screenshots.print(shell, "mrt-gcc-recurrence-ims");
        // a .ddg file again: no GCC line
        panel.show("motivating.ddg", Examples.text("motivating.ddg"));
        assertEquals("", panel.getGccText());
    }

    @Test
    void aBrokenGccDumpShowsTheReadersErrors() {
        var ds = panel.show("broken.sms", "SMS transformation phase\nSMS loop num: 1 loops.c:5\nNode num: 0\n"
                + "OUT ARCS: \n");
        assertEquals(1, ds.size(), ds.toString());
        assertTrue(panel.getViolationLines()[0].startsWith("broken.sms:3:"),
                Arrays.toString(panel.getViolationLines()));
        assertTrue(panel.getStatusText().contains("1 error"), panel.getStatusText());
        assertEquals("", panel.getGccText());
    }

    @Test
    void badTextShowsTheErrorsInsteadOfATable() {
        var ds = panel.show("bad.ddg", "machine m { resource a count 1 }\nloop l machine m {\n op x : b\n}\n");
        assertFalse(ds.isEmpty());
        assertTrue(panel.getViolationLines()[0].contains("unknown resource 'b' for operation 'x'"),
                Arrays.toString(panel.getViolationLines()));
        assertTrue(panel.getStatusText().contains("1 error"), panel.getStatusText());
    }
}
