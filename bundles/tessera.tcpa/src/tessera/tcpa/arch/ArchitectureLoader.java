package tessera.tcpa.arch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.validation.Issue;

import com.google.inject.Injector;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Diagnostics;
import tessera.core.SourceText;
import tessera.tcpa.TcpaStandaloneSetup;
import tessera.tcpa.tcpa.Architecture;
import tessera.xtext.XtextLanguage;

/**
 * THE reader of {@code .tcpa} architecture files (CLI, builder, Studio, part B's mapping, tests): Xtext parses,
 * links and validates; problems become {@link Diagnostic}s with file, line and column. Plain class path and OSGi.
 */
public final class ArchitectureLoader {
    /** The syntax tree (also the EMF model of the architecture) and the problems found. */
    public record Result(Architecture architecture, Diagnostics diagnostics) {
        public boolean ok() {
            return architecture != null && !diagnostics.hasErrors();
        }
    }

    private static final XtextLanguage TCPA = new XtextLanguage("tcpa", () -> new TcpaStandaloneSetup().createInjectorAndDoEMFRegistration());

    private ArchitectureLoader() {
    }

    /** The language's injector (created once; registers the EPackage). */
    public static Injector injector() {
        return TCPA.injector();
    }

    /**
     * Reads, parses and validates {@code file}; returns the architecture or throws a {@link DiagnosticException}
     * whose diagnostic names the file and line of the first error (the message lists every error).
     */
    public static Architecture load(Path file) {
        return load(file, file.toString());
    }

    /**
     * {@link #load(Path)} naming the file {@code displayName} in diagnostics (as the user typed it). Read with
     * {@link SourceText}: invalid UTF-8 is a diagnostic with line and column, a BOM or lone CRs are no problem.
     */
    public static Architecture load(Path file, String displayName) {
        String text;
        try {
            text = SourceText.read(file, displayName);
        } catch (IOException e) {
            throw new DiagnosticException(Diagnostic.error(displayName, 0,
                    "cannot read the architecture file: " + e.getMessage(),
                    "check the path; architectures are .tcpa files such as examples/tcpa/tcpa4x4.tcpa"));
        }
        return orThrow(load(text, displayName));
    }

    /**
     * For the commands that report a problem and stop: the architecture of {@code file} as {@link #load(Path)} reads
     * it, or null after handing its diagnostic to {@code report}.
     */
    public static Architecture loadOrReport(Path file, Consumer<Diagnostic> report) {
        return loadOrReport(file, file.toString(), report);
    }

    /** {@link #loadOrReport(Path, Consumer)} naming the file {@code displayName} in diagnostics. */
    public static Architecture loadOrReport(Path file, String displayName, Consumer<Diagnostic> report) {
        try {
            return load(file, displayName);
        } catch (DiagnosticException e) {
            report.accept(e.diagnostic());
            return null;
        }
    }

    /** The architecture of a successful result, or a {@link DiagnosticException} for its first error. */
    public static Architecture orThrow(Result r) {
        if (r.ok()) {
            return r.architecture();
        }
        List<Diagnostic> errors = r.diagnostics().list().stream().filter(Diagnostic::isError).toList();
        Diagnostic first = errors.get(0);
        if (errors.size() == 1) {
            throw new DiagnosticException(first);
        }
        StringBuilder all = new StringBuilder(first.message());
        for (Diagnostic d : errors.subList(1, errors.size())) {
            all.append("; also ").append(d.file()).append(':').append(d.line()).append(": ").append(d.message());
        }
        throw new DiagnosticException(new Diagnostic(first.severity(), first.file(), first.line(), first.column(),
                first.offset(), first.length(), all.toString(), first.hint(), first.code()));
    }

    /** Parses, links and validates {@code text}; never throws on bad input. */
    public static Result load(String text, String fileName) {
        String file = fileName == null ? "" : fileName;
        XtextResource res = parse(text, file);
        Diagnostics d = TCPA.diagnostics(file, res);
        Architecture a = res.getContents().isEmpty() || !(res.getContents().get(0) instanceof Architecture x) ? null
                : x;
        if (a == null && !d.hasErrors()) {
            d.add(Diagnostic.error(file, 1, "the file has no architecture",
                    "start with: architecture NAME { grid rows R cols C; ... }"));
        }
        return new Result(a, d);
    }

    /** Parses (links lazily) into a fresh resource set. */
    public static XtextResource parse(String text, String fileName) {
        return TCPA.parse(text, fileName);
    }

    /** The text laid out by the language's formatter; a text with syntax errors comes back unchanged. */
    public static String format(String text) {
        return TCPA.format(text, "    ");
    }

    /** An Xtext issue as a tessera diagnostic; the hint is the issue's first data item when there is one. */
    public static Diagnostic diagnostic(String file, Issue i) {
        return XtextLanguage.diagnostic(file, i);
    }
}
