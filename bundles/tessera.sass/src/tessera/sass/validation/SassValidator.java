package tessera.sass.validation;

import org.eclipse.xtext.validation.Check;

import tessera.core.Diagnostic;
import tessera.core.Severity;
import tessera.sass.lang.SassAnalysis;
import tessera.sass.sass.Listing;

/** Reports tessera.regdem's findings (syntax, CFG, control-code hazards) at their lines; no checks of its own. */
public class SassValidator extends AbstractSassValidator {
    @Check
    public void listing(Listing l) {
        if (!(l.eResource() instanceof org.eclipse.xtext.resource.XtextResource r)) {
            return;
        }
        SassAnalysis a = SassAnalysis.of(r);
        for (Diagnostic d : a.problems()) {
            String msg = d.hint().isEmpty() ? d.message() : d.message() + " (" + d.hint() + ")";
            int off = Math.min(Math.max(0, d.offset()), a.text().length());
            int len = d.offset() < 0 ? 0 : Math.min(d.length(), a.text().length() - off);
            if (len == 0) { // mark the rest of the line, so the problem is visible in the editor
                int eol = a.text().indexOf('\n', off);
                len = Math.max(0, (eol < 0 ? a.text().length() : eol) - off);
            }
            if (d.severity() == Severity.ERROR) {
                getMessageAcceptor().acceptError(msg, l, off, len, d.code());
            } else if (d.severity() == Severity.WARNING) {
                getMessageAcceptor().acceptWarning(msg, l, off, len, d.code());
            } else {
                getMessageAcceptor().acceptInfo(msg, l, off, len, d.code());
            }
        }
    }
}
