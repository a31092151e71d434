package tessera.telamon.pipeline.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
import tessera.telamon.model.Hardware;
import tessera.telamon.model.LowerBound;
import tessera.telamon.pipeline.TelamonPipeline;
import tessera.telamon.search.Evaluator;
import tessera.telamon.search.ReplayEvaluator;
import tessera.telamon.search.SearchLog;
import tessera.telamon.search.SyntheticEvaluator;
import tessera.telamon.search.TagSearch;

/**
 * {@code tessera telamon search FILE.kernel [--evaluator synthetic|replay LOG] [--budget N] [--seed S] [--log F]
 * [--save F] [--order thesis|reverse] [--policy tag|uct] [--cut non-strict|strict]}: seed 001 §6.1's bound-guided
 * TAG search ({@link TagSearch}) with a progress line on stderr about every second, the event log as it goes, and
 * the best candidate's decision list for {@code tessera telamon codegen --decisions}.
 */
final class SearchCommand {
    /** Default {@code --budget}: evaluations (the thesis's runs: at most 10,000, here 2,000 as issue 24's). */
    static final int BUDGET = 2_000;
    /** The most evaluations one run may ask for. */
    static final int MAX_BUDGET = 10_000_000;

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
                    replay = new ReplayEvaluator(SearchLog.parse(ctx.readSource(replayFile)));
                } catch (DiagnosticException e) {
                    ctx.report(e.diagnostic());
                    return CliCommand.FAILED;
                } catch (IOException e) {
                    ctx.report(Diagnostic.error(replayFile, 0, "cannot read the event log: " + e.getMessage(),
                            "give the --log FILE.jsonl of an earlier tessera telamon search"));
                    return CliCommand.FAILED;
                } catch (RuntimeException e) { // Gson's syntax errors and lines without "event"
                    ctx.report(Diagnostic.error(replayFile, 0, "not an event log of tessera telamon search: "
                            + e.getMessage(), "give the --log FILE.jsonl of an earlier tessera telamon search"));
                    return CliCommand.FAILED;
                }
                if (replay.start() == null) {
                    ctx.report(Diagnostic.error(replayFile, 0, "the event log has no start line",
                            "give the --log FILE.jsonl of an earlier tessera telamon search"));
                    return CliCommand.FAILED;
                }
            }
            case "gpu" -> throw new UsageException("--evaluator gpu: the GPU evaluator is not part of this build yet; "
                    + "use synthetic or replay LOG");
            default -> throw new UsageException("--evaluator " + evaluatorName + ": synthetic or replay LOG");
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
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = TelamonPipeline.space(file, text, s, d, monitor);
        d.forEach(ctx::report);
        if (r.root() == null) {
            return CliCommand.FAILED;
        }
        ToDoubleFunction<Candidate> bound = c -> LowerBound.of(r.kernel(), c, hw, LowerBound.Ordering.COMPILED)
                .nanoseconds();
        Evaluator evaluator = replay != null ? replay : new SyntheticEvaluator(bound, settings.seed());
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
        monitor.begin("telamon search " + r.kernel().name(), 0);
        TagSearch.Listener progress = (evaluations, best, cuts) -> monitor.subTask(String.format(Locale.ROOT,
                "%d evaluations, best %s, %d cuts", evaluations, Double.isInfinite(best) ? "-" : BoundCommand.time(best),
                cuts));
        TagSearch.Result res;
        try (SearchLog log = logWriter == null ? SearchLog.none() : SearchLog.to(logWriter)) {
            res = TagSearch.run(r.kernel().name(), r.root(), bound, evaluator, settings, log, deadline, monitor,
                    progress);
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
        if (replay != null && replay.missing() > 0) {
            ctx.report(Diagnostic.warning(replayFile, 0, replay.missing() + " leaves were not in the log: the replay "
                    + "diverged from the recorded run", "replay with the settings of the log's start line"));
        }
        Path saved = null;
        if (a.option("save").isPresent() && !res.bestDecisions().isEmpty()) {
            List<String> lines = new ArrayList<>();
            lines.add(String.format(Locale.ROOT, "# best of tessera telamon search %s --seed %d (%s): %s ns at "
                    + "evaluation %d of %d", file, settings.seed(), evaluator.name(), Double.toString(res.best()),
                    res.bestAt(), res.evaluations()));
            lines.addAll(res.bestDecisions());
            try {
                saved = ctx.writeOutput("save", a.option("save").get(),
                        (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                ctx.report(Diagnostic.error(a.option("save").get(), 0, "cannot write: " + e.getMessage(),
                        "check the folder"));
                return CliCommand.FAILED;
            }
        }
        String stop = res.stop().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        if (ctx.json()) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("kernel", r.kernel().name());
            out.put("gpu", hw.name());
            out.put("evaluator", evaluator.name());
            out.put("policy", settings.policy().name().toLowerCase(Locale.ROOT));
            out.put("order", settings.order().name().toLowerCase(Locale.ROOT));
            out.put("cut", settings.strictCut() ? "strict" : "non-strict");
            out.put("seed", settings.seed());
            out.put("budget", settings.budget());
            out.put("evaluations", res.evaluations());
            out.put("failures", res.failures());
            out.put("bestNanoseconds", Double.isInfinite(res.best()) ? null : res.best());
            out.put("bestAt", res.bestAt());
            out.put("cuts", res.cuts());
            out.put("deadEnds", res.deadEnds());
            out.put("nodes", res.nodes());
            out.put("stop", stop);
            out.put("decisions", res.bestDecisions());
            if (saved != null) {
                out.put("saved", saved.toString());
            }
            ctx.json(out);
        } else {
            ctx.println(String.format(Locale.ROOT, "%s on %s (%s, %s, %s order, %s cut, seed %d): %s",
                    r.kernel().name(), hw.name(), evaluator.name(), settings.policy().name().toLowerCase(Locale.ROOT),
                    settings.order().name().toLowerCase(Locale.ROOT), settings.strictCut() ? "strict" : "non-strict",
                    settings.seed(), Double.isInfinite(res.best()) ? "no time measured"
                            : "best " + BoundCommand.time(res.best()) + " at evaluation " + res.bestAt()));
            ctx.println(String.format(Locale.ROOT, "  %d evaluations (%d failed), %d cuts, %d dead ends, %d nodes; "
                    + "stopped: %s%s", res.evaluations(), res.failures(), res.cuts(), res.deadEnds(), res.nodes(),
                    stop, res.stop() == TagSearch.Stop.EXHAUSTED ? " (every leaf evaluated or cut: the best is the "
                            + "optimum)" : ""));
            if (saved != null) {
                ctx.println("  best decisions saved to " + saved);
            }
        }
        return res.evaluations() > res.failures() ? CliCommand.OK : CliCommand.FAILED;
    }

    /** The settings from the options, else (replay) from the log's start line, else the defaults. */
    private static TagSearch.Settings settings(Args a, JsonObject start) {
        TagSearch.Settings d = TagSearch.Settings.defaults();
        String policy = a.option("policy").orElse(str(start, "policy", "tag"));
        String order = a.option("order").orElse(str(start, "order", "thesis"));
        String cut = a.option("cut").orElse(str(start, "cut", "non-strict"));
        TagSearch.Policy p = switch (policy) {
            case "tag" -> TagSearch.Policy.TAG;
            case "uct" -> TagSearch.Policy.UCT;
            default -> throw new UsageException("--policy " + policy + ": tag or uct");
        };
        TagSearch.Order o = switch (order) {
            case "thesis" -> TagSearch.Order.THESIS;
            case "reverse" -> TagSearch.Order.REVERSE;
            default -> throw new UsageException("--order " + order + ": thesis or reverse");
        };
        boolean strict = switch (cut) {
            case "non-strict" -> false;
            case "strict" -> true;
            default -> throw new UsageException("--cut " + cut + ": non-strict (bound ≥ best, the default) or strict");
        };
        int budget = a.intOption("budget", start.has("budget") ? start.get("budget").getAsInt() : BUDGET, 1,
                MAX_BUDGET);
        long seed = a.longOption("seed", start.has("seed") ? start.get("seed").getAsLong() : 1, Long.MIN_VALUE,
                Long.MAX_VALUE);
        int topK = start.has("topK") ? start.get("topK").getAsInt() : d.topK();
        double delta = start.has("delta") ? start.get("delta").getAsDouble() : d.delta();
        return new TagSearch.Settings(p, o, strict, topK, delta, budget, seed, Double.NEGATIVE_INFINITY);
    }

    private static String str(JsonObject o, String key, String dflt) {
        return o.has(key) ? o.get(key).getAsString() : dflt;
    }
}
