package tessera.telamon.pipeline.tests.bench;

import java.util.List;

import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.search.Knuth;
import tessera.telamon.search.Sampling;

/**
 * Tables 4.3 and 6.1 of seed 001 on Tessera's GPU space, for the example kernels at the thesis's sizes: the
 * probability that a random descent meets a dead end (a candidate none of whose values propagation accepts, Telamon's
 * definition) and that it meets a rejected value (95 % intervals), Knuth's estimate of the number of
 * implementations with the average depth, and the descents per second of one thread ({@link Sampling}, seed 2019:
 * {@code tessera telamon stats KERNEL --seed 2019} gives the same numbers).
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
        for (String name : kernels) {
            Diagnostics d = new Diagnostics();
            Candidate root = Examples.space(name, "sm_80", d).root();
            if (root == null) {
                System.out.println("| " + name + " | no space: " + d + " |");
                continue;
            }
            long t0 = System.nanoTime();
            Sampling.Report r = Sampling.run(root, descents, probes, 2019, threads, Monitor.NULL);
            double wall = (System.nanoTime() - t0) / 1e9;
            Knuth.Estimate de = r.deadEnds(), re = r.rejected(), se = r.size(), dp = r.depth();
            System.out.printf("| %s | %d | %.1f %% ± %.1f | %.1f %% ± %.1f | %.2f | %d | %.2g ± %.1g | %.1f ± %.1f | %.0f s |%n", name, descents,
                    100 * de.mean(), 100 * de.halfWidth(), 100 * re.mean(), 100 * re.halfWidth(), descents / r.descentSeconds(), probes,
                    se.mean(), se.halfWidth(), dp.mean(), dp.halfWidth(), wall);
        }
    }
}
