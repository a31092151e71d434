package tessera.telamon.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.core.resources.IFile;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.Test;

import tessera.telamon.ui.TelamonPanel;
import tessera.telamon.ui.TelamonView;
import tessera.ui.testing.Studio;

/**
 * Studio: a project with kernels, a decision list and tessera.properties; the Telamon view follows the active
 * .kernel editor, shows the decision list's control-flow tree, PTX, launch geometry and thread nests, recomputes when
 * the list or the kernel is saved, and reports a bad list or kernel with file and line instead of a stack trace.
 */
class TelamonViewTest {
    /** A complete decision list for scal (a random descent's): d0 BLOCK, d2 THREAD of 2, d1 a loop of 1. */
    static final String SCAL_DECISIONS = """
            # d0 BLOCK, d2 THREAD (2 threads), d1 LOOP of size 1
            size(d1)=1
            size(d2)=2
            dim_kind(d0)=BLOCK
            dim_kind(d1)=LOOP
            dim_kind(d2)=THREAD
            order(d1,d2)=OUT
            cache(x)=L2
            cache(st_Y)=NONE
            """;

    private static boolean shows(TelamonPanel p, String file) {
        return p.getSession() != null && p.getSession().file().endsWith(file);
    }

    @Test
    void telamonViewFollowsTheKernelEditor() throws Exception {
        Studio.Bench studio = Studio.bench(1280, 1000, "telamon-view");
        IWorkbenchPage page = studio.page();
        studio.write("tessera.properties", "telamon.target=sm_80\ntelamon.param.n=4096\n");
        IFile scal = studio.write("kernels/scal.kernel", Studio.exampleText("telamon/scal.kernel"));
        studio.write("kernels/scal.decisions", SCAL_DECISIONS);
        IFile outer = studio.write("kernels/outer_product.kernel", Studio.exampleText("telamon/outer_product.kernel"));

        IEditorPart ed = IDE.openEditor(page, scal);
        assertTrue(ed instanceof ITextEditor, "a text editor for .kernel files: " + ed);
        TelamonView view = (TelamonView) page.showView(TelamonView.ID);
        TelamonPanel panel = view.getPanel();
        Studio.waitFor(() -> shows(panel, "kernels/scal.kernel") && !panel.getPtxText().isEmpty(), "scal shown with its decision list");

        // the decision list's code: telamon.param.n = 4096 gives 2048 blocks of 2 threads
        assertTrue(panel.getLaunchText().startsWith("Code of scal.decisions"), panel.getLaunchText());
        assertTrue(panel.getLaunchText().contains("grid (x, y, z) = (2048, 1, 1) = (n/2, 1, 1) · block = (2, 1, 1) · 0 B of shared memory"),
                panel.getLaunchText());
        assertTrue(panel.getPtxText().contains(".visible .entry scal(") && panel.getPtxText().contains(".target sm_80"), panel.getPtxText());
        assertTrue(panel.getTreeText().contains("d0 (BLOCK, n/2)") && panel.getTreeText().contains("d2 (THREAD, 2)"), panel.getTreeText());
        assertTrue(panel.getNestsText().contains("parallel_for tid.x in 0..2:") && panel.getNestsText().contains("synchronize_threads"),
                panel.getNestsText());
        assertEquals("/", panel.cellText("d0", "d0"));
        Studio.maximized(view, () -> {
            panel.showTab(TelamonPanel.MATRIX);
            studio.shot("telamon-studio-scal-matrix");
            panel.showTab(TelamonPanel.CODE);
            studio.shot("telamon-studio-scal-code");
            panel.showTab(TelamonPanel.NESTS);
            studio.shot("telamon-studio-scal-nests");
        });

        // a bad decision list: its line, and no code; the matrix stays usable
        studio.write("kernels/scal.decisions", SCAL_DECISIONS + "dim_kind(d9)=LOOP\n");
        Studio.waitFor(() -> panel.getMessage().startsWith("No code for scal.decisions"), "the list's problem shown");
        assertTrue(panel.getMessage().contains("scal.decisions:10: dim_kind(d9)=LOOP"), panel.getMessage());
        assertTrue(shows(panel, "kernels/scal.kernel") && panel.getPtxText().isEmpty());

        // the view follows the editor activated next
        IDE.openEditor(page, outer);
        page.bringToTop(view);
        Studio.waitFor(() -> shows(panel, "kernels/outer_product.kernel"), "outer_product shown");
        assertEquals("BEFORE, IN", panel.cellText("a", "d_n0"));
        assertTrue(panel.getMessage().contains("no outer_product.decisions beside the kernel"), panel.getMessage());
        assertTrue(TelamonPanel.select(panel.clickCell("d_m0", "d_n0"), "= OUT"));
        assertEquals("IN", panel.cellText("b", "d_m0"));
        Studio.maximized(view, () -> {
            panel.showTab(TelamonPanel.MATRIX);
            studio.shot("telamon-studio-outer-product-matrix");
        });

        // a broken kernel: file and line, no stack trace
        studio.write("kernels/outer_product.kernel", Studio.exampleText("telamon/outer_product.kernel").replace("in d_m, d_n", "in d_m, d_q"));
        Studio.waitFor(() -> panel.getSession() == null && panel.getMessage().startsWith("Cannot build the GPU space of outer_product.kernel"),
                "the kernel's problem shown");
        assertTrue(panel.getMessage().contains("outer_product.kernel:"), panel.getMessage());
        assertTrue(!panel.getMessage().contains("Exception"), panel.getMessage());
        assertTrue(panel.getHeader().startsWith("Open a .kernel file"), "nothing of the old kernel stays: " + panel.getHeader());
        studio.shot("telamon-studio-bad-kernel");
        page.closeAllEditors(false);
        studio.project().delete(true, true, null);
    }
}
