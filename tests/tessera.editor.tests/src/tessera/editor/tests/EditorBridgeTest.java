package tessera.editor.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.IContentOutlinePage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import tessera.editor.FormatHandler;
import tessera.editor.XtextSupport;
import tessera.ui.Screenshots;
import tessera.ui.testing.Studio;

/** Opens a real .pla file in Studio's editor and exercises every service the bridge offers. */
class EditorBridgeTest {
    private static IProject project;
    private static IFile file;

    @BeforeAll
    static void createProject() throws Exception {
        project = ResourcesPlugin.getWorkspace().getRoot().getProject("editor-bridge");
        if (!project.exists()) {
            project.create(null);
        }
        project.open(null);
        Path example = Path.of(System.getProperty("tessera.root", "../..")).resolve("examples/pla/bitext.pla");
        file = project.getFile("bitext.pla");
        if (!file.exists()) {
            file.create(new ByteArrayInputStream(Files.readAllBytes(example)), true, null);
        }
    }

    @AfterAll
    static void deleteProject() throws Exception {
        PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage().closeAllEditors(false);
        project.delete(true, true, null);
    }

    private static void waitUntil(BooleanSupplier cond, long ms) {
        Display d = Display.getCurrent();
        long end = System.currentTimeMillis() + ms;
        while (!cond.getAsBoolean() && System.currentTimeMillis() < end) {
            if (!d.readAndDispatch()) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    @Test
    void theGenericEditorGetsEveryLanguageService() throws Exception {
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        page.getWorkbenchWindow().getShell().setBounds(0, 0, 1280, 900);
        IEditorPart part = IDE.openEditor(page, file);
        assertTrue(part instanceof ITextEditor, "a text editor opens .pla: " + part);
        ITextEditor ed = (ITextEditor) part;
        IDocument doc = ed.getDocumentProvider().getDocument(ed.getEditorInput());
        String path = file.getLocationURI().toString();
        assertTrue(XtextSupport.supports(path), "the PLA language is found through its ISetup service file");

        XtextSupport.Parsed p = XtextSupport.parse(path, doc.get());
        assertTrue(XtextSupport.validate(p).stream().noneMatch(i -> i.getSeverity() == org.eclipse.xtext.diagnostics.Severity.ERROR),
                "the example is clean: " + XtextSupport.validate(p));
        assertTrue(XtextSupport.styles(p).stream().anyMatch(s -> s.style().equals("keyword")), "keywords highlighted");
        assertFalse(XtextSupport.symbols(p).isEmpty(), "outline symbols");
        int useOfX = doc.get().indexOf("x[i] shr");
        assertTrue(useOfX > 0);
        assertFalse(XtextSupport.definitions(p, useOfX).isEmpty(), "go to definition of x");
        assertFalse(XtextSupport.hover(p, useOfX).isBlank(), "hover on x");
        int endOfFile = doc.getLength();
        assertFalse(XtextSupport.proposals(p, endOfFile).isEmpty(), "content assist at the end of the file");

        IContentOutlinePage outline = ed.getAdapter(IContentOutlinePage.class);
        assertNotNull(outline, "the outline adapter applies to the generic editor");
        page.showView("org.eclipse.ui.views.ContentOutline");

        // highlighting reaches the widget: the keyword 'param' is drawn bold in a keyword colour
        org.eclipse.swt.custom.StyledText text = (org.eclipse.swt.custom.StyledText) ed.getAdapter(org.eclipse.swt.widgets.Control.class);
        int param = doc.get().indexOf("param");
        waitUntil(() -> text.getStyleRangeAtOffset(param) != null, 5000);
        org.eclipse.swt.custom.StyleRange kw = text.getStyleRangeAtOffset(param);
        Object sv = ed.getAdapter(org.eclipse.jface.text.ITextOperationTarget.class);
        String why = "widget styles=" + text.getStyleRanges().length + " viewer=" + (sv == null ? null : sv.getClass().getName())
                + " text==viewerWidget=" + (sv instanceof org.eclipse.jface.text.ITextViewer tv && tv.getTextWidget() == text)
                + " buffer=" + org.eclipse.core.filebuffers.FileBuffers.getTextFileBufferManager().getTextFileBuffer(doc);
        System.err.println("EditorBridgeTest: " + why);
        assertNotNull(kw, "a style on the keyword 'param' (" + why + ")");
        assertEquals(org.eclipse.swt.SWT.BOLD, kw.fontStyle & org.eclipse.swt.SWT.BOLD);

        // validation as you type: an undeclared index becomes an error annotation
        waitUntil(() -> true, 500);
        doc.replace(useOfX, 4, "x[k]");
        waitUntil(() -> !Studio.problems(ed).isEmpty(), 8000);
        assertFalse(Studio.problems(ed).isEmpty(), "an error annotation for the undeclared index");
        Screenshots.capture(page.getWorkbenchWindow().getShell(), "editor-pla-error");
        doc.replace(useOfX, 4, "x[i]");
        waitUntil(() -> Studio.problems(ed).isEmpty(), 8000);
        assertEquals(List.of(), Studio.problems(ed).stream().map(Annotation::getText).toList());

        // formatting keeps the program (re-parse is clean) and is idempotent
        FormatHandler.format(doc);
        String once = doc.get();
        FormatHandler.format(doc);
        assertEquals(once, doc.get(), "formatting twice changes nothing");
        ed.doRevertToSaved();
        Screenshots.capture(page.getWorkbenchWindow().getShell(), "editor-pla");
    }
}
