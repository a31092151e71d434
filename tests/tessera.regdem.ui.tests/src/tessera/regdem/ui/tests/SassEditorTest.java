package tessera.regdem.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.IContentOutlinePage;
import org.junit.jupiter.api.Test;

import tessera.editor.XtextOutlinePage;
import tessera.editor.XtextSupport;
import tessera.regdem.examples.Examples;
import tessera.ui.Screenshots;
import tessera.ui.testing.Studio;

/** Studio: a .sass file opens in the generic editor with SASS highlighting, outline by basic block, hover, problems. */
class SassEditorTest {
    @Test
    void sassEditorHighlightsOutlinesHoversAndValidates() throws Exception {
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        page.getWorkbenchWindow().getShell().setBounds(0, 0, 1440, 900);
        IProject p = Studio.project("sass-editor");
        IFile file = p.getFile("cfd_flux.sass");
        String text = Examples.text("cfd_flux");
        if (!file.exists()) {
            file.create(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), true, null);
        }
        IEditorPart part = IDE.openEditor(page, file);
        assertTrue(part instanceof ITextEditor, "a text editor opens .sass: " + part);
        ITextEditor ed = (ITextEditor) part;
        IDocument doc = ed.getDocumentProvider().getDocument(ed.getEditorInput());
        String path = file.getLocationURI().toString();
        org.osgi.framework.Bundle ide = org.eclipse.core.runtime.Platform.getBundle("tessera.sass.ide");
        assertTrue(XtextSupport.supports(path), "the SASS language is found through its ISetup service file (bundle "
                + (ide == null ? "missing" : "state " + ide.getState()) + ")");
        XtextSupport.Parsed parsed = XtextSupport.parse(path, doc.get());
        assertEquals(List.of(), XtextSupport.validate(parsed).stream().map(Object::toString).toList());

        // highlighting reaches the widget: the control code and the opcode of the first instruction
        StyledText st = (StyledText) ed.getAdapter(Control.class);
        int ctrl = doc.get().indexOf("--:-:-:-:1       MOV R1");
        int opcode = doc.get().indexOf("MOV R1");
        Studio.waitUntil(() -> st.getStyleRangeAtOffset(opcode) != null, 8000);
        StyleRange kw = st.getStyleRangeAtOffset(opcode);
        assertNotNull(kw, "the opcode is styled");
        assertEquals(org.eclipse.swt.SWT.BOLD, kw.fontStyle & org.eclipse.swt.SWT.BOLD, "opcodes are keywords");
        assertNotNull(st.getStyleRangeAtOffset(ctrl), "the control code is styled");

        // outline: the kernel, then one entry per basic block
        page.showView("org.eclipse.ui.views.ContentOutline");
        IContentOutlinePage outline = ed.getAdapter(IContentOutlinePage.class);
        assertTrue(outline instanceof XtextOutlinePage, String.valueOf(outline));
        List<DocumentSymbol> symbols = XtextSupport.symbols(parsed);
        assertTrue(symbols.get(0).getName().startsWith("kernel cuda_compute_flux"), symbols.get(0).getName());
        assertTrue(symbols.stream().anyMatch(s -> s.getDetail().contains("loop depth 1")), "the neighbour loop");

        // hover: decoded control code and the instruction class
        String h = XtextSupport.hover(parsed, ctrl + 2);
        assertTrue(h.contains("control `--:-:-:-:1`") && h.contains("class X32"), h);
        Screenshots.flush(Display.getCurrent());
        Studio.shot(page.getWorkbenchWindow(), "sass-editor-cfd_flux");

        // a malformed register becomes an error annotation at its line; fixing it removes it
        int r1 = doc.get().indexOf("MOV R1, c[0x0][0x20]") + 4;
        doc.replace(r1, 2, "R999");
        Studio.waitUntil(() -> !Studio.problems(ed).isEmpty(), 10000);
        List<Annotation> errs = Studio.problems(ed);
        assertEquals(1, errs.size(), errs.stream().map(Annotation::getText).toList().toString());
        assertTrue(errs.get(0).getText().contains("register number out of range"), errs.get(0).getText());
        Studio.shot(page.getWorkbenchWindow(), "sass-editor-error");
        doc.replace(r1, 4, "R1");
        Studio.waitUntil(() -> Studio.problems(ed).isEmpty(), 10000);
        assertFalse(ed.isDirty() && !doc.get().equals(text), "the text is restored");
        ed.doRevertToSaved();
        page.closeAllEditors(false);
        p.delete(true, true, null);
    }

}
