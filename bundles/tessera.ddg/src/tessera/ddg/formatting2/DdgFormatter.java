package tessera.ddg.formatting2;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.formatting2.AbstractJavaFormatter;
import org.eclipse.xtext.formatting2.IFormattableDocument;
import org.eclipse.xtext.formatting2.regionaccess.IEObjectRegion;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegion;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegionsFinder;

import tessera.ddg.ddg.DdgFile;
import tessera.ddg.ddg.DdgPackage;
import tessera.ddg.ddg.Element;
import tessera.ddg.ddg.Loop;
import tessera.ddg.ddg.Machine;

/**
 * The layout of docs/modsched.md: one blank line between blocks, one item per line indented by the editor's
 * indentation, single spaces between words, none around '@' and '..' and before ','.
 */
public class DdgFormatter extends AbstractJavaFormatter {
    protected void format(DdgFile file, IFormattableDocument doc) {
        List<Element> es = file.getElements();
        for (int i = 0; i < es.size(); i++) {
            if (i > 0) {
                doc.prepend(es.get(i), h -> h.setNewLines(2));
            }
            doc.format(es.get(i));
        }
        if (!es.isEmpty()) {
            doc.append(es.get(es.size() - 1), h -> h.setNewLines(1));
        }
    }

    protected void format(Machine m, IFormattableDocument doc) {
        ISemanticRegionsFinder r = textRegionExtensions.regionFor(m);
        doc.prepend(r.feature(DdgPackage.Literals.ELEMENT__NAME), h -> h.oneSpace());
        block(r, m.getItems(), doc);
    }

    protected void format(Loop l, IFormattableDocument doc) {
        ISemanticRegionsFinder r = textRegionExtensions.regionFor(l);
        doc.prepend(r.feature(DdgPackage.Literals.ELEMENT__NAME), h -> h.oneSpace());
        doc.prepend(r.keyword("machine"), h -> h.oneSpace());
        doc.prepend(r.feature(DdgPackage.Literals.LOOP__MACHINE), h -> h.oneSpace());
        block(r, l.getItems(), doc);
    }

    private void block(ISemanticRegionsFinder r, List<? extends EObject> items, IFormattableDocument doc) {
        ISemanticRegion open = r.keyword("{");
        ISemanticRegion close = r.keyword("}");
        doc.prepend(open, h -> h.oneSpace());
        if (open != null && close != null) {
            doc.interior(open, close, h -> h.indent());
        }
        for (EObject item : items) {
            doc.prepend(item, h -> h.newLine());
            line(item, doc);
        }
        doc.prepend(close, h -> h.newLine());
    }

    /** Spaces inside one item line: every token after the first gets one space, except around '@', '..', ','. */
    private void line(EObject item, IFormattableDocument doc) {
        IEObjectRegion region = textRegionExtensions.regionForEObject(item);
        if (region == null) {
            return;
        }
        String prev = null;
        for (ISemanticRegion s : region.getAllSemanticRegions()) {
            String text = s.getText();
            if (prev != null) {
                boolean tight = text.equals("@") || text.equals("..") || text.equals(",") || prev.equals("@")
                        || prev.equals("..");
                if (tight) {
                    doc.prepend(s, h -> h.noSpace());
                } else {
                    doc.prepend(s, h -> h.oneSpace());
                }
            }
            prev = text;
        }
    }
}
