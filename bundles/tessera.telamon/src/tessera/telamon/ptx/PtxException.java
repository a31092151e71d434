package tessera.telamon.ptx;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Severity;

/**
 * An error in PTX text (parse and type errors, with line and column) or in its execution (out-of-bounds or misaligned
 * access, race, divergent barrier, division by zero, step limit: with the PTX line, the thread and the block). Its
 * message is the compiler-style one-liner {@code file:line:column: error: message}; never shown as a stack trace.
 */
public final class PtxException extends DiagnosticException {
    private static final long serialVersionUID = 1L;

    public PtxException(Diagnostic d) {
        super(d);
    }

    static PtxException at(String file, int line, int column, String message) {
        return new PtxException(new Diagnostic(Severity.ERROR, file, line, column, -1, 0, message, "", ""));
    }

    /** An error that is not tied to a PTX line (bad launch arguments, host-side memory access). */
    static PtxException of(String message) {
        return new PtxException(new Diagnostic(Severity.ERROR, "", 0, 0, -1, 0, message, "", ""));
    }
}
