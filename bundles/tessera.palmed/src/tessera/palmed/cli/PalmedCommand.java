package tessera.palmed.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Diagnostics;
import tessera.core.TimeLimitException;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.Json;
import tessera.core.cli.UsageException;
import tessera.palmed.infer.InferenceOptions;
import tessera.palmed.infer.Palmed;
import tessera.palmed.machine.BenchmarkMachine;
import tessera.palmed.machine.CachedMachine;
import tessera.palmed.machine.HostMachine;
import tessera.palmed.machine.SimulatedMachine;
import tessera.palmed.machine.X86Renderer;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.MappingIO;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.model.ResourceMapping;
import tessera.palmed.predict.BlockParser;
import tessera.palmed.predict.Comparison;
import tessera.palmed.predict.LlvmMca;
import tessera.palmed.predict.Prediction;

/** {@code tessera palmed infer|predict|compare}: seed 000 inference, block prediction and the llvm-mca comparison. */
public final class PalmedCommand implements CliCommand {
    @Override
    public String name() {
        return "palmed";
    }

    @Override
    public String summary() {
        return "PALMED: infer resource mappings from throughput benchmarks, predict block IPC, compare with llvm-mca";
    }

    @Override
    public String usage() {
        return """
                usage: tessera palmed infer --machine SIM.portmap|host --instructions LIST|FILE [--noise X] [--seed N]
                                            [--cache DIR] [--basic N] [--time-limit S] [--out MAP] [--json]
                       tessera palmed predict --mapping MAP BLOCK.s... [--json]
                       tessera palmed compare --machine SIM.portmap|host --mapping MAP (--blocks N | FILES...)
                                              [--with llvm-mca] [--seed N] [--json]
                MAP is a resource mapping (text or JSON, as written by infer --out) or a .portmap (its dual is used).
                LIST is comma-separated instruction ids, 'all' (every instruction of the .portmap), or @FILE.""";
    }

    /** The options of each verb; all take a value, {@code --json} is the one flag. */
    private static final Map<String, Set<String>> VERB_OPTIONS = Map.of(
            "infer", Set.of("machine", "instructions", "noise", "seed", "cache", "basic", "time-limit", "out"),
            "predict", Set.of("mapping"),
            "compare", Set.of("machine", "mapping", "blocks", "with", "seed"));

    @Override
    public Set<String> flags() {
        return Set.of("json");
    }

    /**
     * Every verb's options: the launcher parses the words after {@code palmed} before the verb is known, so it must
     * accept them all; {@link #run} parses them again against the verb's own.
     */
    @Override
    public Set<String> valuedOptions() {
        Set<String> all = new TreeSet<>();
        VERB_OPTIONS.values().forEach(all::addAll);
        return all;
    }

    @Override
    public int run(CliContext ctx, Args rawArgs) throws Exception {
        List<String> words = rawArgs.positional();
        if (words.isEmpty()) {
            throw new UsageException("missing verb: infer, predict or compare");
        }
        String verb = words.get(0);
        Set<String> verbOptions = VERB_OPTIONS.get(verb);
        if (verbOptions == null) {
            throw new UsageException("unknown verb '" + verb + "': use infer, predict or compare");
        }
        List<String> rest = new ArrayList<>(words.subList(1, words.size()));
        // the options the launcher parsed are handed back to the verb's own parser, which rejects other verbs' options
        if (rawArgs.flag("json")) {
            rest.add("--json");
        }
        for (String o : valuedOptions()) {
            for (String v : rawArgs.options(o)) {
                rest.add("--" + o);
                rest.add(v);
            }
        }
        Args a = Args.parse(rest, flags(), verbOptions);
        try {
            return switch (verb) {
                case "infer" -> infer(ctx, a);
                case "predict" -> predict(ctx, a);
                default -> compare(ctx, a);
            };
        } catch (DiagnosticException e) {
            ctx.report(e.diagnostic());
            return FAILED;
        } catch (TimeLimitException e) {
            ctx.report(Diagnostic.error("palmed", 0, e.getMessage(), ""));
            return FAILED;
        }
    }

    private static boolean json(CliContext ctx, Args a) {
        return ctx.json() || a.flag("json");
    }

    private static String read(CliContext ctx, String file) {
        try {
            return Files.readString(ctx.resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new DiagnosticException(Diagnostic.error(file, 0, "cannot read the file: " + e.getMessage(),
                    "check the path"));
        }
    }

    /** A parser of a file's text: it reports the problems to {@code diags} and returns null when there are errors. */
    private interface FileParser<T> {
        T parse(String file, String text, Diagnostics diags);
    }

    /** Reads and parses {@code file}, reports its diagnostics and fails with the first when nothing was read. */
    private static <T> T parse(CliContext ctx, String file, FileParser<T> parser) {
        Diagnostics d = new Diagnostics();
        T t = parser.parse(file, read(ctx, file), d);
        d.forEach(ctx::report);
        if (t == null) {
            throw new DiagnosticException(d.list().get(0));
        }
        return t;
    }

    private static PortMapping portmap(CliContext ctx, String file) {
        return parse(ctx, file, PortMappingParser::parse);
    }

    /** A basic block of {@code f} over the instructions of {@code m}; null (with diagnostics reported) when unreadable. */
    private static Kernel block(CliContext ctx, String f, ResourceMapping m) {
        Diagnostics d = new Diagnostics();
        Kernel k = BlockParser.parse(f, read(ctx, f), m::has, d);
        d.forEach(ctx::report);
        return k;
    }

    private static BenchmarkMachine machine(CliContext ctx, Args a, List<String> instrHint) {
        String m = a.required("machine", "missing --machine SIM.portmap|host");
        if (m.equals("host")) {
            Diagnostic d = HostMachine.unavailable();
            if (d != null) {
                throw new DiagnosticException(d);
            }
            return new HostMachine(instrHint, 5, 2_000_000);
        }
        double noise = a.doubleOption("noise", 0);
        if (noise < 0 || noise >= 1) {
            throw new UsageException("--noise expects a fraction in [0, 1), e.g. 0.02");
        }
        return new SimulatedMachine(portmap(ctx, m), noise, a.intOption("seed", 1));
    }

    private static List<String> instructionList(CliContext ctx, Args a) {
        String spec = a.required("instructions", "missing --instructions LIST");
        List<String> out = new ArrayList<>();
        String text = spec.startsWith("@") ? read(ctx, spec.substring(1)) : spec;
        for (String s : text.split("[,\\s]+")) {
            if (!s.isBlank() && !s.startsWith("#")) {
                out.add(s.trim());
            }
        }
        return out;
    }

    private int infer(CliContext ctx, Args a) {
        a.expectPositional(0);
        List<String> instrs = instructionList(ctx, a);
        BenchmarkMachine machine;
        if (instrs.equals(List.of("all"))) {
            if (a.option("machine").orElse("").equals("host")) {
                throw new UsageException("--instructions all needs a .portmap machine");
            }
            machine = machine(ctx, a, List.of());
            instrs = machine.instructions();
        } else {
            machine = machine(ctx, a, instrs);
            if (machine instanceof SimulatedMachine sim) {
                for (String i : instrs) {
                    if (!sim.mapping().has(i)) {
                        throw new DiagnosticException(Diagnostic.error(a.option("machine").get(), 0, "instruction " + i
                                + " is not in the port mapping", "list only instructions of the machine"));
                    }
                }
            } else {
                for (String i : instrs) {
                    if (!X86Renderer.renderable(i)) {
                        throw new UsageException("instruction " + i + " has no operand template (e.g. ADD_R64_R64)");
                    }
                }
            }
        }
        Path cache = a.option("cache").map(ctx::resolve).orElse(null);
        CachedMachine cm = new CachedMachine(machine, cache);
        InferenceOptions o = InferenceOptions.defaults().withBasicSetSize(a.intOption("basic", 8));
        int limit = a.intOption("time-limit", 7200);
        o = o.withTimeLimits(o.solverTimeLimit(), java.time.Duration.ofSeconds(limit));
        Palmed.Result r = Palmed.infer(cm, instrs, o, ctx.monitor());
        r.diagnostics().forEach(ctx::report);
        if (a.option("out").isPresent()) {
            Path out = ctx.resolve(a.option("out").get());
            String body = out.toString().endsWith(".json") ? Json.write(MappingIO.toJson(r.mapping()))
                    : r.mapping().toText();
            try {
                Files.writeString(out, body, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new DiagnosticException(Diagnostic.error(out.toString(), 0, "cannot write: " + e.getMessage(), ""));
            }
        }
        if (json(ctx, a)) {
            ctx.json(Json.object("machine", machine.id(), "basic", r.basic(), "benchmarks", r.benchmarks(),
                    "cacheHits", cm.hits(), "millis", r.millis(), "mapping", MappingIO.toJson(r.mapping()),
                    "selfCheckError", r.selfCheckError(), "log", r.log()));
        } else {
            ctx.println(String.format(Locale.ROOT, "%d instructions, %d resources, %d benchmarks (%d cached), %.1f s",
                    r.mapping().instructions().size(), r.mapping().resources().size(), r.benchmarks(), cm.hits(),
                    r.millis() / 1000.0));
            ctx.println("basic instructions: " + String.join(" ", r.basic()));
            ctx.println(r.mapping().toText());
        }
        return r.diagnostics().hasErrors() ? FAILED : OK;
    }

    static ResourceMapping mapping(CliContext ctx, String file) {
        if (file.endsWith(".portmap")) {
            return tessera.palmed.model.DualConstruction.dual(portmap(ctx, file));
        }
        return parse(ctx, file, MappingIO::parse);
    }

    private int predict(CliContext ctx, Args a) {
        ResourceMapping m = mapping(ctx, a.required("mapping", "missing --mapping"));
        if (a.positional().isEmpty()) {
            throw new UsageException("missing BLOCK.s");
        }
        List<Map<String, Object>> out = new ArrayList<>();
        boolean failed = false;
        for (String f : a.positional()) {
            Kernel k = block(ctx, f, m);
            if (k == null) {
                failed = true;
                continue;
            }
            Prediction p = Prediction.of(m, k);
            out.add(Json.object("block", f, "kernel", k.key(), "ipc", p.ipc(), "cyclesPerIteration", p.cycles(),
                    "bottleneck", p.bottleneck(), "loads", p.loads()));
            if (!json(ctx, a)) {
                ctx.println(String.format(Locale.ROOT, "%s: IPC %.3f, %.3f cycles/iteration, bottleneck %s", f,
                        p.ipc(), p.cycles(), p.bottleneck()));
            }
        }
        if (json(ctx, a)) {
            ctx.json(out);
        }
        return failed ? FAILED : OK;
    }

    private int compare(CliContext ctx, Args a) {
        String with = a.option("with").orElse("llvm-mca");
        if (!with.equals("llvm-mca") && !with.equals("none")) {
            throw new UsageException("--with supports llvm-mca (or none)");
        }
        ResourceMapping m = mapping(ctx, a.required("mapping", "missing --mapping"));
        List<Kernel> blocks = new ArrayList<>();
        List<String> names = new ArrayList<>();
        if (a.option("blocks").isPresent()) {
            int n = a.intOption("blocks", 100);
            Random rnd = new Random(a.intOption("seed", 1));
            List<String> ids = m.instructions().stream().filter(X86Renderer::renderable).toList();
            if (ids.isEmpty()) {
                throw new DiagnosticException(Diagnostic.error("palmed", 0, "the mapping has no instruction with an "
                        + "operand template, random blocks cannot be rendered for llvm-mca", "use ids like ADD_R64_R64"));
            }
            for (int i = 0; i < n; i++) {
                blocks.add(Comparison.randomBlock(rnd, ids));
                names.add("random-" + i);
            }
        } else {
            for (String f : a.positional()) {
                Kernel k = block(ctx, f, m);
                if (k != null) {
                    blocks.add(k);
                    names.add(f);
                }
            }
            if (blocks.isEmpty()) {
                throw new UsageException("give --blocks N or block files");
            }
        }
        List<String> hint = new ArrayList<>(m.instructions());
        BenchmarkMachine machine = machine(ctx, a, hint);
        LlvmMca mca = with.equals("llvm-mca") ? LlvmMca.skylake() : null;
        if (mca != null && mca.unavailable() != null) {
            throw new DiagnosticException(mca.unavailable());
        }
        Comparison.Table t = Comparison.run(machine, m, mca, blocks, ctx.monitor());
        if (json(ctx, a)) {
            ctx.json(t.toJson(names));
        } else {
            ctx.println(t.summary());
        }
        return OK;
    }
}
