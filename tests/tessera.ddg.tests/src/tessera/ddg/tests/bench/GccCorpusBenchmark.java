package tessera.ddg.tests.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;
import tessera.ddg.tests.GccCorpus;
import tessera.modsched.io.DdgWriter;
import tessera.modsched.metrics.RegisterPressure;
import tessera.modsched.sched.ExactScheduler;
import tessera.modsched.sched.HrmsScheduler;
import tessera.modsched.sched.IterativeModuloScheduler;
import tessera.modsched.sched.ModuloScheduler;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sched.TopDownScheduler;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;

/**
 * The real-loop benchmark (issue 19; docs/benchmarks.md): on GCC's dependence graphs of TSVC, per configuration and
 * scheduler, the loops scheduled, II = MII, II = the exact minimum II (SAT4J, {@code exactSeconds} per loop; loops
 * it does not prove are counted apart), II against GCC's where GCC scheduled, time per loop; then production SMS's
 * MaxLive against the exact minimum MaxLive at the same II on the loops of at most {@code maxLiveNodes} nodes where
 * the exact scheduler proves it within {@code maxLiveSeconds}.
 * {@code JTEST_MAIN=tessera.ddg.tests.bench.GccCorpusBenchmark dev/jtest-tcpa tessera.ddg -- [exactSeconds=10]
 * [maxLiveSeconds=10] [maxLiveNodes=30] [CONFIG…]}
 */
public final class GccCorpusBenchmark {
    private GccCorpusBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        double exactSeconds = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        double maxLiveSeconds = args.length > 1 ? Double.parseDouble(args[1]) : 10;
        int maxLiveNodes = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        List<String> configs = args.length > 3 ? List.of(args).subList(3, args.length) : GccCorpus.CONFIGS;
        Map<String, ModuloScheduler> algos = new LinkedHashMap<>();
        algos.put("SMS (production)", new SwingScheduler(SmsOptions.production()));
        algos.put("SMS (original §4)", new SwingScheduler(SmsOptions.original()));
        algos.put("HRMS", new HrmsScheduler());
        algos.put("Top-Down", new TopDownScheduler());
        algos.put("IMS (Rau)", new IterativeModuloScheduler());
        System.out.println("| configuration | loops (unique graphs) | scheduler | scheduled | II = MII | II = exact min | "
                + "II > GCC's (GCC scheduled) | ms per loop |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        List<GccCorpus.Entry> all = new ArrayList<>();
        Map<GccCorpus.Entry, Integer> minII = new LinkedHashMap<>();
        for (String config : configs) {
            List<GccCorpus.Entry> loops = GccCorpus.load(config);
            all.addAll(loops);
            Set<String> unique = new HashSet<>();
            for (GccCorpus.Entry e : loops) {
                unique.add(DdgWriter.write(e.loop()).replace("loop " + e.loop().name() + " ", "loop x "));
                minII.put(e, exactMinII(e, exactSeconds));
            }
            long proven = loops.stream().filter(e -> minII.get(e) > 0).count();
            for (Map.Entry<String, ModuloScheduler> a : algos.entrySet()) {
                int ok = 0, atMii = 0, atMin = 0, aboveGcc = 0, gccOk = 0;
                long t0 = System.nanoTime();
                for (GccCorpus.Entry e : loops) {
                    ScheduleResult r = a.getValue().schedule(e.loop(), Monitor.NULL);
                    if (e.gcc().scheduled()) {
                        gccOk++;
                        aboveGcc += !r.ok() || r.ii() > e.gcc().ii() ? 1 : 0;
                    }
                    if (r.ok()) {
                        ok++;
                        atMii += r.ii() == r.mii().value() ? 1 : 0;
                        atMin += r.ii() == minII.get(e) ? 1 : 0;
                    }
                }
                double ms = (System.nanoTime() - t0) / 1e6 / loops.size();
                System.out.printf(Locale.ROOT, "| %s | %d (%d) | %s | %d | %d | %d of %d proven | %d (%d) | %.2f |%n", config,
                        loops.size(), unique.size(), a.getKey(), ok, atMii, atMin, proven, aboveGcc, gccOk, ms);
            }
        }
        maxLive(all, minII, maxLiveSeconds, maxLiveNodes);
    }

    /** The exact minimum II, or 0 when SAT4J does not prove it in time (also SmsGapDiagnosis's). */
    static int exactMinII(GccCorpus.Entry e, double seconds) {
        Duration limit = Duration.ofMillis((long) (seconds * 1000));
        try {
            ScheduleResult r = new ExactScheduler(limit, false, 0).solve(e.loop(), Deadline.after(limit), Monitor.NULL)
                    .result();
            return r.ok() ? r.ii() : 0;
        } catch (TimeLimitException x) {
            return 0;
        }
    }

    private static void maxLive(List<GccCorpus.Entry> all, Map<GccCorpus.Entry, Integer> minII, double seconds, int maxNodes) {
        int compared = 0, equal = 0, tried = 0;
        long sms = 0, exact = 0;
        double worst = 0;
        String worstLoop = "";
        for (GccCorpus.Entry e : all) {
            if (e.loop().size() > maxNodes || minII.get(e) == 0) {
                continue;
            }
            ScheduleResult r = new SwingScheduler(SmsOptions.production()).schedule(e.loop(), Monitor.NULL);
            if (!r.ok() || r.ii() != minII.get(e)) {
                continue;
            }
            tried++;
            Duration limit = Duration.ofMillis((long) (seconds * 1000));
            ExactScheduler.ExactResult x;
            try {
                x = new ExactScheduler(limit, true, 0).solve(e.loop(), Deadline.after(limit), Monitor.NULL);
            } catch (TimeLimitException t) {
                continue;
            }
            if (!x.maxLiveOptimal() || x.minII() != r.ii()) {
                continue;
            }
            int ours = RegisterPressure.of(r.schedule()).maxLive();
            compared++;
            equal += ours == x.maxLive() ? 1 : 0;
            sms += ours;
            exact += x.maxLive();
            double gap = x.maxLive() == 0 ? 0 : (double) (ours - x.maxLive()) / x.maxLive();
            if (gap > worst) {
                worst = gap;
                worstLoop = e.config() + " " + e.loop().name() + " " + ours + " vs " + x.maxLive();
            }
        }
        System.out.printf(Locale.ROOT, "%nMaxLive, production SMS against the exact minimum at the same II: %d loops of "
                + "at most %d nodes at the exact minimum II, %d proven within %.0f s: SMS optimal on %d, total %d vs %d "
                + "(+%.2f %%), worst %s%n", tried, maxNodes, compared, seconds, equal, sms, exact,
                exact == 0 ? 0 : 100.0 * (sms - exact) / exact, worstLoop);
    }
}
