package tessera.xtext;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

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
import tessera.core.Diagnostics;
import tessera.core.Severity;
import tessera.core.SourceText;

/**
 * What the loaders of the Tessera Xtext languages share: the language's injector (created once, on a plain class
 * path as in OSGi), parsing text into a fresh resource, validation into {@link Diagnostic}s with line, column,
 * offset and length (and the language's hints), and the formatter. One instance per language, held by its loader.
 */
public final class XtextLanguage {
    private final String extension;
    private final Supplier<Injector> setup;
    private final Function<Issue, String> hint;
    private volatile Injector injector;

    /**
     * A language whose hints travel as the issues' first data item.
     *
     * @param extension the file extension without the dot ({@code tcpa}): the resource URI's scheme and suffix
     * @param setup creates the injector and registers the EPackage (the language's standalone setup)
     */
    public XtextLanguage(String extension, Supplier<Injector> setup) {
        this(extension, setup, XtextLanguage::firstDataItem);
    }

    /** @param hint the hint of an issue's diagnostic ("" for none) */
    public XtextLanguage(String extension, Supplier<Injector> setup, Function<Issue, String> hint) {
        this.extension = extension;
        this.setup = setup;
        this.hint = hint;
    }

    /** The language's injector (created on first use). */
    public Injector injector() {
        Injector i = injector;
        if (i == null) {
            synchronized (this) {
                i = injector;
                if (i == null) {
                    i = setup.get();
                    injector = i;
                }
            }
        }
        return i;
    }

    /**
     * Parses {@code text} (links lazily) into a fresh resource set; a blank name becomes {@code input.EXT}. The text is
     * {@link SourceText#normalize normalized} first.
     *
     * @throws tessera.core.DiagnosticException when brackets nest deeper than {@link SourceText#MAX_NESTING}
     */
    public XtextResource parse(String text, String fileName) {
        Injector inj = injector();
        XtextResourceSet rs = inj.getInstance(XtextResourceSet.class);
        XtextResource res = inj.getInstance(XtextResource.class);
        String name = fileName == null || fileName.isBlank() ? "input." + extension : fileName.replace('\\', '/');
        res.setURI(URI.createURI(extension + ":/" + URI.encodeSegment(name, false) + (name.endsWith("." + extension) ? "" : "." + extension)));
        rs.getResources().add(res);
        try {
            String t = SourceText.normalize(text == null ? "" : text);
            SourceText.checkNesting(name, t);
            res.load(new ByteArrayInputStream(t.getBytes(StandardCharsets.UTF_8)), rs.getLoadOptions());
        } catch (IOException e) {
            throw new IllegalStateException("reading from memory failed", e);
        }
        return res;
    }

    /** Syntax, linking and validation issues of a parsed resource. */
    public List<Issue> validate(XtextResource res) {
        return injector().getInstance(IResourceValidator.class).validate(res, CheckMode.ALL, CancelIndicator.NullImpl);
    }

    /** The issues of a parsed resource as diagnostics of {@code file}, with the language's hints. */
    public Diagnostics diagnostics(String file, XtextResource res) {
        Diagnostics d = new Diagnostics();
        for (Issue i : validate(res)) {
            d.add(diagnostic(file, i, hint.apply(i)));
        }
        return d;
    }

    /** The text laid out by the language's formatter with {@code indentation} per level; a text with syntax errors comes back unchanged. */
    public String format(String text, String indentation) {
        XtextResource res = parse(text, "format." + extension);
        if (res.getParseResult() == null || res.getParseResult().hasSyntaxErrors()) {
            return text;
        }
        Injector inj = injector();
        FormatterRequest req = inj.getInstance(FormatterRequest.class);
        req.setTextRegionAccess(inj.getInstance(TextRegionAccessBuilder.class).forNodeModel(res).create());
        MapBasedPreferenceValues prefs = new MapBasedPreferenceValues(new HashMap<>());
        prefs.put(FormatterPreferenceKeys.indentation, indentation);
        req.setPreferences(prefs);
        List<ITextReplacement> reps = inj.getInstance(IFormatter2.class).format(req);
        return req.getTextRegionAccess().getRewriter().renderToString(reps);
    }

    /** An Xtext issue as a tessera diagnostic; the hint is the issue's first data item when there is one. */
    public static Diagnostic diagnostic(String file, Issue i) {
        return diagnostic(file, i, firstDataItem(i));
    }

    /** An Xtext issue as a tessera diagnostic with the given hint. */
    public static Diagnostic diagnostic(String file, Issue i, String hint) {
        Severity s = switch (i.getSeverity()) {
            case ERROR -> Severity.ERROR;
            case WARNING -> Severity.WARNING;
            default -> Severity.INFO;
        };
        return new Diagnostic(s, file, i.getLineNumber() == null ? 0 : i.getLineNumber(), i.getColumn() == null ? 0 : i.getColumn(),
                i.getOffset() == null ? -1 : i.getOffset(), i.getLength() == null ? 0 : i.getLength(), i.getMessage(), hint, i.getCode());
    }

    private static String firstDataItem(Issue i) {
        return i.getData() != null && i.getData().length > 0 ? i.getData()[0] : "";
    }
}
