package tessera.ddg.convert;

import java.util.List;
import java.util.Map;

import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.validation.Issue;

import com.google.inject.Injector;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.ddg.DdgStandaloneSetup;
import tessera.ddg.ddg.DdgFile;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.xtext.XtextLanguage;

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

    private static final XtextLanguage DDG = new XtextLanguage("ddg", () -> new DdgStandaloneSetup().createInjectorAndDoEMFRegistration());

    private DdgLoader() {
    }

    /** The language's injector (created once, registers the EPackage). */
    public static Injector injector() {
        return DDG.injector();
    }

    /** Parses, links and validates {@code text}; converts it when there is no error. Never throws on bad input. */
    public static Result load(String text, String fileName) {
        String file = fileName == null ? "" : fileName;
        XtextResource res = parse(text, file);
        Diagnostics d = DDG.diagnostics(file, res);
        DdgFile ast = res.getContents().isEmpty() ? null : (DdgFile) res.getContents().get(0);
        if (d.hasErrors()) {
            return new Result(ast, Map.of(), List.of(), d);
        }
        DdgConverter.Model m = DdgConverter.convert(ast, file, d);
        return new Result(ast, m.machines(), m.loops(), d);
    }

    /** Parses (and links lazily) into a fresh resource set. */
    public static XtextResource parse(String text, String fileName) {
        return DDG.parse(text, fileName);
    }

    /**
     * The text laid out by the language's formatter (docs/modsched.md layout) with {@code indentation} per level;
     * a text with syntax errors comes back unchanged.
     */
    public static String format(String text, String indentation) {
        return DDG.format(text, indentation);
    }

    /** Syntax, linking and validation issues of a parsed resource. */
    public static List<Issue> validate(XtextResource res) {
        return DDG.validate(res);
    }

    /** An Xtext issue as a tessera diagnostic; the hint is the issue's first data item when there is one. */
    public static Diagnostic diagnostic(String file, Issue i) {
        return XtextLanguage.diagnostic(file, i);
    }
}
