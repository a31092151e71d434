package tessera.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import tessera.core.CancelledException;
import tessera.core.DiagnosticException;
import tessera.core.ServiceFiles;
import tessera.core.TimeLimitException;
import tessera.core.Version;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;

/**
 * The {@code tessera} command line: global options, then a subcommand. Subcommands come from the built-ins here and
 * from every bundle's {@code META-INF/services/tessera.core.cli.CliCommand}. Errors are one-line messages with an exit
 * code (1 input/check failed, 2 usage, 70 internal); stack traces only with {@code --debug}.
 */
public final class Main {
    static final String GLOBAL_HELP = """
            usage: tessera [--json] [--quiet] [--debug] <command> [options]
                   tessera --help | --version | help <command>

            global options:
              --json     print exactly one JSON document on stdout (human text goes to stderr)
              --quiet    no progress lines on stderr
              --debug    show stack traces of internal errors
              --version  print the version and exit
              --help     this text

            exit codes: 0 ok, 1 the input has errors or a check failed, 2 bad command line, 70 internal error
            """;

    static {
        // log4j 1.x's default initialisation looks for log4j.xml and log4j.properties in every jar of the class path:
        // about 0.25 s of a 0.4 s start-up (issue 25). Tessera configures its one appender itself (logToStderr).
        System.setProperty("log4j.defaultInitOverride", "true");
    }

    private static boolean logging;

    private Main() {
    }

    /**
     * Xtext's log4j configuration writes to stdout; ours writes warnings and errors to stderr, so --json stays JSON.
     * Done once, before the first command runs (not for --version and --help, which need no logging).
     */
    static synchronized void logToStderr() {
        if (logging) {
            return;
        }
        logging = true;
        org.apache.log4j.Logger root = org.apache.log4j.Logger.getRootLogger();
        root.removeAllAppenders();
        root.addAppender(new org.apache.log4j.ConsoleAppender(new org.apache.log4j.PatternLayout("tessera: %p %c{1}: %m%n"),
                org.apache.log4j.ConsoleAppender.SYSTEM_ERR));
        root.setLevel(org.apache.log4j.Level.WARN);
        org.apache.log4j.Logger.getLogger("org.eclipse.xtext").setLevel(org.apache.log4j.Level.WARN);
    }

    public static void main(String[] argv) {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true,
                StandardCharsets.UTF_8);
        Interrupt.onCtrlC(System.err);
        int code = run(Arrays.asList(argv), out, System.err, Path.of("").toAbsolutePath());
        out.flush();
        System.exit(code);
    }

    /** Runs one command line; never throws, returns the exit code. */
    public static int run(List<String> argv, PrintStream out, PrintStream err, Path cwd) {
        boolean json = false;
        boolean quiet = false;
        boolean debug = false;
        int i = 0;
        for (; i < argv.size() && argv.get(i).startsWith("-"); i++) {
            switch (argv.get(i)) {
                case "--json" -> json = true;
                case "--quiet", "-q" -> quiet = true;
                case "--debug" -> debug = true;
                case "--version", "-V" -> {
                    out.println(json ? "{ \"version\": \"" + Version.VERSION + "\" }" : "tessera " + Version.VERSION);
                    return CliCommand.OK;
                }
                case "--help", "-h" -> {
                    out.print(help());
                    return CliCommand.OK;
                }
                default -> {
                    err.println("tessera: unknown option '" + argv.get(i) + "' (run 'tessera --help')");
                    return CliCommand.USAGE;
                }
            }
        }
        if (i >= argv.size()) {
            err.println("tessera: missing command (run 'tessera --help' for the list)");
            return CliCommand.USAGE;
        }
        String name = argv.get(i);
        List<String> rest = new ArrayList<>(argv.subList(i + 1, argv.size()));
        // options given after the command name that are global
        json |= rest.remove("--json");
        quiet |= rest.remove("--quiet");
        debug |= rest.remove("--debug");
        Map<String, CliCommand> commands = commands();
        if (name.equals("help")) {
            if (rest.isEmpty()) {
                out.print(help());
                return CliCommand.OK;
            }
            CliCommand c = commands.get(rest.get(0));
            if (c == null) {
                err.println("tessera: unknown command '" + rest.get(0) + "' (run 'tessera --help' for the list)");
                return CliCommand.USAGE;
            }
            out.println(c.usage());
            return CliCommand.OK;
        }
        CliCommand command = commands.get(name);
        if (command == null) {
            err.println("tessera: unknown command '" + name + "' (run 'tessera --help' for the list)");
            return CliCommand.USAGE;
        }
        if (rest.contains("--help") || rest.contains("-h")) {
            out.println(command.usage());
            return CliCommand.OK;
        }
        logToStderr();
        boolean withTraces = debug;
        Batch batch;
        try {
            batch = Batch.of(command, rest, cwd);
        } catch (UsageException e) {
            err.println("tessera " + name + ": " + e.getMessage() + " (run 'tessera help " + name + "')");
            return CliCommand.USAGE;
        }
        if (batch != null) {
            boolean quietBatch = quiet;
            boolean jsonBatch = json;
            // each file runs as a lone quiet run (its own JSON document); the batch shows its own progress
            return onLargeStack(() -> batch.run(jsonBatch, quietBatch, out, err,
                    (words, o) -> runOnce(command, name, words, jsonBatch, true, withTraces, o, err, cwd)), err, name);
        }
        return runOnce(command, name, rest, json, quiet, withTraces, out, err, cwd);
    }

    /** One run of {@code command} on its words; with {@code json}, exactly one JSON document on {@code out}. */
    static int runOnce(CliCommand command, String name, List<String> rest, boolean json, boolean quiet, boolean debug,
            PrintStream out, PrintStream err, Path cwd) {
        if (!json) {
            CliContext ctx = new CliContext(out, err, cwd, false, quiet);
            return onLargeStack(() -> runCommand(command, name, rest, ctx, err, debug), err, name);
        }
        JsonOnFailure guard = new JsonOnFailure(out, err);
        CliContext ctx = new CliContext(guard.out(), guard.err(), cwd, true, quiet);
        int code = onLargeStack(() -> runCommand(command, name, rest, ctx, guard.err(), debug), guard.err(), name);
        guard.finish(code);
        return code;
    }

    /** Stack for one command: deep but bounded inputs (nesting up to SourceText.MAX_NESTING) must not overflow it. */
    static final long STACK_BYTES = 512L << 20;

    /** Runs {@code body} on a thread with a {@link #STACK_BYTES} stack; JVM errors become one-line messages. */
    static int onLargeStack(java.util.function.IntSupplier body, PrintStream err, String name) {
        if (Thread.currentThread() instanceof CommandThread) {
            return guarded(body, err, name); // already on a command thread (a batch's files)
        }
        int[] code = {CliCommand.INTERNAL};
        Thread t = new CommandThread(() -> code[0] = guarded(body, err, name), "tessera-" + name);
        Interrupt.commandStarted(t);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            t.interrupt();
            Thread.currentThread().interrupt();
            return 130;
        } finally {
            Interrupt.commandEnded(t);
        }
        return code[0];
    }

    /** {@code body}'s exit code; JVM errors (stack overflow, out of memory, …) become one-line messages. */
    private static int guarded(java.util.function.IntSupplier body, PrintStream err, String name) {
        try {
            return body.getAsInt();
        } catch (StackOverflowError e) {
            err.println("tessera " + name + ": the input is nested or chained too deeply for this command (stack overflow);"
                    + " simplify it or report it with the input");
            return CliCommand.FAILED;
        } catch (OutOfMemoryError e) {
            err.println("tessera " + name + ": out of memory (" + e.getMessage() + "); give Java more memory (TESSERA_JAVA_OPTS=-Xmx8g)"
                    + " or reduce the input");
            return CliCommand.FAILED;
        } catch (Throwable e) {
            err.println("tessera " + name + ": internal error: " + e + " (rerun with --debug for details; please report it)");
            return CliCommand.INTERNAL;
        }
    }

    /** The thread a command runs on, with its large stack; a batch runs its files one after the other on it. */
    private static final class CommandThread extends Thread {
        CommandThread(Runnable body, String name) {
            super(null, body, name, STACK_BYTES);
        }
    }

    static int runCommand(CliCommand command, String name, List<String> rest, CliContext ctx, PrintStream err,
            boolean debug) {
        return ctx.progress().whileRunning(name, () -> runCommandOnce(command, name, rest, ctx, err, debug));
    }

    private static int runCommandOnce(CliCommand command, String name, List<String> rest, CliContext ctx,
            PrintStream err, boolean debug) {
        try {
            return command.run(ctx, Args.parse(rest, command.flags(), command.valuedOptions()));
        } catch (UsageException e) {
            err.println("tessera " + name + ": " + e.getMessage() + " (run 'tessera help " + name + "')");
            return CliCommand.USAGE;
        } catch (DiagnosticException e) {
            err.println(e.diagnostic().format());
            return CliCommand.FAILED;
        } catch (TimeLimitException e) {
            err.println("tessera " + name + ": " + e.getMessage());
            return CliCommand.FAILED;
        } catch (CancelledException e) {
            err.println("tessera " + name + ": cancelled");
            return 130;
        } catch (java.nio.file.NoSuchFileException e) {
            err.println("tessera " + name + ": no such file: " + e.getMessage());
            return CliCommand.FAILED;
        } catch (java.nio.file.AccessDeniedException e) {
            err.println("tessera " + name + ": permission denied: " + e.getMessage());
            return CliCommand.FAILED;
        } catch (java.nio.file.FileSystemException e) {
            err.println("tessera " + name + ": " + e.getMessage());
            return CliCommand.FAILED;
        } catch (java.io.UncheckedIOException e) {
            err.println("tessera " + name + ": " + e.getCause().getMessage());
            return CliCommand.FAILED;
        } catch (Exception | LinkageError e) {
            err.println("tessera " + name + ": internal error: " + e
                    + (debug ? "" : " (rerun with --debug for details; please report it)"));
            if (debug) {
                e.printStackTrace(err);
            }
            return CliCommand.INTERNAL;
        }
    }

    static Map<String, CliCommand> commands() {
        Map<String, CliCommand> m = new TreeMap<>();
        for (CliCommand c : builtins()) {
            m.put(c.name(), c);
        }
        for (CliCommand c : ServiceFiles.load(CliCommand.class)) {
            m.putIfAbsent(c.name(), c);
        }
        return m;
    }

    static List<CliCommand> builtins() {
        return List.of(new DemoCommand(), new BuildCommand(), new PassesCommand(), new LspCommand());
    }

    static String help() {
        StringBuilder sb = new StringBuilder(GLOBAL_HELP).append("\ncommands:\n");
        Map<String, String> lines = new LinkedHashMap<>();
        for (CliCommand c : commands().values()) {
            lines.put(c.name(), c.summary());
        }
        lines.forEach((n, s) -> sb.append(String.format("  %-12s %s%n", n, s)));
        sb.append("\nrun 'tessera help <command>' for a command's options\n");
        return sb.toString();
    }
}
