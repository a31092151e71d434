package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.tcpa.pipeline.Equivalence;
import tessera.tcpa.instantiate.Instantiator;

/**
 * The equivalence property (seed 003 §6 end to end): symbolic configuration → instantiation for the parameters and PE
 * region → cycle-level simulation equals the PLA reference interpreter bit for bit on random inputs (three seeds each).
 * matmul and conv drain their results to the last PE row (border-only I/O, P26), so every region size works; uneven
 * tilings (a partial last tile) are included. 8×8 regions use tcpa32x32.tcpa, the rest tcpa4x4.tcpa.
 */
class EquivalenceTest {
    @ParameterizedTest(name = "{0} {1} on {2}x{3}")
    @CsvSource(delimiter = ';', value = {
            "bitext.pla; N=16; 1; 3", "bitext.pla; N=16; 1; 1", "bitext.pla; N=16; 1; 2", "bitext.pla; N=16; 1; 16",
            "bitext.pla; N=16; 1; 32", "bitext.pla; N=32; 1; 32", "bitext.pla; N=17; 1; 3", "bitext.pla; N=1; 1; 1",
            "bitext.pla; N=31; 1; 4", "bitext.pla; N=40; 1; 7",
            // matmul: 1×1, 2×2, 3×3, 4×4, 8×8, non-square; uneven: N=3 on 2, 5 on 2, 5/7 on 3, 7 on 4, 15 on 8 rows
            "matmul.pla; N=1,M=1,K=1; 1; 1", "matmul.pla; N=3,M=2,K=3; 1; 1", "matmul.pla; N=4,M=4,K=3; 1; 1",
            "matmul.pla; N=2,M=2,K=2; 2; 2", "matmul.pla; N=4,M=4,K=3; 2; 2", "matmul.pla; N=3,M=4,K=2; 2; 2",
            "matmul.pla; N=5,M=4,K=1; 2; 2", "matmul.pla; N=3,M=3,K=2; 3; 3", "matmul.pla; N=6,M=6,K=1; 3; 3",
            "matmul.pla; N=5,M=6,K=2; 3; 3", "matmul.pla; N=7,M=6,K=2; 3; 3", "matmul.pla; N=4,M=4,K=2; 4; 4",
            "matmul.pla; N=7,M=8,K=2; 4; 4", "matmul.pla; N=8,M=8,K=3; 4; 4", "matmul.pla; N=4,M=2,K=2; 4; 1",
            "matmul.pla; N=2,M=4,K=3; 1; 4", "matmul.pla; N=5,M=2,K=2; 2; 1", "matmul.pla; N=3,M=6,K=2; 2; 3",
            "matmul.pla; N=5,M=6,K=3; 3; 2", "matmul.pla; N=7,M=4,K=2; 4; 2", "matmul.pla; N=4,M=3,K=2; 1; 3",
            "matmul.pla; N=7,M=1,K=2; 2; 1", "matmul.pla; N=8,M=8,K=2; 8; 8", "matmul.pla; N=8,M=8,K=4; 8; 8",
            "matmul.pla; N=15,M=16,K=3; 8; 8", "matmul.pla; N=12,M=8,K=1; 6; 8",
            // conv (co over PE rows, y over columns): uneven: CO=7 on 4, CO=5 on 3 rows, H=7 on 4 columns
            "conv.pla; CO=1,H=1,W=1,CI=1,KH=1,KW=1; 1; 1", "conv.pla; CO=2,H=2,W=2,CI=2,KH=2,KW=2; 1; 1",
            "conv.pla; CO=2,H=3,W=3,CI=2,KH=2,KW=2; 1; 1", "conv.pla; CO=2,H=2,W=2,CI=1,KH=2,KW=2; 2; 2",
            "conv.pla; CO=2,H=4,W=2,CI=2,KH=2,KW=1; 2; 2", "conv.pla; CO=2,H=2,W=3,CI=3,KH=1,KW=1; 2; 2",
            "conv.pla; CO=3,H=3,W=2,CI=2,KH=2,KW=1; 3; 3", "conv.pla; CO=3,H=3,W=1,CI=1,KH=3,KW=3; 3; 3",
            "conv.pla; CO=3,H=3,W=3,CI=1,KH=2,KW=2; 3; 3", "conv.pla; CO=4,H=4,W=2,CI=1,KH=2,KW=2; 4; 4",
            "conv.pla; CO=4,H=4,W=1,CI=2,KH=1,KW=2; 4; 4", "conv.pla; CO=7,H=4,W=1,CI=1,KH=2,KW=1; 4; 4",
            "conv.pla; CO=4,H=7,W=1,CI=1,KH=2,KW=1; 4; 4", "conv.pla; CO=5,H=4,W=1,CI=1,KH=1,KW=2; 3; 4",
            "conv.pla; CO=2,H=1,W=3,CI=2,KH=2,KW=2; 2; 1", "conv.pla; CO=2,H=3,W=3,CI=2,KH=2,KW=2; 2; 1",
            "conv.pla; CO=1,H=4,W=2,CI=1,KH=2,KW=2; 1; 4", "conv.pla; CO=2,H=4,W=2,CI=1,KH=2,KW=2; 1; 2",
            "conv.pla; CO=4,H=2,W=2,CI=1,KH=2,KW=2; 4; 1", "conv.pla; CO=4,H=2,W=1,CI=2,KH=2,KW=2; 4; 2",
            "conv.pla; CO=8,H=8,W=1,CI=1,KH=2,KW=1; 8; 8", "conv.pla; CO=8,H=8,W=2,CI=1,KH=1,KW=2; 8; 8",
            "conv.pla; CO=15,H=8,W=1,CI=1,KH=1,KW=2; 8; 8",
            // the benchmark's conv 4×4: the greedy colouring needs 9 signals > C = 8, the exact one (fixed codes) fits 8
            "conv.pla; CO=8,H=8,W=2,CI=2,KH=2,KW=2; 4; 4"})
    void simulatedOutputsEqualTheInterpreter(String pla, String params, int rows, int cols) {
        Map<String, Long> bounds = Fixtures.bounds(params);
        String arch = pla.equals("bitext.pla") ? "bitext-pe.tcpa" : rows > 4 || cols > 4 ? "tcpa32x32.tcpa" : "tcpa4x4.tcpa";
        Instantiator.Result r = Fixtures.instantiate(pla, arch, bounds, rows, cols);
        assertTrue(r.ok(), r.diagnostics().toString());
        for (long seed = 1; seed <= 3; seed++) {
            Equivalence.Outcome o = Equivalence.check(Fixtures.compiled(pla, arch).pla().rdg(), r.config(), bounds, seed);
            assertTrue(o.equal(), o.mismatch());
        }
    }
}
