package tessera.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import tessera.cli.Main;

/**
 * Runs a {@code tessera} command line as a user types it, through the entry point of the {@code ./tessera} launcher
 * ({@link Main#run}): global options, the command found among the registered ones, its options parsed by the launcher,
 * usage errors and exit codes as the launcher makes them.
 */
public final class CliRunner {
    /** What one command line did: its exit code and everything it printed. */
    public record Run(int code, String out, String err) {
    }

    private CliRunner() {
    }

    /** Runs {@code tessera LINE...} (the words after {@code tessera}, global options included) in {@code cwd}. */
    public static Run run(Path cwd, List<String> line) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(line, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), cwd);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs {@code tessera LINE...} in {@code cwd}. */
    public static Run run(Path cwd, String... line) {
        return run(cwd, List.of(line));
    }

    /**
     * Runs {@code tessera --quiet [--json] COMMAND WORDS...} in {@code cwd}: no progress lines on stderr, and with
     * {@code json} exactly one JSON document on stdout.
     */
    public static Run run(Path cwd, boolean json, String command, String... words) {
        List<String> line = new ArrayList<>(List.of("--quiet"));
        if (json) {
            line.add("--json");
        }
        line.add(command);
        line.addAll(List.of(words));
        return run(cwd, line);
    }
}
