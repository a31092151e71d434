package tessera.tcpa.instantiate.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.eclipse.core.resources.IFile;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.diagram.Diagram;
import tessera.diagram.DiagramProvider;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.instantiate.ControlFlow;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.instantiate.ui.Instantiation;
import tessera.tcpa.instantiate.ui.InstantiationView;
import tessera.tcpa.instantiate.ui.KernelCfgDiagrams;
import tessera.tcpa.instantiate.ui.Simulation;
import tessera.tcpa.instantiate.ui.SimulationView;
import tessera.tcpa.pipeline.TcpaSettings;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.concrete.io.ProgramText;
import tessera.tcpa.tcpa.Architecture;
import tessera.ui.EditorFileView;
import tessera.ui.Screenshots;
import tessera.ui.testing.Studio;

/**
 * Studio views of seed 003 §6 on the paper's running example (bitext, N = 16 on 1×3 PEs: Figs. 5–8) and on matmul
 * 2×2: processor-class grid, kernel CFGs and programs, interconnect, simulation against the interpreter, and the
 * readable errors. Screenshots of the maximized views go to target/screenshots.
 */
class InstantiationViewsTest {
    private static final String SETTINGS = """
            tcpa.arch=tcpa/tcpa4x4.tcpa
            tcpa.params.bitext=N=16
            tcpa.pes.bitext=1x3
            tcpa.params.matmul=N=4,M=4,K=3
            tcpa.pes.matmul=2x2
            tcpa.distribute.matmul=i,j
            tcpa.params.bitext2=N=16
            tcpa.pes.bitext2=2x3
            """;
    private static Studio.Bench studio;

    @BeforeAll
    static void workbench() throws Exception {
        studio = Studio.bench(1280, 1000, "tcpa-instantiation-views");
        studio.write("tessera.properties", SETTINGS);
        studio.write("tcpa/tcpa4x4.tcpa", Studio.exampleText("tcpa/tcpa4x4.tcpa"));
        studio.write("bitext.pla", Studio.exampleText("pla/bitext.pla"));
        studio.write("matmul.pla", Studio.exampleText("pla/matmul.pla"));
        studio.write("bitext2.pla", Studio.exampleText("pla/bitext.pla"));
        studio.write("noparams.pla", Studio.exampleText("pla/bitext.pla"));
    }

    /** Figs. 5–8 of the running example: 2 classes (P1 = {k < 2}, P2 = {k = 2}), 𝒫1/alu1's CFG of 4 kernel classes, the program, the banks. */
    @Test
    void instantiationViewOnTheRunningExample() throws Exception {
        IFile f = studio.project().getFile("bitext.pla");
        InstantiationView v = openInstantiation(f);
        Instantiation in = v.getInstantiation();
        Instantiator.Result oracle = headless("bitext.pla", Map.of("N", 16L), 1, 3);
        var cfg = in.config();
        assertEquals(2, cfg.getProcessorClasses().size());
        assertEquals(List.of("P1", "P1", "P2"), cfg.getProcessors().stream().map(p -> p.getProcessorClass().getName()).toList());
        assertTrue(v.getStatusText().contains("2 processor class(es)"), v.getStatusText());
        v.clickPe(0, 2);
        assertTrue(v.getClassInfo().startsWith("Selected P2 = "), v.getClassInfo());
        assertTrue(v.getClassInfo().contains("1 PE,"), v.getClassInfo());
        v.clickPe(0, 0);
        assertTrue(v.getClassInfo().contains("2 PEs"), v.getClassInfo());

        // Figs. 6–7: 𝒫1/alu1 has kernel classes {0}, {1..4}, {5}, {6}; transitions (source iterations) {0}, {1..3}, {4}, {5}
        List<String> choices = Arrays.asList(v.getChoices());
        int alu1 = choices.indexOf("P1 / alu1");
        assertTrue(alu1 >= 0, choices.toString());
        v.showChoice(alu1);
        Diagram d = v.getCfgCanvas().getDiagram();
        assertEquals(4, d.nodes().size());
        assertEquals(List.of("q1   Q = {0}", "q2   Q = {1..4}", "q3   Q = {5}", "q4   Q = {6}"), d.nodes().stream().map(n -> n.lines.get(0)).toList());
        List<String> edges = d.edges().stream().map(e -> e.source.id + "→" + e.target.id + " " + e.label).toList();
        assertEquals(4, edges.size(), edges.toString());
        assertEquals("q1→q2 {0}", edges.get(0));
        assertTrue(edges.get(1).matches("q2→q2 \\{1\\.\\.3\\}  cs\\d+=0"), edges.toString());
        assertTrue(edges.get(2).matches("q2→q3 \\{4\\}  cs\\d+=1"), edges.toString());
        assertEquals("q3→q4 {5}", edges.get(3));
        // the listing is tessera.tcpa.sim's ProgramText of the instantiated program, with the signal's one-domain
        String listing = v.getListing();
        var prog = oracle.config().getProcessorClasses().get(0).getPrograms().stream().filter(p -> p.getFu().equals("alu1")).findFirst().orElseThrow();
        assertTrue(listing.contains(ProgramText.print(prog, "")), listing);
        assertTrue(listing.startsWith("// P1 / alu1: 8 instructions, 2 per kernel (π)"), listing);
        assertTrue(listing.matches("(?s).*// cs\\d+ = 1 in \\{ \\[j\\] : j == 4 \\}.*"), listing);
        for (int c = 0; c < oracle.classes().size(); c++) {
            for (Map.Entry<String, ControlFlow.Cfg> e : oracle.classes().get(c).cfgs().entrySet()) {
                v.showChoice(choices.indexOf(oracle.classes().get(c).name() + " / " + e.getKey()));
                assertEquals(e.getValue().nodeCount(), v.getCfgCanvas().getDiagram().nodes().size(), e.getKey());
            }
        }
        // Fig. 8: the west input bank and the three output banks; PE k → k + 1 through east0/west0
        assertEquals(List.of("in_0_0", "bits_0_0", "bits_0_1", "bits_0_2"), cfg.getBanks().stream().map(b -> b.getName()).toList());
        assertTrue(v.getConnections().containsAll(List.of("0,0: pe0->east0", "0,1: west0->pe0", "0,2: west0->pe0")), v.getConnections().toString());

        Studio.maximized(v, () -> {
            v.selectTab(InstantiationView.CLASSES);
            v.clickPe(0, 0);
            shot("instantiation-bitext-classes");
            v.selectTab(InstantiationView.PROGRAMS);
            v.showChoice(alu1);
            v.getCfgCanvas().fit();
            shot("instantiation-bitext-cfg-P1-alu1");
            v.selectTab(InstantiationView.INTERCONNECT);
            shot("instantiation-bitext-interconnect");
        });
        v.selectTab(InstantiationView.INTERCONNECT);
        File png = v.exportPng(new File(Screenshots.folder(), "instantiation-bitext-interconnect-export.png"));
        assertTrue(png.length() > 1000);
    }

    /** The running example simulated: 16 bits equal to the interpreter's, 34 cycles (§5.11), activity on every PE. */
    @Test
    void simulationViewOnTheRunningExample() throws Exception {
        SimulationView v = openSimulation(studio.project().getFile("bitext.pla"));
        Simulation s = v.getShown();
        assertTrue(s.ok(), s.error());
        assertEquals(16, s.outputs().size());
        assertEquals(0, s.mismatches());
        assertEquals(34, s.cycles());
        assertTrue(v.getSummary().startsWith("all 16 output elements match the PLA interpreter (34 cycles"), v.getSummary());
        assertEquals(16, v.getTable().getItemCount());
        for (TableItem it : v.getTable().getItems()) {
            assertEquals("bits", it.getText(0));
            assertEquals(it.getText(2), it.getText(3));
            assertEquals("yes", it.getText(4));
        }
        int fus = s.instantiation().fus(0).size();
        assertEquals(3 * fus, s.activity().size());
        for (int k = 0; k < 3; k++) {
            final int col = k;
            // §5.11: PE k's andi of j runs at 2j + 12k + 2
            Simulation.Row alu1 = s.activity().stream().filter(r -> r.peCol() == col && r.fu().equals("alu1")).findFirst().orElseThrow();
            assertEquals(Simulation.BUSY, alu1.state()[12 * k + 2], "andi of PE " + k + " at j = 0");
            assertTrue(alu1.text()[12 * k + 2].startsWith("andi"), alu1.text()[12 * k + 2]);
            for (Simulation.Row r : s.activity()) {
                if (r.peCol() == col && col > 0) {
                    assertEquals(Simulation.IDLE, r.state()[12 * col - 1], r.name() + " starts at λ^K·k = " + 12 * col);
                }
            }
        }
        Studio.maximized(v, () -> shot("simulation-bitext"));
        assertTrue(v.exportPng(new File(Screenshots.folder(), "simulation-bitext-export.png")).length() > 1000);
    }

    /** Matmul N = M = 4, K = 3 on 2×2 PEs: the views agree with the headless instantiation; every element of C matches. */
    @Test
    void matmulOnTwoByTwo() throws Exception {
        InstantiationView v = openInstantiation(studio.project().getFile("matmul.pla"));
        Instantiator.Result oracle = headless("matmul.pla", Map.of("N", 4L, "M", 4L, "K", 3L), 2, 2);
        assertEquals(oracle.config().getProcessorClasses().size(), v.getInstantiation().config().getProcessorClasses().size());
        assertTrue(oracle.classes().size() >= 2, "matmul on 2×2 has several processor classes");
        assertEquals(4, v.getInstantiation().config().getProcessors().size());
        List<String> choices = Arrays.asList(v.getChoices());
        for (int c = 0; c < oracle.classes().size(); c++) {
            for (Map.Entry<String, ControlFlow.Cfg> e : oracle.classes().get(c).cfgs().entrySet()) {
                int i = choices.indexOf(oracle.classes().get(c).name() + " / " + e.getKey());
                assertTrue(i >= 0, choices.toString());
                v.showChoice(i);
                assertEquals(e.getValue().nodeCount(), v.getCfgCanvas().getDiagram().nodes().size());
                assertEquals(e.getValue().edges().size(), v.getCfgCanvas().getDiagram().edges().size());
                var prog = oracle.config().getProcessorClasses().get(c).getPrograms().stream().filter(p -> p.getFu().equals(e.getKey()))
                        .findFirst().orElseThrow();
                assertTrue(v.getListing().contains(ProgramText.print(prog, "")), v.getListing());
            }
        }
        Studio.maximized(v, () -> {
            v.selectTab(InstantiationView.CLASSES);
            shot("instantiation-matmul-classes");
            v.selectTab(InstantiationView.PROGRAMS);
            v.showChoice(choices.size() - 1);
            v.getCfgCanvas().fit();
            shot("instantiation-matmul-cfg");
            v.selectTab(InstantiationView.INTERCONNECT);
            shot("instantiation-matmul-interconnect");
        });
        SimulationView sv = openSimulation(studio.project().getFile("matmul.pla"));
        Simulation s = sv.getShown();
        assertTrue(s.ok(), s.error());
        assertEquals(16, s.outputs().size(), "C is 4×4");
        assertEquals(0, s.mismatches(), s.summary());
        assertTrue(s.outputs().stream().allMatch(o -> o.array().equals("C") && o.match()));
        assertEquals(16, sv.getTable().getItemCount());
        Studio.maximized(sv, () -> shot("simulation-matmul"));
    }

    /** Missing settings and an instantiation error (a 1-D loop on 2×3 PEs) are messages in the views, not stack traces. */
    @Test
    void errorsAreReadableMessages() throws Exception {
        InstantiationView v = openInstantiation(studio.project().getFile("noparams.pla"));
        assertEquals("No run-time parameters for noparams.pla: set tcpa.params.noparams (e.g. N=16) and tcpa.pes.noparams (e.g. 1x3) in "
                + "tessera.properties.", v.getStatusText());
        assertEquals(0, v.getChoices().length);
        v = openInstantiation(studio.project().getFile("bitext2.pla"));
        String err = v.getStatusText();
        assertTrue(err.startsWith("The instantiation for N=16 on 2×3 PEs failed:\nbitext2.pla:1: error: region 2x3 does not fit the mapping"), err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), err);
        Studio.maximized(v, () -> shot("instantiation-error"));
        SimulationView sv = openSimulation(studio.project().getFile("bitext2.pla"));
        assertEquals(err, sv.getStatusText());
        assertFalse(sv.getShown().ok());
    }

    /** The kernel CFGs are also diagrams of the Tessera Diagram view (ELK layout), one per class and FU. */
    @Test
    void diagramProviderListsEveryClassAndFu() throws Exception {
        Function<String, Optional<String>> reader = EditorFileView.projectReader(studio.project().getFile("bitext.pla"));
        List<DiagramProvider.Named> named = new KernelCfgDiagrams().diagrams("bitext.pla", Studio.exampleText("pla/bitext.pla"), reader);
        Instantiator.Result oracle = headless("bitext.pla", Map.of("N", 16L), 1, 3);
        int expected = oracle.classes().stream().mapToInt(c -> c.cfgs().size()).sum();
        assertEquals(expected, named.size());
        assertTrue(named.stream().anyMatch(n -> n.name().equals("Kernel CFG P2 / alu1")), named.toString());
        assertTrue(new KernelCfgDiagrams().diagrams("noparams.pla", Studio.exampleText("pla/bitext.pla"), reader).isEmpty());
    }

    /** The mismatch summary and the range text of transition spaces (no workbench needed). */
    @Test
    void mismatchSummaryAndRanges() {
        Simulation s = new Simulation(null, 3, 10, List.of(), List.of(new Simulation.Output("C", List.of(0L, 0L), 1, 1),
                new Simulation.Output("C", List.of(0L, 1L), 5, 6), new Simulation.Output("C", List.of(1L, 0L), null, 2)), true, null);
        assertEquals(2, s.mismatches());
        assertEquals("2 of 3 output elements differ from the PLA interpreter (first: C[0, 1] simulated 5, interpreted 6; 10 cycles)", s.summary());
        java.util.BitSet b = new java.util.BitSet();
        for (int n : new int[] {0, 1, 2, 4, 5, 7}) {
            b.set(n);
        }
        assertEquals("{0..2, 4, 5, 7}", Instantiation.ranges(b));
        assertEquals("{}", Instantiation.ranges(new java.util.BitSet()));
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private static InstantiationView openInstantiation(IFile f) throws Exception {
        IDE.openEditor(studio.page(), f, "org.eclipse.ui.DefaultTextEditor");
        InstantiationView v = (InstantiationView) studio.page().showView(InstantiationView.ID);
        v.showActiveEditor();
        Studio.waitFor(() -> f.equals(v.getFile()) && v.getJob().getResult() != null
                && v.getShown() != null && v.getShown().fileName().equals(f.getName()), f.getName() + " instantiated");
        return v;
    }

    private static SimulationView openSimulation(IFile f) throws Exception {
        IDE.openEditor(studio.page(), f, "org.eclipse.ui.DefaultTextEditor");
        SimulationView v = (SimulationView) studio.page().showView(SimulationView.ID);
        v.showActiveEditor();
        Studio.waitFor(() -> f.equals(v.getFile()) && v.getJob().getResult() != null
                && v.getShown() != null && v.getShown().instantiation().fileName().equals(f.getName()), f.getName() + " simulated");
        return v;
    }

    private static void shot(String name) {
        studio.shot("tcpa-instantiate-" + name);
    }

    private static Instantiator.Result headless(String pla, Map<String, Long> bounds, int rows, int cols) throws Exception {
        Architecture arch = ArchitectureLoader.orThrow(ArchitectureLoader.load(Studio.exampleText("tcpa/tcpa4x4.tcpa"), "tcpa4x4.tcpa"));
        java.util.Properties props = new java.util.Properties();
        props.load(new java.io.StringReader(SETTINGS));
        Map<String, String> settings = new java.util.HashMap<>();
        props.forEach((k, x) -> settings.put(k.toString(), x.toString()));
        TcpaPipeline.Compiled c = TcpaPipeline.compile(pla, Studio.exampleText("pla/" + pla), arch, TcpaSettings.options(settings, pla), Monitor.NULL);
        assertTrue(c.ok(), c.diagnostics().toString());
        Instantiator.Result r = Instantiator.run(c.mapping().config(), arch, new Instantiator.Parameters(bounds, rows, cols), pla, Monitor.NULL);
        assertTrue(r.ok(), r.diagnostics().toString());
        assertNotNull(r.config());
        return r;
    }
}
