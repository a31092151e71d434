package tessera.ddg.convert;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;

import com.google.inject.Injector;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Severity;
import tessera.ddg.DdgStandaloneSetup;
import tessera.ddg.ddg.DdgFile;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;

/**
 * THE reader of {@code .ddg} text (the CLI, the builder pass, Studio and the tests all use it): Xtext parses,
 * links and validates; problems become {@link Diagnostic}s with line, column, offset and length; a file without
 * errors is converted by {@link DdgConverter}. Works on a plain class path (standalone setup) and in OSGi.
 */
public final class DdgLoader {
    /** What was read: the syntax tree, machines by name and loops in file order, plus the problems found. */
    public record Result(DdgFile ast, Map<String, Machine> machines, List<Loop> loops, Diagnostics diagnostics) {
        public boolean ok() {
            return !diagnostics.hasErrors();
        }
    }

    private static volatile Injector injector;

    private DdgLoader() {
    }

    /** The language's injector (created once, registers the EPackage). */
    public static Injector injector() {
        Injector i = injector;
        if (i == null) {
            synchronized (DdgLoader.class) {
                i = injector;
                if (i == null) {
                    i = new DdgStandaloneSetup().createInjectorAndDoEMFRegistration();
                    injector = i;
                }
            }
        }
        return i;
    }

    /** Parses, links and validates {@code text}; converts it when there is no error. Never throws on bad input. */
    public static Result load(String text, String fileName) {
        String file = fileName == null ? "" : fileName;
        Diagnostics d = new Diagnostics();
        XtextResource res = parse(text, file);
        for (Issue i : validate(res)) {
            d.add(diagnostic(file, i));
        }
        DdgFile ast = res.getContents().isEmpty() ? null : (DdgFile) res.getContents().get(0);
        if (d.hasErrors()) {
            return new Result(ast, Map.of(), List.of(), d);
        }
        DdgConverter.Model m = DdgConverter.convert(ast, file, d);
        return new Result(ast, m.machines(), m.loops(), d);
    }

    /** Parses (and links lazily) into a fresh resource set. */
    public static XtextResource parse(String text, String fileName) {
        Injector inj = injector();
        XtextResourceSet rs = inj.getInstance(XtextResourceSet.class);
        XtextResource res = inj.getInstance(XtextResource.class);
        String name = fileName == null || fileName.isBlank() ? "input.ddg" : fileName.replace('\\', '/');
        res.setURI(URI.createURI("ddg:/" + URI.encodeSegment(name, false) + (name.endsWith(".ddg") ? "" : ".ddg")));
        rs.getResources().add(res);
        try {
            res.load(new ByteArrayInputStream((text == null ? "" : text).getBytes(StandardCharsets.UTF_8)),
                    rs.getLoadOptions());
        } catch (IOException e) {
            throw new IllegalStateException("reading from memory failed", e);
        }
        return res;
    }

    /**
     * The text laid out by the language's formatter (docs/modsched.md layout) with {@code indentation} per level;
     * a text with syntax errors comes back unchanged.
     */
    public static String format(String text, String indentation) {
        XtextResource res = parse(text, "format.ddg");
        if (res.getParseResult() == null || res.getParseResult().hasSyntaxErrors()) {
            return text;
        }
        Injector inj = injector();
        org.eclipse.xtext.formatting2.FormatterRequest req = inj.getInstance(
                org.eclipse.xtext.formatting2.FormatterRequest.class);
        req.setTextRegionAccess(inj.getInstance(
                org.eclipse.xtext.formatting2.regionaccess.TextRegionAccessBuilder.class).forNodeModel(res).create());
        org.eclipse.xtext.preferences.MapBasedPreferenceValues prefs =
                new org.eclipse.xtext.preferences.MapBasedPreferenceValues(new java.util.HashMap<>());
        prefs.put(org.eclipse.xtext.formatting2.FormatterPreferenceKeys.indentation, indentation);
        req.setPreferences(prefs);
        List<org.eclipse.xtext.formatting2.regionaccess.ITextReplacement> reps = inj.getInstance(
                org.eclipse.xtext.formatting2.IFormatter2.class).format(req);
        return req.getTextRegionAccess().getRewriter().renderToString(reps);
    }

    /** Syntax, linking and validation issues of a parsed resource. */
    public static List<Issue> validate(XtextResource res) {
        return injector().getInstance(IResourceValidator.class).validate(res, CheckMode.ALL,
                CancelIndicator.NullImpl);
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
