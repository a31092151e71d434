package tessera.core.cli;

import java.io.PrintStream;
import java.nio.file.Path;

import tessera.core.Diagnostic;

/**
 * What a subcommand talks to. With {@code --json} a command prints exactly one JSON document on stdout
 * ({@link #json(Object)}) and nothing else there; human text and progress go to stderr in that mode.
 *
 * @param out        stdout
 * @param err        stderr: diagnostics, progress, and human text in {@code --json} mode
 * @param workingDir what user-given paths are relative to
 * @param json       {@code --json}: stdout holds one JSON document only
 * @param quiet      {@code --quiet}: no progress lines, and no human text in {@code --json} mode
 * @param progress   the command's progress on stderr
 */
public record CliContext(PrintStream out, PrintStream err, Path workingDir, boolean json, boolean quiet,
        Progress progress) {

    /** A context whose progress goes to {@code err} as the launcher describes it. */
    public CliContext(PrintStream out, PrintStream err, Path workingDir, boolean json, boolean quiet) {
        this(out, err, workingDir, json, quiet, Progress.onStderr(err, quiet));
    }

    /** Resolves a user-given path against the working directory. */
    public Path resolve(String path) {
        return workingDir.resolve(path).normalize();
    }

    /**
     * Writes a command's output file given by {@code --option PATH}: atomically (a temporary file beside it, then a
     * move), so an error or Ctrl-C never leaves a half-written file. A path naming a folder, or inside a missing
     * folder, is the usage error {@code --option PATH: ...}.
     *
     * @return the resolved path written
     */
    public Path writeOutput(String option, String path, byte[] content) throws java.io.IOException {
        Path p = resolve(path);
        if (java.nio.file.Files.isDirectory(p)) {
            throw new UsageException("--" + option + " " + path + ": is a folder; name a file to write");
        }
        Path parent = p.getParent();
        if (parent != null && !java.nio.file.Files.isDirectory(parent)) {
            throw new UsageException("--" + option + " " + path + ": folder " + parent + " does not exist");
        }
        tessera.core.pass.ProjectRunner.writeAtomically(p, content);
        return p;
    }

    /** Reads a source file a command was given ({@link tessera.core.SourceText}): strict UTF-8, named as the user typed it. */
    public String readSource(String path) throws java.io.IOException {
        return tessera.core.SourceText.read(resolve(path), path);
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

    /** Progress on stderr ({@link Progress}: after a second, a bar on a terminal, else lines); cancellation is Ctrl-C. */
    public Progress monitor() {
        return progress;
    }
}
