package tessera.core;

/**
 * Carries a user-facing {@link Diagnostic} out of deep code to the boundary (CLI, builder, view) that reports it.
 * Never shown as a stack trace.
 */
public class DiagnosticException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Diagnostic diagnostic;

    public DiagnosticException(Diagnostic diagnostic) {
        super(diagnostic.format());
        this.diagnostic = diagnostic;
    }

    public DiagnosticException(Diagnostic diagnostic, Throwable cause) {
        super(diagnostic.format(), cause);
        this.diagnostic = diagnostic;
    }

    public Diagnostic diagnostic() {
        return diagnostic;
    }
}
