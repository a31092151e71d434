package tessera.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.cli.Json;

/**
 * Keeps {@code --json}'s promise of one JSON document on stdout when a command fails before printing its own: what the
 * command wrote to stderr (its diagnostics, up to {@value #KEPT} lines) becomes {@code {"ok": false, "exitCode": N,
 * "messages": [...]}}. stderr still gets every line as usual.
 */
final class JsonOnFailure {
    static final int KEPT = 200;

    private final PrintStream out;
    private final PrintStream err;
    private final List<String> lines = new ArrayList<>();
    private boolean wroteOut;

    JsonOnFailure(PrintStream realOut, PrintStream realErr) {
        this.out = new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                wroteOut = true;
                realOut.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                wroteOut |= len > 0;
                realOut.write(b, off, len);
            }

            @Override
            public void flush() {
                realOut.flush();
            }
        }, true, StandardCharsets.UTF_8);
        this.err = new PrintStream(new OutputStream() {
            private final ByteArrayOutputStream line = new ByteArrayOutputStream();

            @Override
            public synchronized void write(int b) {
                realErr.write(b);
                if (b == '\n') {
                    keep(line.toString(StandardCharsets.UTF_8));
                    line.reset();
                } else if (line.size() < 4096) {
                    line.write(b);
                }
            }

            @Override
            public void flush() {
                realErr.flush();
            }
        }, true, StandardCharsets.UTF_8);
    }

    PrintStream out() {
        return out;
    }

    PrintStream err() {
        return err;
    }

    private synchronized void keep(String line) {
        String l = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
        if (!l.isBlank() && !l.startsWith("... ") && lines.size() < KEPT) {
            lines.add(l);
        }
    }

    /** After the command: a failure that printed nothing on stdout prints the failure document. */
    void finish(int code) {
        out.flush();
        err.flush();
        if (code != 0 && !wroteOut) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ok", false);
            m.put("exitCode", code);
            synchronized (this) {
                m.put("messages", List.copyOf(lines));
            }
            out.println(Json.write(m));
        }
    }
}
