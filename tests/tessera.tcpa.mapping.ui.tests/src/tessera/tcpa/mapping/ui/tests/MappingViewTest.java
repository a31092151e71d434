package tessera.tcpa.mapping.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import tessera.core.poly.TiledSet;
import tessera.core.poly.UnionSet;
import tessera.diagram.Diagram;
import tessera.modsched.model.Loop;
import tessera.modsched.model.ModuloReservationTable;
import tessera.modsched.model.Schedule;
import tessera.modsched.ui.MrtSession;
import tessera.tcpa.mapping.Domains;
import tessera.tcpa.mapping.Instances;
import tessera.tcpa.mapping.ui.MappingView;
import tessera.tcpa.mapping.ui.PstTree;
import tessera.tcpa.symconf.PstKind;
import tessera.tcpa.symconf.PstNode;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.ui.DiagramView;
import tessera.ui.Screenshots;
import tessera.ui.testing.Studio;

/**
 * Studio views of seed 003 §5 on the running example (bitext on bitext-pe.tcpa: Fig. 3, the §5.5 PST, the π = 2 MRT
 * of digest §5.4) and on matmul (tcpa4x4): the annotated RDG in the mapping view and in the Tessera Diagram view, the
 * PST symbolic and specialised to a tile (checked against TiledSet.split on concrete instances), the PE's MRT, and
 * readable errors. Screenshots of the maximized views go to target/screenshots.
 */
class MappingViewTest {
    private static IWorkbenchWindow win;
    private static IWorkbenchPage page;
    private static IProject bitext;
    private static IProject matmul;

    @BeforeAll
    static void workbench() throws Exception {
        win = Studio.window(1280, 1000);
        page = win.getActivePage();
        bitext = project("tcpa-mapping-bitext", "tcpa/bitext-pe.tcpa", "");
        Studio.write(bitext, "bitext.pla", Studio.exampleText("pla/bitext.pla"));
        // matmul distributes (i, j) as in examples/tessera.properties (a drain index may come first)
        matmul = project("tcpa-mapping-matmul", "tcpa/tcpa4x4.tcpa", "tcpa.distribute.matmul=i,j\n");
        Studio.write(matmul, "matmul.pla", Studio.exampleText("pla/matmul.pla"));
        Studio.write(matmul, "fir.pla", Studio.exampleText("pla/fir.pla"));
        IProject none = project("tcpa-mapping-none", null, "");
        Studio.write(none, "bitext.pla", Studio.exampleText("pla/bitext.pla"));
    }

    /** Fig. 3: fu: [τ] mnemo on the nodes, e4 split into e4¹ (δ = (0 0), fd0) and e4² (δ = (0 1), od0 → id0), bits on od1. */
    @Test
    void annotatedRdgOfTheRunningExample() throws Exception {
        MappingView v = open(bitext.getFile("bitext.pla"));
        assertTrue(v.getShown().mapping().ok(), v.getStatusText());
        assertTrue(v.getStatusText().startsWith("bitext mapped onto bitext: π = 2"), v.getStatusText());
        assertFig3(v.getRdgCanvas().getDiagram());
        Studio.maximized(v, () -> {
            v.selectTab(MappingView.RDG);
            v.getRdgCanvas().fit();
            shot("bitext-rdg");
        });
        File png = v.exportPng(new File(Screenshots.folder(), "tcpa-mapping-bitext-rdg-export.png"));
        assertTrue(png.length() > 1000);

        // the same diagram is in the Tessera Diagram view (the RDG editor) for the .pla, as "Mapped RDG (ARCH)"
        DiagramView dv = (DiagramView) page.showView(DiagramView.ID);
        dv.showFile(bitext.getFile("bitext.pla"));
        Combo chooser = combo(dv.getCanvas().getParent());
        List<String> names = Arrays.asList(chooser.getItems());
        int i = names.indexOf("Mapped RDG (bitext)");
        assertTrue(i >= 0, names.toString());
        chooser.select(i);
        chooser.notifyListeners(SWT.Selection, new Event());
        assertFig3(dv.getCanvas().getDiagram());
        Studio.maximized(dv, () -> {
            dv.getCanvas().fit();
            shot("bitext-diagram-view");
        });
    }

    private static void assertFig3(Diagram d) {
        List<String> nodes = d.nodes().stream().map(n -> String.join(" / ", n.lines)).toList();
        String all = String.join("\n", nodes);
        for (String s : List.of("alu0: [0] move", "alu1: [1] shri", "alu1: [2] andi")) {
            assertTrue(all.contains(s), all);
        }
        assertEquals(2, nodes.stream().filter(n -> n.contains("alu0: [0] move")).count(), all); // S1 and S2
        List<String> edges = d.edges().stream().map(e -> e.label).toList();
        assertTrue(edges.stream().anyMatch(l -> l.contains("δ=(0 0)") && l.contains("fd0")), edges.toString());
        assertTrue(edges.stream().anyMatch(l -> l.contains("δ=(0 1)") && l.contains("od0") && l.contains("id0")), edges.toString());
        assertTrue(edges.stream().anyMatch(l -> l.contains("od1")), edges.toString());
        assertTrue(edges.stream().anyMatch(l -> l.contains("id0") && !l.contains("δ")), edges.toString()); // e1: in → S1
        assertEquals(2, d.edges().stream().filter(e -> e.dashed).count(), edges.toString());
    }

    /** §5.5's PST (rd1 is our fd0, docs/tcpa.md P1) and its specialisation to each PE of a 3-PE row. */
    @Test
    void pstOfTheRunningExampleSymbolicAndPerTile() throws Exception {
        MappingView v = open(bitext.getFile("bitext.pla"));
        v.specialiseTo(null);
        String tree = v.pstText();
        for (String s : List.of("⟨root⟩", "  alu0", "    ⟨τ: 0⟩", "      move   dest rd0 | src id0, fd0", "  alu1",
                "    ⟨τ: 1⟩", "      shri   dest fd0, od0 | srcA rd0 | srcB 1", "    ⟨τ: 2⟩", "      andi   dest od1 | srcA rd0 | srcB 1",
                "          od0  ")) {
            assertTrue(tree.contains(s), s + " in\n" + tree);
        }
        SymbolicConfiguration c = v.getShown().mapping().config();
        // tile 0 of t ≥ 2 tiles: od0 (g4) is written at j = p − 1 only when a next tile exists (t ≥ 2)
        v.specialiseTo(new long[] {0});
        String k0 = v.pstText();
        String g4 = line(k0, "od0");
        assertTrue(g4.contains("j == -1 + p") || g4.contains("j == p - 1"), g4);
        assertTrue(g4.contains("t >= 2"), g4);
        Studio.maximized(v, () -> {
            v.selectTab(MappingView.PST);
            shot("bitext-pst-k0");
            v.specialiseTo(null);
            shot("bitext-pst-symbolic");
        });
        // Def. 6.2 oracle: every leaf specialised symbolically and then instantiated equals TiledSet.split at that K
        int checked = 0;
        for (Map<String, Long> params : Instances.sample(c, 4)) {
            long t = params.get("t");
            for (long k = 0; k < t; k++) {
                checked += checkLeaves(c, c.getPst(), params, new long[] {k});
            }
        }
        assertTrue(checked > 50, "leaves checked: " + checked);
        // the last tile of N = 16, p = 6 (t = 3) keeps 4 iterations; the specialised tree drops nothing else
        assertNotNull(PstTree.at(c, new long[] {2}));
    }

    /** The split of a leaf's domain at K for fixed parameters equals the view's specialisation with those parameters. */
    private static int checkLeaves(SymbolicConfiguration c, PstNode n, Map<String, Long> params, long[] k) {
        int count = 0;
        if (n.getChildren().isEmpty() && (n.getKind() == PstKind.REGISTER || n.getKind() == PstKind.LITERAL)) {
            TiledSet ts = Domains.parse(c.getTiling(), n.getDomain());
            UnionSet expected = ts.split(params, k);
            UnionSet actual = PstTree.specialise(c.getTiling(), n.getDomain(), k).fix(params);
            long p = params.get(c.getTiling().getTileSizes().get(0));
            for (long j = -1; j <= p; j++) {
                Map<String, Long> pt = Map.of(c.getTiling().getIntraIndices().get(0), j);
                assertEquals(expected.contains(pt), actual.contains(pt), n.getAttr() + " at j=" + j + ", K=" + k[0] + ", " + params);
            }
            return 1;
        }
        for (PstNode ch : n.getChildren()) {
            count += checkLeaves(c, ch, params, k);
        }
        return count;
    }

    /** Digest §5.4's MRT: π = 2; alu0 slot 0 holds move S1 and S2 (exclusive, one cell), alu1: andi (stage 1) in 0, shri in 1. */
    @Test
    void mrtOfOnePeOfTheRunningExample() throws Exception {
        MappingView v = open(bitext.getFile("bitext.pla"));
        MrtSession s = v.getMrtPanel().getSession();
        assertNotNull(s);
        Schedule sch = s.schedule();
        assertEquals(2, sch.ii());
        Loop loop = sch.loop();
        int alu0 = loop.machine().resourceIndex("alu0");
        int alu1 = loop.machine().resourceIndex("alu1");
        ModuloReservationTable mrt = sch.mrt();
        assertEquals(List.of("S1", "S2"), names(loop, mrt.occupants(alu0, 0, 0)));
        assertEquals(List.of(), names(loop, mrt.occupants(alu0, 0, 1)));
        assertEquals(List.of("S4"), names(loop, mrt.occupants(alu1, 0, 0)));
        assertEquals(List.of("S3"), names(loop, mrt.occupants(alu1, 0, 1)));
        assertEquals(1, sch.stage(loop.opIndex("S4")));
        assertEquals(0, sch.stage(loop.opIndex("S3")));
        assertTrue(s.violations().isEmpty(), s.violations().toString());
        assertTrue(v.getMrtPanel().getStatusText().contains("II"), v.getMrtPanel().getStatusText());
        Studio.maximized(v, () -> {
            v.selectTab(MappingView.MRT);
            shot("bitext-mrt");
        });
        v.selectTab(MappingView.MRT);
        assertTrue(v.exportPng(new File(Screenshots.folder(), "tcpa-mapping-bitext-mrt-export.png")).length() > 1000);
    }

    /** matmul on the 4×4 array: all three tabs, the PST specialised to an interior tile. */
    @Test
    void matmulOnTcpa4x4() throws Exception {
        MappingView v = open(matmul.getFile("matmul.pla"));
        assertTrue(v.getShown().mapping().ok(), v.getStatusText());
        SymbolicConfiguration c = v.getShown().mapping().config();
        Diagram d = v.getRdgCanvas().getDiagram();
        assertEquals(c.getOperations().size(), d.nodes().stream().filter(n -> String.join(" ", n.lines).contains(": [")).count());
        Schedule sch = v.getMrtPanel().getSession().schedule();
        assertEquals(c.getSchedule().getPi(), sch.ii());
        assertEquals(c.getOperations().size(), sch.loop().size());
        assertTrue(v.getMrtPanel().getSession().violations().isEmpty(), v.getMrtPanel().getSession().violations().toString());
        long[] k = new long[c.getTiling().getInterIndices().size()];
        for (int x = 0; x < k.length; x++) {
            k[x] = c.getTiling().getTileCounts().get(x).equals("1") ? 0 : 1;
        }
        v.specialiseTo(k);
        String tree = v.pstText();
        assertTrue(tree.startsWith("⟨root⟩"), tree);
        int checked = 0;
        for (Map<String, Long> params : Instances.sample(c, 2)) {
            checked += checkLeavesN(c, c.getPst(), params, k);
        }
        assertTrue(checked > 10, "leaves checked: " + checked);
        Studio.maximized(v, () -> {
            v.selectTab(MappingView.RDG);
            v.getRdgCanvas().fit();
            shot("matmul-rdg");
            v.selectTab(MappingView.PST);
            shot("matmul-pst-k11");
            v.selectTab(MappingView.MRT);
            shot("matmul-mrt");
        });
    }

    /** n-D version of {@link #checkLeaves}: every point of the tile box (and one beyond each side). */
    private static int checkLeavesN(SymbolicConfiguration c, PstNode n, Map<String, Long> params, long[] k) {
        if (!n.getChildren().isEmpty()) {
            int count = 0;
            for (PstNode ch : n.getChildren()) {
                count += checkLeavesN(c, ch, params, k);
            }
            return count;
        }
        if (n.getKind() != PstKind.REGISTER && n.getKind() != PstKind.LITERAL) {
            return 0;
        }
        for (int x = 0; x < k.length; x++) {
            String tc = c.getTiling().getTileCounts().get(x);
            if (k[x] >= (tc.equals("1") ? 1 : params.get(tc))) {
                return 0; // that tile does not exist for these parameters
            }
        }
        UnionSet expected = Domains.parse(c.getTiling(), n.getDomain()).split(params, k);
        UnionSet actual = PstTree.specialise(c.getTiling(), n.getDomain(), k).fix(params);
        List<String> js = c.getTiling().getIntraIndices();
        List<long[]> points = new ArrayList<>();
        points.add(new long[js.size()]);
        for (int x = 0; x < js.size(); x++) {
            long p = params.get(c.getTiling().getTileSizes().get(x));
            List<long[]> next = new ArrayList<>();
            for (long[] pt : points) {
                for (long j = -1; j <= p; j++) {
                    long[] q = pt.clone();
                    q[x] = j;
                    next.add(q);
                }
            }
            points = next;
        }
        for (long[] pt : points) {
            assertEquals(expected.contains(pt, Map.of()), actual.contains(pt, Map.of()), n.getAttr() + " at " + Arrays.toString(pt));
        }
        return 1;
    }

    /** Missing tcpa.arch and an unroutable mapping are messages in the view, never stack traces. */
    @Test
    void errorsAreReadableMessages() throws Exception {
        MappingView v = open(ResourcesPlugin.getWorkspace().getRoot().getProject("tcpa-mapping-none").getFile("bitext.pla"));
        assertEquals("No TCPA architecture for bitext.pla: set tcpa.arch=PATH (project-relative, e.g. tcpa/tcpa4x4.tcpa) in "
                + "tessera.properties.", v.getStatusText());
        assertNull(v.getRdgCanvas().getDiagram());
        assertEquals(0, v.getPstTree().getItemCount());
        v = open(matmul.getFile("fir.pla"));
        String err = v.getStatusText();
        // the router names the architecture's data layer; the project-relative path is decoded (not tcpa%2Ftcpa4x4.tcpa)
        assertTrue(err.startsWith("The symbolic mapping of fir.pla onto tcpa4x4 failed:\ntcpa/tcpa4x4.tcpa:"), err);
        assertTrue(err.contains("unroutable propagation channels"), err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), err);
        Studio.maximized(v, () -> shot("error"));
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private static List<String> names(Loop loop, int[] ops) {
        return Arrays.stream(ops).mapToObj(o -> loop.op(o).name()).sorted().toList();
    }

    private static String line(String text, String contains) {
        return text.lines().filter(l -> l.trim().startsWith(contains)).findFirst().orElseThrow(() -> new AssertionError(contains + " in\n" + text));
    }

    private static Combo combo(org.eclipse.swt.widgets.Composite c) {
        for (Control ch : c.getChildren()) {
            if (ch instanceof Combo combo) {
                return combo;
            }
        }
        throw new AssertionError("no diagram chooser");
    }

    private static MappingView open(IFile f) throws Exception {
        IDE.openEditor(page, f, "org.eclipse.ui.DefaultTextEditor");
        MappingView v = (MappingView) page.showView(MappingView.ID);
        v.showActiveEditor();
        Studio.waitFor(() -> f.equals(v.getFile()) && v.getJob().getResult() != null && v.getShown() != null
                && v.getShown().mapping().fileName().equals(f.getName()), f.getName() + " mapped");
        return v;
    }

    private static void shot(String name) {
        Studio.shot(win, "tcpa-mapping-" + name);
    }

    private static IProject project(String name, String arch, String more) throws Exception {
        IProject p = Studio.project(name);
        if (arch != null) {
            Studio.write(p, arch, Studio.exampleText(arch));
            Studio.write(p, "tessera.properties", "tcpa.arch=" + arch + "\n" + more);
        } else {
            Studio.write(p, "tessera.properties", "# no tcpa.arch\n");
        }
        return p;
    }
}
