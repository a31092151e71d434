package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.csp.Candidate;

/**
 * Property test: random decision spaces (enum, symmetric/antisymmetric, integer and counter choices, snippets,
 * comparisons, aliases, requires) on random instances, checked against SAT4J by {@link OracleCheck}.
 */
class RandomSpaceOracleTest {
    static final int SPACES = 120;

    @Test
    void randomSpacesAgreeWithSat4j() {
        long seed0 = Long.getLong("dspace.seed", 20260522L);
        int nonTrivial = 0, skipped = 0;
        for (int i = 0; i < SPACES; i++) {
            long seed = seed0 + i;
            Random rnd = new Random(seed);
            String[] gen = generate(rnd);
            String what = "seed " + seed + "\n--- space ---\n" + gen[0] + "\n--- instance ---\n" + gen[1];
            DspaceLoader.Result r = Fixtures.load(gen[0]);
            assertTrue(r.ok(), () -> "generated space does not compile: " + r.diagnostics() + "\n" + what);
            Candidate c;
            try {
                c = Fixtures.init(r.program(), Fixtures.json(gen[1]));
            } catch (AssertionError e) {
                // an initial failure must mean no solution at all: checked by SAT on a fresh instance
                continue;
            }
            int n = OracleCheck.check(c, rnd, 4, what);
            if (n > 0) {
                nonTrivial++;
            } else if (n < 0) {
                skipped++;
            }
        }
        assertTrue(nonTrivial > SPACES / 3, "too few satisfiable random spaces: " + nonTrivial + " (" + skipped + " too large)");
        System.out.println("random spaces: " + SPACES + ", with solutions: " + nonTrivial + ", too large: " + skipped);
    }

    static String[] generate(Random rnd) {
        StringBuilder s = new StringBuilder();
        s.append("set A: end\nset B subsetof A: end\nset C: end\n");
        int na = 2 + rnd.nextInt(2);
        int nv0 = 2 + (na == 2 ? rnd.nextInt(2) : 0), nv1 = 2 + (na == 2 ? rnd.nextInt(2) : 0);
        s.append("choice enum e0($x in A):\n");
        for (int v = 0; v < nv0; v++) {
            s.append("  value V").append(v).append(":\n");
            if (rnd.nextInt(4) == 0) {
                s.append("    requires \"$x.p()\"\n");
            }
        }
        if (rnd.nextBoolean()) {
            s.append("  alias AL = V0 | V1:\n");
        }
        s.append("end\n");
        int sym = rnd.nextInt(3);
        s.append("define enum e1($x in A, $y in A):\n");
        for (int v = 0; v < nv1; v++) {
            s.append("  value W").append(v).append(":\n");
        }
        if (sym == 1) {
            s.append("  symmetric\n");
        } else if (sym == 2) {
            s.append("  antisymmetric:\n    W0 -> W1\n");
        }
        s.append("end\n");
        s.append("choice enum g():\n  value T:\n  value F:\nend\n");
        s.append("choice integer n($c in C): \"$c.sizes()\" end\n");
        boolean mulCounter = rnd.nextBoolean();
        s.append("choice counter k0():\n  forall $x in A:\n    sum \"$x.w()\" when\n      e0($x) is V0\nend\n");
        s.append(mulCounter ? "choice counter k1():\n  forall $c in C:\n    mul n($c)\nend\n"
                : "choice half counter k1():\n  forall $c in C:\n    sum n($c)\nend\n");
        int nc = 2 + rnd.nextInt(3);
        for (int i = 0; i < nc; i++) {
            s.append(constraint(rnd, nv0, nv1, mulCounter)).append('\n');
        }
        // instance
        List<String> a = new ArrayList<>(), b = new ArrayList<>();
        for (int i = 0; i < na; i++) {
            a.add("a" + i);
            if (rnd.nextBoolean()) {
                b.add("a" + i);
            }
        }
        StringBuilder in = new StringBuilder("{\"sets\": {\"A\": [");
        in.append(String.join(",", a.stream().map(x -> "\"" + x + "\"").toList())).append("], \"B\": [")
                .append(String.join(",", b.stream().map(x -> "\"" + x + "\"").toList())).append("], \"C\": [\"c0\"" + (rnd.nextBoolean() ? ", \"c1\"" : "") + "]},\n");
        in.append(" \"values\": {\n  \"$x.p()\": {\"values\": {");
        List<String> ps = new ArrayList<>(), ws = new ArrayList<>();
        for (String x : a) {
            ps.add("\"" + x + "\": " + (rnd.nextInt(4) != 0));
            ws.add("\"" + x + "\": " + (1 + rnd.nextInt(3)));
        }
        in.append(String.join(", ", ps)).append("}},\n  \"$x.w()\": {\"values\": {").append(String.join(", ", ws)).append("}},\n");
        in.append("  \"$x.q($y)\": {\"default\": false, \"values\": {\"a0,a1\": true, \"a1,a0\": ").append(rnd.nextBoolean())
                .append("}},\n");
        in.append("  \"$c.sizes()\": {\"values\": {\"c0\": [1, 2, 4], \"c1\": [").append(1 + rnd.nextInt(2)).append(", 3]}},\n");
        in.append("  \"cap\": ").append(1 + rnd.nextInt(5)).append(",\n  \"ncap\": ").append(2 + rnd.nextInt(10)).append("\n }}");
        return new String[] { s.toString(), in.toString() };
    }

    static String constraint(Random rnd, int nv0, int nv1, boolean mul) {
        int shape = rnd.nextInt(7);
        return switch (shape) {
            case 0 -> "require forall $x in A:\n  forall $y in A:\n    " + lit1(rnd, "$x", "$y", nv0, nv1) + " || "
                    + lit1(rnd, "$y", "$x", nv0, nv1) + (rnd.nextBoolean() ? " || " + lit1(rnd, "$x", "$y", nv0, nv1) : "");
            case 1 -> "require forall $x in A:\n  forall $y in A:\n    forall $z in A:\n      e1($x, $z) is W0 || e1($x, $y) is not W0"
                    + " || e1($y, $z) is not W0";
            case 2 -> "require forall $x in A:\n  forall $y in B:\n    e1($x, $y) " + (rnd.nextBoolean() ? "==" : "!=")
                    + " e1($y, $x) || g() is T";
            case 3 -> "require k0() <= \"cap\" || g() is F";
            case 4 -> "require forall $c in C:\n  n($c) " + pick(rnd, "<", "<=", "==", "!=", ">=") + " \"ncap\" || "
                    + lit1(rnd, "$c", null, nv0, nv1).replace("$c", "$c");
            case 5 -> "require k1() " + (mul ? pick(rnd, "<=", ">=", "==") : "<=") + " \"ncap\"";
            default -> "require forall $x in A:\n  e0($x) is " + pick(rnd, "V0", "V1", "AL").replace("AL", "V0 | V1")
                    + " || \"$x.p()\"";
        };
    }

    static String lit1(Random rnd, String x, String y, int nv0, int nv1) {
        if (y == null) {
            return "g() is " + pick(rnd, "T", "F");
        }
        return switch (rnd.nextInt(4)) {
            case 0 -> "e0(" + x + ") is " + (rnd.nextBoolean() ? "not " : "") + "V" + rnd.nextInt(nv0);
            case 1 -> "e1(" + x + ", " + y + ") is W" + rnd.nextInt(nv1);
            case 2 -> "\"" + x + ".q(" + y + ")\"";
            default -> "e1(" + x + ", " + y + ") is not W" + rnd.nextInt(nv1);
        };
    }

    static String pick(Random rnd, String... s) {
        return s[rnd.nextInt(s.length)];
    }
}
