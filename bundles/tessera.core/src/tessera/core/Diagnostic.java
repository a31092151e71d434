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

    /** The compiler-style one-liner: {@code file:line:col: error: message (hint)}. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        if (!file.isEmpty()) {
            sb.append(file).append(':');
            if (line > 0) {
                sb.append(line).append(':');
                if (column > 0) {
                    sb.append(column).append(':');
                }
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
