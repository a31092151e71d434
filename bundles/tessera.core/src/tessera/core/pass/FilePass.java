package tessera.core.pass;

import java.util.List;
import java.util.Locale;

import tessera.core.Diagnostics;
import tessera.core.Severity;

/**
 * A {@link Pass} over the project files whose names end with one of the given endings: the id, description and order
 * every pass declares, given once to the constructor, so a pass class holds only what it does ({@link #run}).
 */
public abstract class FilePass implements Pass {
    private final String id;
    private final String description;
    private final int order;
    private final List<String> endings;

    /** @param endings lower-case name endings, e.g. {@code .pla} */
    protected FilePass(String id, String description, int order, String... endings) {
        this.id = id;
        this.description = description;
        this.order = order;
        this.endings = List.of(endings);
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String description() {
        return description;
    }

    /** Whether the name ends with one of the endings, ignoring case ({@code X.PLA} is a PLA file too). */
    @Override
    public boolean accepts(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        return endings.stream().anyMatch(n::endsWith);
    }

    @Override
    public final int order() {
        return order;
    }

    /**
     * Reports the diagnostics of reading the file; when it could not be read ({@code ok} false), also the summary
     * {@code ID: N error(s) in FILE}. Answers {@code ok}: the pass goes on only with a file it could read.
     */
    protected final boolean reportRead(PassContext context, Diagnostics diagnostics, boolean ok) {
        diagnostics.forEach(context::report);
        if (!ok) {
            context.summary(id + ": " + diagnostics.count(Severity.ERROR) + " error(s) in " + context.fileName());
        }
        return ok;
    }
}
