package tessera.palmed.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.Optional;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.Test;

import tessera.diagram.Diagram;
import tessera.palmed.examples.Examples;
import tessera.palmed.model.DualConstruction;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.model.ResourceMapping;
import tessera.palmed.ui.MappingDiagrams;
import tessera.palmed.ui.PalmedPanel;
import tessera.palmed.ui.PalmedView;
import tessera.ui.DiagramView;
import tessera.ui.Screenshots;
import tessera.ui.testing.Studio;

/**
 * Studio on the seed 000 §III–IV toy machine: the PALMED view follows the .portmap editor (the dual's mapping table),
 * the Diagram view draws the bipartite graph, "Infer and compare" runs Algorithms 1–5 as a job and shows the inferred
 * mapping and the IPC heatmap; a long inference can be cancelled; a malformed file gives a line diagnostic.
 */
class PalmedViewTest {
    @Test
    void mappingTableGraphInferenceHeatmapCancelAndErrors() throws Exception {
        Studio.Bench studio = Studio.bench(1440, 1000, "palmed-views");
        IWorkbenchPage page = studio.page();
        IFile toy = studio.write("toy.portmap", Examples.text("toy.portmap"));
        IDE.openEditor(page, toy, "org.eclipse.ui.DefaultTextEditor");
        PalmedView view = (PalmedView) page.showView(PalmedView.ID);
        PalmedPanel panel = view.getPanel();
        Studio.waitFor(() -> panel.getMapping() != null, "toy mapping shown");

        // the table is the dual of §III-C: 6 instructions, ρ(ADDSS, r016) = 1/3, ρ(VCVTT, r01) = 1
        PortMapping pm = PortMappingParser.parse("toy.portmap", Examples.text("toy.portmap"),
                new tessera.core.Diagnostics());
        ResourceMapping dual = DualConstruction.dual(pm);
        assertEquals(dual.instructions().size(), panel.getTable().getItemCount());
        assertEquals(cell(panel, "ADDSS", "r016"), "1/3");
        assertEquals(cell(panel, "VCVTT", "r01"), "1");
        assertEquals(cell(panel, "ADDSS", "IPC alone"), "2");
        page.bringToTop(view);
        studio.shot("palmed-studio-toy-dual-table");

        // the Diagram view: bipartite graph, one edge per non-zero weight, weights as labels
        DiagramView dv = (DiagramView) page.showView(DiagramView.ID);
        dv.showFile(toy);
        Diagram d = dv.getCanvas().getDiagram();
        assertNotNull(d);
        long weights = dual.rho().values().stream().mapToLong(r -> r.values().stream().filter(w -> w > 0).count())
                .sum();
        assertEquals(weights, d.edges().size());
        assertTrue(d.edges().stream().anyMatch(e -> e.label.equals("1/3")));
        assertEquals(dual.instructions().size() + dual.resources().size(), d.nodes().size());
        studio.shot("palmed-studio-toy-bipartite-graph");

        // inference as a job: the toy machine is recovered exactly (6 resources, zero error on random blocks)
        page.showView(PalmedView.ID);
        Job job = view.infer("toy.portmap", Examples.text("toy.portmap"));
        Studio.waitFor(() -> job.getResult() != null, "inference finished");
        assertEquals(IStatus.OK, job.getResult().getSeverity(), job.getResult().toString());
        Studio.waitFor(() -> panel.getStatus().startsWith("inferred"), "inferred mapping shown");
        ResourceMapping inferred = panel.getMapping();
        assertEquals(6, inferred.resources().size());
        assertEquals(2.0, inferred.ipc(Kernel.parse("ADDSS^2 BSR")), 1e-6);
        assertEquals(1.5, inferred.ipc(Kernel.parse("ADDSS BSR^2")), 1e-6);
        assertNotNull(panel.getHeatmap().getTable());
        assertEquals(0.0, panel.getHeatmap().getTable().palmedError(), 1e-6);
        assertTrue(panel.getLog().contains("LP_AUX"), panel.getLog());
        page.toggleZoom(page.getReference(view));
        studio.shot("palmed-studio-toy-inferred-table");
        panel.selectTab(1);
        studio.shot("palmed-studio-toy-heatmap");
        panel.selectTab(2);
        studio.shot("palmed-studio-toy-log");
        File export = new File(Screenshots.folder(), "palmed-studio-heatmap-export.png");
        panel.exportHeatmap(export);
        assertTrue(export.length() > 1000);
        page.toggleZoom(page.getReference(view));
        panel.selectTab(0);

        // cancel: a 40-instruction random machine takes seconds; cancelling ends the job with CANCEL
        StringBuilder big = new StringBuilder("machine big\nports 0 1 2 3 4 5\n");
        java.util.Random rnd = new java.util.Random(9);
        for (int i = 0; i < 40; i++) {
            StringBuilder ports = new StringBuilder();
            for (int q = 0; q < 6; q++) {
                if (rnd.nextInt(3) == 0 || ports.length() == 0 && q == 5) {
                    ports.append(q);
                }
            }
            big.append("I").append(i).append(": 1*p").append(ports).append('\n');
        }
        Job slow = view.infer("big.portmap", big.toString());
        Studio.waitFor(() -> slow.getState() == Job.RUNNING, "big inference running");
        Thread.sleep(300);
        slow.cancel();
        Studio.waitFor(() -> slow.getResult() != null, "big inference cancelled");
        assertEquals(IStatus.CANCEL, slow.getResult().getSeverity());
        Studio.waitFor(() -> panel.getStatus().contains("cancelled"), "cancel message");

        // malformed file: file and line in the status, no table change
        view.show("bad.portmap", "machine bad\nports 0 1\nFOO: 2*p7\n");
        assertTrue(panel.getStatus().contains("bad.portmap:3"), panel.getStatus());
        studio.shot("palmed-studio-bad-file");
        assertTrue(new MappingDiagrams().diagrams("bad.portmap", "machine bad\nFOO: x\n", r -> Optional.empty())
                .isEmpty());
    }

    private static String cell(PalmedPanel panel, String instruction, String column) {
        int col = -1;
        for (int c = 0; c < panel.getTable().getColumnCount(); c++) {
            if (panel.getTable().getColumn(c).getText().equals(column)) {
                col = c;
            }
        }
        assertTrue(col >= 0, "no column " + column);
        for (TableItem it : panel.getTable().getItems()) {
            if (it.getText(0).equals(instruction)) {
                return it.getText(col);
            }
        }
        throw new AssertionError("no row " + instruction);
    }
}
