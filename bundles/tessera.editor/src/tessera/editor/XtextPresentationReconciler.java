package tessera.editor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentListener;
import org.eclipse.jface.text.ITextInputListener;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;
import org.eclipse.jface.text.TextPresentation;
import org.eclipse.jface.text.presentation.IPresentationDamager;
import org.eclipse.jface.text.presentation.IPresentationReconciler;
import org.eclipse.jface.text.presentation.IPresentationRepairer;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.widgets.Display;

/** Highlighting for every Tessera language: the node model's keywords, comments, strings and numbers plus semantic styles. */
public class XtextPresentationReconciler implements IPresentationReconciler {
    private ITextViewer viewer;
    private IDocument document;
    private volatile boolean scheduled;

    private final IDocumentListener docListener = new IDocumentListener() {
        @Override
        public void documentAboutToBeChanged(DocumentEvent event) {
        }

        @Override
        public void documentChanged(DocumentEvent event) {
            schedule(250);
        }
    };

    private final ITextInputListener inputListener = new ITextInputListener() {
        @Override
        public void inputDocumentAboutToBeChanged(IDocument oldInput, IDocument newInput) {
            if (oldInput != null) {
                oldInput.removeDocumentListener(docListener);
            }
        }

        @Override
        public void inputDocumentChanged(IDocument oldInput, IDocument newInput) {
            document = newInput;
            if (newInput != null) {
                newInput.addDocumentListener(docListener);
                schedule(0);
            }
        }
    };

    @Override
    public void install(ITextViewer textViewer) {
        viewer = textViewer;
        viewer.addTextInputListener(inputListener);
        if (viewer.getDocument() != null) {
            inputListener.inputDocumentChanged(null, viewer.getDocument());
        }
    }

    @Override
    public void uninstall() {
        if (viewer != null) {
            viewer.removeTextInputListener(inputListener);
        }
        if (document != null) {
            document.removeDocumentListener(docListener);
        }
    }

    private void schedule(int delayMs) {
        if (scheduled || viewer == null || viewer.getTextWidget() == null) {
            return;
        }
        scheduled = true;
        Display d = viewer.getTextWidget().getDisplay();
        d.timerExec(delayMs, () -> {
            scheduled = false;
            refresh();
        });
    }

    /** Recomputes and applies all styles (documents are small; a full pass keeps it simple and exact). */
    public void refresh() {
        if (viewer == null || viewer.getTextWidget() == null || viewer.getTextWidget().isDisposed() || document == null) {
            return;
        }
        XtextSupport.Parsed p = EditorFiles.parse(document);
        if (p == null) {
            return;
        }
        List<XtextSupport.StyledRange> ranges = new ArrayList<>(XtextSupport.styles(p));
        ranges.sort(Comparator.comparingInt(XtextSupport.StyledRange::offset));
        TextPresentation tp = new TextPresentation(new Region(0, document.getLength()), ranges.size());
        for (XtextSupport.StyledRange r : ranges) {
            if (r.offset() + r.length() <= document.getLength()) {
                StyleRange sr = Styles.style(viewer.getTextWidget().getDisplay(), r.style(), r.offset(), r.length());
                tp.mergeStyleRange(sr);
            }
        }
        viewer.changeTextPresentation(tp, false);
    }

    @Override
    public IPresentationDamager getDamager(String contentType) {
        return null;
    }

    @Override
    public IPresentationRepairer getRepairer(String contentType) {
        return null;
    }
}
