package tessera.telamon.search;

import java.util.SplittableRandom;

import tessera.core.Monitor;
import tessera.dspace.runtime.csp.Candidate;

/**
 * Seed 001 §4.5.2 and §6.2.2 (Tables 4.3 and 6.1): random descents (dead ends, rejected values) and Knuth probes
 * (space size, average depth) from one candidate. Each descent and probe has its own seed, drawn in order from one
 * seed (descents first, then probes), and they run on worker threads, so the report does not depend on the number
 * of threads.
 */
public final class Sampling {
    /**
     * The fraction of descents that met a dead end and that met a rejected value, Knuth's estimate of the number of
     * implementations and the average depth (95 % intervals; NaN means without samples), and the seconds the descents
     * took, summed over the threads.
     */
    public record Report(Knuth.Estimate deadEnds, Knuth.Estimate rejected, Knuth.Estimate size, Knuth.Estimate depth,
            double descentSeconds) {
    }

    private Sampling() {
    }

    /** The seeds of {@code descents} descents and then {@code probes} probes, drawn in order from {@code seed}. */
    public static long[][] seeds(long seed, int descents, int probes) {
        SplittableRandom r = new SplittableRandom(seed);
        return new long[][] { r.longs(descents).toArray(), r.longs(probes).toArray() };
    }

    public static Report run(Candidate root, int descents, int probes, long seed, int threads, Monitor monitor) {
        long[][] seeds = seeds(seed, descents, probes);
        double[] dead = new double[descents], rejected = new double[descents], size = new double[probes], depth = new double[probes];
        long[] nanos = new long[descents];
        try (Workers w = new Workers(threads)) {
            w.forEach(descents, i -> {
                monitor.checkCanceled();
                long t0 = System.nanoTime();
                RandomDescent.Result x = RandomDescent.run(root, new SplittableRandom(seeds[0][i]));
                nanos[i] = System.nanoTime() - t0;
                dead[i] = x.deadEnds() > 0 ? 1 : 0;
                rejected[i] = x.rejected() > 0 ? 1 : 0;
            });
            w.forEach(probes, i -> {
                monitor.checkCanceled();
                Knuth.Probe p = Knuth.probe(root, new SplittableRandom(seeds[1][i]));
                size[i] = p.estimate();
                depth[i] = p.depth();
            });
        }
        long total = 0;
        for (long n : nanos) {
            total += n;
        }
        return new Report(Knuth.Estimate.of(dead), Knuth.Estimate.of(rejected), Knuth.Estimate.of(size), Knuth.Estimate.of(depth),
                total / 1e9);
    }
}
