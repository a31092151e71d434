package tessera.telamon.pipeline.pass;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

import com.google.gson.JsonObject;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.core.pass.FilePass;
import tessera.core.pass.GenPaths;
import tessera.core.pass.PassContext;
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

/** Seed 001 §6.1: builder pass {@code telamon.search}, the bound-guided search of {@code tessera telamon search}. */
public final class TelamonSearchPass extends FilePass {
    /** The settings' prefix. */
    static final String PREFIX = "telamon.search.";
    private static final String LOG_HINT = "give the telamon/NAME.search.jsonl (under gen/) of an earlier build or "
            + "the --log of tessera telamon search";

    public TelamonSearchPass() {
        super("telamon.search", ".kernel → bound-guided search (off unless telamon.search.budget is set)", 110,
                ".kernel");
    }

    /** What the settings ask for, checked. */
    private record Asked(TagSearch.Settings settings, ReplayEvaluator replay, String replayFile, boolean gpu) {
    }

    /**
     * On a {@code .kernel}, off unless {@code telamon.search.budget=N} is set in tessera.properties. Settings:
     * {@code telamon.search.budget}, {@code .seed} (1), {@code .evaluator} (synthetic, gpu — device 0, PTX for
     * {@code telamon.target} — or replay with
     * {@code .replay=PATH} of an event log, project-relative; a setting left out is then the log's), {@code .order}
     * (thesis|reverse), {@code .policy} (tag|uct), {@code .cut} (non-strict|strict), {@code .rollouts} (R rollouts a
     * round, default 1) and {@code telamon.gpu}. It
     * searches the space the {@code telamon} pass built (its published {@link TelamonPipeline.Result}), or builds it
     * when run alone, and writes {@code telamon/NAME.search.txt} (the command's summary lines),
     * {@code NAME.best.decisions} (as {@code --save}) and {@code NAME.search.jsonl} (the event log, as {@code --log}).
     */
    @Override
    public void run(PassContext context) {
        Map<String, String> p = context.settings();
        if (!p.containsKey(PREFIX + "budget")) {
            return; // the search is off
        }
        Asked asked = settings(context);
        if (asked == null) {
            return;
        }
        String file = context.fileName();
        Optional<TelamonPipeline.Result> built = context.product(TelamonPipeline.Result.class);
        String gpu = p.getOrDefault("telamon.gpu", "hopper").trim();
        Hardware hw = Hardware.builtIn(gpu);
        if (hw == null) {
            if (built.isEmpty()) { // else the telamon pass reported it
                context.report(Diagnostic.error("tessera.properties", 0, "telamon.gpu=" + gpu
                        + ": not a built-in GPU", "write telamon.gpu=hopper or kepler"));
            }
            context.summary(id() + ": no search for " + file + " (telamon.gpu=" + gpu + " is not a built-in GPU)");
            return;
        }
        Deadline deadline = Deadline.after(TelamonPass.TIME_LIMIT);
        Monitor monitor = context.monitor().withDeadline(deadline, "the telamon.search pass on " + file);
        TelamonPipeline.Result r = built.orElse(null);
        if (r == null) { // run alone: build the space as the telamon pass does
            TelamonPipeline.Settings s;
            try {
                s = TelamonPipeline.Settings.of(p);
            } catch (NumberFormatException e) {
                context.report(Diagnostic.error("tessera.properties", 0, "telamon.param.*: " + e.getMessage(),
                        "write telamon.param.NAME=INTEGER"));
                return;
            }
            Diagnostics d = new Diagnostics();
            r = TelamonPipeline.space(file, context.contents(), s, d, monitor);
            d.forEach(context::report);
        }
        if (r.root() == null) { // the telamon pass (or the lines above) reported why
            context.summary(id() + ": no implementation space for " + file);
            return;
        }
        ToDoubleFunction<Candidate> bound = SearchRun.bound(r.kernel(), hw);
        TagSearch.Settings settings = asked.settings();
        Evaluator evaluator;
        if (asked.gpu()) {
            try {
                Target target = Target.of(TelamonPipeline.Settings.of(p).target());
                evaluator = new GpuEvaluator(CudaDriver.open(), r.kernel(), target, settings.seed());
            } catch (GpuException | IllegalArgumentException e) {
                context.report(problem("evaluator", "gpu", e.getMessage(), "write " + PREFIX
                        + "evaluator=synthetic on a machine without an NVIDIA GPU"));
                context.summary(id() + ": no search for " + file + " (no GPU)");
                return;
            }
        } else {
            evaluator = SearchRun.evaluator(asked.replay(), bound, settings.seed());
        }
        StringWriter logText = new StringWriter();
        TagSearch.Result res;
        try (SearchLog log = SearchLog.to(logText)) {
            res = SearchRun.run(r.kernel(), r.root(), bound, evaluator, settings, log, deadline, monitor);
        } finally {
            if (evaluator instanceof GpuEvaluator g) {
                g.close();
            }
        }
        context.monitor().checkCanceled(); // cancelled in Studio: nothing is committed
        Diagnostic diverged = SearchRun.diverged(asked.replayFile(), asked.replay());
        if (diverged != null) {
            context.report(diverged);
        }
        String base = "telamon/" + GenPaths.baseName(file);
        String best = SearchRun.bestDecisions(file, settings, evaluator, res);
        List<String> summary = SearchRun.summary(r.kernel(), hw, evaluator, settings, res,
                best == null ? null : GenPaths.GEN_FOLDER + "/" + base + ".best.decisions");
        context.output(base + ".search.txt", (String.join("\n", summary) + "\n").getBytes(StandardCharsets.UTF_8));
        if (best != null) {
            context.output(base + ".best.decisions", best.getBytes(StandardCharsets.UTF_8));
        }
        context.output(base + ".search.jsonl", logText.toString().getBytes(StandardCharsets.UTF_8));
        context.summary(String.format(Locale.ROOT, "%s: %s: %s after %d evaluations (%s), %d cuts; stopped: %s", id(),
                file, Double.isInfinite(res.best()) ? "no time measured"
                        : "best " + SearchRun.time(res.best()) + " at evaluation " + res.bestAt(),
                res.evaluations(), evaluator.name(), res.cuts(), SearchRun.stop(res)));
    }

    /** The search settings, or null after one problem on tessera.properties per bad setting (or on a bad log). */
    private static Asked settings(PassContext context) {
        Map<String, String> p = context.settings();
        List<Diagnostic> bad = new ArrayList<>();
        String budgetText = p.get(PREFIX + "budget").trim();
        int budget;
        try {
            budget = Integer.parseInt(budgetText);
        } catch (NumberFormatException e) {
            budget = 0; // reported below
        }
        if (budget < 1 || budget > SearchRun.MAX_BUDGET) {
            bad.add(problem("budget", budgetText, "not a number of evaluations", "write " + PREFIX
                    + "budget=N with 1 ≤ N ≤ " + SearchRun.MAX_BUDGET + " (or remove it: no search)"));
        }
        String evaluator = p.getOrDefault(PREFIX + "evaluator", "synthetic").trim();
        ReplayEvaluator replay = null;
        String replayFile = null;
        if (evaluator.equals("replay")) {
            replayFile = p.getOrDefault(PREFIX + "replay", "").trim();
            Optional<String> text = replayFile.isEmpty() ? Optional.empty() : context.read(replayFile);
            if (text.isEmpty()) {
                bad.add(problem("replay", replayFile, replayFile.isEmpty() ? "no event log named for the replay"
                        : "no such file in the project", "write " + PREFIX + "replay=PATH of an event log, relative "
                        + "to the project (" + LOG_HINT.substring("give ".length()) + ")"));
            } else {
                try {
                    replay = SearchRun.replay(replayFile, text.get(), LOG_HINT);
                } catch (DiagnosticException e) {
                    bad.add(e.diagnostic());
                }
            }
        } else if (!evaluator.equals("synthetic") && !evaluator.equals("gpu")) {
            bad.add(problem("evaluator", evaluator, "not an evaluator of the build", "write " + PREFIX
                    + "evaluator=synthetic, gpu or replay (with " + PREFIX + "replay=PATH)"));
        }
        JsonObject start = replay == null ? null : replay.start();
        String seedText = p.getOrDefault(PREFIX + "seed", Long.toString(SearchRun.seed(start))).trim();
        long seed = 1;
        try {
            seed = Long.parseLong(seedText);
        } catch (NumberFormatException e) {
            bad.add(problem("seed", seedText, "not an integer", "write " + PREFIX + "seed=S, an integer"));
        }
        String order = p.getOrDefault(PREFIX + "order", SearchRun.str(start, "order", "thesis")).trim();
        TagSearch.Order o = SearchRun.order(order);
        if (o == null) {
            bad.add(problem("order", order, "not a decision order", "write " + PREFIX + "order=thesis or reverse"));
        }
        String policy = p.getOrDefault(PREFIX + "policy", SearchRun.str(start, "policy", "tag")).trim();
        TagSearch.Policy pol = SearchRun.policy(policy);
        if (pol == null) {
            bad.add(problem("policy", policy, "not a policy", "write " + PREFIX + "policy=tag or uct"));
        }
        String cut = p.getOrDefault(PREFIX + "cut", SearchRun.str(start, "cut", "non-strict")).trim();
        Boolean strict = SearchRun.strictCut(cut);
        if (strict == null) {
            bad.add(problem("cut", cut, "not a cut", "write " + PREFIX + "cut=non-strict (bound ≥ best, the "
                    + "default) or strict"));
        }
        TagSearch.Settings asked = pol == null || o == null || strict == null ? null
                : SearchRun.settings(pol, o, strict, budget, seed, start);
        String rolloutsText = p.getOrDefault(PREFIX + "rollouts", asked == null ? "1"
                : Integer.toString(asked.rollouts())).trim();
        int rollouts = 0;
        try {
            rollouts = Integer.parseInt(rolloutsText);
        } catch (NumberFormatException e) {
            // reported below
        }
        if (rollouts < 1 || rollouts > SearchRun.MAX_ROLLOUTS) {
            bad.add(problem("rollouts", rolloutsText, "not a number of rollouts a round", "write " + PREFIX
                    + "rollouts=R with 1 ≤ R ≤ " + SearchRun.MAX_ROLLOUTS
                    + " (1: the sequential search)"));
        }
        if (!bad.isEmpty()) {
            bad.forEach(context::report);
            context.summary("telamon.search: no search for " + context.fileName() + " (" + bad.size()
                    + " bad setting(s))");
            return null;
        }
        return new Asked(asked.withRollouts(rollouts), replay, replayFile, evaluator.equals("gpu"));
    }

    private static Diagnostic problem(String key, String value, String what, String hint) {
        return Diagnostic.error("tessera.properties", 0, PREFIX + key + "=" + value + ": " + what, hint);
    }
}
