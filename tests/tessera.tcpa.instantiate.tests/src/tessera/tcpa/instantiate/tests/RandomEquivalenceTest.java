package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.tcpa.pipeline.Equivalence;
import tessera.tcpa.instantiate.Instantiator;

/** The equivalence property on random loop bounds and PE regions (simulated = interpreted bit for bit). */
class RandomEquivalenceTest {
    private static void check(String pla, String arch, Map<String, Long> bounds, int rows, int cols, long seed) {
        Instantiator.Result r = Fixtures.instantiate(pla, arch, bounds, rows, cols);
        assertTrue(r.ok(), pla + " " + bounds + " " + rows + "x" + cols + ": " + r.diagnostics());
        Equivalence.Outcome o = Equivalence.check(Fixtures.compiled(pla, arch).pla().rdg(), r.config(), bounds, seed);
        assertTrue(o.equal(), pla + " " + bounds + " " + rows + "x" + cols + ": " + o.mismatch());
    }

    @Test
    void bitextOnTwentyRandomRows() {
        Random r = new Random(61);
        for (int n = 0; n < 20; n++) {
            int cols = 1 + r.nextInt(32);
            check("bitext.pla", "bitext-pe.tcpa", Map.of("N", (long) 1 + r.nextInt(64)), 1, cols, n);
        }
    }

    /**
     * Regions up to 4×4; N leaves a partial (non-empty) last PE row. M is a multiple of the columns: a partial tile
     * along j puts empty iterations inside every row of the drain and needs more than C = 8 control signals (P23).
     */
    @Test
    void matmulOnTwentyRandomRegionsUpTo4x4() {
        Random r = new Random(62);
        for (int n = 0; n < 20; n++) {
            int rows = 1 + r.nextInt(4), cols = 1 + r.nextInt(4), pi = 1 + r.nextInt(3);
            Map<String, Long> b = new LinkedHashMap<>();
            b.put("N", (long) rows * pi - r.nextInt(Math.min(pi, rows)));
            b.put("M", (long) cols * (1 + r.nextInt(2)));
            b.put("K", 1L + r.nextInt(3));
            check("matmul.pla", "tcpa4x4.tcpa", b, rows, cols, n);
        }
    }
}
