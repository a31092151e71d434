package tessera.core.poly.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tessera.core.poly.AffineExpr;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.Space;
import tessera.core.poly.UnionSet;

/** The sets of seed 003's running example (bit extraction, digest §5) and the questions the passes ask of them. */
class PolySeedExamplesTest {
    private static final Map<String, Long> N16 = Map.of("N", 16L);

    // condition spaces of §4 intersected with the loop range 0 <= i < N
    private final IntegerSet range = IntegerSet.parse("{ [i] : 0 <= i < N }");
    private final IntegerSet s1 = range.and("i == 0");
    private final IntegerSet s2 = range.and("i >= 1");

    @Test
    void bitExtractionDefinitionsDoNotOverlapAndCoverTheRange() {
        assertEquals("{ [i] : 1 <= i < N }", s2.toString());
        assertEquals("{ [i] : i < N and i == 0 }", s1.toString());
        assertTrue(s1.isDisjointFrom(s2), "S1 and S2 both define x: their spaces must be disjoint for every N");
        assertTrue(s1.union(s2).isEqualTo(UnionSet.of(range)), "x is defined on the whole range for every N");
        // the use x[i] in S3/S4 (0 <= i < N) is defined by S1 or S2 for every N
        assertTrue(range.isSubsetOf(s1.union(s2)));
        // the use y[i-1] in S2 reads y, defined by S3 on the range: i-1 lies in the range for every i of S2
        IntegerSet shifted = range.preimage(Space.dims("i"), Map.of("i", AffineExpr.parse("i - 1")));
        assertEquals("{ [i] : 1 <= i <= N }", shifted.toString());
        assertTrue(s2.isSubsetOf(shifted));
        // RDG edge pruning (digest §3.1): (I_k + d) meets I_i, so the edge v4 -> v3 is real
        assertFalse(s2.intersect(shifted).isEmpty());
    }

    @Test
    void doubleDefinitionIsFoundExactlyWithItsParameterRange() {
        IntegerSet bad = range; // a wrong S2 without "if i >= 1"
        IntegerSet overlap = s1.intersect(bad);
        assertFalse(overlap.isEmpty());
        assertEquals("{ [] : N >= 1 }", overlap.paramDomain().toString());
        assertTrue(overlap.isEmptyUnder(IntegerSet.parse("{ [] : N <= 0 }")));
    }

    @Test
    void undefinedUseForSomeParameterValues() {
        // a use x[i+1] over the whole range: x[i+1] is defined iff i+1 lies in S1 or S2
        UnionSet defined = UnionSet.of(s1, s2).preimage(Space.dims("i"), Map.of("i", AffineExpr.parse("i + 1")));
        UnionSet undefined = range.subtract(defined);
        assertEquals("{ [i] : i >= 0 and i == N - 1 }", undefined.simplify().toString());
        assertFalse(range.isSubsetOf(defined), "not defined for all N");
        // the parameter values for which some read is undefined: every N >= 1 (none for N <= 0)
        assertEquals("{ [] : N >= 1 }", undefined.paramDomain().toString());
        assertTrue(undefined.isEmptyUnder(IntegerSet.parse("{ [] : N <= 0 }")));
    }

    /** Tiled condition space of S3/S4 for a fixed tile size p: {(j, k) | p k + j in I, 0 <= j < p, 0 <= k < t}. */
    private static IntegerSet embed(IntegerSet original, long p, String t) {
        return original.preimage(Space.dims("k", "j"), Map.of("i", AffineExpr.parse(p + "k + j")))
                .and("0 <= j < " + p + " and 0 <= k < " + t);
    }

    @Test
    void tilingWithNSixteenAndThreeTiles() {
        // §5.8: N = 16, t = 3, p = ceil(16/3) = 6; the last tile is partial
        IntegerSet tiled = embed(range, 6, "3").fix(N16);
        assertEquals("{ [k, j] : 0 <= k <= 2 and -6k <= j <= 15 - 6k and 0 <= j <= 5 }", tiled.toString());
        tiled = tiled.removeRedundant(); // 6k + j >= 0 follows from k >= 0 and j >= 0
        assertEquals("{ [k, j] : k >= 0 and 0 <= j <= 15 - 6k and j <= 5 }", tiled.toString());
        assertEquals(16, tiled.count(Map.of()));
        assertEquals("{ [j] : 0 <= j <= 5 }", split(tiled, 0).toString());
        assertEquals("{ [j] : 0 <= j <= 5 }", split(tiled, 1).toString());
        assertEquals("{ [j] : 0 <= j <= 3 }", split(tiled, 2).toString());
        // latency check (digest §3.3): last iteration (k, j) = (2, 3) with lambda = (pi, pi p) = (2, 12), andi at tau 2
        long[] last = tiled.lexMax(Map.of()).orElseThrow();
        assertEquals("[2, 3]", Arrays.toString(last));
        assertEquals(33, 2 * last[1] + 12 * last[0] + 2 + 1);
        // the same latency as the exact maximum of the andi finish time lambda* . (j, k) + tau + l over the space
        assertEquals(33L, tiled.maximum(AffineExpr.parse("2j + 12k + 3"), Map.of()).orElseThrow());
        assertEquals(1L, tiled.minimum(AffineExpr.parse("2j + 12k + 1"), Map.of()).orElseThrow());
        // Figure 8: bank enable domains 0 <= j < 6, 0 <= j < 6, 0 <= j < 4 and elements bits[6k + j]
        List<Long> firstElements = new ArrayList<>();
        for (long k = 0; k < 3; k++) {
            firstElements.add(6 * k + split(tiled, k).lexMin(Map.of()).orElseThrow()[0]);
        }
        assertEquals(List.of(0L, 6L, 12L), firstElements);
    }

    /** split(K, I*) of Def. 6.1 for a 1-D tile index. */
    private static IntegerSet split(IntegerSet tiled, long k) {
        UnionSet u = tiled.and("k == " + k).projectOut("k");
        assertEquals(1, u.pieces().size());
        return u.pieces().get(0);
    }

    @Test
    void intraTilePatternsAndProcessorClasses() {
        IntegerSet g1 = embed(range, 6, "3").fix(N16); // domain(g1) = {pk + j < N}
        // group tiles by equal split: Figure 5's patterns I1 = ({j<6}, {k<2}), I2 = ({j<4}, {k=2})
        List<List<Long>> patterns = new ArrayList<>();
        List<IntegerSet> splits = new ArrayList<>();
        for (long k = 0; k < 3; k++) {
            IntegerSet s = split(g1, k);
            int found = -1;
            for (int i = 0; i < splits.size() && found < 0; i++) {
                if (splits.get(i).isEqualTo(s)) {
                    found = i;
                }
            }
            if (found < 0) {
                splits.add(s);
                patterns.add(new ArrayList<>(List.of(k)));
            } else {
                patterns.get(found).add(k);
            }
        }
        assertEquals(List.of(List.of(0L, 1L), List.of(2L)), patterns);
        // Eq. (2) / Algorithm 1 with the inter-tile domains {k<2}, {k<=2}, {k=2} over K = {0 <= k < 3}
        UnionSet tiles = UnionSet.parse("{ [k] : 0 <= k < 3 }");
        List<UnionSet> classes = partition(tiles, List.of(UnionSet.parse("{ [k] : k < 2 }"),
                UnionSet.parse("{ [k] : k <= 2 }"), UnionSet.parse("{ [k] : k == 2 }")));
        assertEquals("[{ [k] : 0 <= k <= 1 }, { [k] : k == 2 }]", texts(classes));
    }

    @Test
    void symbolicTileSizeDomainsOfThePstAreDisjoint() {
        // PST leaves (§5.5) with symbolic p and t; tile box 0 <= j < p, 0 <= k < t
        IntegerSet box = IntegerSet.parse("{ [k, j] : 0 <= j < p and 0 <= k < t }");
        IntegerSet g4 = box.and("j == p - 1 and k < t - 1"); // od0
        IntegerSet g5Affine = box.and("j < p - 1"); // rd1 without its non-affine part pk + j < N
        assertEquals("{ [k, j] : 0 <= k < t - 1 and j >= 0 and j == p - 1 }", g4.toString());
        assertTrue(g4.isDisjointFrom(g5Affine), "dest fragments od0 and rd1 must be disjoint for all p, t");
        IntegerSet g2 = box.and("j == 0"), g3 = box.and("j > 0");
        assertTrue(g2.isDisjointFrom(g3));
        assertTrue(box.isSubsetOf(g2.union(g3)), "the src fragments id0, rd1 cover the tile");
        // with p = 6, t = 3, N = 16 the full rd1 domain {j < p-1 and pk + j < N} becomes affine
        IntegerSet g5 = embed(range, 6, "3").fix(N16).and("j < 5");
        assertTrue(g4.fix(Map.of("p", 6L, "t", 3L)).isDisjointFrom(g5));
        assertEquals(14, g5.count(Map.of()));
    }

    @Test
    void kernelClassesOfTheFoldedPstCorrectedByErratumP2() {
        // folded leaves of f'_{1,alu1} (§6.1) over J u E = {0 <= j <= p}, symbolic p >= 2
        UnionSet domain = UnionSet.parse("{ [j] : 0 <= j <= p and p >= 2 }");
        List<UnionSet> leaves = List.of(UnionSet.parse("{ [j] : 1 <= j < p + 1 }"), // andi od1 / rd0 / 1
                UnionSet.parse("{ [j] : j == p - 1 }"), // shri dest od0
                UnionSet.parse("{ [j] : 0 <= j < p - 1 }"), // shri dest rd1
                UnionSet.parse("{ [j] : 0 <= j < p }")); // shri srcA / srcB
        List<UnionSet> classes = partition(domain, leaves);
        assertEquals(4, classes.size());
        List<String> concrete = new ArrayList<>();
        classes = new ArrayList<>(classes);
        classes.sort((a, b) -> Long.compare(a.lexMin(Map.of("p", 6L)).orElseThrow()[0], b.lexMin(Map.of("p", 6L)).orElseThrow()[0]));
        for (UnionSet c : classes) {
            List<long[]> pts = c.points(Map.of("p", 6L));
            concrete.add(pts.get(0)[0] + ".." + pts.get(pts.size() - 1)[0]);
        }
        // the paper's text says {0},{1..3},{4},{5}; the folded leaves give {0},{1..4},{5},{6}
        assertEquals(List.of("0..0", "1..4", "5..5", "6..6"), concrete);
        assertEquals("[{ [j] : j == 0 and p >= 2 }, { [j] : 1 <= j < p - 1 }, { [j] : j == p - 1 and p >= 2 }, "
                + "{ [j] : j == p and p >= 2 }]", texts(classes));
        // transition space q2 -> q3 as source iterations (erratum P3): {J in Q2 | J + 1 in Q3} = {j = 4}
        UnionSet q2 = classes.get(1).fix(Map.of("p", 6L)), q3 = classes.get(2).fix(Map.of("p", 6L));
        UnionSet succInQ3 = q3.preimage(Space.dims("j"), Map.of("j", AffineExpr.parse("j + 1")));
        assertEquals("{ [j] : j == 4 }", q2.intersect(succInQ3).toString());
    }

    /** Seed 003 Algorithm 1: partition D by the conditions C (both sides kept only when non-empty). */
    static List<UnionSet> partition(UnionSet d, List<UnionSet> conditions) {
        List<UnionSet> parts = List.of(d);
        for (UnionSet c : conditions) {
            List<UnionSet> next = new ArrayList<>();
            for (UnionSet p : parts) {
                UnionSet in = p.intersect(c), out = p.subtract(c);
                if (!in.isEmpty()) {
                    next.add(in);
                }
                if (!out.isEmpty()) {
                    next.add(out);
                }
            }
            parts = next;
        }
        return parts;
    }

    private static String texts(List<UnionSet> sets) {
        List<String> out = new ArrayList<>();
        for (UnionSet s : sets) {
            out.add(s.simplify().toString());
        }
        return out.toString();
    }
}
