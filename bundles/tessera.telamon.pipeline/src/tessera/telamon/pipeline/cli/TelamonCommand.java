package tessera.telamon.pipeline.cli;

import tessera.core.cli.CliCommand.InputFile;
import java.util.Optional;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;
import tessera.core.Diagnostics;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;
import tessera.telamon.pipeline.SpaceReport;
import tessera.telamon.pipeline.TelamonPipeline;
import tessera.telamon.search.Knuth;
import tessera.telamon.search.RandomDescent;
import tessera.telamon.search.Sampling;
import tessera.telamon.search.TagSearch;

/**
 * {@code tessera telamon space|sample|codegen|stats|instance|bound FILE.kernel}: Telamon on GPUs (seed 001 ch. 4) from the command
 * line, through {@link TelamonPipeline}.
 */
public final class TelamonCommand implements CliCommand {
    @Override
    public String name() {
        return "telamon";
    }

    @Override
    public String summary() {
        return "GPU kernels (Telamon): the implementation space of a .kernel, random descents, PTX for a decision list";
    }

    @Override
    public String usage() {
        return """
                usage: tessera telamon space FILE.kernel [--arch sm_80] [--param N=V,...] [--json]
                       tessera telamon sample FILE.kernel [--descents 10] [--seed 1] [--save FILE.decisions] [...]
                       tessera telamon codegen FILE.kernel [--decisions FILE.decisions] [--out-dir DIR] [...]
                       tessera telamon stats FILE.kernel [--descents 1000] [--probes 1000] [--seed 1] [--threads N] [...]
                       tessera telamon instance FILE.kernel [...]
                       tessera telamon bound FILE.kernel [--decisions FILE.decisions] [--gpu hopper|kepler|FILE.json] [--ordering compiled|emitted]
                       tessera telamon search FILE.kernel [--evaluator synthetic|gpu|replay LOG] [--budget 2000] [--seed 1]
                              [--log FILE.jsonl] [--save BEST.decisions] [--order thesis|reverse] [--policy tag|uct]
                              [--cut non-strict|strict] [--gpu hopper|kepler|FILE.json] [--threads N] [--rollouts R]
                  space    the kernel's objects and the choices left open at the root, by group, with their domains
                  sample   random descents to fixed candidates (dead ends, depth); --save writes the first one's decisions
                  codegen  PTX and launch description for a decision list (default: FILE.decisions beside the kernel)
                  stats    dead-end probability (Table 4.3) and Knuth's space-size estimate with the average depth (Table 6.1);
                           each descent and probe has its own seed, drawn in order from --seed, and they run on --threads
                           worker threads (default: one per processor; the result does not depend on it)
                  instance the kernel as an instance of the GPU space (JSON for tessera dspace explore and the Candidate Explorer)
                  bound    the lower bound on the time of every implementation of the candidate a (possibly partial)
                           decision list leaves, or of the root, with its explanation (thesis chapter 5); --gpu names
                           the hardware description (default hopper: H100/H200, sm_90); --ordering compiled (default:
                           only what ptxas keeps) or emitted (the thesis's model: the code runs in emitted order)
                  search   TAG tree search guided by the lower bound (thesis §6.1), evaluating leaves with a synthetic
                           GPU (bound × a factor in [1, 100) hashed from --seed and the decisions), on the GPU (gpu:
                           device 0 through the CUDA driver, Java 22+; PTX for the device's sm_XX unless --arch; every
                           new best's output checked) or replaying the times of an earlier --log; stops at --budget
                           evaluations or --time-limit; --save writes the best
                           decision list for codegen; --cut strict keeps subtrees whose bound equals the best time;
                           --threads: worker threads that propagate and bound a node's children (default: one per
                           processor; the result does not depend on it); --rollouts R: rounds of R rollouts run at
                           once on the threads, their leaves' code generated and compiled there, then evaluated
                           in order (default 1: the sequential search; the result depends on R, not on --threads)
                  --arch sm_75, sm_80 (default), sm_86, sm_89 or sm_90; --param N=V,... replaces parameters' values
                           (--param n=64,m=8 is --param n=64 --param m=8)
                  --time-limit S   seconds for the whole command, building the space included (default 600, at most
                                   1000000); --descents, --probes: 0..1000000
                examples:
                  tessera telamon space examples/telamon/scal.kernel
                  tessera telamon bound examples/telamon/scal.kernel --decisions examples/telamon/scal.decisions""";
    }

    @Override
    public Set<String> flags() {
        return Set.of();
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("arch", "param", "seed", "save", "decisions", "out-dir", "descents", "probes", "time-limit", "gpu", "ordering",
                "evaluator", "budget", "log", "order", "policy", "cut", "threads", "rollouts");
    }

    /** The most descents or probes ({@code --descents}, {@code --probes}) one run makes ({@value}). */
    public static final int MAX_SAMPLES = 1_000_000;

    /** Default {@code --time-limit} in seconds: reading, building the space, descents and code generation together. */
    public static final double TIME_LIMIT_S = 600;


    /** Several files, or a folder, in one run (issue 25). */
    @Override
    public Optional<InputFile> inputFile(Args args) {
        // search --evaluator replay LOG: LOG is the third word, not a second kernel
        return args.option("evaluator").filter("replay"::equals).isPresent() ? Optional.empty()
                : InputFile.at(1, "kernel", Set.of("save", "out-dir", "log", "decisions"));
    }
    @Override
    public int run(CliContext ctx, Args a) {
        String sub = a.positional(0, "subcommand (space, sample, codegen, stats, instance, bound or search)");
        a.expectPositional(sub.equals("search") ? 3 : 2); // search --evaluator replay LOG
        String file = a.positional(1, "FILE.kernel");
        TelamonPipeline.Settings s = new TelamonPipeline.Settings(a.option("arch").orElse(TelamonPipeline.Settings.DEFAULT_TARGET),
                a.integers("param", "NAME=VALUE"));
        Deadline deadline = Deadline.after(a.timeLimit(TIME_LIMIT_S));
        Monitor monitor = ctx.monitor().withDeadline(deadline, "telamon");
        Path path = ctx.resolve(file);
        String text;
        try {
            text = ctx.readSource(file);
        } catch (DiagnosticException e) {
            ctx.report(e.diagnostic());
            return FAILED;
        } catch (IOException e) {
            ctx.report(Diagnostic.error(file, 0, "cannot read the kernel: " + e.getMessage(), "give the path of a .kernel file"));
            return FAILED;
        }
        try {
            return switch (sub) {
                case "space" -> space(ctx, file, text, s, monitor);
                case "sample" -> sample(ctx, a, file, text, s, monitor);
                case "codegen" -> codegen(ctx, a, path, file, text, s, monitor);
                case "stats" -> stats(ctx, a, file, text, s, monitor);
                case "instance" -> instance(ctx, file, text, s);
                case "bound" -> BoundCommand.run(ctx, a, file, text, s, monitor);
                case "search" -> SearchCommand.run(ctx, a, file, text, s, deadline, monitor);
                default -> throw new UsageException("unknown subcommand '" + sub
                        + "' (space, sample, codegen, stats, instance, bound or search)");
            };
        } catch (TimeLimitException e) {
            throw e; // the launcher's one line "tessera telamon: ... did not finish within ..." (exit 1)
        }
    }

    private static int failed(CliContext ctx, Diagnostics d) {
        d.forEach(ctx::report);
        return d.hasErrors() ? FAILED : OK;
    }

    private static TelamonPipeline.Result root(CliContext ctx, String file, String text, TelamonPipeline.Settings s, Diagnostics d,
            Monitor monitor) {
        TelamonPipeline.Result r = TelamonPipeline.space(file, text, s, d, monitor);
        return r.root() == null ? null : r;
    }

    private int space(CliContext ctx, String file, String text, TelamonPipeline.Settings s, Monitor monitor) {
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = root(ctx, file, text, s, d, monitor);
        if (r == null) {
            return failed(ctx, d);
        }
        d.forEach(ctx::report);
        Map<String, Object> report = SpaceReport.of(r.kernel(), r.root());
        if (ctx.json()) {
            ctx.json(report);
        } else {
            SpaceReport.text(report).lines().forEach(ctx::println);
        }
        return OK;
    }

    private int sample(CliContext ctx, Args a, String file, String text, TelamonPipeline.Settings s, Monitor monitor) {
        int count = a.intOption("descents", 10, 1, MAX_SAMPLES);
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = root(ctx, file, text, s, d, monitor);
        if (r == null) {
            return failed(ctx, d);
        }
        SplittableRandom random = new SplittableRandom(a.longOption("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE));
        int deadEnds = 0, leaves = 0;
        long decisions = 0, rejected = 0;
        List<String> first = null;
        for (int i = 0; i < count; i++) {
            monitor.checkCanceled();
            RandomDescent.Result dr = RandomDescent.run(r.root(), random);
            deadEnds += dr.deadEnds() > 0 ? 1 : 0;
            rejected += dr.rejected();
            if (dr.leaf() != null) {
                leaves++;
                decisions += dr.decisions().size();
                if (first == null) {
                    first = dr.decisions();
                }
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kernel", r.kernel().name());
        out.put("descents", count);
        out.put("leaves", leaves);
        out.put("descentsWithDeadEnds", deadEnds);
        out.put("rejectedValues", rejected);
        out.put("meanDecisions", leaves == 0 ? 0 : (double) decisions / leaves);
        Path save = a.option("save").map(ctx::resolve).orElse(null);
        if (save != null && first != null) {
            List<String> lines = new ArrayList<>();
            lines.add("# decisions of a random descent: tessera telamon sample " + file + " --seed "
                    + a.longOption("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE));
            lines.addAll(first);
            try {
                ctx.writeOutput("save", a.option("save").get(),
                        (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                ctx.report(Diagnostic.error(save.toString(), 0, "cannot write: " + e.getMessage(), "check the folder"));
                return FAILED;
            }
            out.put("saved", save.toString());
        }
        if (ctx.json()) {
            ctx.json(out);
        } else {
            ctx.println(r.kernel().name() + ": " + leaves + "/" + count + " descents reached a leaf, " + deadEnds
                    + " met a dead end (a candidate with no valid value), " + rejected + " values rejected by propagation, " + String.format("%.1f", out.get("meanDecisions")) + " decisions on average"
                    + (save != null && first != null ? "; decisions of the first saved to " + save : ""));
        }
        return leaves == count ? OK : FAILED;
    }

    private int codegen(CliContext ctx, Args a, Path path, String file, String text, TelamonPipeline.Settings s,
            Monitor monitor) {
        String base = path.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        Path decisions = a.option("decisions").map(ctx::resolve).orElse(path.resolveSibling(base + ".decisions"));
        String dtext;
        try {
            dtext = tessera.core.SourceText.read(decisions, a.option("decisions").orElse(decisions.toString()));
        } catch (DiagnosticException e) {
            ctx.report(e.diagnostic());
            return FAILED;
        } catch (IOException e) {
            ctx.report(Diagnostic.error(decisions.toString(), 0, "cannot read the decision list",
                    "give --decisions FILE, or write one with tessera telamon sample " + file + " --save " + base + ".decisions"));
            return FAILED;
        }
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = TelamonPipeline.run(file, text, a.option("decisions").orElse(decisions.toString()), dtext,
                s, d, monitor);
        d.forEach(ctx::report);
        if (r.code() == null) {
            return FAILED;
        }
        if (a.option("out-dir").isPresent()) {
            String dir = a.option("out-dir").get();
            Path out = ctx.resolve(dir);
            if (Files.exists(out) && !Files.isDirectory(out)) {
                throw new UsageException("--out-dir " + dir + ": is a file; codegen writes a folder of outputs");
            }
            try {
                Files.createDirectories(out);
                String prefix = dir.endsWith("/") ? dir : dir + "/";
                ctx.writeOutput("out-dir", prefix + base + ".ptx", r.code().ptx().getBytes(StandardCharsets.UTF_8));
                ctx.writeOutput("out-dir", prefix + base + ".launch.json", r.code().launch().toJson().getBytes(StandardCharsets.UTF_8));
                ctx.writeOutput("out-dir", prefix + base + ".tree.txt",
                        (r.code().tree() + "\n" + r.code().pseudoCode()).getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                ctx.report(Diagnostic.error(out.toString(), 0, "cannot write: " + e.getMessage(), "check the folder"));
                return FAILED;
            }
            if (ctx.json()) { // --json: one JSON document on stdout, also with --out-dir
                ctx.json(tessera.core.cli.Json.object("ptx", out.resolve(base + ".ptx").toString(), "launch",
                        out.resolve(base + ".launch.json").toString(), "tree", out.resolve(base + ".tree.txt").toString()));
            } else {
                ctx.println(base + ": " + out.resolve(base + ".ptx") + ", " + base + ".launch.json, " + base + ".tree.txt");
            }
        } else if (ctx.json()) {
            ctx.json(Map.of("ptx", r.code().ptx(), "launch", com.google.gson.JsonParser.parseString(r.code().launch().toJson())));
        } else {
            ctx.out().print(r.code().ptx());
        }
        return OK;
    }

    private int stats(CliContext ctx, Args a, String file, String text, TelamonPipeline.Settings s, Monitor monitor) {
        int descents = a.intOption("descents", 1000, 0, MAX_SAMPLES);
        int probes = a.intOption("probes", 1000, 0, MAX_SAMPLES);
        if (descents + probes == 0) {
            throw new UsageException("--descents 0 and --probes 0 leave nothing to measure: give either more than 0");
        }
        long seed = a.longOption("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);
        int threads = a.intOption("threads", TagSearch.Settings.defaultThreads(), 1, SearchCommand.MAX_THREADS);
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = root(ctx, file, text, s, d, monitor);
        if (r == null) {
            return failed(ctx, d);
        }
        Sampling.Report report = Sampling.run(r.root(), descents, probes, seed, threads, monitor);
        Knuth.Estimate de = report.deadEnds(), se = report.size(), dp = report.depth(), re = report.rejected();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kernel", r.kernel().name());
        out.put("descents", descents);
        List<String> lines = new ArrayList<>();
        if (descents > 0) {
            out.put("deadEndProbability", de.mean());
            out.put("deadEndHalfWidth95", de.halfWidth());
            out.put("rejectedValueProbability", re.mean());
            out.put("rejectedValueHalfWidth95", re.halfWidth());
            out.put("descentsPerSecondPerThread", descents / report.descentSeconds());
            lines.add(String.format("dead ends %.1f %% ± %.1f, rejected values %.1f %% ± %.1f (%d descents, %.1f a second a thread)",
                    100 * de.mean(), 100 * de.halfWidth(), 100 * re.mean(), 100 * re.halfWidth(), descents, descents / report.descentSeconds()));
        }
        out.put("probes", probes);
        if (probes > 0) {
            out.put("spaceSize", se.mean());
            out.put("spaceSizeHalfWidth95", se.halfWidth());
            out.put("averageDepth", dp.mean());
            out.put("averageDepthHalfWidth95", dp.halfWidth());
            lines.add(String.format("space size %.3g ± %.2g, average depth %.1f ± %.1f (%d probes)", se.mean(), se.halfWidth(), dp.mean(),
                    dp.halfWidth(), probes));
        }
        if (ctx.json()) {
            ctx.json(out);
        } else {
            ctx.println(r.kernel().name() + ": " + String.join("; ", lines));
        }
        return OK;
    }

    private int instance(CliContext ctx, String file, String text, TelamonPipeline.Settings s) {
        tessera.kernel.KernelLoader.Result read = tessera.kernel.KernelLoader.loadText(file, text, s.params());
        if (!read.ok()) {
            return failed(ctx, read.diagnostics());
        }
        tessera.dspace.runtime.instance.Instance inst = tessera.telamon.space.Queries.instance(read.kernel(),
                tessera.telamon.space.Device.of(s.target()));
        ctx.out().println(tessera.dspace.runtime.instance.InstanceJson.write(inst, "kernel " + read.kernel().name() + " of " + file
                + " (tessera telamon instance), target " + s.target(), "gpu.exh"));
        read.diagnostics().forEach(ctx::report);
        return OK;
    }

}
