package tessera.editor;

import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.IContentOutlinePage;

/** Gives text editors on Tessera files an outline page (the Generic Editor has no outline extension point). */
public class XtextOutlineAdapterFactory implements IAdapterFactory {
    @Override
    public <T> T getAdapter(Object adaptable, Class<T> adapterType) {
        if (adapterType == IContentOutlinePage.class && adaptable instanceof ITextEditor editor) {
            var doc = editor.getDocumentProvider() == null ? null
                    : editor.getDocumentProvider().getDocument(editor.getEditorInput());
            String path = EditorFiles.pathOf(doc);
            if (path != null && XtextSupport.supports(path)) {
                return adapterType.cast(new XtextOutlinePage(editor));
            }
        }
        return null;
    }

    @Override
    public Class<?>[] getAdapterList() {
        return new Class<?>[] {IContentOutlinePage.class};
    }
}
