package tessera.telamon.search;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import tessera.dspace.runtime.csp.Candidate;

/**
 * Seed 001 §4.5.2 and §5.4 (digest 001b §3.8): from a candidate, fix choices in {@link ChoiceOrder}, each to a value
 * drawn uniformly from its current domain, until the candidate is fixed. When propagation fails on a value (a dead
 * end), the value is removed and another one drawn; when removals empty a domain, the attempt starts again from the
 * start candidate. {@link Result#deadEnds} counts the dead ends, Table 4.3's measure being the fraction of descents
 * with at least one.
 */
public final class RandomDescent {
    /** A leaf (null when every attempt failed), the decisions that lead to it, the dead ends met, the attempts. */
    public record Result(Candidate leaf, List<String> decisions, int deadEnds, int attempts) {
    }

    /** A descent gives up (no leaf) after this many attempts. */
    public static final int MAX_ATTEMPTS = 50;

    private RandomDescent() {
    }

    public static Result run(Candidate start, SplittableRandom random) {
        int deadEnds = 0;
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            List<String> decisions = new ArrayList<>();
            Candidate c = start.copy();
            while (c != null) {
                int v = ChoiceOrder.next(c);
                if (v < 0) {
                    return new Result(c, decisions, deadEnds, attempt);
                }
                while (true) {
                    long dom = c.domain(v);
                    long bit = nthBit(dom, random.nextInt(Long.bitCount(dom)));
                    Candidate child = c.copy();
                    if (child.restrict(v, bit)) {
                        decisions.add(describe(c, v, bit));
                        c = child;
                        break;
                    }
                    deadEnds++;
                    if (!c.restrict(v, dom & ~bit)) {
                        c = null; // every value of v fails: start again
                        break;
                    }
                    if (Long.bitCount(c.domain(v)) == 1) {
                        decisions.add(describe(c, v, c.domain(v))); // forced by the removals: a decision of the list
                        break;
                    }
                }
            }
        }
        return new Result(null, List.of(), deadEnds, MAX_ATTEMPTS);
    }

    private static long nthBit(long mask, int n) {
        for (int i = 0; i < n; i++) {
            mask &= mask - 1;
        }
        return Long.lowestOneBit(mask);
    }

    /** A decision as the CLI and decision lists write it: {@code choice(obj,…)=VALUE}. */
    public static String describe(Candidate c, int var, long bit) {
        return c.choiceOf(var) + "(" + String.join(",", c.argsOf(var)) + ")=" + c.describe(var, bit).get(0);
    }
}
