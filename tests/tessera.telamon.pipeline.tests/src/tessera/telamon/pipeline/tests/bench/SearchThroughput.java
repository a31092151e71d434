package tessera.telamon.pipeline.tests.bench;

import java.util.function.ToDoubleFunction;

import tessera.core.Deadline;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.model.Hardware;
import tessera.telamon.pipeline.SearchRun;
import tessera.telamon.pipeline.TelamonPipeline;
import tessera.telamon.search.SearchLog;
import tessera.telamon.search.SyntheticEvaluator;
import tessera.telamon.search.TagSearch;

/**
 * Issue 24's CPU ceiling: evaluations per second of the search (seed 001 §6.1, TAG, the thesis's order, seed 1) with
 * the synthetic evaluator, whose evaluation costs nothing, so the rate is the tree's work (selection, rollouts that
 * propagate and bound every child, expansion) on THREADS worker threads with ROLLOUTS rollouts a round. Each kernel's
 * search runs twice, the same seed, and the second is timed (the first warms the JIT).
 * {@code JTEST_MAIN=tessera.telamon.pipeline.tests.bench.SearchThroughput dev/jtest-tcpa tessera.telamon.pipeline --
 * EVALUATIONS THREADS ROLLOUTS KERNEL…}
 */
public final class SearchThroughput {
    private SearchThroughput() {
    }

    public static void main(String[] args) throws Exception {
        int evaluations = Integer.parseInt(args[0]);
        int threads = Integer.parseInt(args[1]);
        int rollouts = Integer.parseInt(args[2]);
        for (int k = 3; k < args.length; k++) {
            TelamonPipeline.Result r = Examples.space(args[k], "sm_90", new Diagnostics());
            ToDoubleFunction<Candidate> bound = SearchRun.bound(r.kernel(), Hardware.builtIn("hopper"));
            TagSearch.Settings settings = TagSearch.Settings.defaults().withThreads(threads).withRollouts(rollouts)
                    .withBudget(evaluations).withSeed(1);
            TagSearch.Result res = null;
            double s = 0;
            for (int run = 0; run < 2; run++) {
                long t0 = System.nanoTime();
                res = SearchRun.run(r.kernel(), r.root(), bound, new SyntheticEvaluator(bound, 1), settings,
                        SearchLog.none(), Deadline.never(), Monitor.NULL);
                s = (System.nanoTime() - t0) / 1e9;
            }
            System.out.printf("%s: %d evaluations in %.1f s, %.2f a second (%d threads, %d rollouts a round), best %s%n",
                    args[k], res.evaluations(), s, res.evaluations() / s, threads, rollouts, SearchRun.time(res.best()));
        }
    }
}
