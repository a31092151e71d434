package tessera.telamon.search;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import tessera.dspace.runtime.csp.Candidate;

/**
 * Seed 001 §6.2.2 (digest 001b §3.7), Knuth's estimator of the number of leaves: a random probe multiplies the
 * numbers of valid children (after propagation) along a uniformly random path; the mean over probes estimates the
 * implementation-space size, the mean number of decisions per probe is Table 6.1's "average depth".
 */
public final class Knuth {
    /** One probe: its estimate (0 when it reached a node without valid children) and its number of decisions. */
    public record Probe(double estimate, int depth) {
    }

    private Knuth() {
    }

    public static Probe probe(Candidate root, SplittableRandom random) {
        Candidate node = root;
        double w = 1;
        int depth = 0;
        while (true) {
            int v = ChoiceOrder.next(node);
            if (v < 0) {
                return new Probe(w, depth);
            }
            List<Candidate> children = new ArrayList<>();
            for (long dom = node.domain(v); dom != 0; dom &= dom - 1) {
                Candidate child = node.copy();
                if (child.restrict(v, Long.lowestOneBit(dom))) {
                    children.add(child);
                }
            }
            if (children.isEmpty()) {
                return new Probe(0, depth);
            }
            w *= children.size();
            depth++;
            node = children.get(random.nextInt(children.size()));
        }
    }

    /** Mean and 95 % confidence half-width of a sample (normal approximation). */
    public record Estimate(double mean, double halfWidth, int n) {
        public static Estimate of(double[] xs) {
            double sum = 0, sq = 0;
            for (double x : xs) {
                sum += x;
            }
            double mean = sum / xs.length;
            for (double x : xs) {
                sq += (x - mean) * (x - mean);
            }
            double sd = xs.length > 1 ? Math.sqrt(sq / (xs.length - 1)) : 0;
            return new Estimate(mean, 1.96 * sd / Math.sqrt(xs.length), xs.length);
        }
    }
}
