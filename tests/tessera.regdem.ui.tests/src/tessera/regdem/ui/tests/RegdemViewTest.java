package tessera.regdem.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import java.util.Optional;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.Test;

import tessera.diagram.Diagram;
import tessera.diagram.DiagramProvider;
import tessera.regdem.examples.Examples;
import tessera.regdem.predict.VariantGenerator;
import tessera.regdem.ui.LaunchSettings;
import tessera.regdem.ui.RegdemAnalysis;
import tessera.regdem.ui.RegdemPanel;
import tessera.regdem.ui.RegdemView;
import tessera.regdem.ui.SassCfgDiagrams;
import tessera.ui.DiagramView;
import tessera.ui.Screenshots;
import tessera.ui.testing.Studio;

/**
 * Studio: a project with the example kernels and the example settings; the RegDem view follows the active .sass
 * editor, and the Tessera Diagram view shows the kernel's CFGs from {@link SassCfgDiagrams}.
 */
class RegdemViewTest {
    @Test
    void regdemViewFollowsTheSassEditorAndTheDiagramViewShowsTheCfg() throws Exception {
        Studio.Bench studio = Studio.bench(1440, 1000, "regdem-views");
        IWorkbenchPage page = studio.page();
        studio.write("tessera.properties", "regdem.block=192\nregdem.arch=sm_52\n");
        IFolder folder = studio.project().getFolder("regdem");
        IFile cfd = folder.getFile("cfd_flux.sass");
        IFile loop = folder.getFile("pressure_loop.sass");
        Studio.write(cfd, Examples.text("cfd_flux"));
        Studio.write(loop, Examples.text("pressure_loop"));

        IDE.openEditor(page, cfd, "org.eclipse.ui.DefaultTextEditor");
        RegdemView view = (RegdemView) page.showView(RegdemView.ID);
        RegdemPanel panel = view.getPanel();
        Studio.waitFor(() -> analysed(panel, "regdem/cfd_flux.sass"), "cfd_flux analysed");
        RegdemAnalysis a = panel.getAnalysis();
        assertEquals(LaunchSettings.SETTINGS_FILE, a.launch().source(), "block size from the project settings");
        assertEquals(192, a.threads());
        VariantGenerator.Report engine = RegdemPanelTest.engine("cfd_flux");
        assertEquals(engine.chosen().name(), a.chosen().name());
        assertEquals(engine.chosen().name(), panel.getShownVariant().name());

        // the Diagram view: original CFG and the chosen variant's CFG with demote code
        DiagramView dv = (DiagramView) page.showView(DiagramView.ID);
        dv.showFile(cfd);
        Diagram d = dv.getCanvas().getDiagram();
        assertNotNull(d);
        assertTrue(d.title.startsWith("CFG: original (68 registers"), d.title);
        List<DiagramProvider.Named> named = new SassCfgDiagrams().diagrams("regdem/cfd_flux.sass",
                Examples.text("cfd_flux"), rel -> rel.equals("tessera.properties")
                        ? Optional.of("regdem.block=192\nregdem.arch=sm_52\n") : Optional.empty());
        assertEquals(2, named.size());
        assertTrue(named.get(1).name().startsWith("CFG: " + engine.chosen().name() + " (chosen"), named.get(1).name());
        page.bringToTop(view);
        panel.selectTab(2);
        studio.shot("regdem-studio-cfd_flux-occupancy");
        page.toggleZoom(page.getReference(view));
        panel.selectTab(1);
        studio.shot("regdem-studio-cfd_flux-pressure-maximized");
        page.toggleZoom(page.getReference(view));

        // switching editors switches the view
        IDE.openEditor(page, loop, "org.eclipse.ui.DefaultTextEditor");
        Studio.waitFor(() -> analysed(panel, "regdem/pressure_loop.sass"), "pressure_loop analysed");
        assertEquals("orig", panel.getAnalysis().chosen().name(), "at 192 threads the original wins");
        page.bringToTop(view);
        page.toggleZoom(page.getReference(view));
        panel.selectTab(4);
        studio.shot("regdem-studio-pressure_loop-variants-maximized");
        File export = panel.exportSelectedTab(new File(Screenshots.folder(), "regdem-studio-variants-export.png"));
        assertTrue(export.length() > 1000);
        page.toggleZoom(page.getReference(view));
    }

    private static boolean analysed(RegdemPanel panel, String file) {
        return panel.getAnalysis() != null && panel.getAnalysis().fileName().equals(file);
    }
}
