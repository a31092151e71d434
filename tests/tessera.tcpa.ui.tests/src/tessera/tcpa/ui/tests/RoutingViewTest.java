package tessera.tcpa.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.diagram.Diagram;
import tessera.ui.DiagramView;
import tessera.ui.Screenshots;
import tessera.ui.TesseraPerspective;

/**
 * The reduced topology routing view (seed 003 Fig. 4) in Studio: the Tessera Diagram view on .tcpa editors, the
 * Fig. 4 routing with its shared prefix, and the topology of the examples (screenshots under target/screenshots).
 */
class RoutingViewTest {
    private static IWorkbenchWindow win;
    private static IWorkbenchPage page;
    private static IProject project;

    @BeforeAll
    static void workbench() throws Exception {
        IWorkbench wb = PlatformUI.getWorkbench();
        win = wb.getActiveWorkbenchWindow() != null ? wb.getActiveWorkbenchWindow() : wb.getWorkbenchWindows()[0];
        page = win.getActivePage();
        page.setPerspective(wb.getPerspectiveRegistry().findPerspectiveWithId(TesseraPerspective.ID));
        win.getShell().setBounds(0, 0, 1600, 1000);
        project = ResourcesPlugin.getWorkspace().getRoot().getProject("tcpa-routing");
        if (!project.exists()) {
            project.create(null);
        }
        project.open(null);
    }

    @ParameterizedTest
    @CsvSource({ "fig4, Routing on the reduced topology of fig4, 9",
            "bitext-pe, Reduced topology graph of bitext, 13",
            "tcpa4x4, Reduced topology graph of tcpa4x4, 42" })
    void diagramViewShowsTheExample(String name, String title, int nodes) throws Exception {
        IFile f = write(name + ".tcpa", Files.readString(example(name + ".tcpa")));
        IEditorPart editor = IDE.openEditor(page, f);
        DiagramView dv = (DiagramView) page.showView(DiagramView.ID);
        waitFor(() -> dv.getCanvas().getDiagram() != null && f.equals(dv.getFile()), name + " drawn");
        Diagram d = dv.getCanvas().getDiagram();
        assertEquals(title, d.title);
        assertEquals(nodes, d.nodes().size());
        page.activate(editor);
        dv.getCanvas().fit();
        shot("tcpa-studio-" + name);
        File png = new File(Screenshots.folder(), "tcpa-" + name + ".png");
        dv.getCanvas().exportPng(png);
        assertTrue(png.length() > 1000, png.toString());
        if (name.equals("fig4")) {
            assertEquals(3, d.edges().stream().filter(e -> e.label.startsWith("blue+red")).count());
        }
        page.toggleZoom(page.getReference(dv));
        dv.getCanvas().fit();
        shot("tcpa-studio-" + name + "-maximized");
        page.toggleZoom(page.getReference(dv));
    }

    private static Path example(String file) {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("examples/tcpa"))) {
            p = p.getParent();
        }
        return p.resolve("examples/tcpa").resolve(file);
    }

    private static IFile write(String name, String text) throws Exception {
        IFile f = project.getFile(name);
        var in = new ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        if (f.exists()) {
            f.setContents(in, true, false, null);
        } else {
            f.create(in, true, null);
        }
        return f;
    }

    private static void shot(String name) {
        Screenshots.flush(win.getShell().getDisplay());
        File f = Screenshots.capture(win.getShell(), name);
        assertTrue(f.length() > 1000, f.toString());
    }

    private static void waitFor(BooleanSupplier done, String what) {
        Display display = Display.getCurrent();
        long end = System.currentTimeMillis() + 60_000;
        while (!done.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("timed out waiting: " + what);
            }
            if (!display.readAndDispatch()) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        Screenshots.flush(display);
    }
}
