package tessera.ddg.tests.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import tessera.core.Monitor;
import tessera.ddg.tests.GccCorpus;
import tessera.modsched.metrics.RegisterPressure;
import tessera.modsched.sched.IterativeModuloScheduler;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;

/**
 * Lists the corpus loops where production SMS's II is above the exact minimum II (issue 19), with SMS's failure lines.
 * {@code JTEST_MAIN=tessera.ddg.tests.bench.SmsGapDiagnosis dev/jtest-tcpa tessera.ddg -- [exactSeconds=10]
 * [cacheFile] [CONFIG…]}; the cache file (config,loop,minII; 0 = not proven) spares the exact solves of a rerun.
 * {@code -Dchanged=true} (e.g. through JAVA_TOOL_OPTIONS) also lists every loop whose schedule change 7 (MinDist
 * windows) changes, with II and MaxLive without and with it; {@code -Ddump=CONFIG/LOOP} prints that loop as JSON.
 */
public final class SmsGapDiagnosis {
    private SmsGapDiagnosis() {
    }

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        Path cache = args.length > 1 ? Path.of(args[1]) : null;
        List<String> configs = args.length > 2 ? List.of(args).subList(2, args.length) : GccCorpus.CONFIGS;
        Map<String, Integer> known = new HashMap<>();
        if (cache != null && Files.exists(cache)) {
            for (String line : Files.readAllLines(cache)) {
                String[] f = line.split(",");
                known.put(f[0] + "," + f[1], Integer.parseInt(f[2]));
            }
        }
        List<String> out = new ArrayList<>();
        int proven = 0;
        int atMin = 0;
        long ms = 0;
        for (String config : configs) {
            int cp = 0;
            int cm = 0;
            for (GccCorpus.Entry e : GccCorpus.load(config)) {
                if ((config + "/" + e.loop().name()).equals(System.getProperty("dump"))) {
                    System.out.println("JSON " + tessera.modsched.io.LoopJson.write(e.loop()));
                }
                String key = config + "," + e.loop().name();
                Integer min = known.get(key);
                if (min == null) {
                    min = GccCorpusBenchmark.exactMinII(e, seconds);
                    known.put(key, min);
                    out.add(key + "," + min);
                }
                long t0 = System.nanoTime();
                SwingScheduler.SmsResult r = new SwingScheduler(SmsOptions.production()).run(e.loop(), Monitor.NULL);
                ms += (System.nanoTime() - t0) / 1_000_000;
                ScheduleResult s = r.result();
                if (Boolean.getBoolean("changed")) {
                    SmsOptions p = SmsOptions.production();
                    ScheduleResult b = new SwingScheduler(new SmsOptions(p.zeroLatencyAware(), p.resourceTieBreak(),
                            p.symmetricRetry(), p.symmetricSeed(), p.successorSide(), p.orderRepair(), false,
                            p.maxII())).schedule(e.loop(), Monitor.NULL);
                    if (b.ok() != s.ok() || b.ok() && (b.ii() != s.ii()
                            || !java.util.Arrays.equals(b.schedule().times(), s.schedule().times()))) {
                        System.out.printf(Locale.ROOT, "CHANGED %s %s min=%d II %s -> %s MaxLive %s -> %s%n", config,
                                e.loop().name(), min, b.ok() ? b.ii() : "-", s.ok() ? s.ii() : "-",
                                b.ok() ? RegisterPressure.of(b.schedule()).maxLive() : "-",
                                s.ok() ? RegisterPressure.of(s.schedule()).maxLive() : "-");
                    }
                }
                if (min == 0) {
                    continue;
                }
                cp++;
                if (s.ok() && s.ii() == min) {
                    cm++;
                    continue;
                }
                ScheduleResult ims = new IterativeModuloScheduler().schedule(e.loop(), Monitor.NULL);
                System.out.printf(Locale.ROOT, "%s %s n=%d MII=%d min=%d SMS=%s first=%d tdf=%b IMS=%s GCC=%d%n",
                        config, e.loop().name(), e.loop().size(), s.mii().value(), min, s.ok() ? s.ii() : "-",
                        r.firstII(), r.topDownFirstUsed(), ims.ok() ? ims.ii() : "-", e.gcc().ii());
                for (String f : s.failures()) {
                    System.out.println("    " + f);
                }
            }
            System.out.printf(Locale.ROOT, "%s: SMS at the exact minimum on %d of %d proven%n", config, cm, cp);
            proven += cp;
            atMin += cm;
        }
        System.out.printf(Locale.ROOT, "all: %d of %d (%.1f %%), SMS %d ms%n", atMin, proven,
                100.0 * atMin / proven, ms);
        if (cache != null && !out.isEmpty()) {
            Files.write(cache, out, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        }
    }
}
