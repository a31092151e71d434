package tessera.sass.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.eclipse.xtext.resource.XtextResource;

import tessera.core.Diagnostic;
import tessera.core.Severity;
import tessera.regdem.analysis.Cfg;
import tessera.regdem.sass.LineSpan;
import tessera.regdem.sass.Range;
import tessera.regdem.sass.SassDocument;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassProgram;
import tessera.regdem.verify.ControlCodeChecker;

/**
 * What the editor services know about one SASS text: tessera.regdem's parse (the only semantic parser), the CFG and
 * the problems. Validation, highlighting, outline and hover all read this object, so they cannot disagree.
 */
public record SassAnalysis(String text, SassDocument document, Cfg cfg, List<Diagnostic> problems) {
    private static final String CACHE_KEY = SassAnalysis.class.getName();

    public static SassAnalysis of(String fileName, String text) {
        SassDocument document = SassParser.parse(fileName, text);
        SassAnalysis parsed = new SassAnalysis(text, document, Cfg.build(document.program()), List.of());
        return new SassAnalysis(text, document, parsed.cfg, List.copyOf(parsed.findProblems(fileName)));
    }

    /** The analysis of a resource's current text, cached until the resource changes. */
    public static SassAnalysis of(XtextResource r) {
        String text = r.getParseResult() == null ? "" : r.getParseResult().getRootNode().getText();
        String name = r.getURI() == null || r.getURI().lastSegment() == null ? "" : r.getURI().lastSegment();
        return r.getCache().get(CACHE_KEY, r, () -> of(name, text));
    }

    public SassProgram program() {
        return document.program();
    }

    public LineSpan span(int programLine) {
        return document.spans().get(programLine);
    }

    /** The program line at a text offset (a line end counts as its line), or -1. */
    public int lineAt(int offset) {
        int i = document.lineAt(offset);
        if (i < 0 && offset > 0) {
            i = document.lineAt(offset - 1);
        }
        return i;
    }

    /** Syntax errors, then (on an error-free listing) CFG approximations and control-code hazards. */
    private List<Diagnostic> findProblems(String file) {
        List<Diagnostic> out = new ArrayList<>(document.diagnostics().list());
        if (document.diagnostics().hasErrors()) {
            return out; // the analyses would only repeat the syntax errors in other words
        }
        for (String p : cfg.problems()) {
            out.add(at(file, Severity.WARNING, lineOf(p), p.substring(p.indexOf(':') + 1).trim(),
                    "the analyses approximate this (tessera regdem treats it the same way)", "sass.cfg"));
        }
        if (checksControlCodes()) {
            try {
                for (ControlCodeChecker.Violation v : ControlCodeChecker.check(program())) {
                    out.add(at(file, Severity.WARNING, v.line(), "control-code hazard: " + v.message(),
                            "wait on the producer's barrier or raise the stall count", "sass.hazard"));
                }
            } catch (RuntimeException e) {
                // an analysis bug must not break the editor: say so instead of throwing
                out.add(at(file, Severity.WARNING, -1, "control-code check failed: " + e, "please report this input",
                        "sass.internal"));
            }
        }
        return out;
    }

    /**
     * The hazard checker models Maxwell/Pascal latencies (6-cycle ALU, digest §2.3): it runs on maxas listings of
     * sm_5x/sm_6x (or with no arch), not on cuobjdump or Volta+ code whose fixed latencies differ.
     */
    boolean checksControlCodes() {
        if (program().dialect() != SassProgram.Dialect.MAXAS) {
            return false;
        }
        Optional<String> arch = program().arch();
        return arch.isEmpty() || arch.get().matches("sm_[56]\\d");
    }

    private static int lineOf(String problem) {
        try {
            return Integer.parseInt(problem.substring(5, problem.indexOf(':'))) - 1;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private Diagnostic at(String file, Severity sev, int programLine, String msg, String hint, String code) {
        if (programLine < 0 || programLine >= document.spans().size()) {
            return new Diagnostic(sev, file, 0, 0, -1, 0, msg, hint, code);
        }
        LineSpan s = span(programLine);
        Range r = s.opcode().isPresent() ? s.opcode() : s.line();
        int col = r.offset() - s.line().offset() + 1;
        return new Diagnostic(sev, file, s.lineNumber(), col, r.offset(), r.length(), msg, hint, code);
    }
}
