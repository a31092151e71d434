package tessera.core;

import java.util.Objects;

/**
 * A problem found in user input: where it is, what is wrong and what to do about it.
 * Lines and columns are 1-based; 0 means unknown. {@code offset}/{@code length} locate the token when known (-1 otherwise).
 */
public record Diagnostic(Severity severity, String file, int line, int column, int offset, int length, String message,
        String hint, String code) {

    public Diagnostic {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
        file = file == null ? "" : file;
        hint = hint == null ? "" : hint;
        code = code == null ? "" : code;
    }

    public static Diagnostic error(String file, int line, String message, String hint) {
        return new Diagnostic(Severity.ERROR, file, line, 0, -1, 0, message, hint, "");
    }

    public static Diagnostic warning(String file, int line, String message, String hint) {
        return new Diagnostic(Severity.WARNING, file, line, 0, -1, 0, message, hint, "");
    }

    public static Diagnostic info(String file, int line, String message) {
        return new Diagnostic(Severity.INFO, file, line, 0, -1, 0, message, "", "");
    }

    public Diagnostic withFile(String newFile) {
        return new Diagnostic(severity, newFile, line, column, offset, length, message, hint, code);
    }

    public Diagnostic withCode(String newCode) {
        return new Diagnostic(severity, file, line, column, offset, length, message, hint, newCode);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /**
     * The line shown to users: a diagnostic about a whole file (no line known) is shown at its start, line 1, so every
     * diagnostic naming a file has a position; 0 only for one without a file (a command-line or time-limit error).
     */
    public int shownLine() {
        return line > 0 || file.isEmpty() ? line : 1;
    }

    /** The column shown to users: 1 for a diagnostic about a whole file (see {@link #shownLine()}). */
    public int shownColumn() {
        return line > 0 || file.isEmpty() ? column : 1;
    }

    /** The diagnostic as a JSON object (severity, file, line, column, message, hint, code), positions as shown. */
    public java.util.Map<String, Object> toJson() {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("severity", severity.word());
        m.put("file", file);
        m.put("line", shownLine());
        m.put("column", shownColumn());
        m.put("message", message);
        m.put("hint", hint);
        if (!code.isEmpty()) {
            m.put("code", code);
        }
        return m;
    }

    /** The compiler-style one-liner: {@code file:line:col: error: message (hint)}. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        if (!file.isEmpty()) {
            sb.append(file).append(':').append(shownLine()).append(':');
            if (shownColumn() > 0) {
                sb.append(shownColumn()).append(':');
            }
            sb.append(' ');
        }
        sb.append(severity.word()).append(": ").append(message);
        if (!hint.isEmpty()) {
            sb.append(" (").append(hint).append(')');
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return format();
    }
}
