package tessera.core.cli;

import java.io.PrintStream;
import java.nio.file.Path;

import tessera.core.Diagnostic;
import tessera.core.Monitor;

/**
 * What a subcommand talks to. With {@code --json} a command prints exactly one JSON document on stdout
 * ({@link #json}) and nothing else there; human text and progress go to stderr in that mode.
 */
public final class CliContext {
    private final PrintStream out;
    private final PrintStream err;
    private final Path workingDir;
    private final boolean json;
    private final boolean quiet;

    public CliContext(PrintStream out, PrintStream err, Path workingDir, boolean json, boolean quiet) {
        this.out = out;
        this.err = err;
        this.workingDir = workingDir;
        this.json = json;
        this.quiet = quiet;
    }

    public PrintStream out() {
        return out;
    }

    public PrintStream err() {
        return err;
    }

    public boolean json() {
        return json;
    }

    public Path workingDir() {
        return workingDir;
    }

    /** Resolves a user-given path against the working directory. */
    public Path resolve(String path) {
        return workingDir.resolve(path).normalize();
    }

    /** Human text: stdout normally, stderr when stdout is reserved for JSON. */
    public void println(String line) {
        if (json) {
            if (!quiet) {
                err.println(line);
            }
        } else {
            out.println(line);
        }
    }

    /** Prints the command's JSON result (only in --json mode). */
    public void json(Object value) {
        out.println(Json.write(value));
    }

    public void report(Diagnostic d) {
        err.println(d.format());
    }

    /** Progress on stderr, one line per sub-task; cancellation is Ctrl-C. */
    public Monitor monitor() {
        return new Monitor() {
            private String task = "";

            @Override
            public void begin(String name, int totalWork) {
                task = name;
                if (!quiet) {
                    err.println("... " + name);
                }
            }

            @Override
            public void worked(int work) {
            }

            @Override
            public void subTask(String name) {
                if (!quiet) {
                    err.println("... " + task + ": " + name);
                }
            }

            @Override
            public boolean isCanceled() {
                return Thread.currentThread().isInterrupted();
            }
        };
    }
}
