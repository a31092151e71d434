package tessera.core;

/** How bad a {@link Diagnostic} is; ERROR stops the pass's output from being trusted. */
public enum Severity {
    ERROR, WARNING, INFO;

    /** Lower-case word used in messages and JSON ("error", "warning", "info"). */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
