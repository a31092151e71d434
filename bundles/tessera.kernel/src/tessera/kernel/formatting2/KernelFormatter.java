package tessera.kernel.formatting2;

import java.util.Set;

import org.eclipse.xtext.formatting2.AbstractJavaFormatter;
import org.eclipse.xtext.formatting2.IFormattableDocument;
import org.eclipse.xtext.formatting2.regionaccess.IEObjectRegion;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegion;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegionsFinder;

import tessera.kernel.kernel.Decl;
import tessera.kernel.kernel.KernelDef;
import tessera.kernel.kernel.KernelPackage;

/**
 * The layout of docs/kernel.md: {@code kernel NAME} and {@code end} at the margin, one declaration per line indented by
 * one level (at most one blank line kept between them), single spaces between words; none inside brackets and
 * parentheses, before ',' and ':', around '..', '^' and '*', after a unary '-'.
 */
public class KernelFormatter extends AbstractJavaFormatter {
    private static final Set<String> TIGHT_BEFORE = Set.of(",", ":", "]", ")", "}", "..", "^", "*", "[");
    private static final Set<String> TIGHT_AFTER = Set.of("[", "(", "{", "..", "^", "*");
    private static final Set<String> BEFORE_UNARY = Set.of("[", ",", "=", "(", "add", "sub", "mul", "mad", "max",
            "min", "mov", "store");

    protected void format(KernelDef k, IFormattableDocument doc) {
        ISemanticRegionsFinder r = textRegionExtensions.regionFor(k);
        ISemanticRegion name = r.feature(KernelPackage.Literals.KERNEL_DEF__NAME);
        ISemanticRegion end = r.keyword("end");
        doc.prepend(name, h -> h.oneSpace());
        if (name != null && end != null) {
            doc.interior(name, end, h -> h.indent());
        }
        for (Decl d : k.getDecls()) {
            doc.prepend(d, h -> h.setNewLines(1, 1, 2));
            line(d, doc);
        }
        doc.prepend(end, h -> h.setNewLines(1, 1, 2));
        doc.append(end, h -> h.setNewLines(1));
    }

    /** Spaces inside one declaration's line. */
    private void line(Decl d, IFormattableDocument doc) {
        IEObjectRegion region = textRegionExtensions.regionForEObject(d);
        if (region == null) {
            return;
        }
        String prev = null;
        String prev2 = null;
        for (ISemanticRegion s : region.getAllSemanticRegions()) {
            String text = s.getText();
            if (prev != null) {
                boolean unaryBefore = prev.equals("-") && (prev2 == null || BEFORE_UNARY.contains(prev2));
                boolean callParen = text.equals("(") && prev.equals("index");
                if (TIGHT_BEFORE.contains(text) || TIGHT_AFTER.contains(prev) || unaryBefore || callParen) {
                    doc.prepend(s, h -> h.noSpace());
                } else {
                    doc.prepend(s, h -> h.oneSpace());
                }
            }
            prev2 = prev;
            prev = text;
        }
    }
}
