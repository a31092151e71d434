package tessera.modsched.rdg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.DiagnosticException;

import tessera.core.poly.PolySet;
import tessera.modsched.rdg.Exclusivity;

/** The shared exclusivity computation (seed 003 §5.2) on condition space texts, with and without a context. */
class ExclusivityTest {
    private static List<PolySet> sets(List<String> texts) {
        return texts.stream().map(PolySet::valueOf).toList();
    }

    @Test
    void contextDecidesDisjointnessForEveryParameterValue() {
        List<String> spaces = List.of("{ [i] : i = 0 }", "{ [i] : 1 <= i }", "{ [i] : i = M - 1 }", "");
        boolean[][] none = Exclusivity.matrix(sets(spaces), PolySet.valueOf(""));
        assertTrue(none[0][1] && none[1][0], "i = 0 and i >= 1");
        assertFalse(none[0][2], "M = 1 makes i = 0 = M - 1");
        assertFalse(none[0][3] || none[3][1], "no condition space = the whole iteration space");
        boolean[][] ctx = Exclusivity.matrix(sets(spaces), PolySet.valueOf("M >= 2"));
        assertTrue(ctx[0][2] && ctx[2][0], "M >= 2: i = M - 1 >= 1");
        assertFalse(ctx[1][2]);
        for (int i = 0; i < spaces.size(); i++) {
            assertFalse(ctx[i][i]);
        }
    }

    @Test
    void unreadableTextIsAnError() {
        assertThrows(DiagnosticException.class, () -> Exclusivity.matrix(sets(List.of("{ [i] : i = }", "{ [i] : i = 1 }")), PolySet.valueOf("")));
    }

    /** Random 1-D interval conditions against brute force over N ≤ 6 (context N >= 1). */
    @Test
    void randomIntervalsAgainstBruteForce() {
        Random r = new Random(5);
        for (int n = 0; n < 200; n++) {
            int[][] iv = new int[3][];
            String[] text = new String[3];
            for (int k = 0; k < 3; k++) {
                int lo = r.nextInt(4), hi = lo + r.nextInt(4);
                boolean toN = r.nextBoolean(); // upper bound N - 1 - hi instead of a constant
                iv[k] = new int[] { lo, hi, toN ? 1 : 0 };
                text[k] = toN ? "{ [i] : " + lo + " <= i <= N - 1 - " + hi + " }" : "{ [i] : " + lo + " <= i <= " + hi + " }";
            }
            boolean[][] m = Exclusivity.matrix(sets(Arrays.asList(text)), PolySet.valueOf("N >= 1"));
            for (int a = 0; a < 3; a++) {
                for (int b = 0; b < 3; b++) {
                    if (a == b) {
                        continue;
                    }
                    boolean meet = false;
                    for (int bigN = 1; bigN <= 12 && !meet; bigN++) {
                        for (int i = 0; i < bigN; i++) {
                            meet |= in(iv[a], i, bigN) && in(iv[b], i, bigN);
                        }
                    }
                    assertEquals(!meet, m[a][b], text[a] + " vs " + text[b]);
                }
            }
        }
    }

    private static boolean in(int[] iv, int i, int bigN) {
        return i >= iv[0] && i <= (iv[2] == 1 ? bigN - 1 - iv[1] : iv[1]);
    }
}
