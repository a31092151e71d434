package tessera.modsched.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.eclipse.core.commands.Command;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.expressions.EvaluationContext;
import org.eclipse.core.expressions.EvaluationResult;
import org.eclipse.core.expressions.Expression;
import org.eclipse.core.expressions.ExpressionConverter;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.Platform;
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

/** "Open MRT" on a .ddg file or a GCC SMS dump of the workspace opens the Modulo Schedule view in the workbench. */
class MrtViewTest {
    @Test
    void openMrtOnADdgFileShowsTheModuloScheduleView() throws Exception {
        IWorkbenchWindow win = Studio.activeWindow();
        IWorkbenchPage page = win.getActivePage();
        win.getShell().setBounds(0, 0, 1400, 950);
        IProject p = Studio.project("mrt-demo");
        IFile f = Studio.write(p, "motivating.ddg", Examples.text("motivating.ddg"));
        MrtView view = openMrt(win, f);
        assertEquals(4, view.getPanel().getSession().schedule().ii());
        assertEquals(12, view.getPanel().getSession().cells().stream().mapToInt(c -> c.ops().size()).sum());
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        File shot = Studio.shot(win, "mrt-view-workbench");
        assertTrue(shot.length() > 5000, shot.toString());
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
    }

    /** GCC's dump of tests/tessera.modsched.tests/data/gcc/loops.c, named as GCC names it: each loop, GCC's line. */
    @Test
    void openMrtOnAGccSmsDumpListsItsLoopsWithGccsResult() throws Exception {
        IWorkbenchWindow win = Studio.activeWindow();
        IWorkbenchPage page = win.getActivePage();
        win.getShell().setBounds(0, 0, 1400, 950);
        Path dump = Path.of(System.getProperty("tessera.root", "../.."))
                .resolve("tests/tessera.modsched.tests/data/gcc/loops.sms");
        IFile f = Studio.write(Studio.project("mrt-demo"), "loops.c.295r.sms", Files.readString(dump));
        MrtView view = openMrt(win, f);
        assertEquals("Modulo Schedule: loops.c.295r.sms", view.getPartName());
        assertEquals(List.of("dot_loop1", "scale_loop1", "recurrence_loop1"), List.of(view.getPanel().getLoopNames()));
        assertEquals("GCC (loops.c:5): RecMII 12 · MII 12 · II 12 · SC 2", view.getPanel().getGccText());
        assertTrue(view.getPanel().getSession().violations().isEmpty(), view.getPanel().getStatusText());
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        File shot = Studio.shot(win, "mrt-view-gcc-dump");
        assertTrue(shot.length() > 5000, shot.toString());
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
    }

    /** The menus' visibleWhen of Open MRT (explorer selection, editor context menu): .ddg files and GCC dumps only. */
    @Test
    void openMrtIsOfferedForDdgFilesAndGccDumps() throws Exception {
        IProject p = Studio.project("mrt-demo");
        IFile ddg = Studio.write(p, "motivating.ddg", Examples.text("motivating.ddg"));
        IFile sms = Studio.write(p, "loops.c.295r.sms", "");
        IFile c = Studio.write(p, "loops.c", "int x;\n");
        int menus = 0;
        for (IConfigurationElement contribution : Platform.getExtensionRegistry()
                .getConfigurationElementsFor("org.eclipse.ui.menus")) {
            for (IConfigurationElement command : contribution.getChildren("command")) {
                if (!"tessera.modsched.ui.openMrt".equals(command.getAttribute("commandId"))) {
                    continue;
                }
                menus++;
                Expression visible = ExpressionConverter.getDefault()
                        .perform(command.getChildren("visibleWhen")[0].getChildren()[0]);
                for (IFile f : List.of(ddg, sms, c)) {
                    EvaluationContext ctx = new EvaluationContext(null, f);
                    ctx.addVariable("selection", List.of(f));
                    ctx.addVariable("activeEditorInput", f);
                    assertEquals(f == c ? EvaluationResult.FALSE : EvaluationResult.TRUE, visible.evaluate(ctx),
                            contribution.getAttribute("locationURI") + " on " + f.getName());
                }
            }
        }
        assertEquals(2, menus, "the explorer's and the text editor's context menu");
    }

    /** Runs the Open MRT command's handler on {@code f} selected in the explorer; the view it opened. */
    private static MrtView openMrt(IWorkbenchWindow win, IFile f) throws Exception {
        IWorkbenchPage page = win.getActivePage();
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
        return view;
    }
}
