package tessera.regdem.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.TableItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tessera.core.Monitor;
import tessera.diagram.Diagram;
import tessera.regdem.RegdemRunner;
import tessera.regdem.analysis.Cfg;
import tessera.regdem.analysis.Liveness;
import tessera.regdem.examples.Examples;
import tessera.regdem.predict.StallPredictor;
import tessera.regdem.predict.Variant;
import tessera.regdem.predict.VariantGenerator;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassProgram;
import tessera.regdem.ui.CfgDiagram;
import tessera.regdem.ui.LaunchSettings;
import tessera.regdem.ui.OccupancyCurve;
import tessera.regdem.ui.PressureSeries;
import tessera.regdem.ui.RegdemAnalysis;
import tessera.regdem.ui.RegdemPanel;
import tessera.regdem.ui.SassCfgDiagrams;
import tessera.regdem.ui.SmemLayout;
import tessera.regdem.ui.VariantTable;
import tessera.ui.Screenshots;
import tessera.ui.testing.Studio;

/**
 * The RegDem panel (the body of the RegDem view) on the example kernels with the example project's settings
 * (examples/tessera.properties: block 192, sm_52): every tab's content is checked against the engine or an
 * independent formula, and every tab is saved as a screenshot and as an export.
 */
class RegdemPanelTest {
    /** A test run on each example kernel, given as its name. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ParameterizedTest
    @ValueSource(strings = {"cfd_flux", "pressure_loop"})
    @interface OnEachKernel {
    }

    /** examples/tessera.properties. */
    static final Map<String, String> SETTINGS = Map.of("regdem.block", "192", "regdem.arch", "sm_52");

    private Display display;
    private Shell shell;
    private RegdemPanel panel;

    @BeforeEach
    void open() {
        display = Display.getDefault();
        shell = Studio.shell("RegDem", 1280, 760);
        panel = new RegdemPanel(shell, SWT.NONE);
        shell.open();
        Screenshots.flush(display);
    }

    @AfterEach
    void close() {
        shell.dispose();
    }

    static RegdemAnalysis analyse(String kernel) {
        String name = kernel + ".sass";
        String text = Examples.text(kernel);
        return RegdemAnalysis.of(name, text, LaunchSettings.of(SETTINGS, name, text), Monitor.NULL);
    }

    /** Analyses the example {@code kernel} and shows the analysis in the panel. */
    private RegdemAnalysis show(String kernel) {
        RegdemAnalysis a = analyse(kernel);
        panel.setAnalysis(a);
        return a;
    }

    /** The engine's own report for the same kernel and settings, computed afresh (not through the views' cache). */
    static VariantGenerator.Report engine(String kernel) {
        RegdemRunner.Outcome o = RegdemRunner.run(new RegdemRunner.Request(kernel + ".sass", Examples.text(kernel),
                null, 192, null, "sm_52", VariantGenerator.OccupancyModel.ARCH, StallPredictor.Mode.CODE, 0,
                List.of(), Set.of()), Monitor.NULL);
        assertNotNull(o.report(), o.diagnostics().toString());
        return o.report();
    }

    @OnEachKernel
    void variantTableShowsTheEnginesReportAndChoice(String kernel) {
        show(kernel);
        VariantGenerator.Report rep = engine(kernel);
        TableItem[] items = panel.getVariantTable().getTable().getItems();
        assertEquals(rep.variants().size(), items.length);
        int chosenRows = 0;
        for (int i = 0; i < items.length; i++) {
            Variant v = rep.variants().get(i);
            String[] row = new String[VariantTable.COLUMNS.length];
            for (int c = 0; c < row.length; c++) {
                row[c] = items[i].getText(c);
            }
            assertArrayEquals(VariantTable.cells(v), row, "row " + i);
            if (row[row.length - 1].contains("chosen")) {
                chosenRows++;
                assertEquals(rep.chosen().name(), row[0], "the chosen row is the engine's selection");
            }
        }
        assertEquals(1, chosenRows);
        if (kernel.equals("cfd_flux")) {
            // demotion wins: 68 registers at occupancy 0.375 → a demoted variant with fewer registers
            assertNotEquals("orig", rep.chosen().name());
            assertTrue(rep.chosen().registers() < 68);
            assertEquals(rep.chosen().name(), panel.getShownVariant().name(), "the tabs show the chosen variant");
        } else {
            // pressure_loop at 192 threads: the original wins; the tabs show the best demoting variant instead
            assertEquals("orig", rep.chosen().name());
            Variant shown = panel.getShownVariant();
            assertTrue(shown.demote() > 0);
            for (Variant v : rep.variants()) {
                if (v.demote() > 0) {
                    assertTrue(shown.adjusted() <= v.adjusted(), v.name());
                }
            }
        }
        shotAndExport(kernel, 4, "variants", panel::exportSelectedTab);
    }

    /** Occupancy of sm_52 by the closed formula (docs/regdem.md), written independently of OccupancyCalculator. */
    static int blocksSm52(int regs, int threads, int smem) {
        int w = (threads + 31) / 32;
        int byWarps = Math.min(32, 64 / w);
        int perWarp = (regs * 32 + 255) / 256 * 256;
        int byRegs = regs == 0 ? 32 : (65536 / (4 * perWarp)) * 4 / w;
        int bySmem = smem == 0 ? 32 : 98304 / ((smem + 255) / 256 * 256);
        return Math.min(byWarps, Math.min(byRegs, bySmem));
    }

    @OnEachKernel
    void occupancyChartMarksTheCalculatorsCliffs(String kernel) {
        show(kernel);
        OccupancyCurve c = panel.getOccupancyChart().getCurve();
        assertEquals(kernel.equals("cfd_flux") ? 68 : 39, c.registers(), "# RegCnt of the example");
        assertEquals(192, c.threads());
        List<Integer> steps = new ArrayList<>();
        for (int r = 1; r < 255; r++) {
            if (blocksSm52(r, 192, 0) > blocksSm52(r + 1, 192, 0)) {
                steps.add(r);
            }
        }
        assertEquals(steps, c.cliffs());
        for (int r = 1; r <= 255; r++) {
            assertEquals(blocksSm52(r, 192, 0) * 6 / 64.0, c.plain()[r], 1e-12, "r=" + r);
        }
        // the reachable curve includes the spill: k = R − r + 2 words of 192 threads
        int r0 = c.registers();
        for (int r = 1; r < r0; r++) {
            int bytes = (r0 - r + 2) * 192 * 4;
            double expect = bytes > 48 * 1024 ? 0 : blocksSm52(r, 192, bytes) * 6 / 64.0;
            assertEquals(expect, c.withSpill()[r], 1e-12, "r=" + r);
        }
        assertFalse(c.targets().isEmpty(), "both kernels are register-limited at 192 threads");
        for (var t : c.targets()) {
            assertEquals(blocksSm52(t.targetRegisters(), 192, t.spillBytes()) * 6 / 64.0, t.occupancy().occupancy(),
                    1e-12);
        }
        shotAndExport(kernel, 2, "occupancy", panel.getOccupancyChart()::exportPng);
    }

    @OnEachKernel
    void pressureChartFollowsLiveness(String kernel) {
        RegdemAnalysis a = show(kernel);
        PressureSeries s = panel.getPressureChart().getSeries();
        SassProgram orig = a.original().program();
        Liveness live = Liveness.compute(Cfg.build(orig));
        List<Integer> instrLines = new ArrayList<>();
        for (int i = 0; i < orig.lines().size(); i++) {
            if (orig.lines().get(i) instanceof Line.Instr) {
                instrLines.add(i);
            }
        }
        assertEquals(instrLines.size(), s.size());
        for (int i = 0; i < s.size(); i++) {
            assertEquals(live.pressure(instrLines.get(i)), s.original()[i], "instruction " + i);
        }
        assertEquals(live.maxPressure(), s.maxOriginal());
        assertTrue(s.maxOriginal() <= a.registers());
        Variant v = panel.getShownVariant();
        assertNotNull(s.variant(), "RegDem keeps the original instructions in order");
        SassProgram vp = v.program();
        Liveness vl = Liveness.compute(Cfg.build(vp));
        int k = 0;
        int tagged = 0;
        for (int li = 0; li < vp.lines().size(); li++) {
            if (vp.lines().get(li) instanceof Line.Instr ins) {
                if (ins.tag() != null) {
                    tagged++;
                } else {
                    assertEquals(vl.pressure(li), s.variant()[k++]);
                }
            }
        }
        int ticks = 0;
        for (int x : s.insertedBefore()) {
            ticks += x;
        }
        assertEquals(tagged, ticks, "every inserted demote instruction is drawn");
        assertTrue(tagged > 0);
        assertTrue(s.maxVariant() <= v.registers(), "pressure never exceeds the variant's register count");
        shotAndExport(kernel, 1, "pressure", panel.getPressureChart()::exportPng);
    }

    @OnEachKernel
    void sharedMemoryLayoutIsEquationOne(String kernel) {
        show(kernel);
        Variant v = panel.getShownVariant();
        SmemLayout l = panel.getSharedLayoutChart().getSmemLayout();
        int n = 192;
        int s = 0; // neither kernel has static shared memory
        assertEquals(v.demote(), l.slots().size());
        assertEquals(v.dynamicSharedBytes(), (long) l.slots().size() * n * 4);
        for (SmemLayout.Slot slot : l.slots()) {
            for (int t = 0; t < n; t++) {
                long addr = t * 4L + s + (long) slot.r() * n * 4;
                assertEquals(addr, l.address(t, slot.r()));
                assertEquals((int) ((addr / 4) % 32), l.bank(t, slot.r()));
            }
            assertTrue(slot.loads() + slot.stores() > 0, "slot " + slot.r() + " is accessed");
        }
        assertTrue(panel.getSharedLayoutChart().conflictFree());
        // the slots hold exactly the registers RegDem's header comment names ("R5,R6:2" = R5, R6, R7)
        Set<Integer> named = new TreeSet<>();
        for (Line line : v.program().lines()) {
            if (line instanceof Line.Text t && t.text().startsWith("# RegDem: demoted ")) {
                Matcher m = Pattern.compile("R(\\d+)(:2)?").matcher(t.text().substring(18, t.text().indexOf(';')));
                while (m.find()) {
                    int r = Integer.parseInt(m.group(1));
                    named.add(r);
                    if (m.group(2) != null) {
                        named.add(r + 1);
                    }
                }
            }
        }
        Set<Integer> slots = new TreeSet<>();
        l.slots().forEach(x -> slots.add(x.register()));
        assertEquals(named, slots);
        shotAndExport(kernel, 3, "shared-memory", panel.getSharedLayoutChart()::exportPng);
    }

    @OnEachKernel
    void cfgMarksLoopsStallsAndDemoteCode(String kernel) {
        RegdemAnalysis a = show(kernel);
        Variant v = panel.getShownVariant();
        Diagram d = panel.getCfgCanvas().getDiagram();
        assertNotNull(d);
        Cfg cfg = Cfg.build(v.program());
        assertEquals(cfg.blocks().size(), d.nodes().size());
        int back = 0;
        int edges = 0;
        for (Cfg.Block b : cfg.blocks()) {
            for (int t : b.succ) {
                edges++;
                if (cfg.isBackEdge(b.id, t)) {
                    back++;
                }
            }
        }
        assertTrue(back > 0, "both kernels have a loop");
        assertEquals(edges, d.edges().size());
        assertEquals(back, d.edges().stream().filter(e -> e.dashed).count());
        int added = 0;
        int demoteBlocks = 0;
        for (Cfg.Block b : cfg.blocks()) {
            Diagram.Node node = d.findNode("B" + b.id);
            int tagged = 0;
            for (int li : b.lines) {
                Line.Instr ins = (Line.Instr) v.program().lines().get(li);
                if (ins.tag() != null) {
                    tagged++;
                }
                // every instruction is listed with its control-code stall
                assertTrue(node.lines.contains(CfgDiagram.instructionLine(ins)));
                assertTrue(CfgDiagram.instructionLine(ins).replace(CfgDiagram.ADDED, "")
                        .startsWith("[" + ins.ctrl().stall()));
            }
            added += tagged;
            demoteBlocks += tagged > 0 ? 1 : 0;
            assertEquals(tagged > 0, node.stroke == CfgDiagram.DEMOTE, "B" + b.id + " has demote code");
            assertEquals(cfg.loopDepth(b.id) > 0, node.fill != 0xF4F7FB, "B" + b.id + " tinted iff in a loop");
            assertEquals(tagged, node.lines.stream().filter(x -> x.startsWith(CfgDiagram.ADDED)).count());
            assertTrue(node.lines.stream().anyMatch(x -> x.contains("predicted stall")), "B" + b.id);
        }
        assertTrue(added > 0 && demoteBlocks > 0);
        shotAndExport(kernel, 0, "cfg", f -> {
            panel.getCfgCanvas().exportPng(f);
            return f;
        });
        // the original's CFG (the chooser's second entry) has the same loops and no demote code
        Diagram od = SassCfgDiagrams.named(a, a.original()).diagram();
        assertTrue(od.nodes().stream().noneMatch(x -> x.stroke == CfgDiagram.DEMOTE || x.lines.stream().anyMatch(
                t -> t.startsWith(CfgDiagram.ADDED))));
        assertEquals(back, od.edges().stream().filter(e -> e.dashed).count());
    }

    /**
     * Selects tab {@code tab}, saves its screenshot and checks that {@code export} writes a PNG of it to
     * {@code regdem-KERNEL-NAME-export.png}.
     */
    private void shotAndExport(String kernel, int tab, String name, UnaryOperator<File> export) {
        panel.selectTab(tab);
        shot(kernel, name);
        assertTrue(export.apply(new File(Screenshots.folder(), "regdem-" + kernel + "-" + name + "-export.png"))
                .length() > 1000);
    }

    private void shot(String kernel, String tab) {
        Screenshots.flush(display);
        File f = Screenshots.print(shell, "regdem-" + kernel + "-" + tab);
        assertTrue(f.length() > 1000, f.toString());
    }
}
