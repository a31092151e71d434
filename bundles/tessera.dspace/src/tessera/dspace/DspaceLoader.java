package tessera.dspace;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.impl.URIHandlerImpl;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;

import com.google.inject.Injector;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.SourceText;
import tessera.core.Diagnostics;
import tessera.dspace.exh.Include;
import tessera.dspace.exh.Specification;
import tessera.dspace.runtime.Program;
import tessera.dspace.scoping.ExhIncludes;
import tessera.dspace.runtime.SpaceCompiler;
import tessera.dspace.runtime.ir.Space;

/**
 * Headless front end: parses a {@code .exh} file and its includes with the Xtext language, validates them
 * (CheckMode.ALL), turns issues into Diagnostics, and converts the model to the IR and the compiled {@link Program}.
 * Files are read through a function so that the builder pass, the CLI and tests share it.
 */
public final class DspaceLoader {
    private static Injector injector;

    /** Result: the IR and program are null when there are errors; {@code specs} are the files, the root first. */
    public record Result(Space space, Program program, Diagnostics diagnostics, List<Specification> specs) {
        public boolean ok() {
            return program != null && !diagnostics.hasErrors();
        }
    }

    private DspaceLoader() {
    }

    public static synchronized Injector injector() {
        if (injector == null) {
            injector = new ExhStandaloneSetup().createInjectorAndDoEMFRegistration();
        }
        return injector;
    }

    /** Loads a file from disk (includes relative to it). */
    public static Result load(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        // files are read as SourceText (strict UTF-8, BOM, CR, nesting); a file that is not is reported once, at its
        // line and column, before the diagnostics of the load (issue 22)
        java.util.Set<Diagnostic> unreadable = new java.util.LinkedHashSet<>();
        Result r = load(abs.toString(), p -> {
            try {
                String text = SourceText.read(Path.of(p), p);
                SourceText.checkNesting(p, text);
                return Optional.of(text);
            } catch (DiagnosticException e) {
                unreadable.add(e.diagnostic());
                return Optional.empty();
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        });
        if (unreadable.isEmpty()) {
            return r;
        }
        Diagnostics d = new Diagnostics();
        unreadable.forEach(d::add);
        for (Diagnostic x : r.diagnostics()) {
            if (!x.message().startsWith("cannot read the decision space")) {
                d.add(x);
            }
        }
        return new Result(null, null, d, r.specs());
    }

    /** Loads from a text (for tests and the editor); includes resolve through {@code reader}. */
    public static Result loadText(String name, String text, Function<String, Optional<String>> reader) {
        return load(name, p -> p.equals(name) ? Optional.of(text) : reader.apply(p));
    }

    /**
     * Loads {@code path} (a '/'-separated path; relative includes resolve against it) reading files through
     * {@code reader}; never throws on bad input.
     */
    public static Result load(String path, Function<String, Optional<String>> reader) {
        Diagnostics diags = new Diagnostics();
        XtextResourceSet rs = injector().getInstance(XtextResourceSet.class);
        rs.getURIConverter().getURIHandlers().add(0, new URIHandlerImpl() {
            @Override
            public boolean canHandle(URI uri) {
                return "dspace".equals(uri.scheme());
            }

            @Override
            public InputStream createInputStream(URI uri, Map<?, ?> options) throws IOException {
                Optional<String> t = reader.apply(pathOf(uri));
                if (t.isEmpty()) {
                    throw new IOException("cannot read " + pathOf(uri));
                }
                return new ByteArrayInputStream(t.get().getBytes(StandardCharsets.UTF_8));
            }

            @Override
            public boolean exists(URI uri, Map<?, ?> options) {
                return reader.apply(pathOf(uri)).isPresent();
            }
        });
        URI main = toUri(path);
        Resource r;
        try {
            r = rs.getResource(main, true);
        } catch (RuntimeException e) {
            diags.add(Diagnostic.error(path, 0, "cannot read the decision space: " + rootMessage(e),
                    "check the file name"));
            return new Result(null, null, diags, List.of());
        }
        // includes are textual (telamon-gen): the root's statements with each included file's in its place
        ExhIncludes.Expansion expansion = ExhIncludes.expand(r, (inc, message) -> diags.add(includeError(inc, message)));
        EcoreUtil.resolveAll(rs);
        IResourceValidator validator = injector().getInstance(IResourceValidator.class);
        List<Specification> specs = new ArrayList<>();
        for (Resource res : expansion.files()) {
            String file = pathOf(res.getURI());
            for (Issue i : validator.validate(res, CheckMode.ALL, CancelIndicator.NullImpl)) {
                diags.add(toDiagnostic(file, i));
            }
            if (!res.getContents().isEmpty() && res.getContents().get(0) instanceof Specification s) {
                specs.add(s);
            }
        }
        if (diags.hasErrors()) {
            return new Result(null, null, diags, specs);
        }
        Space space;
        Program prog;
        try {
            space = AstToSpace.convert(expansion.statements());
            prog = SpaceCompiler.compile(space);
        } catch (DiagnosticException e) {
            diags.add(e.diagnostic().withFile(path));
            return new Result(null, null, diags, specs);
        }
        return new Result(space, prog, diags, specs);
    }

    private static Diagnostic includeError(Include inc, String message) {
        var n = org.eclipse.xtext.nodemodel.util.NodeModelUtils.getNode(inc);
        var at = n == null ? null : org.eclipse.xtext.nodemodel.util.NodeModelUtils.getLineAndColumn(n, n.getOffset());
        return new Diagnostic(tessera.core.Severity.ERROR, pathOf(inc.eResource().getURI()), at == null ? 0 : at.getLine(),
                at == null ? 0 : at.getColumn(),
                n == null ? -1 : n.getOffset(), n == null ? 0 : n.getLength(), message,
                message.startsWith("include cycle") ? "remove one include of the cycle" : "paths are relative to the including file",
                "dspace.include");
    }

    private static String rootMessage(Throwable e) {
        while (e.getCause() != null) {
            e = e.getCause();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    static URI toUri(String path) {
        String p = path.replace('\\', '/');
        if (!p.startsWith("/")) {
            p = "/" + p;
        }
        return URI.createHierarchicalURI("dspace", null, null, URI.createURI(p).segments(), null, null)
                .appendSegments(new String[0]);
    }

    static String pathOf(URI uri) {
        if (!"dspace".equals(uri.scheme())) {
            return uri.toString();
        }
        String p = uri.path();
        return p;
    }

    static Diagnostic toDiagnostic(String file, Issue i) {
        tessera.core.Severity s = i.getSeverity() == Severity.ERROR ? tessera.core.Severity.ERROR
                : i.getSeverity() == Severity.WARNING ? tessera.core.Severity.WARNING : tessera.core.Severity.INFO;
        String hint = i.getData() != null && i.getData().length > 1 ? i.getData()[1] : "";
        // a file that could not be loaded (an include read twice, say) has an issue without a position: 1:1, and
        // without the exception's class in its message (issue 22: every diagnostic has a position)
        boolean placed = i.getLineNumber() != null && i.getLineNumber() > 0;
        String message = String.valueOf(i.getMessage()).replaceFirst("^java\\.io\\.[A-Za-z]*Exception: ", "");
        return new Diagnostic(s, file, placed ? i.getLineNumber() : 1,
                placed ? (i.getColumn() == null ? 0 : i.getColumn()) : 1, i.getOffset() == null ? -1 : i.getOffset(),
                i.getLength() == null ? 0 : i.getLength(), message, hint, i.getCode());
    }

    /** Parses only (no linking or validation): used by the grammar fuzzer. Returns the syntax errors. */
    public static List<Resource.Diagnostic> parseOnly(String text) {
        XtextResource r = PARSE_ONLY.get();
        try {
            r.reparse(text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return r.getErrors();
    }

    private static final ThreadLocal<XtextResource> PARSE_ONLY = ThreadLocal.withInitial(() -> {
        XtextResourceSet rs = injector().getInstance(XtextResourceSet.class);
        XtextResource r = (XtextResource) rs.createResource(URI.createURI("dummy:/parse-only.exh"));
        try {
            r.load(new ByteArrayInputStream(new byte[0]), null);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return r;
    });
}
