package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import tessera.core.Monitor;
import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.csp.Access;
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

    /** {@link #check(Candidate, Random, int, String)} on {@code space} instantiated on the JSON instance {@code json}. */
    static int check(String space, String json, long seed, int paths, String what) {
        return check(Fixtures.init(space, Fixtures.json(json)), new Random(seed), paths, what);
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

    /**
     * The same checks for spaces with triggers, where candidates grow new variables: SAT4J models (lowerings exposed
     * up front) and runtime candidates are matched by choice and object names instead of variable indices.
     */
    static int checkLowered(Candidate init, Random rnd, int paths, String what) {
        SatOracle oracle = SatOracle.of(init);
        List<int[]> raw = oracle.solutions(MAX + 1, Fixtures.deadline());
        if (raw.size() > MAX) {
            return -1;
        }
        List<Map<String, String>> sols = raw.stream().map(oracle::describe).toList();
        List<Candidate> leaves = new ArrayList<>();
        leaves(init, leaves);
        assertEquals(sols.size(), leaves.size(), () -> "runtime and SAT4J disagree on the number of solutions\n" + what
                + "\nSAT solutions: " + sols.subList(0, Math.min(5, sols.size())));
        SatOracle verifier = SatOracle.of(init);
        for (Candidate leaf : leaves) {
            assertTrue(verifier.accepts(leaf, Fixtures.deadline()), () -> "the runtime accepted a fixed candidate that"
                    + " violates a constraint\n" + what + "\n" + named(leaf));
            assertTrue(sols.contains(named(leaf)), () -> "a fixed candidate is not among SAT4J's models\n" + what + "\n"
                    + named(leaf));
        }
        for (int p = 0; p < paths; p++) {
            Candidate c = init.copy();
            Map<String, List<String>> decided = new HashMap<>();
            while (!c.failed()) {
                checkLicensedByName(c, sols, decided, what);
                int v = pickOpen(c, rnd);
                if (v < 0) {
                    break;
                }
                long d = c.domain(v);
                long mask = rnd.nextBoolean() ? Long.lowestOneBit(d) : d & ~Long.lowestOneBit(d);
                decided.put(named(c, v, Long.numberOfTrailingZeros(d))[0], allowed(c, v, mask));
                c.restrict(v, mask);
            }
            checkLicensedByName(c, sols, decided, what);
        }
        return sols.size();
    }

    private static void leaves(Candidate c, List<Candidate> out) {
        if (c.failed()) {
            return;
        }
        int v = c.firstOpen();
        if (v < 0) {
            out.add(c);
            return;
        }
        for (long m = c.domain(v); m != 0; m &= m - 1) {
            Candidate k = c.copy();
            k.restrict(v, Long.lowestOneBit(m));
            leaves(k, out);
        }
    }

    private static String[] named(Candidate c, int v, int i) {
        return Access.named(c, v, i);
    }

    private static List<String> allowed(Candidate c, int v, long mask) {
        List<String> r = new ArrayList<>();
        for (long m = mask; m != 0; m &= m - 1) {
            r.add(named(c, v, Long.numberOfTrailingZeros(m))[1]);
        }
        return r;
    }

    /** A fixed candidate as instance → value (names of {@link Access#named}). */
    static Map<String, String> named(Candidate c) {
        Map<String, String> r = new HashMap<>();
        for (int v = 0; v < c.variableCount(); v++) {
            if (c.choiceInfo(v).kind() != Kind.COUNTER) {
                String[] nv = named(c, v, Long.numberOfTrailingZeros(c.domain(v)));
                r.put(nv[0], nv[1]);
            }
        }
        return r;
    }

    private static void checkLicensedByName(Candidate c, List<Map<String, String>> sols, Map<String, List<String>> decided,
            String what) {
        for (Map<String, String> s : sols) {
            boolean consistent = decided.entrySet().stream().allMatch(e -> e.getValue().contains(s.get(e.getKey())));
            if (!consistent) {
                continue;
            }
            if (c.failed()) {
                fail("propagation failed (" + c.failure() + ") although a solution is consistent with the decisions\n"
                        + what + "\nsolution " + s);
            }
            for (int v = 0; v < c.variableCount(); v++) {
                if (c.choiceInfo(v).kind() == Kind.COUNTER) {
                    continue;
                }
                String key = named(c, v, Long.numberOfTrailingZeros(c.domain(v)))[0];
                String val = s.get(key);
                if (val == null) {
                    fail("the candidate lowered " + key + " but a solution consistent with the decisions does not"
                            + " have it\n" + what + "\nsolution " + s);
                }
                if (!allowed(c, v, c.domain(v)).contains(val)) {
                    fail("propagation removed value " + val + " of " + key + " used by a solution\n" + what
                            + "\nsolution " + s);
                }
            }
        }
    }

    private static int pickOpen(Candidate c, Random rnd) {
        List<Integer> open = c.openVariables();
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
