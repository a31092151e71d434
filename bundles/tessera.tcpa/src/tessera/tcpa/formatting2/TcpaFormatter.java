package tessera.tcpa.formatting2;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.formatting2.AbstractJavaFormatter;
import org.eclipse.xtext.formatting2.IFormattableDocument;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegion;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegionsFinder;

import tessera.tcpa.tcpa.Architecture;

/**
 * Layout of .tcpa files (docs/tcpa.md): one statement per line, blocks indented, "a.b" and "(x, y)" tight, one
 * space elsewhere. Every element is formatted from the root, by its keywords.
 */
public class TcpaFormatter extends AbstractJavaFormatter {
    protected void format(Architecture architecture, IFormattableDocument doc) {
        layout(architecture, doc);
        architecture.eAllContents().forEachRemaining(o -> layout(o, doc));
    }

    private void layout(EObject o, IFormattableDocument doc) {
        var own = getTextRegionAccess().regionForEObject(o);
        if (own != null) {
            for (ISemanticRegion r : own.getSemanticRegions()) {
                doc.surround(r, it -> {
                    it.oneSpace();
                    it.lowPriority();
                });
            }
        }
        ISemanticRegionsFinder f = regionFor(o);
        ISemanticRegion open = f.keyword("{");
        ISemanticRegion close = f.keyword("}");
        if (open != null && close != null) {
            doc.prepend(open, it -> it.oneSpace());
            doc.append(open, it -> it.newLine());
            doc.prepend(close, it -> it.newLine());
            doc.append(close, it -> it.newLine());
            doc.interior(open, close, it -> it.indent());
        }
        for (ISemanticRegion semi : f.keywords(";")) {
            doc.prepend(semi, it -> it.noSpace());
            doc.append(semi, it -> it.newLine());
        }
        for (ISemanticRegion comma : f.keywords(",")) {
            doc.prepend(comma, it -> it.noSpace());
            doc.append(comma, it -> it.oneSpace());
        }
        for (ISemanticRegion dot : f.keywords(".")) {
            doc.surround(dot, it -> it.noSpace());
        }
        for (ISemanticRegion paren : f.keywords("(")) {
            doc.append(paren, it -> it.noSpace());
        }
        for (ISemanticRegion paren : f.keywords(")")) {
            doc.prepend(paren, it -> it.noSpace());
        }
    }
}
