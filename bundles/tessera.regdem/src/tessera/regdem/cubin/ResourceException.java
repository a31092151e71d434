package tessera.regdem.cubin;

import tessera.core.Diagnostic;

/**
 * Input that cannot be read as a cubin or resource report: which file, which line (0 for binary input or when unknown),
 * what is wrong and what to do. Callers turn it into a {@link Diagnostic} with {@link #toDiagnostic()}.
 */
public final class ResourceException extends Exception {
    private static final long serialVersionUID = 1L;
    private final String file;
    private final int line;
    private final String hint;

    public ResourceException(String file, int line, String message, String hint) {
        super(message, null, false, false);
        this.file = file == null ? "" : file;
        this.line = Math.max(0, line);
        this.hint = hint == null ? "" : hint;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public String hint() {
        return hint;
    }

    public Diagnostic toDiagnostic() {
        return Diagnostic.error(file, line, getMessage(), hint);
    }

    @Override
    public String toString() {
        return toDiagnostic().format();
    }
}
