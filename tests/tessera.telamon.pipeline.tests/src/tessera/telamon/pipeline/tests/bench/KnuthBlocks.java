package tessera.telamon.pipeline.tests.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.TreeMap;

import tessera.core.Diagnostics;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.search.Knuth;
import tessera.telamon.search.Sampling;

/**
 * Table 6.1's 100,000 Knuth probes (seed 001 §6.2.2) in blocks that separate runs can share: probe i draws the i-th
 * probe seed of {@link Sampling#seeds} from seed 2019 without descents (as {@code tessera telamon stats --seed 2019}
 * and {@link TelamonBenchmark} with no descents), so a block's sums do not
 * depend on the run, the machine or the thread that made it. {@code run} appends one line of sums per finished block
 * to a file and skips the blocks the file already holds (a run stopped midway loses only its unfinished block, and
 * the same command resumes it); {@code sum} combines the lines of such files, each block counted once.
 * <pre>
 * JTEST_MAIN=tessera.telamon.pipeline.tests.bench.KnuthBlocks dev/jtest-tcpa tessera.telamon.pipeline -- run KERNEL FIRST COUNT FILE [BLOCK]
 * JTEST_MAIN=tessera.telamon.pipeline.tests.bench.KnuthBlocks dev/jtest-tcpa tessera.telamon.pipeline -- sum FILE…
 * </pre>
 */
public final class KnuthBlocks {
    /** The sums of one block of probes {@code first .. first + count - 1}. */
    record Block(String kernel, int first, int count, double sumSize, double sumSize2, double sumDepth, double sumDepth2, int zeros,
            double seconds) {
        static final String HEADER = "# kernel\tfirst\tcount\tsum size\tsum size^2\tsum depth\tsum depth^2\tzero probes\tseconds";

        String line() {
            return String.format(Locale.ROOT, "%s\t%d\t%d\t%.17g\t%.17g\t%.17g\t%.17g\t%d\t%.1f", kernel, first, count, sumSize, sumSize2, sumDepth,
                    sumDepth2, zeros, seconds);
        }

        static Block parse(String line) {
            String[] f = line.split("\t");
            return new Block(f[0], Integer.parseInt(f[1]), Integer.parseInt(f[2]), Double.parseDouble(f[3]), Double.parseDouble(f[4]),
                    Double.parseDouble(f[5]), Double.parseDouble(f[6]), Integer.parseInt(f[7]), Double.parseDouble(f[8]));
        }
    }

    private KnuthBlocks() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length >= 5 && args[0].equals("run")) {
            run(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]), Path.of(args[4]), args.length > 5 ? Integer.parseInt(args[5]) : 1000);
        } else if (args.length >= 2 && args[0].equals("sum")) {
            List<Path> files = new ArrayList<>();
            for (int i = 1; i < args.length; i++) {
                files.add(Path.of(args[i]));
            }
            sum(files);
        } else {
            System.err.println("usage: KnuthBlocks run KERNEL FIRST COUNT FILE [BLOCK] | sum FILE...");
            System.exit(2);
        }
    }

    static void run(String kernel, int first, int count, Path file, int block) throws IOException {
        Diagnostics d = new Diagnostics();
        Candidate root = Examples.space(kernel, "sm_80", d).root();
        if (root == null) {
            throw new IllegalArgumentException(kernel + ": no space: " + d);
        }
        long[] seeds = Sampling.seeds(2019, 0, first + count)[1];
        java.util.Set<Integer> done = new java.util.HashSet<>(); // a rerun of the same command resumes
        if (!Files.exists(file)) {
            Files.writeString(file, Block.HEADER + "\n");
        } else {
            for (String line : Files.readAllLines(file)) {
                Block b = line.isBlank() || line.startsWith("#") ? null : Block.parse(line);
                if (b != null && b.kernel().equals(kernel)) {
                    done.add(b.first());
                }
            }
        }
        for (int b = first; b < first + count; b += block) {
            int n = Math.min(block, first + count - b);
            if (done.contains(b)) {
                continue;
            }
            long t0 = System.nanoTime();
            double s = 0, s2 = 0, p = 0, p2 = 0;
            int zeros = 0;
            for (int i = b; i < b + n; i++) {
                Knuth.Probe probe = Knuth.probe(root, new SplittableRandom(seeds[i]));
                s += probe.estimate();
                s2 += probe.estimate() * probe.estimate();
                p += probe.depth();
                p2 += (double) probe.depth() * probe.depth();
                zeros += probe.estimate() == 0 ? 1 : 0;
            }
            Block sums = new Block(kernel, b, n, s, s2, p, p2, zeros, (System.nanoTime() - t0) / 1e9);
            Files.writeString(file, sums.line() + "\n", StandardOpenOption.APPEND);
            System.err.println(sums.line());
        }
    }

    /** Prints, per kernel, the number of probes, Knuth's estimate and the average depth with 95 % intervals. */
    static void sum(List<Path> files) throws IOException {
        TreeMap<String, TreeMap<Integer, Block>> byKernel = new TreeMap<>();
        for (Path f : files) {
            for (String line : Files.readAllLines(f)) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                Block b = Block.parse(line);
                Block other = byKernel.computeIfAbsent(b.kernel(), k -> new TreeMap<>()).putIfAbsent(b.first(), b);
                if (other != null && (other.count() != b.count() || other.sumSize() != b.sumSize())) {
                    throw new IllegalStateException(f + ": block " + b.first() + " of " + b.kernel() + " differs from an earlier run's");
                }
            }
        }
        for (var e : byKernel.entrySet()) {
            int n = 0, zeros = 0, next = 0, gaps = 0;
            double s = 0, s2 = 0, p = 0, p2 = 0, seconds = 0;
            for (Block b : e.getValue().values()) {
                if (b.first() < next) {
                    throw new IllegalStateException(e.getKey() + ": block " + b.first() + " overlaps the one before it");
                }
                gaps += b.first() > next ? 1 : 0;
                next = b.first() + b.count();
                n += b.count();
                zeros += b.zeros();
                s += b.sumSize();
                s2 += b.sumSize2();
                p += b.sumDepth();
                p2 += b.sumDepth2();
                seconds += b.seconds();
            }
            System.out.printf(Locale.ROOT, "%s: %d probes (%d gaps), %.2g ± %.1g implementations, average depth %.2f ± %.2f, %.1f %% zero, %.0f s%n",
                    e.getKey(), n, gaps, s / n, halfWidth(n, s, s2), p / n, halfWidth(n, p, p2), 100.0 * zeros / n, seconds);
        }
    }

    /** 95 % normal half-width of a mean from the sum and the sum of squares of {@code n} values. */
    private static double halfWidth(int n, double sum, double sum2) {
        double mean = sum / n, variance = n > 1 ? Math.max(0, (sum2 - n * mean * mean) / (n - 1)) : 0;
        return 1.96 * Math.sqrt(variance / n);
    }
}
