package tessera.ui;

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
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * Base of the "show this file in a view" commands of the editors' and the explorer's context menus: takes the file of
 * the active editor (with the editor's current text, saved or not) or the selected file (its saved text), and hands it
 * to {@link #show}. Without a file the command does nothing.
 */
public abstract class ShowFileHandler extends AbstractHandler {
    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        IWorkbenchPart part = HandlerUtil.getActivePart(event);
        IFile file = null;
        String text = null;
        if (part instanceof IEditorPart editor) {
            file = Adapters.adapt(editor.getEditorInput(), IFile.class);
            ITextEditor te = Adapters.adapt(editor, ITextEditor.class);
            IDocument doc = te == null ? null : te.getDocumentProvider().getDocument(te.getEditorInput());
            text = doc == null ? null : doc.get();
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
            show(page, file, text);
        } catch (Exception e) {
            throw failure(file, e);
        }
        return null;
    }

    /** Opens the view on {@code page} and shows {@code file} with {@code text} in it. */
    protected abstract void show(IWorkbenchPage page, IFile file, String text) throws Exception;

    /** The command's error when reading {@code file} or showing it failed with {@code e}. */
    protected abstract ExecutionException failure(IFile file, Exception e);
}
