package tessera.telamon.pipeline.tests.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntToLongFunction;

import tessera.core.Diagnostics;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.search.Knuth;
import tessera.telamon.search.RandomDescent;

/**
 * Tables 4.3 and 6.1 of seed 001 on Tessera's GPU space, for the example kernels at the thesis's sizes: the
 * probability that a random descent meets a dead end (a candidate none of whose values propagation accepts, Telamon's
 * definition) and that it meets a rejected value (95 % intervals), Knuth's estimate of the number of
 * implementations with the average depth, and the descents per second of one thread. Each descent and probe has its
 * own random seed, drawn in order from seed 2019, so the tables do not depend on the number of threads.
 * {@code JTEST_MAIN=tessera.telamon.pipeline.tests.bench.TelamonBenchmark dev/jtest-tcpa tessera.telamon.pipeline -- DESCENTS PROBES THREADS [KERNEL…]}
 */
public final class TelamonBenchmark {
    private TelamonBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int descents = Integer.parseInt(args[0]);
        int probes = Integer.parseInt(args[1]);
        int threads = Integer.parseInt(args[2]);
        List<String> kernels = args.length > 3 ? List.of(args).subList(3, args.length)
                : List.of("axpy", "matmul_256", "matmul_1024", "strided_matmul", "batched_matmul", "reuse_matmul");
        System.out.println("| kernel | descents | dead ends (95 %) | rejected values (95 %) | descents/s, one thread | probes | Knuth estimate (95 %) | average depth | wall |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (String name : kernels) {
                Diagnostics d = new Diagnostics();
                Candidate root = Examples.space(name, "sm_80", d).root();
                if (root == null) {
                    System.out.println("| " + name + " | no space: " + d + " |");
                    continue;
                }
                SplittableRandom seeds = new SplittableRandom(2019);
                long[] descentSeeds = seeds.longs(descents).toArray(), probeSeeds = seeds.longs(probes).toArray();
                double[] dead = new double[descents], rejected = new double[descents];
                long t0 = System.nanoTime();
                long nanos = sum(pool, descents, i -> {
                    long s = System.nanoTime();
                    RandomDescent.Result x = RandomDescent.run(root, new SplittableRandom(descentSeeds[i]));
                    dead[i] = x.deadEnds() > 0 ? 1 : 0;
                    rejected[i] = x.rejected() > 0 ? 1 : 0;
                    return System.nanoTime() - s;
                });
                double perSecond = descents / (nanos / 1e9);
                double[] size = new double[probes], depth = new double[probes];
                sum(pool, probes, i -> {
                    Knuth.Probe p = Knuth.probe(root, new SplittableRandom(probeSeeds[i]));
                    size[i] = p.estimate();
                    depth[i] = p.depth();
                    return 0;
                });
                double wall = (System.nanoTime() - t0) / 1e9;
                Knuth.Estimate de = Knuth.Estimate.of(dead), re = Knuth.Estimate.of(rejected), se = Knuth.Estimate.of(size), dp = Knuth.Estimate.of(depth);
                System.out.printf("| %s | %d | %.1f %% ± %.1f | %.1f %% ± %.1f | %.2f | %d | %.2g ± %.1g | %.1f ± %.1f | %.0f s |%n", name, descents,
                        100 * de.mean(), 100 * de.halfWidth(), 100 * re.mean(), 100 * re.halfWidth(), perSecond, probes, se.mean(), se.halfWidth(),
                        dp.mean(), dp.halfWidth(), wall);
            }
        } finally {
            pool.shutdown();
        }
    }

    /** Runs {@code task} on 0..n-1 on the pool and returns the sum of what it returns; progress goes to stderr. */
    private static long sum(ExecutorService pool, int n, IntToLongFunction task) throws Exception {
        List<Future<Long>> fs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int k = i;
            fs.add(pool.submit(() -> task.applyAsLong(k)));
        }
        long total = 0;
        for (int i = 0; i < n; i++) {
            total += fs.get(i).get();
            if ((i + 1) % 1000 == 0) {
                System.err.println((i + 1) + " / " + n);
            }
        }
        return total;
    }
}
