package tessera.tcpa.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;

import org.eclipse.core.resources.IFile;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.diagram.Diagram;
import tessera.ui.DiagramView;
import tessera.ui.Screenshots;
import tessera.ui.testing.Studio;

/**
 * The reduced topology routing view (seed 003 Fig. 4) in Studio: the Tessera Diagram view on .tcpa editors, the
 * Fig. 4 routing with its shared prefix, and the topology of the examples (screenshots under target/screenshots).
 */
class RoutingViewTest {
    private static Studio.Bench studio;

    @BeforeAll
    static void workbench() throws Exception {
        studio = Studio.bench(1600, 1000, "tcpa-routing");
    }

    @ParameterizedTest
    @CsvSource({ "fig4, Routing on the reduced topology of fig4, 9",
            "bitext-pe, Reduced topology graph of bitext, 13",
            "tcpa4x4, Reduced topology graph of tcpa4x4, 42" })
    void diagramViewShowsTheExample(String name, String title, int nodes) throws Exception {
        IWorkbenchPage page = studio.page();
        IFile f = studio.write(name + ".tcpa", Studio.exampleText("tcpa/" + name + ".tcpa"));
        IEditorPart editor = IDE.openEditor(page, f);
        DiagramView dv = (DiagramView) page.showView(DiagramView.ID);
        Studio.waitFor(() -> dv.getCanvas().getDiagram() != null && f.equals(dv.getFile()), name + " drawn");
        Diagram d = dv.getCanvas().getDiagram();
        assertEquals(title, d.title);
        assertEquals(nodes, d.nodes().size());
        page.activate(editor);
        dv.getCanvas().fit();
        studio.shot("tcpa-studio-" + name);
        File png = new File(Screenshots.folder(), "tcpa-" + name + ".png");
        dv.getCanvas().exportPng(png);
        assertTrue(png.length() > 1000, png.toString());
        if (name.equals("fig4")) {
            assertEquals(3, d.edges().stream().filter(e -> e.label.startsWith("blue+red")).count());
        }
        page.toggleZoom(page.getReference(dv));
        dv.getCanvas().fit();
        studio.shot("tcpa-studio-" + name + "-maximized");
        page.toggleZoom(page.getReference(dv));
    }
}
