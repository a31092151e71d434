package tessera.pla.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.properties.IPropertySource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.diagram.Diagram;
import tessera.pla.rdg.PlaCompiler;
import tessera.rdg.DependenceEdge;
import tessera.rdg.OperationNode;
import tessera.ui.DiagramCanvas;
import tessera.ui.DiagramView;
import tessera.ui.Screenshots;
import tessera.ui.testing.Studio;

/**
 * Studio's RDG editor (the Tessera Diagram view on a .pla editor, seed 003 Fig. 3): every example drawn (screenshots
 * under target/screenshots), selection linked both ways with the text editor, the Properties view rows, redraw on
 * save, and SVG/PNG/DOT export.
 */
class RdgEditorTest {
    private static IWorkbenchWindow win;
    private static IWorkbenchPage page;
    private static IProject project;

    @BeforeAll
    static void workbench() throws Exception {
        win = Studio.window(1280, 1000); // the Xvfb screen of xvfb-run is 1280 x 1024
        page = win.getActivePage();
        project = Studio.project("pla-rdg");
    }

    @ParameterizedTest
    @CsvSource({"bitext, 7, 9", "fir, 0, 0", "matmul, 0, 0", "conv, 0, 0"})
    void rdgEditorShowsEachExample(String name, int nodes, int edges) throws Exception {
        String text = example(name);
        IFile f = Studio.write(project, name + ".pla", text);
        IEditorPart editor = IDE.openEditor(page, f);
        DiagramView dv = (DiagramView) page.showView(DiagramView.ID);
        Studio.waitFor(() -> dv.getCanvas().getDiagram() != null && f.equals(dv.getFile()), name + " drawn");
        Diagram d = dv.getCanvas().getDiagram();
        assertEquals("RDG " + name, d.title);
        int expectNodes = nodes > 0 ? nodes : PlaCompiler.compile(name + ".pla", text).rdg().getNodes().size();
        int expectEdges = edges > 0 ? edges : PlaCompiler.compile(name + ".pla", text).rdg().getEdges().size();
        assertEquals(expectNodes, d.nodes().size());
        assertEquals(expectEdges, d.edges().size());
        for (Diagram.Node n : d.nodes()) {
            assertNotNull(n.sourceRange, "every node links to the text: " + n.id);
        }
        page.activate(editor);
        Studio.shot(win, "pla-rdg-studio-" + name);
        // the whole graph at 100 % (the view may show only a part of large graphs)
        File png = new File(Screenshots.folder(), "pla-rdg-" + name + ".png");
        dv.getCanvas().exportPng(png);
        assertTrue(png.length() > 1000, png.toString());
        page.toggleZoom(page.getReference(dv));
        Studio.shot(win, "pla-rdg-studio-" + name + "-maximized");
        page.toggleZoom(page.getReference(dv));
    }

    @Test
    void selectionIsLinkedWithTheTextEditorPropertiesShowTheModelAndSaveRedraws() throws Exception {
        String text = example("bitext");
        IFile f = Studio.write(project, "linked.pla", text);
        ITextEditor editor = (ITextEditor) IDE.openEditor(page, f);
        DiagramView dv = (DiagramView) page.showView(DiagramView.ID);
        Studio.waitFor(() -> dv.getCanvas().getDiagram() != null && f.equals(dv.getFile()), "linked.pla drawn");
        DiagramCanvas canvas = dv.getCanvas();
        Diagram d = canvas.getDiagram();

        // diagram → text: the operation node of S2 selects its equation, the y → x edge (d = 1) its operand
        Object s2 = d.findNode("v3").payload;
        assertEquals("S2", ((OperationNode) s2).getLabel());
        canvas.select(s2, true);
        Screenshots.flush(win.getShell().getDisplay());
        assertEquals("S2: x[i] = y[i-1]        if i ≥ 1", selectedText(editor));
        DependenceEdge yx = (DependenceEdge) d.edges().stream().map(e -> e.payload)
                .filter(p -> p instanceof DependenceEdge de && de.getD().equals(java.util.List.of(1))).findFirst().orElseThrow();
        canvas.select(yx, true);
        Screenshots.flush(win.getShell().getDisplay());
        assertEquals("y[i-1]", selectedText(editor));

        // text → diagram: the caret in "x[i] shr 1" selects S3's node; on an operand the operand's edges light up
        page.activate(editor);
        int shr = text.indexOf("shr 1");
        editor.selectAndReveal(shr, 0);
        Studio.waitFor(() -> canvas.getSelection() instanceof OperationNode op && "S3".equals(op.getLabel()), "S3 selected from the text");
        assertEquals("S4", ((OperationNode) dv.showSourceOffset(text.indexOf("and 1"))).getLabel());
        // on "in[]" the innermost element is the input node (linked to its first use), its edge lights up
        Object in0 = dv.showSourceOffset(text.indexOf("in[]") + 1);
        assertEquals("in", ((tessera.rdg.InputNode) in0).getVariable());
        assertEquals("S1", ((OperationNode) dv.showSourceOffset(text.indexOf("if i = 0"))).getLabel());
        Studio.shot(win, "pla-rdg-studio-linked-from-text");

        // Properties view: the §4 attributes of the selected node and edge
        IPropertySource ps = dv.propertySource(d.findNode("v4").payload);
        assertEquals("shr (arity 2)", ps.getPropertyValue("op"));
        assertEquals("y", ps.getPropertyValue("variable x"));
        assertEquals("0 <= i < N", ps.getPropertyValue("condition space"));
        IPropertySource es = dv.propertySource(yx);
        assertEquals("(1)", es.getPropertyValue("d"));
        assertEquals("1 (A)", es.getPropertyValue("pos"));
        assertEquals("v4 → v3", es.getPropertyValue("source → target"));
        IPropertySource in = dv.propertySource(d.edges().get(0).payload);
        assertEquals("()", in.getPropertyValue("Q"), "in[] is a scalar: Q is 0 × 1");
        page.showView(IPageLayout.ID_PROP_SHEET);
        page.activate(dv);
        canvas.select(s2, true);
        Studio.shot(win, "pla-rdg-studio-properties");

        // saving the text redraws: "and 3" adds a second constant node
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        doc.replace(doc.get().indexOf("and 1"), 5, "and 3");
        editor.doSave(null);
        Studio.waitFor(() -> canvas.getDiagram() != d && canvas.getDiagram() != null
                && canvas.getDiagram().nodes().size() == 8, "redrawn after save");

        // export
        File svg = new File(Screenshots.folder(), "pla-rdg-linked.svg");
        File dot = new File(Screenshots.folder(), "pla-rdg-linked.dot");
        canvas.exportSvg(svg);
        canvas.exportDot(dot);
        String s = Files.readString(svg.toPath());
        assertTrue(s.contains("<svg") && s.contains("[shr]") && s.contains("d=(1)"), s);
        String g = Files.readString(dot.toPath());
        assertTrue(g.startsWith("digraph \"RDG linked\"") && g.contains("\"v4\" -> \"v3\""), g);
    }

    private static String selectedText(ITextEditor editor) {
        return ((ITextSelection) editor.getSelectionProvider().getSelection()).getText();
    }

    private static String example(String name) throws Exception {
        try (var in = PlaCompiler.class.getResourceAsStream("/tessera/pla/examples/" + name + ".pla")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
