package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tessera.core.Deadline;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.oracle.SatOracle;
import tessera.kernel.KernelLoader;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.pipeline.GpuSpace;
import tessera.telamon.space.Device;

/**
 * Seed 001 §A.1.2: Lemma A.2 (digest §8.5), the implications (A.4)–(A.11) on fixed {@code order} values of three
 * distinct statements, checked over all 5³ assignments of order(s1,s2), order(s2,s3), order(s1,s3) on Tessera's GPU
 * space (IN: lhs nested inside rhs, OUT: lhs contains rhs) and on the digest's constraints written directly in Java.
 */
public class LemmaA2Test {
    static final String B = "BEFORE", A = "AFTER", IN = "IN", OUT = "OUT", M = "MERGED";
    static final List<String> VALUES = List.of(B, A, IN, OUT, M);

    /**
     * One implication: o(1,2) ∈ p12 ∧ o(2,3) ∈ p23 ⇒ o(1,3) ∈ c13 (fixed domains, so ⊆ is membership), except for
     * the (o12, o23) pairs in {@code excluded} ("IN,OUT").
     */
    record Implication(String name, Set<String> p12, Set<String> p23, Set<String> c13, Set<String> excluded) {
        Implication(String name, Set<String> p12, Set<String> p23, Set<String> c13) {
            this(name, p12, p23, c13, Set.of());
        }

        boolean premise(String o12, String o23) {
            return p12.contains(o12) && p23.contains(o23) && !excluded.contains(o12 + "," + o23);
        }

        boolean holds(String o12, String o23, String o13) {
            return !premise(o12, o23) || c13.contains(o13);
        }
    }

    /**
     * (A.4)–(A.11) as printed in the thesis (seed lines ~2994–3009), except (A.7): as printed it is false (two
     * statements nested in the same loop may come in either order: s1 IN s2, s3 IN s2, s1 AFTER s3; see
     * {@link #a7AsPrintedIsFalse}), so its premise here excludes o(1,2) = IN ∧ o(2,3) = OUT.
     */
    static final List<Implication> LEMMA = List.of(
            new Implication("A.4", Set.of(B, IN, M), Set.of(B), Set.of(B)),
            new Implication("A.5", Set.of(B), Set.of(B, IN, M), Set.of(B, IN)),
            new Implication("A.6", Set.of(B, IN, OUT, M), Set.of(B), Set.of(B, OUT)),
            new Implication("A.7", Set.of(B, IN, OUT, M), Set.of(B, IN, OUT, M), Set.of(B, IN, OUT, M),
                    Set.of(IN + "," + OUT)),
            new Implication("A.8", Set.of(B, OUT, M), Set.of(B, OUT), Set.of(B, OUT)),
            new Implication("A.9", Set.of(B), Set.of(B, OUT, M), Set.of(B)),
            new Implication("A.10", Set.of(B, OUT, M), Set.of(B, OUT, M), Set.of(B, OUT, M)),
            new Implication("A.11", Set.of(OUT, M), Set.of(OUT), Set.of(OUT)));

    /** Three loads, each in its own loop of the same static size: dimensions can be merged, nested or ordered. */
    static final String LOADS = """
            kernel lemma_loads
              size n = 4
              array P: f32[n]
              array Q: f32[n]
              array R: f32[n]
              dim a[n]
              dim b[n]
              dim c[n]
              x = load P[a] in a
              y = load Q[b] in b
              z = load R[c] in c
            end
            """;

    /** One assignment of the three orders of (s1, s2, s3) in a kernel and what the space makes of it. */
    record Outcome(String kernel, List<String> s, List<Boolean> isInst, String o12, String o23, String o13,
            boolean propagated, boolean completable) {
        String where() {
            return kernel + " s1=" + s.get(0) + " s2=" + s.get(1) + " s3=" + s.get(2) + ": order(s1,s2)=" + o12
                    + " order(s2,s3)=" + o23 + " order(s1,s3)=" + o13;
        }
    }

    private static List<Outcome> outcomes;

    /**
     * Every ordered triple of distinct statements of three small kernels (so that dimensions and instructions appear
     * in every position: three dimensions, two and an instruction, one and two instructions, three instructions),
     * and every assignment of the three orders. "Propagated": the candidate is not failed after the three decisions.
     * "Completable": SAT4J (an exact oracle over the same constraints, not using the propagators) finds a fixed leaf
     * below it.
     */
    static synchronized List<Outcome> outcomes() {
        if (outcomes != null) {
            return outcomes;
        }
        List<Outcome> r = new ArrayList<>();
        List<Kernel> kernels = List.of(load("lemma_loads", LOADS, Map.of()),
                LeafCodeTest.example("outer_product", Map.of("m", 4L, "n", 4L)), Kernels.table41(16));
        for (Kernel k : kernels) {
            Diagnostics d = new Diagnostics();
            Candidate root = GpuSpace.root(k, Device.of("sm_80"), d, Monitor.NULL);
            assertNotNull(root, d::toString);
            SatOracle oracle = SatOracle.of(root);
            List<String> st = k.statements();
            for (String s1 : st) {
                for (String s2 : st) {
                    for (String s3 : st) {
                        if (s1.equals(s2) || s2.equals(s3) || s1.equals(s3)) {
                            continue;
                        }
                        List<String> s = List.of(s1, s2, s3);
                        List<Boolean> inst = s.stream().map(n -> k.inst(n) != null).toList();
                        for (String o12 : VALUES) {
                            for (String o23 : VALUES) {
                                for (String o13 : VALUES) {
                                    Candidate c = root.copy();
                                    boolean ok = c.decide("order", List.of(s1, s2), List.of(o12))
                                            && c.decide("order", List.of(s2, s3), List.of(o23))
                                            && c.decide("order", List.of(s1, s3), List.of(o13)) && !c.failed();
                                    boolean complete = ok && oracle.consistent(c, 0, c.domain(0),
                                            Deadline.after(Duration.ofSeconds(60)));
                                    r.add(new Outcome(k.name(), s, inst, o12, o23, o13, ok, complete));
                                }
                            }
                        }
                    }
                }
            }
        }
        outcomes = r;
        long p = r.stream().filter(Outcome::propagated).count();
        long c = r.stream().filter(Outcome::completable).count();
        System.out.println("Lemma A.2: " + r.size() + " assignments, " + p + " accepted by propagation, " + c
                + " with a fixed leaf (SAT4J)");
        return r;
    }

    private static Kernel load(String name, String text, Map<String, Long> params) {
        KernelLoader.Result res = KernelLoader.loadText(name + ".kernel", text, params);
        assertEquals(List.of(), res.diagnostics().list());
        return res.kernel();
    }

    static String inverse(String v) {
        return switch (v) {
            case B -> A;
            case A -> B;
            case IN -> OUT;
            case OUT -> IN;
            default -> M;
        };
    }

    /**
     * The digest's filter (§2.3.4), independent of the .exh space and its propagators: {@code o[i][j]} is
     * order(s_i, s_j), antisymmetry is built in (o[j][i] is the inverse of o[i][j]), and each constraint is applied
     * to every role assignment of the three statements. (4.4) reads order(x,y) = order(d,y) (digest's correction of
     * the printed order(y,d)), with a premise order(y,d) ∉ {IN, MERGED}: the printed ≠ IN also covers y MERGED with
     * d, where it would demand order(x,y) = MERGED while (4.7) (order(d,x) = order(y,x) = OUT) demands IN: it would
     * forbid nesting anything in a merged loop ({@link #literalEq44ForbidsNestingInAMergedLoop}). (4.5) is
     * applied where {@code isInst} says a statement is an instruction (null: three dimensions, no (4.5)).
     */
    static boolean digestAccepts(String o12, String o23, String o13, List<Boolean> isInst, boolean literal44) {
        String[][] o = new String[3][3];
        o[0][1] = o12;
        o[1][2] = o23;
        o[0][2] = o13;
        o[1][0] = inverse(o12);
        o[2][1] = inverse(o23);
        o[2][0] = inverse(o13);
        int[][] perms = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
        for (int[] p : perms) {
            int x = p[0], y = p[1], z = p[2];
            // (4.3) sequential transitivity
            if (o[x][y].equals(B) && o[y][z].equals(B) && !o[x][z].equals(B)) {
                return false;
            }
            // (4.4) tree structure, with d = z: x nested in d, y not nested in d
            int d = z;
            boolean outside = literal44 ? !o[y][d].equals(IN) : !o[y][d].equals(IN) && !o[y][d].equals(M);
            if (o[x][d].equals(IN) && outside && !o[x][y].equals(o[d][y])) {
                return false;
            }
            // (4.7) merged dimensions have the same order with everything
            if (o[x][y].equals(M) && !o[x][z].equals(o[y][z])) {
                return false;
            }
            // (4.5) an instruction is never merged and contains nothing
            if (isInst != null && isInst.get(x) && !(o[x][y].equals(B) || o[x][y].equals(A) || o[x][y].equals(IN))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The space: every assignment propagation accepts satisfies the implication, and its premise holds for at least
     * one assignment that even has a fixed leaf (so the check is not vacuous).
     */
    @ParameterizedTest
    @ValueSource(strings = { "A.4", "A.5", "A.6", "A.7", "A.8", "A.9", "A.10", "A.11" })
    void spaceSatisfies(String name) {
        Implication imp = LEMMA.stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow();
        List<Outcome> all = outcomes();
        List<Outcome> bad = all.stream().filter(o -> o.propagated() && !imp.holds(o.o12(), o.o23(), o.o13())).toList();
        long premise = all.stream().filter(o -> o.completable() && imp.premise(o.o12(), o.o23())).count();
        long accepted = all.stream().filter(Outcome::propagated).count();
        assertTrue(bad.isEmpty(), () -> "(" + name + ") fails on the GPU space in " + bad.size() + " of " + accepted
                + " accepted assignments (" + bad.stream().filter(Outcome::completable).count()
                + " of them with a fixed leaf), e.g. " + bad.stream().limit(5).map(Outcome::where).toList());
        assertTrue(premise > 0, () -> "(" + name + ")'s premise never holds on a completable assignment");
        System.out.println("(" + name + ") space: premise holds for " + premise + " completable assignments, "
                + accepted + " accepted, 0 violations");
    }

    /** The digest's filter in Java: the implication holds on all 125 assignments it keeps, and is not vacuous. */
    @ParameterizedTest
    @ValueSource(strings = { "A.4", "A.5", "A.6", "A.7", "A.8", "A.9", "A.10", "A.11" })
    void digestFilterSatisfies(String name) {
        Implication imp = LEMMA.stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow();
        List<String> bad = new ArrayList<>();
        int kept = 0, premise = 0;
        for (String o12 : VALUES) {
            for (String o23 : VALUES) {
                for (String o13 : VALUES) {
                    if (!digestAccepts(o12, o23, o13, null, false)) {
                        continue;
                    }
                    kept++;
                    premise += imp.premise(o12, o23) ? 1 : 0;
                    if (!imp.holds(o12, o23, o13)) {
                        bad.add("(" + o12 + ", " + o23 + ", " + o13 + ")");
                    }
                }
            }
        }
        int k = kept, p = premise;
        assertTrue(bad.isEmpty(), () -> "(" + name + ") fails on the digest's filter ((4.3), (4.4) with order(d,y), "
                + "(4.7), antisymmetry; three dimensions) for (o12, o23, o13) in " + bad + " of " + k + " kept");
        assertTrue(premise > 0, () -> "(" + name + ")'s premise never holds among the " + k + " kept assignments");
        System.out.println("(" + name + ") digest filter: " + k + " of 125 kept, premise holds for " + p);
    }

    /**
     * Every assignment the space accepts (propagation) is accepted by the digest's filter with (4.5) for the kinds
     * of the three statements. The converse does not hold and is not asserted: the space is stricter through the
     * kernel (an instruction is nested in its iteration dimensions, it follows what it reads, two dimensions of one
     * iteration space are never merged, merged dimensions need equal kinds and sizes).
     */
    @Test
    void spaceAcceptsOnlyWhatTheDigestFilterAccepts() {
        List<Outcome> all = outcomes();
        List<Outcome> bad = all.stream()
                .filter(o -> o.propagated() && !digestAccepts(o.o12(), o.o23(), o.o13(), o.isInst(), false)).toList();
        long filter = all.stream().filter(o -> digestAccepts(o.o12(), o.o23(), o.o13(), o.isInst(), false)).count();
        long accepted = all.stream().filter(Outcome::propagated).count();
        assertTrue(bad.isEmpty(), () -> bad.size() + " assignments accepted by the space are rejected by the digest's "
                + "filter, e.g. " + bad.stream().limit(5).map(Outcome::where).toList());
        assertTrue(accepted > 0 && accepted <= filter, () -> accepted + " accepted, " + filter + " kept by the filter");
        System.out.println("space accepts " + accepted + ", the digest's filter with (4.5) keeps " + filter + " of "
                + all.size());
    }

    /**
     * Why the filter excludes MERGED from (4.4)'s premise: read literally, (4.4) rejects an instruction nested in a
     * loop merged with another loop (x IN d, d MERGED y, so x IN y), which the space accepts with a fixed leaf.
     */
    @Test
    void literalEq44ForbidsNestingInAMergedLoop() {
        assertFalse(digestAccepts(IN, M, IN, List.of(true, false, false), true));
        assertTrue(digestAccepts(IN, M, IN, List.of(true, false, false), false));
        assertTrue(outcomes().stream().anyMatch(o -> o.isInst().get(0) && o.o12().equals(IN) && o.o23().equals(M)
                && o.o13().equals(IN) && o.completable()), "no kernel nests an instruction in merged loops");
    }

    /**
     * Erratum: (A.7) as printed (o(1,2), o(2,3) ⊆ {BEFORE, IN, OUT, MERGED} ⇒ o(1,3) ≠ AFTER) fails for
     * (IN, OUT, AFTER): loop b { loop c {…}; loop a {…} } is a fixed leaf of the space and kept by the digest's filter.
     */
    @Test
    void a7AsPrintedIsFalse() {
        Implication printed = new Implication("A.7 as printed", Set.of(B, IN, OUT, M), Set.of(B, IN, OUT, M),
                Set.of(B, IN, OUT, M));
        assertTrue(outcomes().stream().anyMatch(o -> o.completable() && !printed.holds(o.o12(), o.o23(), o.o13())
                && o.o12().equals(IN) && o.o23().equals(OUT) && o.o13().equals(A)), "no fixed leaf contradicts (A.7)");
        assertTrue(digestAccepts(IN, OUT, A, null, false));
        assertTrue(outcomes().stream().filter(o -> o.propagated() && !printed.holds(o.o12(), o.o23(), o.o13()))
                .allMatch(o -> o.o12().equals(IN) && o.o23().equals(OUT)), "other counterexamples than (IN, OUT)");
    }
}
