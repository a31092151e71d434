package tessera.modsched.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.Map;

import org.eclipse.core.commands.Command;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.expressions.EvaluationContext;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.ISources;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;
import org.junit.jupiter.api.Test;

import tessera.modsched.examples.Examples;
import tessera.modsched.ui.MrtView;
import tessera.modsched.ui.OpenMrtHandler;
import tessera.ui.testing.Studio;

/** "Open MRT" on a .ddg file of the workspace opens the Modulo Schedule view in the workbench. */
class MrtViewTest {
    @Test
    void openMrtOnADdgFileShowsTheModuloScheduleView() throws Exception {
        IWorkbenchWindow win = Studio.activeWindow();
        IWorkbenchPage page = win.getActivePage();
        win.getShell().setBounds(0, 0, 1400, 950);
        IProject p = Studio.project("mrt-demo");
        IFile f = Studio.write(p, "motivating.ddg", Examples.text("motivating.ddg"));
        ICommandService cs = win.getService(ICommandService.class);
        Command cmd = cs.getCommand("tessera.modsched.ui.openMrt");
        assertTrue(cmd.isDefined(), "the Open MRT command is contributed");
        IHandlerService hs = win.getService(IHandlerService.class);
        EvaluationContext ctx = new EvaluationContext(hs.getCurrentState(), new StructuredSelection(f));
        ctx.addVariable(ISources.ACTIVE_CURRENT_SELECTION_NAME, new StructuredSelection(f));
        ctx.addVariable(ISources.ACTIVE_WORKBENCH_WINDOW_NAME, win);
        if (page.getActivePart() != null && !(page.getActivePart() instanceof org.eclipse.ui.IEditorPart)) {
            ctx.addVariable(ISources.ACTIVE_PART_NAME, page.getActivePart()); // a view: the handler uses the selection
        } else {
            ctx.removeVariable(ISources.ACTIVE_PART_NAME);
        }
        new OpenMrtHandler().execute(new ExecutionEvent(cmd, Map.of(), null, ctx));
        MrtView view = (MrtView) page.findView(MrtView.ID);
        assertNotNull(view, "the view is open");
        assertEquals(4, view.getPanel().getSession().schedule().ii());
        assertEquals(12, view.getPanel().getSession().cells().stream().mapToInt(c -> c.ops().size()).sum());
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        File shot = Studio.shot(win, "mrt-view-workbench");
        assertTrue(shot.length() > 5000, shot.toString());
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
    }
}
