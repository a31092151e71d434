package tessera.tcpa.sim;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;

/**
 * The diagnostics of one simulation of a concrete configuration (seed 003 §6), all reported against the
 * configuration's file: {@link #error} records a problem and lets the checks go on, {@link #fail} records one and
 * returns the {@link Abort} that stops the run.
 */
final class Problems {
    /** Stops a run; its problem is already among the diagnostics. */
    static final class Abort extends RuntimeException {
        Abort() {
            super(null, null, false, false);
        }
    }

    final Diagnostics diagnostics = new Diagnostics();
    private final String file;

    Problems(String file) {
        this.file = file == null ? "" : file;
    }

    void error(String message, String hint) {
        diagnostics.add(Diagnostic.error(file, 0, message, hint));
    }

    Abort fail(String message, String hint) {
        error(message, hint);
        return new Abort();
    }

    void warning(String message, String hint) {
        diagnostics.add(Diagnostic.warning(file, 0, message, hint));
    }
}
