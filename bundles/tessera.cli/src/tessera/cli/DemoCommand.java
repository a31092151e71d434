package tessera.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;
import tessera.core.pass.PassRegistry;
import tessera.core.pass.ProjectRunner;
import tessera.core.pass.ProjectRunner.PassRun;

/** {@code tessera demo}: every installed pass over the bundled examples, results under a named folder. */
final class DemoCommand implements CliCommand {
    @Override
    public String name() {
        return "demo";
    }

    @Override
    public String summary() {
        return "run every pass on the bundled examples and summarize (results under out/demo)";
    }

    @Override
    public String usage() {
        return """
                usage: tessera demo [--examples DIR] [--out-dir DIR]
                  Runs every installed pass on the example project (default: the examples/ folder of the
                  Tessera installation) and writes all results under DIR/gen (default: out/demo).
                examples:
                  tessera demo --examples examples/modsched --out-dir demo""";
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("examples", "out-dir");
    }

    @Override
    public int run(CliContext ctx, Args args) throws Exception {
        args.expectPositional(0);
        Path examples = args.option("examples").map(ctx::resolve).orElseGet(() -> defaultExamples(ctx));
        if (!Files.isDirectory(examples)) {
            throw new UsageException("no examples folder at " + examples + " (give one with --examples DIR)");
        }
        Path out = ctx.resolve(args.option("out-dir").orElse("out/demo"));
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new UsageException("--out-dir " + out + " is a file; name a folder (results go to its gen/)");
        }
        PassRegistry registry = PassRegistry.discover();
        List<PassRun> runs = new ProjectRunner(registry).run(examples, out, ctx.monitor());
        boolean ok = runs.stream().noneMatch(PassRun::hasErrors);
        if (ctx.json()) {
            Map<String, Object> m = RunReport.json(runs);
            m.put("examples", examples.toString());
            m.put("results", out.resolve("gen").toString());
            m.put("passes", registry.all().stream().map(p -> p.id()).toList());
            ctx.json(m);
        } else {
            ctx.println("Tessera demo: " + registry.all().size() + " passes installed, "
                    + runs.stream().map(PassRun::file).distinct().count() + " example files, " + runs.size()
                    + " pass runs");
            RunReport.text(ctx, runs);
            ctx.println((ok ? "All examples passed." : "Some examples FAILED (see above).") + " Results are under "
                    + out.resolve("gen"));
        }
        return ok ? OK : FAILED;
    }

    static Path defaultExamples(CliContext ctx) {
        String home = System.getProperty("tessera.home", System.getenv("TESSERA_HOME"));
        return home != null && !home.isBlank() ? Path.of(home).resolve("examples") : ctx.resolve("examples");
    }
}
