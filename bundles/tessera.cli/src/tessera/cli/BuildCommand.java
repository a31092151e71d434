package tessera.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;
import tessera.core.pass.PassRegistry;
import tessera.core.pass.ProjectRunner;
import tessera.core.pass.ProjectRunner.PassRun;

/** {@code tessera build}: what the Eclipse builder does, headless: every pass on a project folder, output to gen/. */
final class BuildCommand implements CliCommand {
    @Override
    public String name() {
        return "build";
    }

    @Override
    public String summary() {
        return "run the builder's passes on a project folder (output to PROJECT/gen)";
    }

    @Override
    public String usage() {
        return """
                usage: tessera build [PROJECT_DIR] [--out-dir DIR]
                  Runs every installed pass on the files of the project (default: the current folder), reads
                  settings from PROJECT_DIR/tessera.properties and writes results to DIR/gen (default: the project).
                  Exit code 1 when any file has errors.
                examples:
                  tessera build examples/modsched --out-dir build""";
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("out-dir");
    }

    @Override
    public int run(CliContext ctx, Args args) throws Exception {
        args.expectPositional(1);
        Path project = ctx.resolve(args.positional().isEmpty() ? "." : args.positional().get(0));
        if (!Files.isDirectory(project)) {
            throw new UsageException("no project folder at " + project);
        }
        Path out = args.option("out-dir").map(ctx::resolve).orElse(project);
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new UsageException("--out-dir " + out + " is a file; name a folder (results go to its gen/)");
        }
        List<PassRun> runs = new ProjectRunner(PassRegistry.discover()).run(project, out, ctx.monitor());
        if (ctx.json()) {
            ctx.json(RunReport.json(runs));
        } else {
            RunReport.text(ctx, runs);
        }
        return runs.stream().anyMatch(PassRun::hasErrors) ? FAILED : OK;
    }
}
