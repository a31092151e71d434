package tessera.core.poly.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tessera.core.Deadline;
import tessera.core.TimeLimitException;
import tessera.core.poly.AffineExpr;
import tessera.core.poly.Box;
import tessera.core.poly.Constraint;
import tessera.core.poly.IntMatrix;
import tessera.core.poly.IntVector;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.Space;
import tessera.core.poly.UnionSet;

/** Hand-computed examples for each operation. */
class PolyOperationsTest {

    private static IntegerSet set(String s) {
        return IntegerSet.parse(s);
    }

    @Test
    void emptinessIsExactOverTheIntegers() {
        // Pugh's example: rationally feasible, no integer point (dark shadow and splinters needed)
        assertTrue(set("{ [x, y] : 27 <= 11x + 13y <= 45 and -10 <= 7x - 9y <= 4 }").isEmpty());
        // a thin rational strip without integers: 1 <= 3x <= 2
        assertTrue(set("{ [x] : 1 <= 3x <= 2 }").isEmpty());
        // 2x + 4y == 3 has no integer solution (gcd test)
        assertTrue(set("{ [x, y] : 2x + 4y == 3 }").isEmpty());
        assertFalse(set("{ [x, y] : 3x + 5y == 7 }").isEmpty());
        // parameters are existential: empty only if empty for every N
        assertFalse(set("{ [i] : 0 <= i < N and i >= 10 }").isEmpty());
        assertTrue(set("{ [i] : 0 <= i < N and i >= 10 }").isEmptyUnder(set("{ [] : N <= 10 }")));
        assertTrue(set("{ [i, j] : i == 2j + 1 and i == 4N }").isEmpty());
    }

    @Test
    void projectionKeepsStridesAndUnions() {
        assertEquals("{ [i] : 0 <= i <= 10 and i % 2 == 0 }", set("{ [i, j] : i == 2j and 0 <= j <= 5 }").projectOut("j").toString());
        // 3x + 5y == 7 with 0 <= x <= 20: x = 4 (mod 5)
        assertEquals("{ [x] : 0 <= x <= 20 and x % 5 == 4 }",
                set("{ [x, y] : 3x + 5y == 7 and 0 <= x <= 20 }").projectOut("y").toString());
        // exists y: x <= 3y <= x + 1 (not every x): x % 3 != 1
        UnionSet p = set("{ [x, y] : x <= 3y <= x + 1 and 0 <= x <= 8 }").projectOut("y");
        assertEquals(List.of(0L, 2L, 3L, 5L, 6L, 8L), p.points(Map.of()).stream().map(a -> a[0]).toList());
        assertTrue(p.isEqualTo(UnionSet.parse("{ [x] : 0 <= x <= 8 and x % 3 == 0 or 0 <= x <= 8 and x % 3 == 2 }")));
        // parametric: the triangle's projection onto i
        assertEquals("{ [i] : 0 <= i < N }", set("{ [i, j] : 0 <= i < N and 0 <= j <= i }").projectOut("j").toString());
        assertEquals("{ [] : N >= 1 }", set("{ [i, j] : 0 <= i < N and 0 <= j <= i }").paramDomain().toString());
    }

    @Test
    void subsetEqualityAndComplement() {
        IntegerSet tri = set("{ [i, j] : 0 <= i < N and 0 <= j <= i }");
        IntegerSet sq = set("{ [i, j] : 0 <= i < N and 0 <= j < N }");
        assertTrue(tri.isSubsetOf(sq));
        assertFalse(sq.isSubsetOf(tri));
        assertTrue(sq.subtract(tri).isEqualTo(UnionSet.of(set("{ [i, j] : 0 <= i < j < N }"))));
        assertEquals(6, sq.subtract(tri).count(Map.of("N", 4L)));
        // the complement of a conjunction: disjoint pieces, one per negated constraint
        UnionSet c = set("{ [i] : 0 <= i < N }").complement();
        assertEquals("{ [i] : i <= -1 or i >= 0 and N <= i }", c.toString());
        assertTrue(set("{ [i] : i % 3 == 1 }").complement()
                .isEqualTo(UnionSet.parse("{ [i] : i % 3 == 0 or i % 3 == 2 }")));
        // equal sets written differently
        assertTrue(set("{ [i] : 2 <= 2i <= 7 }").isEqualTo(set("{ [i] : 1 <= i <= 3 }")));
        assertEquals(set("{ [i] : 2 <= 2i <= 7 }").toString(), "{ [i] : 1 <= i <= 3 }");
    }

    @Test
    void substitutionFixingAndPreimage() {
        IntegerSet s = set("{ [i] : 0 <= i < N }");
        // tiling embedding with a fixed tile size p = 4: i = 4k + j
        IntegerSet t = s.preimage(Space.dims("k", "j"), Map.of("i", AffineExpr.parse("4k + j"))).and("0 <= j < 4");
        assertEquals(10, t.count(Map.of("N", 10L)));
        assertEquals("[[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 1], [1, 2], [1, 3], [2, 0], [2, 1]]",
                str(t.points(Map.of("N", 10L))));
        assertEquals("{ [i] : 0 <= i <= 9 }", s.fix("N", 10).toString());
        assertEquals("{ [j] : 0 <= j < N - 1 }",
                set("{ [i, j] : 0 <= j < i and i < N }").substitute("i", AffineExpr.parse("N - 1")).toString());
        assertEquals("{ [a] : 0 <= a < N }", s.renameDims(List.of("a")).toString());
    }

    @Test
    void pointsLexExtremaBoxesAndCounts() {
        IntegerSet tri = set("{ [i, j] : 0 <= i < N and 0 <= j <= i }");
        Map<String, Long> n4 = Map.of("N", 4L);
        assertEquals(10, tri.count(n4));
        assertEquals("[0, 0]", Arrays.toString(tri.lexMin(n4).orElseThrow()));
        assertEquals("[3, 3]", Arrays.toString(tri.lexMax(n4).orElseThrow()));
        Box b = tri.boundingBox(n4).orElseThrow();
        assertEquals("[0 <= i <= 3, 0 <= j <= 3]", b.toString());
        assertTrue(tri.lexMin(Map.of("N", 0L)).isEmpty());
        assertTrue(tri.boundingBox(Map.of("N", 0L)).isEmpty());
        assertEquals(5050, tri.count(Map.of("N", 100L)));
        IntegerSet diag = set("{ [i, j] : 0 <= i < N and 0 <= j <= i and i + j == 5 }");
        assertEquals("[[3, 2], [4, 1], [5, 0]]", str(diag.points(Map.of("N", 10L))));
        assertEquals(6L, tri.maximum(AffineExpr.parse("i + j"), n4).orElseThrow());
        assertEquals(-3L, tri.minimum(AffineExpr.parse("j - i"), n4).orElseThrow());
        assertEquals(3L, diagMinus(tri).maximum(AffineExpr.parse("i - j"), n4).orElseThrow());
        assertTrue(tri.maximum(AffineExpr.parse("i"), Map.of("N", 0L)).isEmpty());
        long[] seen = { 0 };
        tri.forEachPoint(n4, tessera.core.Monitor.NULL, p -> seen[0]++);
        assertEquals(10, seen[0]);
        assertTrue(tri.contains(new long[] { 3, 1 }, n4));
        assertFalse(tri.contains(new long[] { 1, 3 }, n4));
    }

    @Test
    void enumerationRejectsUnboundedSetsAndFreeParameters() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> set("{ [i] : i >= 0 }").count(Map.of()));
        assertEquals("cannot enumerate an unbounded set: dimension 'i' has no upper bound", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> set("{ [i] : 0 <= i < N }").count(Map.of()));
        assertEquals("cannot enumerate points: parameter(s) [N] not fixed", e.getMessage());
    }

    @Test
    void deadlineStopsTheSolver() {
        Deadline past = Deadline.after(Duration.ZERO);
        TimeLimitException e = assertThrows(TimeLimitException.class,
                () -> set("{ [x, y] : 27 <= 11x + 13y <= 45 and -10 <= 7x - 9y <= 4 }").isEmpty(past));
        assertTrue(e.getMessage().startsWith("integer emptiness test (Omega test) did not finish"));
    }

    @Test
    void unionsAndCanonicalForms() {
        UnionSet u = UnionSet.parse("{ [i] : 0 <= i < 5 or 3 <= i < 8 }");
        assertEquals(8, u.count(Map.of()));
        assertEquals(2, u.makeDisjoint().pieces().size());
        assertTrue(u.isEqualTo(UnionSet.parse("{ [i] : 0 <= i <= 7 }")));
        assertEquals("{ [i] : 0 <= i <= 7 }", UnionSet.parse("{ [i] : 0 <= i < 8 or 2 <= i <= 3 }").simplify().toString());
        // normalisation: gcd, tightening, opposite bounds become an equality, duplicates merge
        assertEquals("{ [i, j] : i == j + 1 }", set("{ [i, j] : 2i >= 2j + 2 and i <= j + 1 }").toString());
        assertEquals("{ [i] : false }", set("{ [i] : i >= 3 and i <= 2 }").toString());
        assertEquals("{ [i] }", set("{ [i] : 0 <= 0 }").toString());
        assertEquals("{ [i, j] : (i + 2j) % 3 == 1 }", set("{ [i, j] : (4i + 8j) % 3 == 1 }").toString());
        assertEquals("{ [i] : i % 3 == 1 }", set("{ [i] : 2i % 3 == 2 }").toString()); // 2 is invertible mod 3
    }

    @Test
    void matricesAndVectors() {
        IntMatrix p = IntMatrix.diagonal(6, 1);
        IntVector k = IntVector.of(2, 0);
        assertEquals(IntVector.of(12, 0), p.times(k));
        IntMatrix phi = IntMatrix.selection(3, 0, 2);
        assertEquals("((1, 0, 0), (0, 0, 1))", phi.toString());
        assertEquals(IntVector.of(4, 6), phi.times(IntVector.of(4, 5, 6)));
        assertEquals(IntMatrix.identity(2), phi.times(phi.transpose()));
        assertEquals(BigInteger.valueOf(-2), IntMatrix.of(new long[] { 1, 2 }, new long[] { 3, 4 }).determinant());
        assertEquals(BigInteger.valueOf(6), IntMatrix.diagonal(1, 2, 3).determinant());
        assertEquals("[i - 1]", IntMatrix.identity(1).affineIndex(List.of("i"), IntVector.of(1)).toString());
        assertEquals("[]", IntMatrix.zero(0, 1).affineIndex(List.of("i"), IntVector.zero(0)).toString());
        assertEquals(IntVector.of(1, 0, -1), IntVector.of(5, 0, -2).signum());
        assertEquals(-3, IntVector.of(1, 2).dot(IntVector.of(1, -2)));
        assertThrows(ArithmeticException.class, () -> IntVector.of(Long.MAX_VALUE).times(2));
        assertThrows(IllegalArgumentException.class, () -> p.times(IntMatrix.identity(3)));
    }

    @Test
    void constraintsAndExpressions() {
        AffineExpr e = AffineExpr.parse("2i - j + N - 1");
        assertEquals("N + 2i - j - 1", e.toString());
        assertEquals(2 * 3 - 4 + 10 - 1, e.evaluate(Map.of("i", 3L, "j", 4L, "N", 10L)));
        assertEquals("N + 2i - 1", e.substitute("j", AffineExpr.ZERO).toString());
        List<Constraint> cs = Constraint.parse("0 <= i < N && j >= 1");
        assertEquals(3, cs.size());
        assertEquals(2, Constraint.eq(AffineExpr.var("i")).negation().size());
        assertTrue(Constraint.mod(AffineExpr.var("i"), 3, 2).holds(Map.of("i", -1L)));
    }

    /** The triangle without its diagonal. */
    private static IntegerSet diagMinus(IntegerSet tri) {
        return tri.and("j < i");
    }

    private static String str(List<long[]> pts) {
        return pts.stream().map(Arrays::toString).toList().toString();
    }
}
