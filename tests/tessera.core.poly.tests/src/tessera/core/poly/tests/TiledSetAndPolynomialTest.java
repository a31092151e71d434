package tessera.core.poly.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.poly.IntegerSet;
import tessera.core.poly.Polynomial;
import tessera.core.poly.TiledSet;
import tessera.core.poly.UnionSet;

/** Polynomial (schedule expressions in the tile sizes) and TiledSet (symbolic tiling, seed 003 §5.1, §6 split). */
class TiledSetAndPolynomialTest {
    private static final TiledSet.Embedding E1 = new TiledSet.Embedding(List.of("i"), List.of("j"), List.of("k"), List.of("p"));

    @Test
    void polynomialArithmeticAndText() {
        Polynomial p = Polynomial.parse("2*p1*p2 - 3 p1 + 1");
        assertEquals("2*p1*p2 - 3*p1 + 1", p.toString());
        assertEquals(Polynomial.parse(p.toString()), p);
        assertEquals(2 * 4 * 5 - 12 + 1, p.evaluate(Map.of("p1", 4L, "p2", 5L)));
        Polynomial sq = Polynomial.var("p").minus(Polynomial.constant(2)).times(Polynomial.var("q").minus(Polynomial.constant(2)));
        assertEquals("p*q - 2*p - 2*q + 4", sq.toString());
        assertEquals("0", p.minus(p).toString());
        assertEquals(2, p.degree());
        assertThrows(IllegalArgumentException.class, () -> Polynomial.parse("2 ** / p"));
        assertThrows(IllegalArgumentException.class, () -> p.evaluate(Map.of("p1", 1L)));
    }

    @Test
    void runningExampleTiledConstraintHoldsForEveryP() {
        // seed 003 §5.2 e4 with θ = 1: λ^J(d − p) + λ^K + τ[v3] − τ[v4] − l = 2(1 − p) + 2p + 0 − 1 − 1 = 0
        Polynomial c = Polynomial.constant(2).times(Polynomial.constant(1).minus(Polynomial.var("p")))
                .plus(Polynomial.parse("2 p")).plus(Polynomial.constant(-2));
        assertTrue(c.isZero());
        assertEquals(OptionalLong.of(1), c.nonNegativeFrom(List.of("p"), 1, 100));
        assertEquals(OptionalLong.of(3), Polynomial.parse("p - 3").nonNegativeFrom(List.of("p"), 1, 100));
        assertEquals(OptionalLong.of(2), Polynomial.parse("p*q - 2 p - 2 q + 4").nonNegativeFrom(List.of("p", "q"), 1, 100));
        assertEquals(OptionalLong.empty(), Polynomial.parse("-p").nonNegativeFrom(List.of("p"), 1, 100));
    }

    @Test
    void nonNegativeFromIsSoundOnRandomPolynomials() {
        Random r = new Random(5);
        for (int n = 0; n < 400; n++) {
            Polynomial p = Polynomial.ZERO;
            for (int t = 0; t < 4; t++) {
                Polynomial m = Polynomial.constant(r.nextInt(11) - 5);
                for (int v = r.nextInt(3); v > 0; v--) {
                    m = m.times(Polynomial.var(r.nextBoolean() ? "p" : "q"));
                }
                p = p.plus(m);
            }
            OptionalLong from = p.nonNegativeFrom(List.of("p", "q"), 1, 30);
            if (from.isPresent()) {
                for (long a = from.getAsLong(); a < from.getAsLong() + 12; a++) {
                    for (long b = from.getAsLong(); b < from.getAsLong() + 12; b++) {
                        assertTrue(p.evaluate(Map.of("p", a, "q", b)) >= 0, p + " at " + a + "," + b);
                    }
                }
            }
        }
    }

    @Test
    void runningExampleEmbeddingAndSplit() {
        // §5.3/§5.8: 𝓘*[v4] = {(j, k) | pk + j < N}; N = 16, t = 3, p = 6: tile 2 has j = 0..3
        TiledSet g1 = TiledSet.of(E1, E1.box(List.of("t")), IntegerSet.parse("{ [i] : 0 <= i < N }"));
        Map<String, Long> inst = Map.of("N", 16L, "t", 3L, "p", 6L);
        assertEquals(16, g1.concretize(inst).count(Map.of()));
        UnionSet s2 = g1.split(inst, new long[] {2});
        assertTrue(s2.isEqualTo(UnionSet.of(IntegerSet.parse("{ [j] : 0 <= j <= 3 }"))), s2.toString());
        assertTrue(g1.split(inst, new long[] {0}).isEqualTo(UnionSet.of(IntegerSet.parse("{ [j] : 0 <= j <= 5 }"))));
        // od0 {j = p−1 ∧ k < t−1} and rd1 {j < p−1 ∧ pk+j < N} are disjoint for every p, t, N
        TiledSet od0 = g1.andLocal(IntegerSet.parse("{ [j, k] : j == p - 1 and k < t - 1 }"));
        TiledSet rd1 = g1.andLocal(IntegerSet.parse("{ [j, k] : j < p - 1 }"));
        assertTrue(od0.isProvablyDisjointFrom(rd1));
        assertFalse(od0.isProvablyDisjointFrom(g1));
        assertEquals(od0, TiledSet.parse(od0.toString(), E1));
        assertEquals(TiledSet.empty(E1), TiledSet.parse("empty", E1));
        assertTrue(od0.intersect(rd1).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> TiledSet.parse("{ [j, k] : j == 0 }", E1));
    }

    @Test
    void unionCoalescesPiecesWithTheSameLocalPart() {
        IntegerSet box = E1.box(List.of("t"));
        TiledSet a = TiledSet.of(E1, box, IntegerSet.parse("{ [i] : i < N and i == 0 }"));
        TiledSet b = TiledSet.of(E1, box, IntegerSet.parse("{ [i] : 1 <= i < N }"));
        TiledSet u = a.union(b);
        assertEquals(1, u.pieces().size(), u.toString());
        assertEquals(IntegerSet.parse("{ [i] : 0 <= i < N }"), u.pieces().get(0).global());
        TiledSet gap = a.union(TiledSet.of(E1, box, IntegerSet.parse("{ [i] : i == 2 }")));
        assertEquals(2, gap.pieces().size(), gap.toString()); // {0} ∪ {2} is not convex
        TiledSet other = a.union(TiledSet.of(E1, box.and("j == 0"), IntegerSet.parse("{ [i] : 1 <= i < N }")));
        assertEquals(2, other.pieces().size());
        Map<String, Long> inst = Map.of("N", 9L, "t", 3L, "p", 3L);
        assertTrue(u.concretize(inst).isEqualTo(a.concretize(inst).union(b.concretize(inst))));
    }

    @Test
    void concretizeAgreesWithTheDefinitionOnRandomSets() {
        Random r = new Random(11);
        for (int n = 0; n < 150; n++) {
            long p = 1 + r.nextInt(4), t = 1 + r.nextInt(4), bigN = r.nextInt(14);
            int a = r.nextInt(5) - 2, b = r.nextInt(7) - 3;
            String local = "{ [j, k] : " + (r.nextBoolean() ? "j >= " + r.nextInt(3) : "k <= t - " + r.nextInt(3)) + " }";
            String global = "{ [i] : 0 <= i < N and " + a + "i >= " + b + " }";
            TiledSet s = TiledSet.of(E1, E1.box(List.of("t")), IntegerSet.parse(global)).andLocal(IntegerSet.parse(local));
            Map<String, Long> inst = Map.of("N", bigN, "t", t, "p", p);
            List<long[]> expected = new ArrayList<>();
            IntegerSet l = IntegerSet.parse(local).fix(inst), g = IntegerSet.parse(global).fix(inst);
            for (long k = 0; k < t; k++) {
                for (long j = 0; j < p; j++) {
                    if (l.contains(new long[] {j, k}, Map.of()) && g.contains(new long[] {p * k + j}, Map.of())) {
                        expected.add(new long[] {j, k});
                    }
                }
            }
            UnionSet c = s.concretize(inst);
            assertEquals(expected.size(), c.count(Map.of()), s + " at " + inst);
            for (long[] e : expected) {
                assertTrue(c.contains(e, Map.of()));
            }
        }
    }
}
