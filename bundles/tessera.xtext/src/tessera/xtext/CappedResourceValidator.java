package tessera.xtext;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.service.OperationCanceledError;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.util.IAcceptor;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.Issue;
import org.eclipse.xtext.validation.ResourceValidatorImpl;

/**
 * Xtext's resource validator with a cap on what one file reports: the first {@value #SHOWN} issues, then one issue
 * counting the rest; validation stops once {@value #COUNTED} issues were found (a file with thousands of copies of one
 * mistake neither fills memory nor blocks the builder or the language server). Bound by every Tessera language.
 */
public class CappedResourceValidator extends ResourceValidatorImpl {
    /** Issues kept per file. */
    public static final int SHOWN = 100;
    /** Issues counted per file before validation stops. */
    public static final int COUNTED = 10_000;

    /** One validation's count and kept issues (validations may nest: a linked resource validated inside). */
    private static final class State {
        int found;
        List<Issue> kept = List.of();
    }

    private static final ThreadLocal<State> STATE = new ThreadLocal<>();

    @Override
    public List<Issue> validate(Resource resource, CheckMode mode, CancelIndicator mon) throws OperationCanceledError {
        State st = new State();
        State outer = STATE.get();
        STATE.set(st);
        CancelIndicator capped = () -> (mon != null && mon.isCanceled()) || st.found >= COUNTED;
        List<Issue> issues;
        try {
            issues = new ArrayList<>(super.validate(resource, mode, capped));
        } catch (OperationCanceledError e) {
            if (st.found < COUNTED) {
                throw e;
            }
            issues = new ArrayList<>(st.kept);
        } finally {
            STATE.set(outer);
        }
        if (st.found > SHOWN) {
            Issue.IssueImpl more = new Issue.IssueImpl();
            more.setSeverity(Severity.ERROR);
            more.setMessage((st.found >= COUNTED ? "at least " + (COUNTED - SHOWN) : String.valueOf(st.found - SHOWN))
                    + " more problems in this file are not shown");
            more.setData(new String[] {"fix the ones shown first; they often cause the rest"});
            more.setLineNumber(1);
            more.setColumn(1);
            more.setOffset(0);
            more.setLength(0);
            more.setCode("tessera.more-problems");
            more.setType(org.eclipse.xtext.validation.CheckType.FAST);
            more.setUriToProblem(resource.getURI());
            issues.add(more);
        }
        return issues;
    }

    @Override
    protected IAcceptor<Issue> createAcceptor(List<Issue> result) {
        State st = STATE.get();
        if (st == null) {
            return super.createAcceptor(result);
        }
        st.kept = result;
        IAcceptor<Issue> inner = super.createAcceptor(result);
        return issue -> {
            st.found++;
            if (st.found <= SHOWN) {
                inner.accept(issue);
            }
        };
    }
}
