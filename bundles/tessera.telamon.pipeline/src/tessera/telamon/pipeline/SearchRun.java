package tessera.telamon.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

import com.google.gson.JsonObject;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Monitor;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.model.Hardware;
import tessera.telamon.model.LowerBound;
import tessera.telamon.gpu.GpuEvaluator;
import tessera.telamon.search.Evaluator;
import tessera.telamon.search.ReplayEvaluator;
import tessera.telamon.search.SearchLog;
import tessera.telamon.search.SyntheticEvaluator;
import tessera.telamon.search.TagSearch;

/** Seed 001 §6.1: one bound-guided search, as {@code tessera telamon search} and pass {@code telamon.search} run it. */
public final class SearchRun {
    /** The default budget: evaluations (the thesis's runs: at most 10,000, here 2,000 as issue 24's). */
    public static final int BUDGET = 2_000;
    /** The most evaluations one run may ask for. */
    public static final int MAX_BUDGET = 10_000_000;
    /** The most rollouts a round may have (the CLI's, the builder's and Studio's bound). */
    public static final int MAX_ROLLOUTS = 1024;

    private SearchRun() {
    }

    /** The lower bound of a candidate of {@code kernel} on {@code hw} in ns (compiled ordering), as the cuts use it. */
    public static ToDoubleFunction<Candidate> bound(Kernel kernel, Hardware hw) {
        return c -> LowerBound.of(kernel, c, hw, LowerBound.Ordering.COMPILED).nanoseconds();
    }

    /** {@code tag} or {@code uct}; null for any other name. */
    public static TagSearch.Policy policy(String name) {
        return switch (name) {
            case "tag" -> TagSearch.Policy.TAG;
            case "uct" -> TagSearch.Policy.UCT;
            default -> null;
        };
    }

    /** {@code thesis} or {@code reverse}; null for any other name. */
    public static TagSearch.Order order(String name) {
        return switch (name) {
            case "thesis" -> TagSearch.Order.THESIS;
            case "reverse" -> TagSearch.Order.REVERSE;
            default -> null;
        };
    }

    /** {@code strict} (true) or {@code non-strict} (false); null for any other name. */
    public static Boolean strictCut(String name) {
        return switch (name) {
            case "non-strict" -> false;
            case "strict" -> true;
            default -> null;
        };
    }

    /** A string of a log's start line, or {@code dflt} when it has none. */
    public static String str(JsonObject start, String key, String dflt) {
        return start != null && start.has(key) ? start.get(key).getAsString() : dflt;
    }

    /** The budget of a log's start line, or the default {@link #BUDGET}. */
    public static int budget(JsonObject start) {
        return start != null && start.has("budget") ? start.get("budget").getAsInt() : BUDGET;
    }

    /** The seed of a log's start line, or 1. */
    public static long seed(JsonObject start) {
        return start != null && start.has("seed") ? start.get("seed").getAsLong() : 1;
    }

    /**
     * The search's settings; T, δ and the rollouts of a round from a log's start line ({@code start} may be null),
     * else the defaults.
     */
    public static TagSearch.Settings settings(TagSearch.Policy policy, TagSearch.Order order, boolean strictCut,
            int budget, long seed, JsonObject start) {
        TagSearch.Settings d = TagSearch.Settings.defaults();
        int topK = start != null && start.has("topK") ? start.get("topK").getAsInt() : d.topK();
        double delta = start != null && start.has("delta") ? start.get("delta").getAsDouble() : d.delta();
        int rollouts = start != null && start.has("rollouts") ? start.get("rollouts").getAsInt() : d.rollouts();
        return new TagSearch.Settings(policy, order, strictCut, topK, delta, budget, seed, Double.NEGATIVE_INFINITY,
                d.threads(), rollouts);
    }

    /**
     * The replay evaluator of an event log's text; a problem on {@code file} (with {@code hint}) when the text is not
     * an event log of a search or has no start line.
     */
    public static ReplayEvaluator replay(String file, String text, String hint) throws DiagnosticException {
        ReplayEvaluator replay;
        try {
            replay = new ReplayEvaluator(SearchLog.parse(text));
        } catch (RuntimeException e) { // Gson's syntax errors and lines without "event"
            throw new DiagnosticException(Diagnostic.error(file, 0, "not an event log of tessera telamon search: "
                    + e.getMessage(), hint));
        }
        if (replay.start() == null) {
            throw new DiagnosticException(Diagnostic.error(file, 0, "the event log has no start line", hint));
        }
        return replay;
    }

    /** {@code replay} when there is one, else the synthetic evaluator of {@code seed}. */
    public static Evaluator evaluator(ReplayEvaluator replay, ToDoubleFunction<Candidate> bound, long seed) {
        return replay != null ? replay : new SyntheticEvaluator(bound, seed);
    }

    /** Runs the search with a progress line ({@code monitor}'s sub-task) after every evaluation. */
    public static TagSearch.Result run(Kernel kernel, Candidate root, ToDoubleFunction<Candidate> bound,
            Evaluator evaluator, TagSearch.Settings settings, SearchLog log, Deadline deadline, Monitor monitor) {
        monitor.begin("telamon search " + kernel.name(), 0);
        TagSearch.Listener progress = (evaluations, best, cuts) -> monitor.subTask(String.format(Locale.ROOT,
                "%d evaluations, best %s, %d cuts", evaluations, Double.isInfinite(best) ? "-" : time(best), cuts));
        return TagSearch.run(kernel.name(), root, bound, evaluator, settings, log, deadline, monitor, progress);
    }

    /** The warning of a replay that asked for leaves its log did not hold; null when it did not diverge. */
    public static Diagnostic diverged(String replayFile, ReplayEvaluator replay) {
        if (replay == null || replay.missing() == 0) {
            return null;
        }
        return Diagnostic.warning(replayFile, 0, replay.missing() + " leaves were not in the log: the replay "
                + "diverged from the recorded run", "replay with the settings of the log's start line");
    }

    /**
     * The best candidate as a decision list for {@code tessera telamon codegen --decisions}, with its header line;
     * null when no time was measured.
     */
    public static String bestDecisions(String file, TagSearch.Settings settings, Evaluator evaluator,
            TagSearch.Result res) {
        if (res.bestDecisions().isEmpty()) {
            return null;
        }
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "# best of tessera telamon search %s --seed %d (%s): %s ns at "
                + "evaluation %d of %d", file, settings.seed(), evaluator.name(), Double.toString(res.best()),
                res.bestAt(), res.evaluations()));
        lines.addAll(res.bestDecisions());
        return String.join("\n", lines) + "\n";
    }

    /** Why the search stopped, in words ({@code budget}, {@code time limit} …). */
    public static String stop(TagSearch.Result res) {
        return res.stop().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** The summary lines of a search; the third names {@code saved}, the best decision list's file, when not null. */
    public static List<String> summary(Kernel kernel, Hardware hw, Evaluator evaluator, TagSearch.Settings settings,
            TagSearch.Result res, String saved) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "%s on %s (%s, %s, %s order, %s cut, seed %d%s): %s", kernel.name(),
                hw.name(), evaluator.name(), settings.policy().name().toLowerCase(Locale.ROOT),
                settings.order().name().toLowerCase(Locale.ROOT), settings.strictCut() ? "strict" : "non-strict",
                settings.seed(), settings.rollouts() > 1 ? ", " + settings.rollouts() + " rollouts a round" : "",
                Double.isInfinite(res.best()) ? "no time measured"
                        : "best " + time(res.best()) + " at evaluation " + res.bestAt()));
        lines.add(String.format(Locale.ROOT, "  %d evaluations (%d failed), %d cuts, %d dead ends, %d nodes; "
                + "stopped: %s%s", res.evaluations(), res.failures(), res.cuts(), res.deadEnds(), res.nodes(),
                stop(res), res.stop() == TagSearch.Stop.EXHAUSTED ? " (every leaf evaluated or cut: the best is the "
                        + "optimum)" : ""));
        lines.add(String.format(Locale.ROOT, "  %.1f s: %.2f evaluations/s; %.1f s in the evaluator, %.1f s in the tree "
                + "(expansion, propagation, bounds)", res.ms() / 1e3, res.evaluations() / Math.max(res.ms() / 1e3, 1e-3),
                res.evaluationMs() / 1e3, (res.ms() - res.evaluationMs()) / 1e3));
        if (evaluator instanceof GpuEvaluator g) {
            g.report().forEach(l -> lines.add("  " + l));
        }
        if (saved != null) {
            lines.add("  best decisions saved to " + saved);
        }
        return lines;
    }

    /** A time in ns as ns, µs or ms (as {@code tessera telamon bound} prints it). */
    public static String time(double ns) {
        if (ns >= 1e6) {
            return String.format(Locale.ROOT, "%.3f ms", ns / 1e6);
        }
        if (ns >= 1e3) {
            return String.format(Locale.ROOT, "%.3f µs", ns / 1e3);
        }
        return String.format(Locale.ROOT, "%.1f ns", ns);
    }
}
