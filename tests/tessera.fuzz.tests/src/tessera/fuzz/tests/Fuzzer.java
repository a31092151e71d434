package tessera.fuzz.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import tessera.fuzz.tests.CaseRunner.Failure;
import tessera.fuzz.tests.Languages.Command;
import tessera.fuzz.tests.Languages.Lang;
import tessera.fuzz.tests.Languages.Target;
import tessera.testing.Fixtures;

/**
 * The fuzzer of issue 22 item 4: for a language, {@code cases} mutated example files, each run through the CLI (or,
 * one heavy case in {@link #BUILD_EVERY}, through {@code tessera build} on a project folder) by {@link CaseRunner}, in this
 * JVM. Case {@code n} of a run with seed {@code S} depends only on (language, S, n): rerunning with the same seed
 * reproduces it. Failing cases are written to {@code tests/tessera.fuzz.tests/target/fuzz-failures/LANG-S-n.EXT}
 * with {@code .cmd} beside (format: {@link FuzzCase}).
 * <p>
 * Settings: {@code -Dtessera.fuzz.cases=N} or {@code TESSERA_FUZZ_CASES} (cases per language, default
 * {@link #DEFAULT_CASES}), {@code -Dtessera.fuzz.seed} or {@code TESSERA_FUZZ_SEED} (default: the current time, printed),
 * {@code -Dtessera.fuzz.timeout} or {@code TESSERA_FUZZ_TIMEOUT} (seconds per case, default 10),
 * {@code -Dtessera.fuzz.threads} or {@code TESSERA_FUZZ_THREADS} (cases run at once, default 1).
 */
final class Fuzzer {
    static final int DEFAULT_CASES = 10_000;
    /**
     * {@code -Dtessera.fuzz.heavy} or {@code TESSERA_FUZZ_HEAVY}: the share of cases that may run heavy commands
     * (marked {@code !} in {@link Languages}), builds and the {@link Mutator#HEAVY} mutations; the others
     * are light (parse and validate, inputs of example size). 1 lets every case be heavy (five times slower).
     * Default 0.03: 300 heavy cases per language in CI's 10,000.
     */
    static final double HEAVY_SHARE = setting("tessera.fuzz.heavy", 0.03);
    /** One case in this many (of a target with a project path) runs {@code tessera build}. */
    static final int BUILD_EVERY = 40;
    /** After this many time-outs a language stops early: every abandoned thread keeps using a core. */
    static final int MAX_TIMEOUTS = 5;
    /** Failures of each kind kept in a report (all are counted and saved). */
    static final int KEEP = 20;

    /** What a run of one language found. */
    record Report(String lang, long seed, int cases, int run, Map<String, Integer> byKind, List<Failure> failures,
            Map<String, long[]> timeByCommand, Map<String, long[]> timeByMutation, double seconds, boolean stoppedEarly) {

        int failureCount() {
            return byKind.values().stream().mapToInt(Integer::intValue).sum();
        }

        /** The CI log line: {@code fuzz: pla 10000 cases, 0 failures, 12.3 s (seed 42)}. */
        String summary() {
            return String.format(Locale.ROOT, "fuzz: %s %d cases, %d failures, %.1f s (seed %d, %.1f ms/case)%s%s", lang,
                    run, failureCount(), seconds, seed, run == 0 ? 0 : 1000 * seconds / run,
                    byKind.isEmpty() ? "" : " " + byKind,
                    stoppedEarly ? " — stopped after " + MAX_TIMEOUTS + " time-outs" : "");
        }

        /** The summary, failure counts by kind, {@code n} failures of every kind (command, first stderr line). */
        String details(int n, Path failuresDir) {
            StringBuilder b = new StringBuilder(summary()).append('\n');
            // the first failures, but at most a few per kind while other kinds wait, so that every kind shows
            int perKind = Math.max(3, n / Math.max(1, byKind.size()));
            Map<String, Integer> shown = new TreeMap<>();
            List<Failure> picked = new ArrayList<>();
            for (Failure f : failures) {
                if (picked.size() < n && shown.merge(f.kind(), 1, Integer::sum) <= perKind) {
                    picked.add(f);
                }
            }
            for (Failure f : picked) {
                b.append(String.format(Locale.ROOT, "  [%s] %s%n      %s%n      exit %d, %.1f s, stderr: %s%n", f.kind(),
                        f.fuzzCase().commandLine(), f.detail(), f.outcome().code(), f.outcome().nanos() / 1e9,
                        f.outcome().firstErrLine()));
                b.append("      case: ").append(f.fuzzCase().origin()).append('\n');
            }
            if (!failures.isEmpty()) {
                b.append("  failing cases written to ").append(failuresDir)
                        .append(" (file + .cmd): copy them into tests/tessera.fuzz.tests/regressions/").append(lang)
                        .append("/ once fixed, so RegressionTest keeps them fixed\n");
            }
            b.append("  time by command (cases, mean ms, max ms):");
            timeByCommand.forEach((k, v) -> b.append(String.format(Locale.ROOT, " %s %d/%.0f/%.0f;", k, v[0],
                    v[1] / 1e6 / Math.max(1, v[0]), v[2] / 1e6)));
            b.append("\n  time by mutation (cases, mean ms, max ms):");
            timeByMutation.forEach((k, v) -> b.append(String.format(Locale.ROOT, " %s %d/%.0f/%.0f;", k, v[0],
                    v[1] / 1e6 / Math.max(1, v[0]), v[2] / 1e6)));
            return b.append('\n').toString();
        }
    }

    private final Path examples;
    private final Path fixtures;
    private final Path failuresDir;
    private final long limitMillis;

    Fuzzer(Path examples, Path fixtures, Path failuresDir, long limitMillis) {
        this.examples = examples;
        this.fixtures = fixtures;
        this.failuresDir = failuresDir;
        this.limitMillis = limitMillis;
    }

    /** The fuzzer of this checkout: examples and fixtures found from {@link Fixtures#root()}. */
    static Fuzzer forCheckout() {
        Path root = Fixtures.root();
        Path bundle = root.resolve("tests/tessera.fuzz.tests");
        return new Fuzzer(root.resolve("examples"), bundle.resolve("fixtures"),
                bundle.resolve("target/fuzz-failures"), (long) (1000 * setting("tessera.fuzz.timeout", 10)));
    }

    Path failuresDir() {
        return failuresDir;
    }

    CaseRunner runner() {
        return new CaseRunner(examples, fixtures, limitMillis);
    }

    /** A numeric setting: the system property, else the environment variable (NAME upper-cased, '.' -> '_'). */
    static double setting(String property, double dflt) {
        String v = System.getProperty(property);
        if (v == null || v.isBlank()) {
            v = System.getenv(property.toUpperCase(Locale.ROOT).replace('.', '_'));
        }
        return v == null || v.isBlank() ? dflt : Double.parseDouble(v.trim());
    }

    static int cases() {
        return (int) setting("tessera.fuzz.cases", DEFAULT_CASES);
    }

    static long seed() {
        return (long) setting("tessera.fuzz.seed", System.currentTimeMillis() % 1_000_000);
    }

    private Path seedPath(String seed) {
        return seed.startsWith("fix:") ? fixtures.resolve(seed.substring(4)) : examples.resolve(seed);
    }

    /** Case {@code n} of language {@code lang} in the run with {@code seed}. */
    FuzzCase generate(Lang lang, List<byte[]> seeds, long seed, int n) {
        Random r = new Random(seed * 1_000_003L + n * 7919L + lang.name().hashCode());
        int ti = 0;
        int x = r.nextInt(lang.targets().stream().mapToInt(Target::weight).sum());
        while ((x -= lang.targets().get(ti).weight()) >= 0) {
            ti++;
        }
        Target t = lang.targets().get(ti);
        boolean light = HEAVY_SHARE < 1 && r.nextDouble() >= HEAVY_SHARE;
        List<String> names = new ArrayList<>();
        byte[] bytes = Mutator.mutate(seeds.get(ti), seeds, r, names, light);
        String fileName = Path.of(t.seed().replace("fix:", "")).getFileName().toString();
        String origin = String.format(Locale.ROOT, "%s seed %d case %d: %s mutated by %s", lang.name(), seed, n,
                t.seed(), String.join(", ", names));
        if (!light && t.projectPath() != null && r.nextInt(BUILD_EVERY) == 0) {
            return new FuzzCase(lang.name(), fileName, bytes, List.of("--json", "build", "{DIR}"), t.projectPath(),
                    t.projectCopies(), origin);
        }
        List<Command> commands = light ? t.commands().stream().filter(c -> !c.heavy()).toList() : t.commands();
        x = r.nextInt(commands.stream().mapToInt(Command::weight).sum());
        Command chosen = commands.get(0);
        for (Command c : commands) {
            x -= c.weight();
            if (x < 0) {
                chosen = c;
                break;
            }
        }
        return new FuzzCase(lang.name(), fileName, bytes, chosen.words(), null, List.of(), origin);
    }

    /** One case's result, in the order of the cases. */
    private record Result(String command, List<String> mutations, Failure failure, long nanos) {
    }

    /**
     * Runs {@code cases} cases of {@code langName} with {@code seed} on {@link #threads()} workers; failing cases are
     * saved. With several workers a failing case is run again alone: one that then passes is counted under
     * {@code parallel-only:KIND} (a thread-safety problem, or a time limit missed under load).
     */
    Report run(String langName, int cases, long seed) throws IOException {
        Lang lang = Languages.get(langName);
        List<byte[]> seeds = new ArrayList<>();
        for (Target t : lang.targets()) {
            seeds.add(Files.readAllBytes(seedPath(t.seed())));
        }
        Path work = Files.createTempDirectory("tessera-fuzz-" + langName + "-");
        CaseRunner runner = runner();
        Map<String, Integer> byKind = new TreeMap<>();
        Map<String, long[]> times = new TreeMap<>();
        Map<String, long[]> byMutation = new TreeMap<>();
        List<Failure> failures = new ArrayList<>();
        long t0 = System.nanoTime();
        int threads = threads();
        AtomicInteger timeouts = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "fuzz-worker");
            t.setDaemon(true);
            return t;
        });
        int run = 0;
        try {
            warmUp(lang, seeds, runner, work);
            List<Future<Result>> results = new ArrayList<>();
            for (int i = 0; i < cases; i++) {
                int n = i;
                results.add(pool.submit(() -> {
                    if (timeouts.get() >= MAX_TIMEOUTS) {
                        return null;
                    }
                    FuzzCase c = generate(lang, seeds, seed, n);
                    Path dir = work.resolve("c" + n);
                    long c0 = System.nanoTime();
                    Failure f = runner.run(c, dir);
                    long dt = System.nanoTime() - c0;
                    if (isTimeout(f)) {
                        timeouts.incrementAndGet();
                    } else {
                        CaseRunner.delete(dir);
                    }
                    String how = c.origin().substring(c.origin().indexOf("mutated by ") + 11);
                    return new Result(commandKey(c), List.of(how.split(", ")), f, dt);
                }));
            }
            List<Result> done = new ArrayList<>();
            for (int n = 0; n < cases; n++) {
                try {
                    done.add(results.get(n).get());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", e);
                } catch (ExecutionException e) {
                    throw new IOException("case " + n + " could not be run: " + e.getCause(), e.getCause());
                }
            }
            int confirmed = 0;
            for (int n = 0; n < cases; n++) {
                Result res = done.get(n);
                if (res == null) {
                    continue;
                }
                run++;
                long[] tm = times.computeIfAbsent(res.command(), k -> new long[3]);
                tm[0]++;
                tm[1] += res.nanos();
                tm[2] = Math.max(tm[2], res.nanos());
                for (String m : new java.util.TreeSet<>(res.mutations())) {
                    long[] mm = byMutation.computeIfAbsent(m, k -> new long[3]);
                    mm[0]++;
                    mm[1] += res.nanos();
                    mm[2] = Math.max(mm[2], res.nanos());
                }
                Failure f = res.failure();
                if (f != null && threads > 1 && confirmed++ < 50 && timeouts.get() < MAX_TIMEOUTS) {
                    // again, alone: the pool has finished
                    Path dir = work.resolve("again" + n);
                    Failure again = runner.run(f.fuzzCase(), dir);
                    if (!isTimeout(again)) {
                        CaseRunner.delete(dir);
                    }
                    if (again == null) {
                        f = new Failure("parallel-only:" + f.kind(), f.detail(), f.fuzzCase(), f.outcome());
                    }
                }
                if (f != null) {
                    if (byKind.merge(f.kind(), 1, Integer::sum) <= KEEP) {
                        failures.add(f);
                    }
                    save(f, seed, n);
                }
            }
        } finally {
            pool.shutdownNow();
            if (timeouts.get() == 0) {
                CaseRunner.delete(work);
            }
        }
        return new Report(langName, seed, cases, run, byKind, failures, times, byMutation, (System.nanoTime() - t0) / 1e9,
                timeouts.get() >= MAX_TIMEOUTS);
    }

    /**
     * Runs every example once, unmutated, with its first command, not counted: class loading and the first parse of
     * each language (seconds on a loaded machine) must not make the first cases miss their time limit.
     */
    private static void warmUp(Lang lang, List<byte[]> seeds, CaseRunner runner, Path work) throws IOException {
        for (int i = 0; i < lang.targets().size(); i++) {
            Target t = lang.targets().get(i);
            String name = Path.of(t.seed().replace("fix:", "")).getFileName().toString();
            Path dir = work.resolve("warm" + i);
            Failure f = runner.run(new FuzzCase(lang.name(), name, seeds.get(i), t.commands().get(0).words(), null,
                    List.of(), "warm-up"), dir);
            if (!isTimeout(f)) {
                CaseRunner.delete(dir);
            }
        }
    }

    /** Workers: {@code -Dtessera.fuzz.threads} or {@code TESSERA_FUZZ_THREADS}, default the number of processors. */
    static int threads() {
        return Math.max(1, (int) setting("tessera.fuzz.threads", Runtime.getRuntime().availableProcessors()));
    }

    private static boolean isTimeout(Failure f) {
        return f != null && f.kind().equals("timeout");
    }

    /** The command's words up to the first file or option, e.g. {@code modsched --algo exact} as {@code modsched/exact}. */
    static String commandKey(FuzzCase c) {
        List<String> w = c.words().stream().filter(x -> !x.equals("--json") && !x.equals("--quiet")).toList();
        String key = w.isEmpty() ? "?" : w.get(0);
        if (w.size() > 1 && (key.equals("palmed") || key.equals("telamon") || key.equals("dspace"))) {
            key += " " + w.get(1);
        }
        int algo = w.indexOf("--algo");
        if (algo >= 0 && algo + 1 < w.size()) {
            key += " " + w.get(algo + 1);
        }
        return key;
    }

    private void save(Failure f, long seed, int n) throws IOException {
        Files.createDirectories(failuresDir);
        String ext = f.fuzzCase().fileName().contains(".")
                ? f.fuzzCase().fileName().substring(f.fuzzCase().fileName().lastIndexOf('.')) : "";
        Path file = failuresDir.resolve(f.fuzzCase().lang() + "-" + seed + "-" + n + ext);
        Files.write(file, f.fuzzCase().bytes());
        String why = "# " + f.kind() + ": " + f.detail().replace('\n', ' ') + "\n# stderr: "
                + f.outcome().firstErrLine().replace('\n', ' ') + "\n";
        Files.writeString(file.resolveSibling(file.getFileName() + ".cmd"), why + f.fuzzCase().cmdText(),
                StandardCharsets.UTF_8);
    }
}
