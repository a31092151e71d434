package tessera.editor;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.reconciler.DirtyRegion;
import org.eclipse.jface.text.reconciler.IReconcilingStrategy;
import org.eclipse.jface.text.reconciler.MonoReconciler;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.jface.text.source.IAnnotationModelExtension;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;

/** Validates as you type (in the background) and shows the problems as editor annotations; markers come from the builder. */
public class XtextValidationReconciler extends MonoReconciler {
    static final String ERROR = "org.eclipse.ui.workbench.texteditor.error";
    static final String WARNING = "org.eclipse.ui.workbench.texteditor.warning";
    static final String INFO = "org.eclipse.ui.workbench.texteditor.info";

    public XtextValidationReconciler() {
        this(new Strategy());
    }

    private XtextValidationReconciler(Strategy s) {
        super(s, false);
        setDelay(400);
    }

    @Override
    public void install(ITextViewer textViewer) {
        ((Strategy) getReconcilingStrategy(IDocument.DEFAULT_CONTENT_TYPE)).viewer = textViewer;
        super.install(textViewer);
        // The Generic Editor picks presentation reconcilers while the viewer has no document yet, so no content type
        // matches and ours is skipped; reconcilers are matched later. Highlighting therefore also comes in this way.
        new XtextPresentationReconciler().install(textViewer);
    }

    static final class Strategy implements IReconcilingStrategy {
        ITextViewer viewer;
        private IDocument document;
        private Annotation[] current = new Annotation[0];

        @Override
        public void setDocument(IDocument doc) {
            document = doc;
        }

        @Override
        public void reconcile(DirtyRegion dirtyRegion, IRegion subRegion) {
            reconcile(subRegion);
        }

        @Override
        public void reconcile(IRegion partition) {
            if (!(viewer instanceof ISourceViewer sv) || document == null) {
                return;
            }
            IAnnotationModel model = sv.getAnnotationModel();
            XtextSupport.Parsed p = EditorFiles.parse(document);
            if (model == null || p == null) {
                return;
            }
            List<Issue> issues = XtextSupport.validate(p);
            Map<Annotation, Position> added = new HashMap<>();
            for (Issue i : issues) {
                String type = i.getSeverity() == Severity.ERROR ? ERROR
                        : i.getSeverity() == Severity.WARNING ? WARNING : INFO;
                int off = i.getOffset() == null ? 0 : i.getOffset();
                int len = i.getLength() == null ? 0 : i.getLength();
                added.put(new Annotation(type, false, i.getMessage()), new Position(off, Math.max(0, len)));
            }
            synchronized (this) {
                if (model instanceof IAnnotationModelExtension ext) {
                    ext.replaceAnnotations(current, added);
                } else {
                    for (Annotation a : current) {
                        model.removeAnnotation(a);
                    }
                    added.forEach(model::addAnnotation);
                }
                current = added.keySet().toArray(Annotation[]::new);
            }
        }
    }
}
