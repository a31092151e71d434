package tessera.core.poly.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.poly.Constraint;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.PolyParser;
import tessera.core.poly.Space;
import tessera.core.poly.UnionSet;

/** Parser and canonical printer: syntax variants, round trips and diagnostics with positions. */
class PolyTextTest {

    @Test
    void canonicalPrintingIsSortedAndNormalised() {
        String canonical = "{ [i, j] : 0 <= i < N and 0 <= j <= i and i + j == 5 }";
        assertEquals(canonical, IntegerSet.parse(canonical).toString());
        // the same set written in another order, with other operators and spacing
        assertEquals(canonical, IntegerSet.parse("{[i,j]: i+j=5 ∧ j ≤ i ∧ N > i && 0 ≤ j and i >= 0}").toString());
        assertEquals(canonical, IntegerSet.parse("{ [i, j] : 2i + 2j == 10 and i - N <= -1 and j >= 0 and j <= i and i >= 0 }").toString());
        assertEquals("{ [i] : 1 <= i < N }", IntegerSet.parse("{ [i] : i - 1 >= 0 and -i > -N }").toString());
        assertEquals("[M, N] -> { [i] : 0 <= i < N }", IntegerSet.parse("[M, N] -> { [i] : 0 <= i < N }").toString());
    }

    @Test
    void bareConditionsAsInThePlaLanguage() {
        IntegerSet s = IntegerSet.parse("0 <= i < N && j >= 1", List.of("i", "j"));
        assertEquals("{ [i, j] : 0 <= i < N and j >= 1 }", s.toString());
        assertEquals(List.of("N"), s.params());
        UnionSet u = new PolyParser("i == 0 or i >= N", "a.pla", 3, 10).condition(Space.dims("i"));
        assertEquals("{ [i] : i == 0 or N <= i }", u.toString());
        UnionSet ne = new PolyParser("i != 2", "", 1, 1).condition(Space.dims("i"));
        assertEquals("{ [i] : i <= 1 or i >= 3 }", ne.toString());
        assertEquals("{ [i] : i % 2 == 1 }", IntegerSet.parse("i mod 2 == 1", List.of("i")).toString());
        assertEquals("{ [i, j] : 2i <= 3j + 6 }", IntegerSet.parse("2(i - 3) <= 3 * j", List.of("i", "j")).toString());
    }

    @Test
    void roundTripOfUnionsAndCongruences() {
        for (String t : List.of("{ [i] : i <= -1 or i >= 0 and N <= i }", "{ [x] : 0 <= x <= 20 and x % 5 == 4 }",
                "{ [i, j] : (i + 2j) % 3 == 1 }", "{ [] : N >= 1 }", "{ [i] : false }", "{ [i, j] }",
                "{ [k, j] : 0 <= k < t - 1 and j >= 0 and j == p - 1 }", "{ [i] : N < 2i }")) {
            assertEquals(t, UnionSet.parse(t).toString());
        }
    }

    private static Diagnostic error(Runnable r) {
        return assertThrows(DiagnosticException.class, r::run).diagnostic();
    }

    @Test
    void diagnosticsCarryLineAndColumn() {
        Diagnostic d = error(() -> IntegerSet.parse("{ [i] : 0 <= i < }"));
        assertEquals("expected a number, a name or '(', found '}'", d.message());
        assertEquals(1, d.line());
        assertEquals(18, d.column());
        assertEquals("poly.syntax", d.code());

        d = error(() -> new PolyParser("0 <= i\n  and p*k + j < N", "prog.pla", 7, 5).condition(Space.dims("i")));
        assertEquals("non-affine product (p) * (k)", d.message());
        assertEquals("prog.pla", d.file());
        assertEquals(8, d.line());
        assertEquals(7, d.column());
        assertTrue(d.hint().contains("fix the parameter"));
        assertEquals("prog.pla:8:7: error: non-affine product (p) * (k) (only products with integer constants are affine;"
                + " fix the parameter to a value first)", d.format());

        d = error(() -> IntegerSet.parse("{ [i] : i + 1 }"));
        assertEquals("expected a comparison (<=, <, >=, >, ==, !=) after the expression, found '}'", d.message());
        d = error(() -> IntegerSet.parse("{ [i] : i # 2 }"));
        assertEquals("unexpected character '#'", d.message());
        assertEquals(11, d.column());
        d = error(() -> IntegerSet.parse("{ [i, i] : i >= 0 }"));
        assertEquals("name 'i' is listed twice", d.message());
        d = error(() -> IntegerSet.parse("{ [i] : i + 1 % 2 == 0 }"));
        assertEquals("'%' binds tighter than '+': put the expression in parentheses", d.message());
        d = error(() -> IntegerSet.parse("{ [i] : i % 2 <= 1 }"));
        assertEquals("a modulus may only be compared for equality with an integer", d.message());
        d = error(() -> Constraint.parse("i == 0 or i == 2"));
        assertTrue(d.message().startsWith("expected a conjunction of constraints"));
        d = error(() -> IntegerSet.parse("{ [i] : i >= 0 } extra"));
        assertEquals("unexpected 'extra' after the end of the expression", d.message());
        d = error(() -> IntegerSet.parse("{ [i] : i >= 99999999999999999999 }"));
        assertEquals("integer 99999999999999999999 is too large", d.message());
    }
}
