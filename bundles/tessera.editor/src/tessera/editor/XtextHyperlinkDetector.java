package tessera.editor;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.filesystem.EFS;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;
import org.eclipse.jface.text.hyperlink.AbstractHyperlinkDetector;
import org.eclipse.jface.text.hyperlink.IHyperlink;
import org.eclipse.lsp4j.Location;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;

/** Go to definition (Ctrl+click, F3-style) from the language's cross-references. */
public class XtextHyperlinkDetector extends AbstractHyperlinkDetector {
    @Override
    public IHyperlink[] detectHyperlinks(ITextViewer viewer, IRegion region, boolean canShowMultiple) {
        XtextSupport.Parsed p = EditorFiles.parse(viewer.getDocument());
        if (p == null) {
            return null;
        }
        List<IHyperlink> links = new ArrayList<>();
        for (Location loc : XtextSupport.definitions(p, region.getOffset())) {
            IRegion word = wordAt(viewer, region.getOffset());
            links.add(new Link(viewer, p, loc, word));
        }
        return links.isEmpty() ? null : links.toArray(IHyperlink[]::new);
    }

    static IRegion wordAt(ITextViewer viewer, int offset) {
        String t = viewer.getDocument().get();
        int s = offset;
        int e = offset;
        while (s > 0 && Character.isJavaIdentifierPart(t.charAt(s - 1))) {
            s--;
        }
        while (e < t.length() && Character.isJavaIdentifierPart(t.charAt(e))) {
            e++;
        }
        return new Region(s, Math.max(1, e - s));
    }

    record Link(ITextViewer viewer, XtextSupport.Parsed parsed, Location target, IRegion region) implements IHyperlink {
        @Override
        public IRegion getHyperlinkRegion() {
            return region;
        }

        @Override
        public String getTypeLabel() {
            return "Definition";
        }

        @Override
        public String getHyperlinkText() {
            return "Go to definition";
        }

        @Override
        public void open() {
            boolean sameFile = target.getUri().equals(parsed.resource().getURI().toString());
            if (sameFile) {
                int start = parsed.offset(target.getRange().getStart());
                int end = parsed.offset(target.getRange().getEnd());
                viewer.setSelectedRange(start, end - start);
                viewer.revealRange(start, end - start);
                return;
            }
            IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
            try {
                IEditorPart ed = IDE.openEditorOnFileStore(page, EFS.getStore(java.net.URI.create(target.getUri())));
                if (ed instanceof ITextEditor te) {
                    var doc = te.getDocumentProvider().getDocument(te.getEditorInput());
                    int start = doc.getLineOffset(target.getRange().getStart().getLine())
                            + target.getRange().getStart().getCharacter();
                    te.selectAndReveal(start, 0);
                }
            } catch (CoreException | org.eclipse.jface.text.BadLocationException e) {
                // the target file cannot be opened: nothing to navigate to
            }
        }
    }
}
