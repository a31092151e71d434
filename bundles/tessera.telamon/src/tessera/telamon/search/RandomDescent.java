package tessera.telamon.search;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import tessera.dspace.runtime.csp.Candidate;

/**
 * Seed 001 §4.5.2 and §5.4 (digest 001b §3.8): from a candidate, fix choices in {@link ChoiceOrder}, each to a value
 * drawn uniformly from the values propagation accepts. A drawn value that propagation rejects is removed and another
 * drawn (uniform among the accepted ones, as Telamon's rollout that builds every child and picks among the valid ones);
 * when every value of the choice is rejected, the candidate is a dead end and the attempt starts again from the start
 * candidate. Table 4.3's measure, the fraction of descents that "needed to backtrack because a candidate became
 * infeasible", is the fraction with {@link Result#deadEnds} &gt; 0 (Telamon's {@code RolloutError::DeadEnd}: no valid
 * child); {@link Result#rejected} counts the rejected values.
 */
public final class RandomDescent {
    /**
     * A leaf (null when every attempt failed), the decisions that lead to it, the dead ends met (candidates with no
     * valid child), the values propagation rejected, the attempts.
     */
    public record Result(Candidate leaf, List<String> decisions, int deadEnds, int rejected, int attempts) {
    }

    /** A descent gives up (no leaf) after this many attempts. */
    public static final int MAX_ATTEMPTS = 50;

    private RandomDescent() {
    }

    public static Result run(Candidate start, SplittableRandom random) {
        int rejected = 0;
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            List<String> decisions = new ArrayList<>();
            Candidate c = start.copy();
            while (c != null) {
                int v = ChoiceOrder.next(c);
                if (v < 0) {
                    return new Result(c, decisions, attempt - 1, rejected, attempt);
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
                    rejected++;
                    if (!c.restrict(v, dom & ~bit)) {
                        c = null; // every value of v fails: a dead end, start again
                        break;
                    }
                    if (Long.bitCount(c.domain(v)) == 1) {
                        decisions.add(describe(c, v, c.domain(v))); // forced by the removals: a decision of the list
                        break;
                    }
                }
            }
        }
        return new Result(null, List.of(), MAX_ATTEMPTS, rejected, MAX_ATTEMPTS);
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
