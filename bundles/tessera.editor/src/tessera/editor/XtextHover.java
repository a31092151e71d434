package tessera.editor;

import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;

/** Hover from the language's ide hover service (documentation, a variable's class, a condition space...). */
public class XtextHover implements ITextHover {
    @Override
    public String getHoverInfo(ITextViewer viewer, IRegion region) {
        XtextSupport.Parsed p = EditorFiles.parse(viewer.getDocument());
        if (p == null) {
            return null;
        }
        String s = XtextSupport.hover(p, region.getOffset());
        return s.isBlank() ? null : s.replace("```", "").trim();
    }

    @Override
    public IRegion getHoverRegion(ITextViewer viewer, int offset) {
        return new Region(offset, 0);
    }
}
