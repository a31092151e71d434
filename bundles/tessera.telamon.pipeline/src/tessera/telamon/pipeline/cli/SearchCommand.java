package tessera.telamon.pipeline.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import com.google.gson.JsonObject;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.codegen.Target;
import tessera.telamon.gpu.CudaDriver;
import tessera.telamon.gpu.GpuEvaluator;
import tessera.telamon.gpu.GpuException;
import tessera.telamon.model.Hardware;
import tessera.telamon.pipeline.SearchRun;
import tessera.telamon.pipeline.TelamonPipeline;
import tessera.telamon.search.Evaluator;
import tessera.telamon.search.ReplayEvaluator;
import tessera.telamon.search.SearchLog;
import tessera.telamon.search.TagSearch;

/**
 * {@code tessera telamon search FILE.kernel [--evaluator gpu|synthetic|replay LOG] [--budget N] [--seed S] [--log F]
 * [--save F] [--order thesis|reverse] [--policy tag|uct] [--cut non-strict|strict] [--threads N] [--rollouts R]}:
 * seed 001 §6.1's bound-guided
 * TAG search ({@link TagSearch}) with a progress line on stderr about every second, the event log as it goes, and
 * the best candidate's decision list for {@code tessera telamon codegen --decisions}.
 */
final class SearchCommand {
    /** Default {@code --budget}: evaluations (the thesis's runs: at most 10,000, here 2,000 as issue 24's). */
    static final int BUDGET = SearchRun.BUDGET;
    /** The most evaluations one run may ask for. */
    static final int MAX_BUDGET = SearchRun.MAX_BUDGET;
    /** The most worker threads {@code --threads} takes ({@value}). */
    static final int MAX_THREADS = 1024;
    private static final String LOG_HINT = "give the --log FILE.jsonl of an earlier tessera telamon search";

    private SearchCommand() {
    }

    static int run(CliContext ctx, Args a, String file, String text, TelamonPipeline.Settings s, Deadline deadline,
            Monitor monitor) {
        String evaluatorName = a.option("evaluator").orElse("synthetic");
        ReplayEvaluator replay = null;
        String replayFile = null;
        switch (evaluatorName) {
            case "synthetic" -> a.expectPositional(2);
            case "replay" -> {
                a.expectPositional(3);
                replayFile = a.positional(2, "LOG (the event log of --evaluator replay LOG)");
                try {
                    replay = SearchRun.replay(replayFile, ctx.readSource(replayFile), LOG_HINT);
                } catch (DiagnosticException e) {
                    ctx.report(e.diagnostic());
                    return CliCommand.FAILED;
                } catch (IOException e) {
                    ctx.report(Diagnostic.error(replayFile, 0, "cannot read the event log: " + e.getMessage(),
                            LOG_HINT));
                    return CliCommand.FAILED;
                }
            }
            case "gpu" -> a.expectPositional(2);
            default -> throw new UsageException("--evaluator " + evaluatorName + ": gpu, synthetic or replay LOG");
        }
        JsonObject start = replay == null ? new JsonObject() : replay.start();
        TagSearch.Settings settings = settings(a, start);
        Hardware hw;
        try {
            hw = BoundCommand.hardware(ctx, a);
        } catch (DiagnosticException e) {
            ctx.report(e.diagnostic());
            return CliCommand.FAILED;
        }
        CudaDriver gpu = null;
        if (evaluatorName.equals("gpu")) {
            try {
                gpu = CudaDriver.open();
            } catch (GpuException e) {
                ctx.report(Diagnostic.error(file, 0, e.getMessage(),
                        "use --evaluator synthetic or replay LOG on a machine without one"));
                return CliCommand.FAILED;
            }
            s = deviceTarget(a, s, gpu);
        }
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = TelamonPipeline.space(file, text, s, d, monitor);
        d.forEach(ctx::report);
        if (r.root() == null) {
            if (gpu != null) {
                gpu.close();
            }
            return CliCommand.FAILED;
        }
        ToDoubleFunction<Candidate> bound = SearchRun.bound(r.kernel(), hw);
        Evaluator evaluator = gpu != null ? new GpuEvaluator(gpu, r.kernel(), Target.of(s.target()), settings.seed())
                : SearchRun.evaluator(replay, bound, settings.seed());
        try {
            return search(ctx, a, file, r, hw, bound, evaluator, settings, replay, replayFile, deadline, monitor);
        } finally {
            if (evaluator instanceof GpuEvaluator g) {
                g.close();
            }
        }
    }

    /** Without {@code --arch}, PTX for the device's own architecture when the printer has it. */
    private static TelamonPipeline.Settings deviceTarget(Args a, TelamonPipeline.Settings s, CudaDriver gpu) {
        if (a.option("arch").isPresent()) {
            return s;
        }
        try {
            return new TelamonPipeline.Settings(Target.of(gpu.architecture()).arch(), s.params());
        } catch (IllegalArgumentException e) {
            return s; // a device newer than the printer's targets runs the default target's PTX through the JIT
        }
    }

    private static int search(CliContext ctx, Args a, String file, TelamonPipeline.Result r, Hardware hw,
            ToDoubleFunction<Candidate> bound, Evaluator evaluator, TagSearch.Settings settings, ReplayEvaluator replay,
            String replayFile, Deadline deadline, Monitor monitor) {
        Writer logWriter = null;
        if (a.option("log").isPresent()) {
            Path p = ctx.resolve(a.option("log").get());
            if (Files.isDirectory(p) || p.getParent() != null && !Files.isDirectory(p.getParent())) {
                throw new UsageException("--log " + a.option("log").get() + ": name a file in an existing folder");
            }
            try {
                logWriter = Files.newBufferedWriter(p, StandardCharsets.UTF_8);
            } catch (IOException e) {
                ctx.report(Diagnostic.error(p.toString(), 0, "cannot write the event log: " + e.getMessage(),
                        "check the folder"));
                return CliCommand.FAILED;
            }
        }
        TagSearch.Result res;
        try (SearchLog log = logWriter == null ? SearchLog.none() : SearchLog.to(logWriter)) {
            res = SearchRun.run(r.kernel(), r.root(), bound, evaluator, settings, log, deadline, monitor);
        } catch (java.io.UncheckedIOException e) {
            ctx.report(Diagnostic.error(a.option("log").orElse(""), 0, "cannot write the event log: "
                    + e.getCause().getMessage(), "check the disk"));
            return CliCommand.FAILED;
        } finally {
            if (logWriter != null) {
                try {
                    logWriter.close();
                } catch (IOException e) {
                    // reported by the flush above when it matters
                }
            }
        }
        Diagnostic diverged = SearchRun.diverged(replayFile, replay);
        if (diverged != null) {
            ctx.report(diverged);
        }
        Path saved = null;
        String best = SearchRun.bestDecisions(file, settings, evaluator, res);
        if (a.option("save").isPresent() && best != null) {
            try {
                saved = ctx.writeOutput("save", a.option("save").get(), best.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                ctx.report(Diagnostic.error(a.option("save").get(), 0, "cannot write: " + e.getMessage(),
                        "check the folder"));
                return CliCommand.FAILED;
            }
        }
        String stop = SearchRun.stop(res);
        if (ctx.json()) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("kernel", r.kernel().name());
            out.put("gpu", hw.name());
            out.put("evaluator", evaluator.name());
            out.put("policy", settings.policy().name().toLowerCase(Locale.ROOT));
            out.put("order", settings.order().name().toLowerCase(Locale.ROOT));
            out.put("cut", settings.strictCut() ? "strict" : "non-strict");
            out.put("seed", settings.seed());
            out.put("rollouts", settings.rollouts());
            out.put("budget", settings.budget());
            out.put("evaluations", res.evaluations());
            out.put("failures", res.failures());
            out.put("bestNanoseconds", Double.isInfinite(res.best()) ? null : res.best());
            out.put("bestAt", res.bestAt());
            out.put("cuts", res.cuts());
            out.put("deadEnds", res.deadEnds());
            out.put("nodes", res.nodes());
            out.put("stop", stop);
            out.put("seconds", res.ms() / 1e3);
            out.put("evaluatorSeconds", res.evaluationMs() / 1e3);
            out.put("decisions", res.bestDecisions());
            if (evaluator instanceof GpuEvaluator g) {
                out.put("checkedBests", g.checks());
                out.put("wrongOutputs", g.wrong());
                out.put("unchecked", g.unchecked());
                out.put("evaluatorReport", g.report());
            }
            if (saved != null) {
                out.put("saved", saved.toString());
            }
            ctx.json(out);
        } else {
            SearchRun.summary(r.kernel(), hw, evaluator, settings, res, saved == null ? null : saved.toString())
                    .forEach(ctx::println);
        }
        return res.evaluations() > res.failures() ? CliCommand.OK : CliCommand.FAILED;
    }

    /** The settings from the options, else (replay) from the log's start line, else the defaults. */
    private static TagSearch.Settings settings(Args a, JsonObject start) {
        String policy = a.option("policy").orElse(SearchRun.str(start, "policy", "tag"));
        String order = a.option("order").orElse(SearchRun.str(start, "order", "thesis"));
        String cut = a.option("cut").orElse(SearchRun.str(start, "cut", "non-strict"));
        TagSearch.Policy p = SearchRun.policy(policy);
        if (p == null) {
            throw new UsageException("--policy " + policy + ": tag or uct");
        }
        TagSearch.Order o = SearchRun.order(order);
        if (o == null) {
            throw new UsageException("--order " + order + ": thesis or reverse");
        }
        Boolean strict = SearchRun.strictCut(cut);
        if (strict == null) {
            throw new UsageException("--cut " + cut + ": non-strict (bound ≥ best, the default) or strict");
        }
        int budget = a.intOption("budget", SearchRun.budget(start), 1, MAX_BUDGET);
        long seed = a.longOption("seed", SearchRun.seed(start), Long.MIN_VALUE, Long.MAX_VALUE);
        int threads = a.intOption("threads", TagSearch.Settings.defaultThreads(), 1, MAX_THREADS);
        TagSearch.Settings s = SearchRun.settings(p, o, strict, budget, seed, start).withThreads(threads);
        return s.withRollouts(a.intOption("rollouts", s.rollouts(), 1, SearchRun.MAX_ROLLOUTS));
    }
}
