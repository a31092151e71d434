package tessera.telamon.pipeline.tests.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.model.Domains;
import tessera.telamon.model.Hardware;
import tessera.telamon.model.LowerBound;
import tessera.telamon.pipeline.GpuSpace;
import tessera.telamon.pipeline.tests.LeafCodeTest;
import tessera.telamon.search.ChoiceOrder;
import tessera.telamon.search.Knuth;
import tessera.telamon.search.RandomDescent;
import tessera.telamon.search.TagSearch;
import tessera.telamon.space.Device;

/**
 * Seed 001 §5.4 (Fig. 5.3) and §6.3.2 (Table 6.3) on the CPU: how early the lower bound prunes. A case is a kernel,
 * a hardware model and a cut threshold: on Hopper the best times measured on an H200 (issue 18's 300 random leaves,
 * {@code best_ms} of {@value MeasuredBounds#RESULTS}: axpy 2^20, matmul 256), on Kepler the thesis's Table 6.2 times
 * (axpy 2^26 7.06 ms, matmul 256 29.4 µs, matmul 1024 4.34 ms). The space is the sm_90 one ({@link GpuSpace#root};
 * its limits, 1024 threads and 48 KiB of shared memory per block, are also the K4000's). Every case is computed with
 * both orderings of the model ({@link LowerBound.Ordering}); cases of the same kernel instance share their samples.
 * <p>
 * (a) Fig. 5.3: DESCENTS random descents as {@link RandomDescent#run} makes them (choices in {@link ChoiceOrder}, a
 * uniform value, a rejected one dropped and another drawn, a value left alone by rejections is a decision, a dead end
 * restarts); the share whose candidate after d decisions already has B(c) &gt; threshold (a descent of fewer than d
 * decisions contributes its leaf), the share of leaves, and the mean number of decisions a descent.
 * <p>
 * (b) Table 6.3: the nodes at depth 10 of the search tree (node = candidate after d decisions in the fixed order, one
 * child per value propagation accepts) without the cut and with it (a node whose bound exceeds the threshold is cut,
 * its subtree not expanded). Exhaustive when the enumeration's predicted time (the probes' estimate of its
 * propagations × the measured time of one) is within BUDGET_S; otherwise PROBES unbiased probes (mean, 95 % normal
 * interval), Knuth's estimator on the tree of all values: at each of the first 10 choices draw one value of the
 * domain uniformly, multiply the weight by the domain's size, and stop with 0 when propagation rejects it; without
 * the cut the estimate is the weight at depth 10, with it the weight times [no node of the path, depth 0 … 10, is
 * cut] (a node survives the cut exactly when none of its ancestors is cut). One propagation a level, against one per
 * value for {@link Knuth#probe}.
 * <p>
 * {@code JTEST_MAIN=tessera.telamon.pipeline.tests.bench.PruningAnalysis dev/jtest-tcpa tessera.telamon.pipeline --
 * [DESCENTS [PROBES [BUDGET_S [THREADS [CASE…]]]]]}: defaults 200 descents, 2000 probes, 600 s, 2 threads, cases
 * {@code kepler:matmul_256 hopper:matmul_256 kepler:axpy kepler:matmul_1024 hopper:axpy} (about 11 minutes on the
 * 2-core development machine). Results do not depend on THREADS: every sample has its own random stream.
 */
public final class PruningAnalysis {
    /** The decision counts of Fig. 5.3's x-axis that the table shows. */
    static final int[] DEPTHS = {0, 5, 10, 15, 20, 30, 40};
    /** Table 6.3's depth. */
    static final int CUT_DEPTH = 10;
    static final LowerBound.Ordering[] ORDERINGS = {LowerBound.Ordering.EMITTED, LowerBound.Ordering.COMPILED};

    /** A kernel instance, the hardware model and the cut threshold in nanoseconds with its source. */
    record Case(String id, String file, Map<String, Long> params, String kernelName, Hardware hw, String model,
            double thresholdNs, String source, TagSearch.Order order) {
    }

    /** A kernel, the root of its space (one per thread) and the decision order of its descents and tree. */
    record Space(Kernel kernel, Candidate root, TagSearch.Order order) {
        static Space of(Case c) {
            Kernel k = LeafCodeTest.example(c.file(), c.params());
            Diagnostics d = new Diagnostics();
            Candidate root = GpuSpace.root(k, Device.of("sm_90"), d, Monitor.NULL);
            if (root == null) {
                throw new IllegalStateException("no space for " + c.id() + ": " + d);
            }
            return new Space(k, root, c.order());
        }
    }

    /** Propagation and bound counts and times, over all threads. */
    static final class Stats {
        final LongAdder props = new LongAdder(), propNs = new LongAdder(), bounds = new LongAdder(),
                boundNs = new LongAdder(), probeNs = new LongAdder(), descentNs = new LongAdder();
    }

    /**
     * One sample: Knuth's depth-10 weight, its estimate of the enumeration's propagations, whether the depth-10 node
     * survives the cut [case][ordering]; the descent's decisions (-1 when none) and [case][ordering][column] pruned.
     */
    record Sample(double weight, double propagations, boolean[][] survives, int decisions, boolean[][][] pruned) {
    }

    private PruningAnalysis() {
    }

    public static void main(String[] args) throws Exception {
        int descents = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int probes = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        double budget = args.length > 2 ? Double.parseDouble(args[2]) : 600;
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        List<String> ids = args.length > 4 ? List.of(args).subList(4, args.length)
                : List.of("kepler:matmul_256", "hopper:matmul_256", "kepler:axpy", "kepler:matmul_1024", "hopper:axpy");
        Map<String, Double> best = measuredBest();
        Map<String, List<Case>> groups = new LinkedHashMap<>();
        for (String id : ids) {
            Case c = of(id, best);
            groups.computeIfAbsent(c.file() + c.params() + c.order(), x -> new ArrayList<>()).add(c);
        }
        List<String> fig = new ArrayList<>(), table = new ArrayList<>(), speed = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (List<Case> g : groups.values()) {
                run(g, descents, probes, budget, pool, fig, table, speed);
            }
        } finally {
            pool.shutdown();
        }
        System.out.println("### Fig. 5.3 analogue: share of random descents prunable after d decisions");
        System.out.println();
        StringBuilder h = new StringBuilder("| kernel | model | ordering | threshold | descents |");
        StringBuilder s = new StringBuilder("|---|---|---|---|---|");
        for (int d : DEPTHS) {
            h.append(" d = ").append(d).append(" |");
            s.append("---|");
        }
        System.out.println(h + " leaf | decisions per descent |");
        System.out.println(s + "---|---|");
        fig.forEach(System.out::println);
        System.out.println("| matmul (thesis, Fig. 5.3) | Kepler K4000 | thesis | best of the samples | ~31,500 |"
                + " | | 55 % | | 94 % | | | | 44.8 |");
        System.out.println();
        System.out.println("### Table 6.3 analogue: nodes at depth " + CUT_DEPTH + " without and with the cut");
        System.out.println();
        System.out.println("| kernel | model | ordering | threshold | method | nodes before | nodes after | ratio |"
                + " thesis before → after (ratio) |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        table.forEach(System.out::println);
        System.out.println();
        System.out.println("### Speed (per thread, " + threads + " thread(s))");
        System.out.println();
        System.out.println("| kernel | probes | descents | wall s | propagations/s | bounds/s | s a probe |"
                + " s a descent | propagations to enumerate depth 10 (predicted time → method) |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        speed.forEach(System.out::println);
    }

    /** {@code best_ms} per kernel of the H200 results, or the recorded values when the file is absent. */
    static Map<String, Double> measuredBest() throws Exception {
        Map<String, Double> best = new LinkedHashMap<>(Map.of("axpy", 0.0315839983522892, "matmul_256",
                0.022816000506281853));
        Path file = Path.of("tests/tessera.telamon.pipeline.tests/" + MeasuredBounds.RESULTS);
        if (Files.exists(file)) {
            JsonObject kernels = JsonParser.parseString(Files.readString(file)).getAsJsonObject()
                    .getAsJsonObject("kernels");
            for (String k : List.copyOf(best.keySet())) {
                best.put(k, kernels.getAsJsonObject(k).get("best_ms").getAsDouble());
            }
        }
        return best;
    }

    /** A case named {@code hopper:KERNEL} (H200 best, axpy at 2^20) or {@code kepler:KERNEL} (Table 6.2). */
    static Case of(String id, Map<String, Double> best) {
        String[] p = id.split(":");
        String name = p[1];
        // an optional third part: the decision order (thesis, the default, or reverse: §6.3.3)
        TagSearch.Order order = p.length > 2 && p[2].equals("reverse") ? TagSearch.Order.REVERSE : TagSearch.Order.THESIS;
        String label = order == TagSearch.Order.REVERSE ? ", reverse order" : "";
        if (p[0].equals("hopper")) {
            Map<String, Long> params = name.equals("axpy") ? Map.of("n", 1L << 20) : Map.of();
            Double ms = best.get(name);
            if (ms == null) {
                throw new IllegalArgumentException("no H200 measurement for " + name);
            }
            return new Case(id, name, params, (name.equals("axpy") ? "axpy 2^20" : name.replace('_', ' ')) + label,
                    Hardware.builtIn("hopper"), "Hopper", ms * 1e6, "H200 best", order);
        }
        double ns = switch (name) {
            case "axpy" -> 7.06e6;
            case "matmul_256" -> 29.4e3;
            case "matmul_1024" -> 4.34e6;
            default -> throw new IllegalArgumentException("no Table 6.2 time for " + name);
        };
        return new Case(id, name, Map.of(), (name.equals("axpy") ? "axpy 2^26" : name.replace('_', ' ')) + label,
                Hardware.builtIn("kepler"), "Kepler", ns, "Table 6.2", order);
    }

    private static String time(double ns) {
        return ns >= 1e6 ? String.format(Locale.ROOT, "%.3g ms", ns / 1e6)
                : String.format(Locale.ROOT, "%.3g µs", ns / 1e3);
    }

    // ------------------------------------------------------------------ one kernel instance

    static void run(List<Case> cases, int descents, int probes, double budget, ExecutorService pool,
            List<String> fig, List<String> table, List<String> speed) throws Exception {
        Case first = cases.get(0);
        ThreadLocal<Space> spaces = ThreadLocal.withInitial(() -> Space.of(first));
        Stats stats = new Stats();
        SplittableRandom master = new SplittableRandom(2019);
        int n = Math.max(descents, probes);
        List<Future<Sample>> futures = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            SplittableRandom random = master.split();
            boolean probe = i < probes, descent = i < descents;
            futures.add(pool.submit(() -> sample(spaces.get(), cases, probe, descent, random, stats)));
        }
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            samples.add(futures.get(i).get());
            if ((i + 1) % 100 == 0) {
                System.err.printf(Locale.ROOT, "%s: %d samples, %.0f s%n", first.kernelName(), i + 1,
                        (System.nanoTime() - t0) / 1e9);
            }
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        // (a) Fig. 5.3
        for (int c = 0; c < cases.size(); c++) {
            for (int o = 0; o < ORDERINGS.length; o++) {
                int[] pruned = new int[DEPTHS.length + 1];
                int done = 0;
                long decisions = 0;
                for (Sample s : samples) {
                    if (s.decisions() < 0) {
                        continue;
                    }
                    done++;
                    decisions += s.decisions();
                    for (int j = 0; j <= DEPTHS.length; j++) {
                        pruned[j] += s.pruned()[c][o][j] ? 1 : 0;
                    }
                }
                Case k = cases.get(c);
                StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "| %s | %s | %s | %s (%s) | %d |",
                        k.kernelName(), k.model(), ORDERINGS[o], time(k.thresholdNs()), k.source(), done));
                for (int j = 0; j <= DEPTHS.length; j++) {
                    b.append(String.format(Locale.ROOT, " %.1f %% |", 100.0 * pruned[j] / Math.max(1, done)));
                }
                b.append(String.format(Locale.ROOT, " %.1f |", (double) decisions / Math.max(1, done)));
                fig.add(b.toString());
                System.err.println(b);
            }
        }
        // (b) Table 6.3
        double[] before = new double[probes], enumeration = new double[probes];
        for (int i = 0; i < probes; i++) {
            before[i] = samples.get(i).weight();
            enumeration[i] = samples.get(i).propagations();
        }
        Knuth.Estimate eb = Knuth.Estimate.of(before);
        double perProp = stats.propNs.sum() / 1e9 / Math.max(1, stats.props.sum());
        double predicted = Knuth.Estimate.of(enumeration).mean() * perProp;
        boolean exhaustive = predicted <= budget;
        speed.add(String.format(Locale.ROOT,
                "| %s | %d | %d | %.0f | %.1f | %.1f | %.2f | %.2f | %.3g ≈ %.0f s → %s |",
                first.kernelName(), probes, descents, wall, 1 / perProp,
                stats.bounds.sum() / (stats.boundNs.sum() / 1e9), stats.probeNs.sum() / 1e9 / Math.max(1, probes),
                stats.descentNs.sum() / 1e9 / Math.max(1, descents), Knuth.Estimate.of(enumeration).mean(),
                predicted, exhaustive ? "enumerated" : "Knuth"));
        System.err.printf(Locale.ROOT, "%s: %.0f s, enumeration predicted %.0f s%n", first.kernelName(), wall,
                predicted);
        Space space = exhaustive ? Space.of(first) : null;
        long nBefore = exhaustive ? count(space, cases, space.root(), 0, -1, -1, stats) : 0;
        for (int c = 0; c < cases.size(); c++) {
            Case k = cases.get(c);
            String thesis = switch (k.id()) {
                case "kepler:axpy" -> "86,587 → 121 (715×)";
                case "kepler:matmul_256" -> "134,060 → 20,126 (6.7×)";
                case "kepler:matmul_1024" -> "161,980 → 6,738 (24×)";
                default -> "";
            };
            for (int o = 0; o < ORDERINGS.length; o++) {
                String method, beforeText, afterText;
                double beforeValue, afterValue;
                if (exhaustive) {
                    long nAfter = count(space, cases, space.root(), 0, c, o, stats);
                    method = "exhaustive";
                    beforeValue = nBefore;
                    afterValue = nAfter;
                    beforeText = String.format(Locale.ROOT, "%,d", nBefore);
                    afterText = String.format(Locale.ROOT, "%,d", nAfter);
                } else {
                    double[] after = new double[probes];
                    for (int i = 0; i < probes; i++) {
                        after[i] = samples.get(i).survives()[c][o] ? samples.get(i).weight() : 0;
                    }
                    Knuth.Estimate ea = Knuth.Estimate.of(after);
                    method = "Knuth, " + probes + " probes";
                    beforeValue = eb.mean();
                    afterValue = ea.mean();
                    beforeText = String.format(Locale.ROOT, "%.3g ± %.2g", eb.mean(), eb.halfWidth());
                    afterText = String.format(Locale.ROOT, "%.3g ± %.2g", ea.mean(), ea.halfWidth());
                }
                table.add(String.format(Locale.ROOT, "| %s | %s | %s | %s (%s) | %s | %s | %s | %s | %s |",
                        k.kernelName(), k.model(), ORDERINGS[o], time(k.thresholdNs()), k.source(), method,
                        beforeText, afterText, afterValue > 0
                                ? String.format(Locale.ROOT, "%.3g×", beforeValue / afterValue) : "every sample cut",
                        thesis));
                System.err.println(table.get(table.size() - 1));
            }
        }
    }

    // ------------------------------------------------------------------ samples

    // ------------------------------------------------------------------ samples

    /** The bounds in ns of {@code c} for every case and ordering, [case][ordering], memoised in {@code memo}. */
    static double[][] bounds(Space sp, List<Case> cases, Candidate c, Map<Candidate, double[][]> memo, Stats stats) {
        double[][] b = memo.get(c);
        if (b == null) {
            long t = System.nanoTime();
            Domains m = Domains.of(sp.kernel(), c);
            b = new double[cases.size()][ORDERINGS.length];
            for (int i = 0; i < cases.size(); i++) {
                for (int o = 0; o < ORDERINGS.length; o++) {
                    b[i][o] = LowerBound.of(m, cases.get(i).hw(), ORDERINGS[o]).nanoseconds();
                }
            }
            stats.boundNs.add(System.nanoTime() - t);
            stats.bounds.add((long) cases.size() * ORDERINGS.length);
            memo.put(c, b);
        }
        return b;
    }

    /** A candidate's domains and its bounds [case][ordering] (NaN until computed). */
    record Memo(Domains domains, double[][] bounds) {
    }

    /** The bound in ns of {@code c} for case {@code i}, ordering {@code o}, memoised in {@code memo}. */
    static double bound(Space sp, List<Case> cases, Candidate c, Map<Candidate, Memo> memo, int i, int o,
            Stats stats) {
        long t = System.nanoTime();
        Memo m = memo.get(c);
        if (m == null) {
            double[][] fresh = new double[cases.size()][ORDERINGS.length];
            for (double[] row : fresh) {
                java.util.Arrays.fill(row, Double.NaN);
            }
            m = new Memo(Domains.of(sp.kernel(), c), fresh);
            memo.put(c, m);
        }
        if (Double.isNaN(m.bounds()[i][o])) {
            m.bounds()[i][o] = LowerBound.of(m.domains(), cases.get(i).hw(), ORDERINGS[o]).nanoseconds();
            stats.bounds.increment();
        }
        stats.boundNs.add(System.nanoTime() - t);
        return m.bounds()[i][o];
    }

    static Sample sample(Space sp, List<Case> cases, boolean probe, boolean descent, SplittableRandom random,
            Stats stats) {
        Map<Candidate, Memo> memo = new IdentityHashMap<>();
        double weight = 0, props = 0;
        boolean[][] survives = new boolean[cases.size()][ORDERINGS.length];
        if (probe) {
            long t0 = System.nanoTime();
            List<Candidate> path = new ArrayList<>();
            Candidate node = sp.root();
            path.add(node);
            double w = 1;
            for (int d = 0; d < CUT_DEPTH && node != null; d++) {
                int v = sp.order().next(node);
                if (v < 0) {
                    node = null; // a leaf above depth 10
                    break;
                }
                long dom = node.domain(v);
                int values = Long.bitCount(dom);
                props += w * values; // each node at this depth propagates each of its values
                Candidate child = node.copy();
                if (!restrict(child, v, nthBit(dom, random.nextInt(values)), stats)) {
                    node = null; // a rejected value: no node there
                    break;
                }
                w *= values;
                node = child;
                path.add(node);
            }
            if (node != null) {
                weight = w;
                for (int c = 0; c < cases.size(); c++) {
                    for (int o = 0; o < ORDERINGS.length; o++) {
                        boolean ok = true;
                        for (int d = CUT_DEPTH; ok && d >= 0; d--) {
                            ok = bound(sp, cases, path.get(d), memo, c, o, stats) <= cases.get(c).thresholdNs();
                        }
                        survives[c][o] = ok;
                    }
                }
            }
            stats.probeNs.add(System.nanoTime() - t0);
        }
        if (!descent) {
            return new Sample(weight, props, survives, -1, null);
        }
        long t0 = System.nanoTime();
        List<Candidate> snaps = new ArrayList<>();
        Candidate end = descend(sp.root(), sp.order(), random, snaps, stats);
        if (end == null) {
            return new Sample(weight, props, survives, -1, null);
        }
        boolean[][][] pruned = new boolean[cases.size()][ORDERINGS.length][DEPTHS.length + 1];
        for (int j = 0; j <= DEPTHS.length; j++) {
            Candidate at = j < DEPTHS.length ? snaps.get(Math.min(DEPTHS[j], snaps.size() - 1)) : end;
            for (int c = 0; c < cases.size(); c++) {
                for (int o = 0; o < ORDERINGS.length; o++) {
                    pruned[c][o][j] = bound(sp, cases, at, memo, c, o, stats) > cases.get(c).thresholdNs();
                }
            }
        }
        stats.descentNs.add(System.nanoTime() - t0);
        return new Sample(weight, props, survives, snaps.size() - 1, pruned);
    }

    private static boolean restrict(Candidate c, int v, long mask, Stats stats) {
        long t = System.nanoTime();
        boolean ok = c.restrict(v, mask);
        stats.propNs.add(System.nanoTime() - t);
        stats.props.increment();
        return ok;
    }

    /** The accepted children of {@code node} on its next choice (empty when none, null at a leaf). */
    static List<Candidate> children(Candidate node, TagSearch.Order order, Stats stats) {
        int v = order.next(node);
        if (v < 0) {
            return null;
        }
        List<Candidate> out = new ArrayList<>();
        for (long dom = node.domain(v); dom != 0; dom &= dom - 1) {
            Candidate child = node.copy();
            if (restrict(child, v, Long.lowestOneBit(dom), stats)) {
                out.add(child);
            }
        }
        return out;
    }

    /**
     * Fixes the rest of {@code c} as {@link RandomDescent#run} does, appending the candidate after each decision to
     * {@code snaps}; the leaf, or null at a dead end.
     */
    static Candidate extend(Candidate c, TagSearch.Order order, SplittableRandom random, List<Candidate> snaps,
            Stats stats) {
        while (true) {
            int v = order.next(c);
            if (v < 0) {
                return c;
            }
            while (true) {
                long dom = c.domain(v);
                long bit = nthBit(dom, random.nextInt(Long.bitCount(dom)));
                Candidate child = c.copy();
                if (restrict(child, v, bit, stats)) {
                    c = child;
                    snaps.add(c);
                    break;
                }
                Candidate reduced = c.copy();
                if (!restrict(reduced, v, dom & ~bit, stats)) {
                    return null;
                }
                c = reduced;
                if (Long.bitCount(c.domain(v)) == 1) {
                    snaps.add(c);
                    break;
                }
            }
        }
    }

    /** A whole {@link RandomDescent#run}: attempts from {@code start} until one reaches a leaf (null if none). */
    static Candidate descend(Candidate start, TagSearch.Order order, SplittableRandom random, List<Candidate> snaps,
            Stats stats) {
        for (int attempt = 1; attempt <= RandomDescent.MAX_ATTEMPTS; attempt++) {
            snaps.clear();
            snaps.add(start);
            Candidate leaf = extend(start, order, random, snaps, stats);
            if (leaf != null) {
                return leaf;
            }
        }
        return null;
    }

    private static long nthBit(long mask, int n) {
        for (int i = 0; i < n; i++) {
            mask &= mask - 1;
        }
        return Long.lowestOneBit(mask);
    }

    // ------------------------------------------------------------------ exhaustive enumeration

    /** The depth-10 nodes below {@code node} (at {@code depth}); with the cut of case {@code c}, ordering {@code o}. */
    static long count(Space sp, List<Case> cases, Candidate node, int depth, int c, int o, Stats stats) {
        if (c >= 0 && bound(sp, cases, node, new IdentityHashMap<>(), c, o, stats) > cases.get(c).thresholdNs()) {
            return 0;
        }
        if (depth == CUT_DEPTH) {
            return 1;
        }
        List<Candidate> kids = children(node, sp.order(), stats);
        if (kids == null) {
            return 0;
        }
        long n = 0;
        for (Candidate k : kids) {
            n += count(sp, cases, k, depth + 1, c, o, stats);
        }
        return n;
    }
}
