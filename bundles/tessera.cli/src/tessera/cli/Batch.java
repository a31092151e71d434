package tessera.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliCommand.InputFile;
import tessera.core.cli.Json;
import tessera.core.cli.Progress;
import tessera.core.cli.UsageException;
import tessera.core.pass.ProjectRunner;

/**
 * A batch run (issue 25): {@code tessera CMD A B C} or {@code tessera CMD FOLDER} runs the command on each file in one
 * process (one start-up, one Xtext injector), one file after the other. Text output gives each file's output under a
 * {@code ==> FILE <==} header; {@code --json} gives one document for all ({@code results}: each file's own document);
 * the exit code is the worst of the files'. A folder stands for its files with the command's extensions, recursively,
 * skipping what the builder skips (gen/, target/, hidden folders), in name order.
 */
final class Batch {
    /** Runs the command once on {@code words} (one file's command line), its output on {@code out}, as a lone run. */
    @FunctionalInterface
    interface Runner {
        int run(List<String> words, PrintStream out);
    }

    private final String name;
    private final Args args;
    private final int position;
    private final List<String> files;

    private Batch(String name, Args args, int position, List<String> files) {
        this.name = name;
        this.args = args;
        this.position = position;
        this.files = files;
    }

    /**
     * The batch this command line asks for, or null when it names one file (or the command takes none): then the
     * command runs once as usual, and reports its own usage errors.
     */
    static Batch of(CliCommand command, List<String> words, Path cwd) {
        Args args;
        Optional<InputFile> input;
        try {
            args = Args.parse(words, command.flags(), command.valuedOptions());
            input = command.inputFile(args);
        } catch (RuntimeException e) {
            return null;
        }
        if (input.isEmpty() || args.positional().size() <= input.get().position()) {
            return null;
        }
        int p = input.get().position();
        List<String> given = args.positional().subList(p, args.positional().size());
        if (given.size() == 1 && !Files.isDirectory(cwd.resolve(given.get(0)))) {
            return null;
        }
        for (String o : input.get().singleFileOptions()) {
            if (args.option(o).isPresent()) {
                throw new UsageException("--" + o + " names one output file: with several input files, run them one at a"
                        + " time");
            }
        }
        List<String> files = new ArrayList<>();
        for (String g : given) {
            Path path = cwd.resolve(g).normalize();
            if (Files.isDirectory(path)) {
                List<String> found = filesIn(path, g, input.get());
                if (found.isEmpty()) {
                    throw new UsageException("no ." + String.join(" or .", input.get().extensions().stream().sorted()
                            .toList()) + " file in folder " + g);
                }
                files.addAll(found);
            } else {
                files.add(g);
            }
        }
        return new Batch(command.name(), args, p, List.copyOf(files));
    }

    /** The files under {@code folder} with one of the input's extensions, named from {@code given} on, in name order. */
    private static List<String> filesIn(Path folder, String given, InputFile input) {
        try (Stream<Path> s = Files.walk(folder)) {
            return s.filter(Files::isRegularFile)
                    .filter(f -> !ProjectRunner.ignored(folder.relativize(f)))
                    .filter(f -> input.extensions().contains(extension(f)))
                    .map(f -> Path.of(given).resolve(folder.relativize(f)).toString())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String extension(Path f) {
        String n = f.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(dot + 1);
    }

    /** Runs every file; the exit code is the worst of the files' (Ctrl-C stops after the file under way: 130). */
    int run(boolean json, boolean quiet, PrintStream out, PrintStream err, Runner runner) {
        Progress progress = Progress.onStderr(err, quiet);
        progress.begin("tessera " + name, files.size());
        List<Object> results = new ArrayList<>();
        int worst = CliCommand.OK;
        int failed = 0;
        int ran = 0;
        for (String file : files) {
            if (Thread.currentThread().isInterrupted()) {
                worst = 130;
                break;
            }
            progress.item(ran, files.size(), file);
            List<String> words = args.withPositional(position, file);
            int code;
            if (json) {
                ByteArrayOutputStream buffer = new ByteArrayOutputStream();
                code = runner.run(words, new PrintStream(buffer, true, StandardCharsets.UTF_8));
                results.add(Json.object("file", file, "exitCode", code,
                        "result", Json.embed(buffer.toString(StandardCharsets.UTF_8))));
            } else {
                out.println("==> " + file + " <==");
                code = runner.run(words, out);
            }
            ran++;
            failed += code == CliCommand.OK ? 0 : 1;
            worst = Math.max(worst, code);
        }
        progress.done();
        if (!quiet || failed > 0) {
            err.println("tessera " + name + ": " + ran + " of " + files.size() + " files run, " + failed + " failed");
        }
        if (json) {
            out.println(Json.write(Json.object("ok", worst == CliCommand.OK, "exitCode", worst, "command", name,
                    "files", files.size(), "run", ran, "failed", failed, "results", results)));
        }
        return worst;
    }
}
