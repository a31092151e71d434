package tessera.tcpa.instantiate.ui;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * "Show TCPA Instantiation" / "Show TCPA Simulation" from the .pla editor's context menu or a selected .pla file: opens
 * the view (its id is the handler's data in plugin.xml) on that file, the editor's current text included.
 */
public class ShowViewHandler extends AbstractHandler implements IExecutableExtension {
    private String viewId = InstantiationView.ID;

    @Override
    public void setInitializationData(IConfigurationElement config, String property, Object data) {
        if (data instanceof String s && !s.isBlank()) {
            viewId = s.trim();
        }
    }

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        IWorkbenchPart part = HandlerUtil.getActivePart(event);
        IFile file = null;
        String text = null;
        if (part instanceof IEditorPart editor) {
            file = Adapters.adapt(editor.getEditorInput(), IFile.class);
            ITextEditor te = Adapters.adapt(editor, ITextEditor.class);
            if (te != null && te.getDocumentProvider().getDocument(te.getEditorInput()) != null) {
                text = te.getDocumentProvider().getDocument(te.getEditorInput()).get();
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
            PlaView<?> view = (PlaView<?>) page.showView(viewId);
            view.show(file, text);
        } catch (Exception e) {
            throw new ExecutionException("cannot show " + viewId + " for " + file.getFullPath() + ": " + e.getMessage(), e);
        }
        return null;
    }
}
