package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import tessera.core.Monitor;
import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.csp.Enumerator;
import tessera.dspace.runtime.oracle.SatOracle;

/**
 * The oracle checks of the task: (1) solution count of the runtime's exhaustive enumeration = SAT4J model count;
 * (2) every fixed candidate the runtime accepts satisfies every constraint (SAT4J under assumptions);
 * (3) soundness: along random decision paths, propagation never removes a value of a solution consistent with the
 * decisions, and a failed candidate has no such solution.
 */
final class OracleCheck {
    static final int MAX = 1500;

    private OracleCheck() {
    }

    /** Runs all checks; returns the number of solutions (-1: more than MAX, skipped). {@code what} is printed on failure (seed, space). */
    static int check(Candidate init, Random rnd, int paths, String what) {
        List<int[]> sols = SatOracle.of(init).solutions(MAX + 1, Fixtures.deadline());
        if (sols.size() > MAX) {
            return -1; // too many solutions to enumerate twice in a unit test
        }
        Enumerator.Result r = Enumerator.run(init, Fixtures.deadline(), Monitor.NULL, 100_000, true);
        assertTrue(r.complete(), what);
        assertEquals(sols.size(), r.leaves(), () -> "runtime and SAT4J disagree on the number of solutions\n" + what
                + "\nSAT solutions: " + show(init, sols));
        SatOracle verifier = SatOracle.of(init);
        for (long[] leaf : r.solutions()) {
            assertTrue(verifier.accepts(leaf, Fixtures.deadline()), () -> "the runtime accepted a fixed candidate that"
                    + " violates a constraint\n" + what);
        }
        for (int p = 0; p < paths; p++) {
            Candidate c = init.copy();
            List<long[]> decided = new ArrayList<>();
            checkLicensed(c, sols, decided, what);
            while (!c.failed()) {
                int v = pickOpen(c, rnd);
                if (v < 0) {
                    break;
                }
                long d = c.domain(v);
                long mask;
                if (rnd.nextBoolean()) {
                    int k = rnd.nextInt(Long.bitCount(d));
                    long m = d;
                    for (int i = 0; i < k; i++) {
                        m &= m - 1;
                    }
                    mask = Long.lowestOneBit(m);
                } else {
                    mask = d & ~Long.lowestOneBit(d); // remove one value
                }
                decided.add(new long[] { v, mask });
                c.restrict(v, mask);
                checkLicensed(c, sols, decided, what);
            }
        }
        return sols.size();
    }

    private static int pickOpen(Candidate c, Random rnd) {
        List<Integer> open = new ArrayList<>();
        for (int v = 0; v < c.variableCount(); v++) {
            if (c.choiceInfo(v).kind() != Kind.COUNTER && Long.bitCount(c.domain(v)) > 1) {
                open.add(v);
            }
        }
        return open.isEmpty() ? -1 : open.get(rnd.nextInt(open.size()));
    }

    private static void checkLicensed(Candidate c, List<int[]> sols, List<long[]> decided, String what) {
        for (int[] s : sols) {
            boolean consistent = true;
            for (long[] d : decided) {
                consistent &= ((d[1] >>> s[(int) d[0]]) & 1) != 0;
            }
            if (!consistent) {
                continue;
            }
            if (c.failed()) {
                fail("propagation failed (" + c.failure() + ") although a solution is consistent with the decisions\n"
                        + what + "\nsolution " + showOne(c, s));
            }
            for (int v = 0; v < s.length; v++) {
                if (s[v] >= 0 && ((c.domain(v) >>> s[v]) & 1) == 0) {
                    fail("propagation removed value " + c.describe(v, 1L << s[v]) + " of " + c.choiceOf(v) + c.argsOf(v)
                            + " used by a solution\n" + what + "\nsolution " + showOne(c, s));
                }
            }
        }
    }

    static String show(Candidate c, List<int[]> sols) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(5, sols.size()); i++) {
            sb.append("\n  ").append(showOne(c, sols.get(i)));
        }
        return sb.toString();
    }

    static String showOne(Candidate c, int[] s) {
        StringBuilder sb = new StringBuilder();
        for (int v = 0; v < s.length; v++) {
            if (s[v] >= 0) {
                sb.append(c.choiceOf(v)).append(c.argsOf(v)).append('=').append(c.describe(v, 1L << s[v])).append(' ');
            }
        }
        return sb.toString();
    }
}
