package tessera.editor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentListener;
import org.eclipse.jface.text.ITextInputListener;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextPresentationListener;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.ITextViewerExtension4;
import org.eclipse.jface.text.TextPresentation;
import org.eclipse.jface.text.presentation.IPresentationDamager;
import org.eclipse.jface.text.presentation.IPresentationReconciler;
import org.eclipse.jface.text.presentation.IPresentationRepairer;
import org.eclipse.swt.widgets.Display;

/** Highlighting for every Tessera language: the node model's keywords, comments, strings and numbers plus semantic styles. */
public class XtextPresentationReconciler implements IPresentationReconciler, ITextPresentationListener {
    private ITextViewer viewer;
    /** The styles of the last parse; merged into every presentation the viewer applies (ours or another repairer's). */
    private volatile List<XtextSupport.StyledRange> current = List.of();
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

    /** Viewers that already have Tessera highlighting (it can arrive by two routes, see XtextValidationReconciler). */
    private static final java.util.Set<ITextViewer> INSTALLED =
            java.util.Collections.synchronizedSet(java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>()));

    @Override
    public void install(ITextViewer textViewer) {
        if (!INSTALLED.add(textViewer)) {
            return;
        }
        viewer = textViewer;
        viewer.addTextInputListener(inputListener);
        if (viewer instanceof ITextViewerExtension4 ext) {
            ext.addTextPresentationListener(this);
        }
        if (viewer.getDocument() != null) {
            inputListener.inputDocumentChanged(null, viewer.getDocument());
        }
    }

    @Override
    public void uninstall() {
        if (viewer != null) {
            INSTALLED.remove(viewer);
            viewer.removeTextInputListener(inputListener);
            if (viewer instanceof ITextViewerExtension4 ext) {
                ext.removeTextPresentationListener(this);
            }
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

    /** Recomputes all styles (documents are small; a full pass keeps it simple and exact) and repaints. */
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
        current = ranges;
        // apply now: the Generic Editor may have no presentation reconciler that would repaint on invalidation;
        // the listener below merges the same styles into presentations other repairers make later
        TextPresentation tp = new TextPresentation(new org.eclipse.jface.text.Region(0, document.getLength()), ranges.size());
        viewer.changeTextPresentation(tp, false);
    }

    @Override
    public void applyTextPresentation(TextPresentation tp) {
        if (viewer == null || viewer.getTextWidget() == null || document == null) {
            return;
        }
        IRegion extent = tp.getExtent();
        int from = extent.getOffset();
        int to = from + extent.getLength();
        for (XtextSupport.StyledRange r : current) {
            if (r.offset() + r.length() <= from || r.offset() >= to || r.offset() + r.length() > document.getLength()) {
                continue;
            }
            int s = Math.max(from, r.offset());
            int e = Math.min(to, r.offset() + r.length());
            tp.mergeStyleRange(Styles.style(viewer.getTextWidget().getDisplay(), r.style(), s, e - s));
        }
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
