package tessera.modsched.ui;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * "Open MRT": shows the modulo schedule view for the selected .ddg file, or for the .ddg file of the active editor
 * (then the editor's current text, saved or not).
 */
public class OpenMrtHandler extends AbstractHandler {
    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        IWorkbenchPart part = HandlerUtil.getActivePart(event);
        IFile file = null;
        String text = null;
        if (part instanceof IEditorPart editor) {
            file = Adapters.adapt(editor.getEditorInput(), IFile.class);
            if (editor instanceof ITextEditor te) {
                IDocument doc = te.getDocumentProvider().getDocument(te.getEditorInput());
                text = doc == null ? null : doc.get();
            }
        } else if (HandlerUtil.getCurrentSelection(event) instanceof IStructuredSelection sel) {
            file = Adapters.adapt(sel.getFirstElement(), IFile.class);
        }
        if (file == null) {
            return null;
        }
        try {
            if (text == null) {
                try (InputStream in = file.getContents()) {
                    text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
            MrtView view = (MrtView) page.showView(MrtView.ID);
            view.show(file.getFullPath().toString(), text);
        } catch (PartInitException e) {
            throw new ExecutionException("cannot open the modulo schedule view", e);
        } catch (Exception e) {
            throw new ExecutionException("cannot read " + file.getFullPath(), e);
        }
        return null;
    }
}
