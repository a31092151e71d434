package tessera.tcpa.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import tessera.core.Diagnostic;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;

/**
 * The problems a TCPA command reported (each also printed on stderr), so that a command that stops early still prints
 * exactly one JSON document under {@code --json} (issue 22: a failing input is never an empty stdout).
 */
public final class Reports implements Consumer<Diagnostic> {
    private final CliContext ctx;
    private final List<Diagnostic> seen = new ArrayList<>();
    private volatile boolean printed;

    public Reports(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public synchronized void accept(Diagnostic d) {
        seen.add(d);
        ctx.report(d);
    }

    /** The diagnostics reported so far, formatted. */
    public synchronized List<String> formatted() {
        return seen.stream().map(Diagnostic::format).toList();
    }

    /** Whether the command printed its own JSON document. */
    public boolean printed() {
        return printed;
    }

    /** Records that the command printed its own JSON document (then {@link #fail} prints none). */
    public void printed(boolean p) {
        printed = p;
    }

    /** {@link CliCommand#FAILED}, after printing {@code {"file", "ok": false, "diagnostics"}} under --json. */
    public int fail(String file) {
        if (ctx.json() && !printed) {
            printed = true;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", file);
            m.put("ok", false);
            m.put("diagnostics", formatted());
            ctx.json(m);
        }
        return CliCommand.FAILED;
    }
}
