package tessera.tcpa.arch;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.formatting2.FormatterPreferenceKeys;
import org.eclipse.xtext.formatting2.FormatterRequest;
import org.eclipse.xtext.formatting2.IFormatter2;
import org.eclipse.xtext.formatting2.regionaccess.ITextReplacement;
import org.eclipse.xtext.formatting2.regionaccess.TextRegionAccessBuilder;
import org.eclipse.xtext.preferences.MapBasedPreferenceValues;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;

import com.google.inject.Injector;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Diagnostics;
import tessera.core.Severity;
import tessera.tcpa.TcpaStandaloneSetup;
import tessera.tcpa.tcpa.Architecture;

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

    private static volatile Injector injector;

    private ArchitectureLoader() {
    }

    /** The language's injector (created once; registers the EPackage). */
    public static Injector injector() {
        Injector i = injector;
        if (i == null) {
            synchronized (ArchitectureLoader.class) {
                i = injector;
                if (i == null) {
                    i = new TcpaStandaloneSetup().createInjectorAndDoEMFRegistration();
                    injector = i;
                }
            }
        }
        return i;
    }

    /**
     * Reads, parses and validates {@code file}; returns the architecture or throws a {@link DiagnosticException}
     * whose diagnostic names the file and line of the first error (the message lists every error).
     */
    public static Architecture load(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new DiagnosticException(Diagnostic.error(file.toString(), 0,
                    "cannot read the architecture file: " + e.getMessage(),
                    "check the path; architectures are .tcpa files such as examples/tcpa/tcpa4x4.tcpa"));
        }
        return orThrow(load(text, file.toString()));
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
        Diagnostics d = new Diagnostics();
        for (Issue i : injector().getInstance(IResourceValidator.class).validate(res, CheckMode.ALL,
                CancelIndicator.NullImpl)) {
            d.add(diagnostic(file, i));
        }
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
        Injector inj = injector();
        XtextResourceSet rs = inj.getInstance(XtextResourceSet.class);
        XtextResource res = inj.getInstance(XtextResource.class);
        String name = fileName == null || fileName.isBlank() ? "input.tcpa" : fileName.replace('\\', '/');
        res.setURI(URI.createURI("tcpa:/" + URI.encodeSegment(name, false) + (name.endsWith(".tcpa") ? "" : ".tcpa")));
        rs.getResources().add(res);
        try {
            res.load(new ByteArrayInputStream((text == null ? "" : text).getBytes(StandardCharsets.UTF_8)),
                    rs.getLoadOptions());
        } catch (IOException e) {
            throw new IllegalStateException("reading from memory failed", e);
        }
        return res;
    }

    /** The text laid out by the language's formatter; a text with syntax errors comes back unchanged. */
    public static String format(String text) {
        XtextResource res = parse(text, "format.tcpa");
        if (res.getParseResult() == null || res.getParseResult().hasSyntaxErrors()) {
            return text;
        }
        Injector inj = injector();
        FormatterRequest req = inj.getInstance(FormatterRequest.class);
        req.setTextRegionAccess(inj.getInstance(TextRegionAccessBuilder.class).forNodeModel(res).create());
        MapBasedPreferenceValues prefs = new MapBasedPreferenceValues(new HashMap<>());
        prefs.put(FormatterPreferenceKeys.indentation, "    ");
        req.setPreferences(prefs);
        List<ITextReplacement> reps = inj.getInstance(IFormatter2.class).format(req);
        return req.getTextRegionAccess().getRewriter().renderToString(reps);
    }

    /** An Xtext issue as a tessera diagnostic; the hint is the issue's first data item when there is one. */
    public static Diagnostic diagnostic(String file, Issue i) {
        Severity s = switch (i.getSeverity()) {
            case ERROR -> Severity.ERROR;
            case WARNING -> Severity.WARNING;
            default -> Severity.INFO;
        };
        String hint = i.getData() != null && i.getData().length > 0 ? i.getData()[0] : "";
        return new Diagnostic(s, file, i.getLineNumber() == null ? 0 : i.getLineNumber(),
                i.getColumn() == null ? 0 : i.getColumn(), i.getOffset() == null ? -1 : i.getOffset(),
                i.getLength() == null ? 0 : i.getLength(), i.getMessage(), hint, i.getCode());
    }
}
