package tessera.telamon.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.dspace.runtime.csp.Candidate;

/**
 * A decision list ({@code NAME.decisions} beside {@code NAME.kernel}): one decision per line,
 * {@code choice(object,…)=VALUE} or {@code =VALUE|VALUE}, {@code #} comments. {@code tessera telamon sample --save}
 * writes the decisions of a random descent; code generation applies a list and needs the result fixed. Every problem
 * names its line: unknown choice or object, a value that propagation excludes (with the violated constraint), or the
 * choices the list leaves open.
 */
public final class DecisionList {
    private static final Pattern LINE = Pattern.compile("\\s*([a-z_][A-Za-z0-9_]*)\\s*\\(([^)]*)\\)\\s*=\\s*([A-Za-z0-9_|\\s]+?)\\s*");

    /** One decision with its line. */
    public record Decision(int line, String choice, List<String> objects, List<String> values) {
        @Override
        public String toString() {
            return choice + "(" + String.join(",", objects) + ")=" + String.join("|", values);
        }
    }

    private DecisionList() {
    }

    public static List<Decision> parse(String file, String text, Diagnostics diags) {
        List<Decision> r = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            int hash = l.indexOf('#');
            String body = hash >= 0 ? l.substring(0, hash) : l;
            if (body.isBlank()) {
                continue;
            }
            Matcher m = LINE.matcher(body);
            if (!m.matches()) {
                diags.add(new Diagnostic(tessera.core.Severity.ERROR, file, i + 1, 1 + leading(body), -1, 0,
                        "not a decision: " + body.trim(), "write choice(object,...)=VALUE, e.g. dim_kind(d1)=THREAD", "telamon.decision"));
                continue;
            }
            List<String> objs = m.group(2).isBlank() ? List.of() : List.of(m.group(2).trim().split("\\s*,\\s*"));
            r.add(new Decision(i + 1, m.group(1), objs, List.of(m.group(3).trim().split("\\s*\\|\\s*"))));
        }
        return r;
    }

    private static int leading(String s) {
        int n = 0;
        while (n < s.length() && Character.isWhitespace(s.charAt(n))) {
            n++;
        }
        return n;
    }

    /**
     * Applies the decisions in order to a copy of {@code root}; null with errors in {@code diags} when one is not a
     * choice of the space, excludes every value left, or when {@code fixed} is asked and choices stay open.
     */
    public static Candidate apply(Candidate root, String file, List<Decision> decisions, boolean fixed, Diagnostics diags) {
        Candidate c = root.copy();
        for (Decision d : decisions) {
            try {
                if (!c.decide(d.choice(), d.objects(), d.values())) {
                    diags.add(error(file, d.line(), d + " is impossible: " + c.failure(),
                            "the earlier decisions and the kernel exclude it; tessera telamon space shows the domains"));
                    return null;
                }
            } catch (IllegalArgumentException e) {
                diags.add(error(file, d.line(), d + ": " + e.getMessage(), "tessera telamon space lists the choices and their objects"));
                return null;
            }
        }
        if (fixed && !c.isFixed()) {
            List<Integer> open = c.openVariables();
            int v = open.get(0);
            // at the last decision, where the list stops (line 1 for an empty list): every diagnostic has a position
            int at = decisions.isEmpty() ? 1 : decisions.get(decisions.size() - 1).line();
            diags.add(error(file, at, "the decisions leave " + open.size() + " choice(s) open, the first "
                    + c.choiceOf(v) + "(" + String.join(",", c.argsOf(v)) + ") ∈ {" + String.join(", ", c.values(v)) + "}",
                    "add decisions (tessera telamon sample --save NAME.decisions writes a complete list)"));
            return null;
        }
        return c;
    }

    private static Diagnostic error(String file, int line, String message, String hint) {
        return new Diagnostic(tessera.core.Severity.ERROR, file, line, line > 0 ? 1 : 0, -1, 0, message, hint, "telamon.decision");
    }
}
