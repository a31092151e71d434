package tessera.dspace.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.jface.text.IDocument;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.IContentOutlinePage;
import org.junit.jupiter.api.Test;

import tessera.diagram.Diagram;
import tessera.dspace.runtime.explore.Explorer;
import tessera.dspace.ui.ExplorerPanel;
import tessera.dspace.ui.ExplorerSession;
import tessera.dspace.ui.ExplorerView;
import tessera.editor.XtextSupport;
import tessera.ui.DiagramView;
import tessera.ui.testing.Studio;

/**
 * Studio: the example decision spaces in a project; a .exh file opens in the Xtext editor (outline, definitions),
 * the Candidate Explorer follows the active .exh editor and explores it on the instance next to it, the Diagram view
 * shows the choice graph, and a broken instance gives a message with file and line instead of a stack trace.
 */
class ExplorerViewTest {
    @Test
    void explorerFollowsTheExhEditor() throws Exception {
        Studio.Bench studio = Studio.bench(1440, 1000, "dspace-explorer");
        IWorkbenchPage page = studio.page();
        Path ex = ExplorerPanelTest.ROOT.resolve("examples/dspace");
        IFolder gpu = studio.project().getFolder("space");
        for (String n : List.of("scheduling.exh", "scheduling-3.json")) {
            studio.write(n, Files.readString(ex.resolve(n)));
        }
        // Tessera's GPU space with the instances the catalogue made from real kernels (regenerate-instances.sh)
        try (var files = Files.list(ExplorerPanelTest.ROOT.resolve("examples/telamon/space"))) {
            for (Path f : files.filter(q -> q.toString().endsWith(".exh") || q.toString().endsWith(".json")).toList()) {
                Studio.write(gpu.getFile(f.getFileName().toString()), Files.readString(f));
            }
        }
        IFile sched = studio.project().getFile("scheduling.exh");

        // the editor: Xtext services through the generic-editor bridge, the outline lists sets and choices
        IEditorPart part = IDE.openEditor(page, sched);
        assertTrue(part instanceof ITextEditor, String.valueOf(part));
        ITextEditor ed = (ITextEditor) part;
        IDocument doc = ed.getDocumentProvider().getDocument(ed.getEditorInput());
        String path = sched.getLocationURI().toString();
        assertTrue(XtextSupport.supports(path), "the .exh language is found through its ISetup service file");
        XtextSupport.Parsed parsed = XtextSupport.parse(path, doc.get());
        List<String> outline = new ArrayList<>();
        for (DocumentSymbol s : XtextSupport.symbols(parsed)) {
            outline.add(s.getName());
            if (s.getChildren() != null) {
                s.getChildren().forEach(c -> outline.add("  " + c.getName()));
            }
        }
        assertTrue(outline.contains("Instructions") && outline.contains("order"), outline::toString);
        assertTrue(outline.contains("  BEFORE") && outline.contains("  AFTER"), "values under their choice: " + outline);
        int use = doc.get().indexOf("order($lhs, $mid)");
        assertFalse(XtextSupport.definitions(parsed, use).isEmpty(), "go to the definition of order");
        assertTrue(XtextSupport.hover(parsed, use).contains("Relative order"), XtextSupport.hover(parsed, use));
        assertNotNull(ed.getAdapter(IContentOutlinePage.class));
        page.showView("org.eclipse.ui.views.ContentOutline");

        ExplorerView view = (ExplorerView) page.showView(ExplorerView.ID);
        ExplorerPanel panel = view.getPanel();
        view.showFile(sched, null);
        Studio.waitFor(() -> panel.getSession() != null && panel.getSession().spaceFile().endsWith("scheduling.exh"), "scheduling loaded");
        assertTrue(panel.getSession().instanceFile().endsWith("scheduling-3.json"), "the instance next to the space");
        assertTrue(panel.selectInstance("order(i0, i1)"));
        panel.check(List.of("AFTER"));
        Explorer.Step step = panel.applyChecked();
        assertEquals(List.of("AFTER"), step.removed().get("order(i1, i2)"));
        page.bringToTop(view);
        studio.shot("dspace-studio-scheduling-explorer");

        // the GPU space (includes, counters, quotients, a trigger): follows the newly activated editor. No instance is
        // named gpu.json or gpu-*.json, so it takes the first JSON file of the folder in name order: axpy-64.json
        IFile gpuExh = gpu.getFile("gpu.exh");
        Path gpuPath = gpuExh.getLocation().toFile().toPath();
        assertEquals(List.of("axpy-64.json", "outer_product.json", "scal-64.json"),
                ExplorerSession.instancesFor(gpuPath).stream().map(p -> p.getFileName().toString()).toList());
        IDE.openEditor(page, gpuExh);
        page.bringToTop(view);
        Studio.waitFor(() -> panel.getSession() != null && panel.getSession().spaceFile().endsWith("gpu.exh"), "gpu loaded");
        assertTrue(panel.getSession().instanceFile().endsWith("axpy-64.json"), panel.getSession().instanceFile());
        assertTrue(panel.getVectorTable().getItemCount() > 100);
        assertTrue(panel.selectInstance("dim_mapping(d_x1>d_z1@z)"), "axpy's point-to-point pairs");
        // another instance, as the view menu picks it
        view.showFile(gpuExh, gpuPath.resolveSibling("scal-64.json"));
        Studio.waitFor(() -> panel.getSession() != null && panel.getSession().instanceFile().endsWith("scal-64.json"), "scal loaded");
        assertTrue(panel.selectInstance("size(d1)"), "Table 4.1's tile sizes");
        assertFalse(panel.selectInstance("dim_mapping(d_x1>d_z1@z)"));
        page.toggleZoom(page.getReference(view));
        panel.showTab(2);
        studio.shot("dspace-studio-gpu-choice-graph-maximized");
        page.toggleZoom(page.getReference(view));

        // the Diagram view shows the same choice graph through the DiagramProvider service
        DiagramView dv = (DiagramView) page.showView(DiagramView.ID);
        dv.showFile(gpuExh);
        Diagram d = dv.getCanvas().getDiagram();
        assertNotNull(d, "a choice graph for .exh files");
        assertTrue(d.findNode("order") != null && d.findNode("dim_kind") != null);
        studio.shot("dspace-studio-gpu-diagram-view");

        // a broken instance: a diagnostic with file and what to do, never a stack trace
        studio.write("scheduling-3.json", "{\"sets\": {\"Instr\": [\"a\"]}}");
        view.showFile(sched, null);
        Studio.waitFor(() -> panel.getSession() == null && panel.getHeader().startsWith("Cannot explore scheduling.exh"), "error shown");
        // let a reload queued by the resource listener run: it must not replace what is shown
        long until = System.currentTimeMillis() + 1500;
        Studio.waitFor(() -> System.currentTimeMillis() > until, "pending reloads");
        Studio.waitFor(() -> panel.getHeader().startsWith("Cannot explore"), "error still shown");
        assertTrue(panel.getHeader().startsWith("Cannot explore scheduling.exh:\n  scheduling-3.json:")
                && panel.getHeader().contains("\"Instr\", which the space does not declare"), panel.getHeader());
        page.bringToTop(view);
        studio.shot("dspace-studio-bad-instance");
        page.closeAllEditors(false);
        studio.project().delete(true, true, null);
    }
}
