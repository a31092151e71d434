package tessera.kernel;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.validation.Issue;

import com.google.inject.Injector;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Severity;
import tessera.kernel.convert.KernelConverter;
import tessera.kernel.convert.KernelOverrides;
import tessera.kernel.kernel.KernelDef;
import tessera.telamon.kernel.Kernel;
import tessera.xtext.XtextLanguage;

/**
 * THE reader of {@code .kernel} text (tests, tools and the editor's checks all agree with it): Xtext parses, links and
 * validates; problems become {@link Diagnostic}s with line, column, offset and length and a hint; a file without errors
 * is converted by {@link KernelConverter} into the kernel representation of {@code tessera.telamon.kernel}. Overrides
 * replace the instance values of parameters and sizes ({@code n=64}) and everything derived from them. Works on a
 * plain class path (standalone setup) and in OSGi. Never throws on bad input.
 */
public final class KernelLoader {
    /** What was read: the syntax tree, the kernel (null when there is an error) and the problems found. */
    public record Result(KernelDef ast, Kernel kernel, Diagnostics diagnostics) {
        public boolean ok() {
            return kernel != null && !diagnostics.hasErrors();
        }
    }

    private static final XtextLanguage KERNEL = new XtextLanguage("kernel",
            () -> new KernelStandaloneSetup().createInjectorAndDoEMFRegistration());

    private KernelLoader() {
    }

    /** The language's injector (created once, registers the EPackage). */
    public static Injector injector() {
        return KERNEL.injector();
    }

    /** Reads {@code file}; a file that cannot be read is an error diagnostic. */
    public static Result load(Path file, Map<String, Long> paramOverrides) {
        String text;
        try {
            text = tessera.core.SourceText.read(file, file.toString()); // strict UTF-8, BOM and CR handled
        } catch (tessera.core.DiagnosticException e) {
            Diagnostics d = new Diagnostics();
            d.add(e.diagnostic());
            return new Result(null, null, d);
        } catch (IOException e) {
            Diagnostics d = new Diagnostics();
            d.add(new Diagnostic(Severity.ERROR, file.toString(), 0, 0, -1, 0, "cannot read " + file + ": " + e.getMessage(),
                    "check the path", "kernel.io"));
            return new Result(null, null, d);
        }
        return loadText(file.toString(), text, paramOverrides);
    }

    /** Parses, links and validates {@code text} named {@code name}; converts it when there is no error. */
    public static Result loadText(String name, String text, Map<String, Long> paramOverrides) {
        String file = name == null ? "" : name;
        Map<String, Long> overrides = paramOverrides == null ? Map.of() : paramOverrides;
        XtextResource res;
        try {
            res = KERNEL.parse(text, file);
        } catch (tessera.core.DiagnosticException e) { // brackets nested too deep: a diagnostic, never a throw
            Diagnostics d = new Diagnostics();
            d.add(e.diagnostic());
            return new Result(null, null, d);
        }
        KernelOverrides.set(res, overrides);
        Diagnostics d = KERNEL.diagnostics(file, res);
        KernelDef ast = res.getContents().isEmpty() ? null : (KernelDef) res.getContents().get(0);
        if (d.hasErrors() || ast == null) {
            return new Result(ast, null, d);
        }
        KernelConverter.Converted c = KernelConverter.convert(ast, overrides,
                (message, hint, on, feature) -> d.add(diagnostic(file, message, hint, on, feature)));
        return new Result(ast, c.kernel(), d);
    }

    /** Parses (and links lazily) into a fresh resource set. */
    public static XtextResource parse(String text, String fileName) {
        return KERNEL.parse(text, fileName);
    }

    /** The text laid out by the language's formatter with {@code indentation} per level; syntax errors: unchanged. */
    public static String format(String text, String indentation) {
        return KERNEL.format(text, indentation);
    }

    /** Syntax, linking and validation issues of a parsed resource. */
    public static List<Issue> validate(XtextResource res) {
        return KERNEL.validate(res);
    }

    private static Diagnostic diagnostic(String file, String message, String hint, EObject on, EStructuralFeature f) {
        List<INode> nodes = f == null ? List.of() : NodeModelUtils.findNodesForFeature(on, f);
        INode n = nodes.isEmpty() ? NodeModelUtils.findActualNodeFor(on) : nodes.get(0);
        if (n == null) {
            return new Diagnostic(Severity.ERROR, file, 0, 0, -1, 0, message, hint, "kernel.validation");
        }
        int line = n.getStartLine();
        int col = n.getOffset() - lineStart(n) + 1;
        return new Diagnostic(Severity.ERROR, file, line, col, n.getOffset(), n.getLength(), message, hint,
                "kernel.validation");
    }

    private static int lineStart(INode n) {
        String all = n.getRootNode().getText();
        int i = Math.min(n.getOffset(), all.length());
        while (i > 0 && all.charAt(i - 1) != '\n') {
            i--;
        }
        return i;
    }
}
