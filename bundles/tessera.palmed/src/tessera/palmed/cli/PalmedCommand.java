package tessera.palmed.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
import tessera.palmed.predict.Coverage;
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
                                            [--cache DIR] [--basic N] [--time-limit S] [--out MAP]
                                            [--allow-unexplained] [--json]
                       tessera palmed predict --mapping MAP BLOCK.s... [--json]
                       tessera palmed compare --machine SIM.portmap|host --mapping MAP (--blocks N | FILES...)
                                              [--with llvm-mca|none] [--mcpu CPU] [--seed N] [--time-limit S]
                                              [--json]
                --time-limit S: infer 7200 s by default (the whole campaign, benchmarks included), compare 600 s
                (reading, generating, measuring); at most 1000000. --blocks N: 1..100000. --basic N: 1..1000.
                MAP is a resource mapping (text or JSON, as written by infer --out) or a .portmap (its dual is used).
                LIST is comma-separated instruction ids, 'all' (every instruction of the .portmap), or @FILE.
                infer exits 1 when the result is not explained by its measurements: more than 5 % of the instructions
                fitted by LP_AUX fail the self-check by more than 5 %, or a core kernel is left more than 5 %
                unexplained; --allow-unexplained reports the same and exits 0. infer and compare report the coverage:
                the instructions not mapped and why (IPC below 0.05, seed 000 §VI-A: e.g. dividers, sqrt).
                compare gives every block to both predictors and counts, never drops, the blocks a tool fails on (an
                instruction the mapping lacks; an instruction llvm-mca rejects); errors are over the blocks both
                predicted. llvm-mca gets each block unrolled to >= 100 instructions and its steady state
                ((cycles of 2N - cycles of N iterations) / N); -mcpu is --mcpu, else the machine's name or its longest
                prefix cut at a '-' that llvm-mca knows ('machine znver2-250' gives znver2), else 'native' for host.
                examples:
                  tessera palmed infer --machine examples/palmed/toy.portmap --instructions all --out toy.mapping
                  tessera palmed compare --machine examples/palmed/toy.portmap --mapping examples/palmed/toy.portmap --blocks 20 --with none""";
    }

    /** The valued options of each verb. */
    private static final Map<String, Set<String>> VERB_OPTIONS = Map.of(
            "infer", Set.of("machine", "instructions", "noise", "seed", "cache", "basic", "time-limit", "out"),
            "predict", Set.of("mapping"),
            "compare", Set.of("machine", "mapping", "blocks", "with", "seed", "mcpu", "time-limit"));

    /** The most random blocks {@code compare --blocks} generates ({@value}; issue 22, documented maximum). */
    public static final int MAX_BLOCKS = 100_000;

    /** The largest basic set {@code infer --basic} asks Algorithm 1 for ({@value}). */
    public static final int MAX_BASIC = 1_000;

    /** Default {@code infer --time-limit} in seconds (the whole campaign, benchmarks included). */
    public static final double INFER_TIME_LIMIT_S = 7200;

    /** Default {@code compare --time-limit} in seconds (reading, generating, measuring and predicting). */
    public static final double COMPARE_TIME_LIMIT_S = 600;

    /** The flags of each verb. */
    private static final Map<String, Set<String>> VERB_FLAGS = Map.of(
            "infer", Set.of("json", "allow-unexplained"),
            "predict", Set.of("json"),
            "compare", Set.of("json"));

    /** Every verb's flags (the launcher parses them before the verb is known, as the options below). */
    @Override
    public Set<String> flags() {
        Set<String> all = new TreeSet<>();
        VERB_FLAGS.values().forEach(all::addAll);
        return all;
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
        for (String f : flags()) {
            if (rawArgs.flag(f)) {
                rest.add("--" + f);
            }
        }
        for (String o : valuedOptions()) {
            for (String v : rawArgs.options(o)) {
                rest.add("--" + o);
                rest.add(v);
            }
        }
        Args a = Args.parse(rest, VERB_FLAGS.get(verb), verbOptions);
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
            throw e; // the launcher's one line "tessera palmed: ... did not finish within ..." (exit 1): no file to name
        }
    }

    private static boolean json(CliContext ctx, Args a) {
        return ctx.json() || a.flag("json");
    }

    private static String read(CliContext ctx, String file) {
        try {
            return ctx.readSource(file);
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
        return new SimulatedMachine(portmap(ctx, m), noise, a.longOption("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE));
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
        if (a.option("out").isPresent() && java.nio.file.Files.isDirectory(ctx.resolve(a.option("out").get()))) {
            // before hours of benchmarks, not after (CliContext.writeOutput makes the same check when writing)
            throw new UsageException("--out " + a.option("out").get() + ": is a folder; name a file to write");
        }
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
        InferenceOptions o = InferenceOptions.defaults().withBasicSetSize(a.intOption("basic", 8, 1, MAX_BASIC));
        o = o.withTimeLimits(o.solverTimeLimit(), a.timeLimit(INFER_TIME_LIMIT_S));
        Palmed.Result r = Palmed.infer(cm, instrs, o, ctx.monitor());
        r.diagnostics().forEach(ctx::report);
        if (a.option("out").isPresent()) {
            String out = a.option("out").get();
            String body = out.endsWith(".json") ? Json.write(MappingIO.toJson(r.mapping())) : r.mapping().toText();
            try {
                ctx.writeOutput("out", out, body.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new DiagnosticException(Diagnostic.error(out, 0, "cannot write: " + e.getMessage(), ""));
            }
        }
        Coverage coverage = new Coverage(instrs.size(), r.unmapped());
        boolean allow = a.flag("allow-unexplained");
        double tol = o.tolerance();
        long failing = r.selfCheckFailures(tol);
        Map<String, Object> selfCheck = Json.object("tolerance", tol, "maxFailingShare",
                InferenceOptions.MAX_SELF_CHECK_FAILURES, "checked", r.selfCheckError().size(), "failing", failing,
                "coreWorstKernel", r.core().worst(), "explained", r.explained(), "unexplained", r.unexplained(),
                "allowUnexplained", allow);
        if (json(ctx, a)) {
            ctx.json(Json.object("machine", machine.id(), "basic", r.basic(), "benchmarks", r.benchmarks(),
                    "cacheHits", cm.hits(), "millis", r.millis(), "coverage", coverage.toJson(), "selfCheck",
                    selfCheck, "mapping", MappingIO.toJson(r.mapping()), "selfCheckError", r.selfCheckError(),
                    "log", r.log()));
        } else {
            ctx.println(String.format(Locale.ROOT, "%d instructions, %d resources, %d benchmarks (%d cached), %.1f s",
                    r.mapping().instructions().size(), r.mapping().resources().size(), r.benchmarks(), cm.hits(),
                    r.millis() / 1000.0));
            ctx.println("basic instructions: " + String.join(" ", r.basic()));
            ctx.println(coverage.summary());
            ctx.println(String.format(Locale.ROOT, "self-check: %d of %d instructions fail by more than %.0f %%; "
                    + "worst core kernel %.1f %% unexplained%s", failing, r.selfCheckError().size(), 100 * tol,
                    100 * r.core().worst(), r.explained() ? "" : "; NOT EXPLAINED" + (allow
                            ? " (allowed by --allow-unexplained)" : "")));
            ctx.println(r.mapping().toText());
        }
        if (!r.explained()) {
            String u = "the mapping does not explain the measurements: " + String.join("; ", r.unexplained());
            ctx.report(allow ? Diagnostic.warning(machine.id(), 0, u, "accepted by --allow-unexplained")
                    : Diagnostic.error(machine.id(), 0, u, "--allow-unexplained accepts such a result (exit 0)"));
        }
        return r.diagnostics().hasErrors() || (!r.explained() && !allow) ? FAILED : OK;
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
        java.time.Duration limit = a.timeLimit(COMPARE_TIME_LIMIT_S);
        int count = a.option("blocks").isPresent() ? a.intOption("blocks", 100, 1, MAX_BLOCKS) : 0;
        tessera.core.Deadline deadline = tessera.core.Deadline.after(limit); // covers reading, generating and measuring
        ResourceMapping m = mapping(ctx, a.required("mapping", "missing --mapping"));
        BenchmarkMachine machine = machine(ctx, a, new ArrayList<>(m.instructions()));
        LlvmMca mca = with.equals("llvm-mca") ? llvmMca(ctx, a, machine) : null;
        // the block pool is the machine's instructions, mapped or not: blocks Palmed cannot predict are counted
        List<String> pool = machine.instructions();
        List<Kernel> blocks = new ArrayList<>();
        List<String> names = new ArrayList<>();
        if (a.option("blocks").isPresent()) {
            int n = count;
            Random rnd = new Random(a.longOption("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE));
            List<String> ids = mca == null ? pool : pool.stream().filter(X86Renderer::renderable).toList();
            if (ids.isEmpty()) {
                throw new DiagnosticException(Diagnostic.error("palmed", 0, "the machine has no instruction with an "
                        + "operand template, random blocks cannot be rendered for llvm-mca", "use ids like ADD_R64_R64 "
                        + "or --with none"));
            }
            for (int i = 0; i < n; i++) {
                if (i % 1024 == 0) {
                    deadline.check("palmed compare");
                }
                blocks.add(Comparison.randomBlock(rnd, ids));
                names.add("random-" + i);
            }
        } else {
            for (String f : a.positional()) {
                Diagnostics d = new Diagnostics();
                Kernel k = BlockParser.parse(f, read(ctx, f), i -> m.has(i) || pool.contains(i), d);
                d.forEach(ctx::report);
                if (k != null) {
                    blocks.add(k);
                    names.add(f);
                }
            }
            if (a.positional().isEmpty()) {
                throw new UsageException("give --blocks N or block files");
            }
            if (blocks.isEmpty()) {
                return FAILED; // every block file had errors, reported above
            }
        }
        Coverage coverage = Coverage.of(machine, m, InferenceOptions.defaults().minIpc(),
                machine instanceof SimulatedMachine);
        Comparison.Table t = Comparison.run(machine, m, mca, blocks, coverage, ctx.monitor(), deadline);
        if (json(ctx, a)) {
            Map<String, Object> j = t.toJson(names);
            if (mca != null) {
                j.put("llvmMcaSetup", Json.object("mcpu", mca.mcpu(), "unrolledTo", mca.minInstructions(),
                        "throughput", "steady state: (cycles(2N) - cycles(N)) / N"));
            }
            ctx.json(j);
        } else {
            ctx.println(t.summary() + (mca == null ? "" : String.format(Locale.ROOT, "llvm-mca: -mcpu=%s, blocks "
                    + "unrolled to >= %d instructions, steady-state throughput", mca.mcpu(), mca.minInstructions())));
        }
        return OK;
    }

    /**
     * llvm-mca with {@code -mcpu} from {@code --mcpu}, else the machine description: a .portmap's {@code machine NAME}
     * or its longest '-'-cut prefix llvm-mca knows ({@link LlvmMca#forMachine}), {@code native} for the host.
     */
    private static LlvmMca llvmMca(CliContext ctx, Args a, BenchmarkMachine machine) {
        String cpu = a.option("mcpu").orElse(null);
        String source = "--mcpu";
        if (cpu == null) {
            if (machine instanceof SimulatedMachine sim) {
                cpu = sim.mapping().name();
                source = "the machine name in " + a.option("machine").get();
            } else {
                cpu = "native";
                source = "the host";
            }
        }
        LlvmMca mca = source.startsWith("the machine") ? LlvmMca.forMachine(cpu) : LlvmMca.forCpu(cpu);
        if (mca.unavailable() != null) {
            throw new DiagnosticException(mca.unavailable());
        }
        Diagnostic unknown = mca.unknownCpu();
        if (unknown != null) {
            throw new DiagnosticException(Diagnostic.error(unknown.file(), 0, unknown.message() + " (from " + source
                    + ")", "give --mcpu CPU (llvm-mca -mtriple=x86_64 -mcpu=help lists them) or --with none"));
        }
        return mca;
    }
}
