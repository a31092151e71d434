package tessera.modsched.tests.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;
import tessera.modsched.gen.RandomLoopGenerator;
import tessera.modsched.metrics.RegisterPressure;
import tessera.modsched.model.Loop;
import tessera.modsched.sched.ExactScheduler;
import tessera.modsched.sched.IterativeModuloScheduler;
import tessera.modsched.sched.ModuloScheduler;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sched.TopDownScheduler;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;
import tessera.modsched.verify.Verifier;

/**
 * Benchmark (seed 002 §5.2 style): generated Perfect-Club-like loops; for SMS (production and original), Top-Down
 * and IMS: % of loops with II = MII, mean MaxLive, mean SC, nodes scheduled per second; then the gap to the exact
 * optimum (min II, min MaxLive) on small loops with a time limit.
 * Args: [loops=2000] [seed=2001] [exactLoops=300] [exactSeconds=2] [exactMaxNodes=10]
 */
public final class ModschedBenchmark {
    private ModschedBenchmark() {
    }

    public static void main(String[] args) {
        int loops = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 2001;
        int exactLoops = args.length > 2 ? Integer.parseInt(args[2]) : 300;
        double exactSeconds = args.length > 3 ? Double.parseDouble(args[3]) : 2;
        int exactMaxNodes = args.length > 4 ? Integer.parseInt(args[4]) : 10;
        RandomLoopGenerator gen = new RandomLoopGenerator(seed);
        List<Loop> set = new ArrayList<>();
        long nodes = 0;
        int maxNodes = 0;
        int withRec = 0;
        for (int i = 0; i < loops; i++) {
            Loop l = gen.next();
            set.add(l);
            nodes += l.size();
            maxNodes = Math.max(maxNodes, l.size());
            if (tessera.modsched.analysis.RecMII.compute(l, 0).value() > 0) {
                withRec++;
            }
        }
        System.out.printf(Locale.ROOT, "%d loops (seed %d), %d nodes, mean %.1f, max %d, %.1f%% with recurrences%n",
                loops, seed, nodes, (double) nodes / loops, maxNodes, 100.0 * withRec / loops);
        List<ModuloScheduler> algos = List.of(new SwingScheduler(SmsOptions.production()),
                new SwingScheduler(SmsOptions.original()), new TopDownScheduler(), new IterativeModuloScheduler());
        String[] names = { "SMS (production)", "SMS (original §4)", "Top-Down", "IMS (Rau)" };
        // warm-up for the JIT
        for (ModuloScheduler a : algos) {
            for (int i = 0; i < Math.min(200, set.size()); i++) {
                a.schedule(set.get(i), Monitor.NULL);
            }
        }
        System.out.println();
        System.out.println("| algorithm | II = MII | failed | mean II/MII | mean MaxLive | mean SC | nodes/s | invalid |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (int a = 0; a < algos.size(); a++) {
            int atMii = 0;
            int failed = 0;
            int invalid = 0;
            double ratio = 0;
            long live = 0;
            long sc = 0;
            int ok = 0;
            long t0 = System.nanoTime();
            List<ScheduleResult> rs = new ArrayList<>();
            for (Loop l : set) {
                rs.add(algos.get(a).schedule(l, Monitor.NULL));
            }
            double secs = (System.nanoTime() - t0) / 1e9;
            for (ScheduleResult r : rs) {
                if (!r.ok()) {
                    failed++;
                    continue;
                }
                ok++;
                if (!Verifier.verify(r.schedule()).isEmpty()) {
                    invalid++;
                }
                if (r.ii() == r.mii().value()) {
                    atMii++;
                }
                ratio += (double) r.ii() / r.mii().value();
                live += RegisterPressure.of(r.schedule()).maxLive();
                sc += r.schedule().stageCount();
            }
            System.out.printf(Locale.ROOT, "| %s | %.2f%% | %d | %.4f | %.2f | %.2f | %.0f | %d |%n", names[a],
                    100.0 * atMii / loops, failed, ratio / ok, (double) live / ok, (double) sc / ok, nodes / secs,
                    invalid);
        }
        // gap to the exact optimum on small loops
        RandomLoopGenerator small = new RandomLoopGenerator(seed + 1, RandomLoopGenerator.Profile.PERFECT_CLUB, 4,
                exactMaxNodes);
        int solved = 0;
        int timeouts = 0;
        int[] sameII = new int[algos.size()];
        long[] liveH = new long[algos.size()];
        long[] liveX = new long[algos.size()];
        int[] liveCount = new int[algos.size()];
        int[] liveEqual = new int[algos.size()];
        for (int i = 0; i < exactLoops; i++) {
            Loop l = small.next();
            ExactScheduler.ExactResult ex;
            try {
                Duration d = Duration.ofMillis((long) (exactSeconds * 1000));
                ex = new ExactScheduler(d).solve(l, Deadline.after(d), Monitor.NULL);
            } catch (TimeLimitException e) {
                timeouts++;
                continue;
            }
            if (!ex.result().ok() || !ex.maxLiveOptimal()) {
                timeouts++;
                continue;
            }
            solved++;
            for (int a = 0; a < algos.size(); a++) {
                ScheduleResult r = algos.get(a).schedule(l, Monitor.NULL);
                if (r.ok() && r.ii() == ex.minII()) {
                    sameII[a]++;
                    liveH[a] += RegisterPressure.of(r.schedule()).maxLive();
                    liveX[a] += ex.maxLive();
                    liveCount[a]++;
                    if (RegisterPressure.of(r.schedule()).maxLive() == ex.maxLive()) {
                        liveEqual[a]++;
                    }
                }
            }
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "exact (SAT4J, %.1f s limit, 4..%d nodes): solved %d of %d (%d over the limit)%n",
                exactSeconds, exactMaxNodes, solved, exactLoops, timeouts);
        System.out.println();
        System.out.println("| algorithm | II = exact II | mean MaxLive (same II) | exact MaxLive | gap | MaxLive optimal |");
        System.out.println("|---|---|---|---|---|---|");
        for (int a = 0; a < algos.size(); a++) {
            double h = liveCount[a] == 0 ? 0 : (double) liveH[a] / liveCount[a];
            double x = liveCount[a] == 0 ? 0 : (double) liveX[a] / liveCount[a];
            System.out.printf(Locale.ROOT, "| %s | %.2f%% | %.3f | %.3f | %+.2f%% | %.1f%% |%n", names[a],
                    100.0 * sameII[a] / Math.max(1, solved), h, x, x == 0 ? 0 : 100 * (h - x) / x,
                    100.0 * liveEqual[a] / Math.max(1, liveCount[a]));
        }
    }
}
