package tessera.telamon.pipeline.tests.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import tessera.core.Diagnostics;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.model.Domains;
import tessera.telamon.model.Hardware;
import tessera.telamon.model.LowerBound;
import tessera.telamon.pipeline.TelamonPipeline;
import tessera.telamon.search.RandomDescent;

/**
 * Issue 23's speed target: the time of one bound computation (reading the candidate's domains included) on the
 * candidates met along random descents, on one core; median, 90th percentile and maximum in milliseconds, per
 * ordering. {@code JTEST_MAIN=tessera.telamon.pipeline.tests.bench.BoundBenchmark dev/jtest-tcpa tessera.telamon.pipeline -- DESCENTS [KERNEL…]}
 */
public final class BoundBenchmark {
    private BoundBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int descents = Integer.parseInt(args[0]);
        List<String> kernels = args.length > 1 ? List.of(args).subList(1, args.length) : List.of("matmul_1024");
        Hardware hw = Hardware.builtIn("hopper");
        System.out.println("| kernel | ordering | candidates | median ms | p90 ms | max ms | of which domains (median ms) |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (String name : kernels) {
            TelamonPipeline.Result r = Examples.space(name, "sm_90", new Diagnostics());
            Kernel k = r.kernel();
            List<Candidate> nodes = new ArrayList<>();
            SplittableRandom random = new SplittableRandom(23);
            for (int i = 0; i < descents; i++) {
                RandomDescent.Result x = RandomDescent.run(r.root(), random);
                Candidate c = r.root().copy();
                nodes.add(c.copy());
                for (String decision : x.decisions()) {
                    int open = decision.indexOf('('), close = decision.lastIndexOf(")=");
                    c.decide(decision.substring(0, open), List.of(decision.substring(open + 1, close).split(",")),
                            List.of(decision.substring(close + 2)));
                    nodes.add(c.copy());
                }
            }
            for (LowerBound.Ordering o : LowerBound.Ordering.values()) {
                for (Candidate c : nodes.subList(0, Math.min(50, nodes.size()))) { // warm-up
                    LowerBound.of(k, c, hw, o);
                }
                double[] total = new double[nodes.size()], domains = new double[nodes.size()];
                for (int i = 0; i < nodes.size(); i++) {
                    long t0 = System.nanoTime();
                    Domains m = Domains.of(k, nodes.get(i));
                    long t1 = System.nanoTime();
                    LowerBound.of(m, hw, o);
                    long t2 = System.nanoTime();
                    total[i] = (t2 - t0) / 1e6;
                    domains[i] = (t1 - t0) / 1e6;
                }
                Arrays.sort(total);
                Arrays.sort(domains);
                System.out.printf(java.util.Locale.ROOT, "| %s | %s | %d | %.2f | %.2f | %.2f | %.2f |%n", name, o,
                        nodes.size(), total[total.length / 2], total[(int) (total.length * 0.9)],
                        total[total.length - 1], domains[domains.length / 2]);
            }
        }
    }
}
