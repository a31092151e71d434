package tessera.telamon.search;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import tessera.dspace.runtime.csp.Candidate;

/**
 * Seed 001 §4.5.2 and §5.4 (digest 001b §3.8): from a candidate, fix choices in {@link ChoiceOrder}, each to a value
 * drawn uniformly from its current domain, until the candidate is fixed. When propagation fails (a dead end) the value
 * is removed and another one drawn; {@link Result#deadEnds} counts those backtracks, Table 4.3's measure.
 */
public final class RandomDescent {
    /** A leaf (null when every branch below the start failed), the decisions taken and the dead ends met. */
    public record Result(Candidate leaf, List<String> decisions, int deadEnds) {
    }

    /** A descent gives up (no leaf) after this many dead ends. */
    public static final int MAX_DEAD_ENDS = 10_000;

    private RandomDescent() {
    }

    public static Result run(Candidate start, SplittableRandom random) {
        List<String> decisions = new ArrayList<>();
        int[] deadEnds = { 0 };
        Candidate leaf = descend(start.copy(), random, decisions, deadEnds);
        return new Result(leaf, decisions, deadEnds[0]);
    }

    private static Candidate descend(Candidate c, SplittableRandom random, List<String> decisions, int[] deadEnds) {
        int v = ChoiceOrder.next(c);
        if (v < 0) {
            return c;
        }
        long left = c.domain(v);
        while (left != 0 && deadEnds[0] < MAX_DEAD_ENDS) {
            long bit = nthBit(left, random.nextInt(Long.bitCount(left)));
            left &= ~bit;
            Candidate child = c.copy();
            decisions.add(describe(c, v, bit));
            if (child.restrict(v, bit)) {
                Candidate leaf = descend(child, random, decisions, deadEnds);
                if (leaf != null) {
                    return leaf;
                }
            } else {
                deadEnds[0]++;
            }
            decisions.remove(decisions.size() - 1);
        }
        return null;
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
