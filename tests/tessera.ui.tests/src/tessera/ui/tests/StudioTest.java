package tessera.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;

import tessera.diagram.Diagram;
import tessera.ui.DiagramCanvas;
import tessera.ui.DiagramView;
import tessera.ui.Screenshots;
import tessera.ui.TesseraPerspective;
import tessera.ui.testing.Studio;

class StudioTest {
    @Test
    void workbenchOpensTheTesseraPerspective() throws Exception {
        IWorkbench wb = PlatformUI.getWorkbench();
        IWorkbenchWindow win = Studio.activeWindow();
        IWorkbenchPage page = win.getActivePage();
        page.setPerspective(wb.getPerspectiveRegistry().findPerspectiveWithId(TesseraPerspective.ID));
        assertEquals(TesseraPerspective.ID, page.getPerspective().getId());
        win.getShell().setBounds(0, 0, 1280, 900);
        assertNotNull(page.findView(DiagramView.ID), "the diagram view is part of the perspective");
        assertNotNull(page.findView(TesseraPerspective.PROJECT_EXPLORER));
        assertNotNull(wb.getNewWizardRegistry().findWizard("tessera.ui.newProject"), "File > New > Tessera Project");
        DiagramView view = (DiagramView) page.showView(DiagramView.ID);
        view.show("demo.chain", "parse validate rdg schedule route instantiate", p -> java.util.Optional.empty());
        assertEquals(6, view.getCanvas().getDiagram().nodes().size());
        File shot = Screenshots.capture(win.getShell(), "studio-tessera-perspective");
        assertTrue(shot.length() > 1000, "screenshot written: " + shot);
    }

    @Test
    void canvasLaysOutSelectsZoomsAndExports() throws Exception {
        Display display = Display.getDefault();
        Shell shell = new Shell(display);
        shell.setText("Tessera diagram canvas");
        shell.setLayout(new FillLayout());
        shell.setSize(900, 600);
        DiagramCanvas canvas = new DiagramCanvas(shell, SWT.NONE);
        shell.open();
        Screenshots.flush(display);
        Diagram d = SampleDiagrams.fig3Like();
        canvas.setDiagram(d);
        assertTrue(d.width > 100 && d.height > 50, "ELK placed the diagram");
        for (Diagram.Node n : d.nodes()) {
            assertTrue(n.width > 0 && n.height > 0, n.id);
        }
        for (Diagram.Edge e : d.edges()) {
            assertTrue(e.route.size() >= 2, "edge routed: " + e.label);
        }
        Object[] selected = new Object[1];
        canvas.addSelectionListener(o -> selected[0] = o);
        Diagram.Node y = d.findNode("y");
        double z = canvas.getZoom();
        // a click on node y (screen = pan + zoom * model) selects its payload
        int sx = (int) Math.round(canvas.getSize().x / 2.0 - (d.width / 2 - (y.x + y.width / 2)) * z);
        int sy = (int) Math.round(canvas.getSize().y / 2.0 - (d.height / 2 - (y.y + y.height / 2)) * z);
        Studio.click(canvas, sx, sy);
        assertEquals("y", selected[0]);
        canvas.setHighlighted(Set.of("b"));
        Screenshots.flush(display);
        File shot = Screenshots.print(shell, "diagram-canvas");
        assertTrue(shot.length() > 1000);
        File png = new File(Screenshots.folder(), "diagram-canvas-export.png");
        File svg = new File(Screenshots.folder(), "diagram-canvas-export.svg");
        canvas.exportPng(png);
        canvas.exportSvg(svg);
        assertTrue(png.length() > 1000);
        String s = Files.readString(svg.toPath());
        assertTrue(s.contains("<svg") && s.contains("[shr]") && s.contains("stroke-dasharray"), s);
        canvas.zoomAt(2, 10, 10);
        assertEquals(z * 2, canvas.getZoom(), 1e-9);
        shell.dispose();
    }
}
