package tessera.editor;

import java.util.List;

import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentListener;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.ContentOutlinePage;

/** The outline of a Tessera file: the language's document symbols; selecting one reveals it in the editor. */
public class XtextOutlinePage extends ContentOutlinePage {
    private final ITextEditor editor;
    private final IDocument document;
    private XtextSupport.Parsed parsed;
    private boolean pending;

    private final IDocumentListener listener = new IDocumentListener() {
        @Override
        public void documentAboutToBeChanged(DocumentEvent event) {
        }

        @Override
        public void documentChanged(DocumentEvent event) {
            if (!pending && getControl() != null && !getControl().isDisposed()) {
                pending = true;
                getControl().getDisplay().timerExec(500, () -> {
                    pending = false;
                    refresh();
                });
            }
        }
    };

    public XtextOutlinePage(ITextEditor editor) {
        this.editor = editor;
        this.document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
    }

    @Override
    public void createControl(Composite parent) {
        super.createControl(parent);
        TreeViewer v = getTreeViewer();
        v.setContentProvider(new ITreeContentProvider() {
            @Override
            public Object[] getElements(Object input) {
                return ((List<?>) input).toArray();
            }

            @Override
            public Object[] getChildren(Object e) {
                List<DocumentSymbol> c = ((DocumentSymbol) e).getChildren();
                return c == null ? new Object[0] : c.toArray();
            }

            @Override
            public Object getParent(Object e) {
                return null;
            }

            @Override
            public boolean hasChildren(Object e) {
                List<DocumentSymbol> c = ((DocumentSymbol) e).getChildren();
                return c != null && !c.isEmpty();
            }
        });
        v.setLabelProvider(new LabelProvider() {
            @Override
            public String getText(Object e) {
                DocumentSymbol s = (DocumentSymbol) e;
                return s.getName() + (s.getDetail() == null || s.getDetail().isEmpty() ? "" : " : " + s.getDetail());
            }
        });
        document.addDocumentListener(listener);
        refresh();
    }

    /** Rebuilds the tree from the current text. */
    public void refresh() {
        parsed = EditorFiles.parse(document);
        if (parsed != null && getTreeViewer() != null) {
            getTreeViewer().setInput(XtextSupport.symbols(parsed));
            getTreeViewer().expandToLevel(2);
        }
    }

    @Override
    public void selectionChanged(SelectionChangedEvent event) {
        super.selectionChanged(event);
        Object o = event.getStructuredSelection().getFirstElement();
        if (o instanceof DocumentSymbol s && parsed != null) {
            int start = parsed.offset(s.getSelectionRange().getStart());
            int end = parsed.offset(s.getSelectionRange().getEnd());
            editor.selectAndReveal(start, end - start);
        }
    }

    @Override
    public void dispose() {
        document.removeDocumentListener(listener);
        super.dispose();
    }
}
