package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.tcpa.instantiate.Equivalence;
import tessera.tcpa.instantiate.Instantiator;

/**
 * The equivalence property (seed 003 §6 end to end): symbolic configuration → instantiation for the parameters and PE
 * region → cycle-level simulation equals the PLA reference interpreter bit for bit on random inputs (three seeds each).
 */
class EquivalenceTest {
    @ParameterizedTest(name = "{0} {1} on {2}x{3}")
    @CsvSource(delimiter = ';', value = {
            "bitext.pla; N=16; 1; 3", "bitext.pla; N=16; 1; 1", "bitext.pla; N=16; 1; 2", "bitext.pla; N=16; 1; 16",
            "bitext.pla; N=16; 1; 32", "bitext.pla; N=32; 1; 32", "bitext.pla; N=17; 1; 3", "bitext.pla; N=1; 1; 1",
            "bitext.pla; N=31; 1; 4", "bitext.pla; N=40; 1; 7",
            "matmul.pla; N=4,M=4,K=3; 1; 1", "matmul.pla; N=4,M=4,K=3; 2; 2", "matmul.pla; N=4,M=4,K=2; 1; 2",
            "matmul.pla; N=5,M=3,K=2; 2; 1", "matmul.pla; N=3,M=5,K=4; 2; 2",
            "matmul.pla; N=2,M=2,K=5; 2; 2", "matmul.pla; N=7,M=1,K=2; 2; 1", "matmul.pla; N=5,M=7,K=2; 2; 3",
            "conv.pla; CO=2,H=3,W=3,CI=2,KH=2,KW=2; 1; 1", "conv.pla; CO=2,H=3,W=3,CI=2,KH=2,KW=2; 2; 1",
            "conv.pla; CO=2,H=3,W=3,CI=2,KH=2,KW=2; 2; 2"})
    void simulatedOutputsEqualTheInterpreter(String pla, String params, int rows, int cols) {
        Map<String, Long> bounds = new LinkedHashMap<>();
        for (String kv : params.split(",")) {
            bounds.put(kv.split("=")[0], Long.parseLong(kv.split("=")[1]));
        }
        String arch = pla.equals("bitext.pla") ? "bitext-pe.tcpa" : "tcpa4x4.tcpa";
        Instantiator.Result r = Fixtures.instantiate(pla, arch, bounds, rows, cols);
        assertTrue(r.ok(), r.diagnostics().toString());
        for (long seed = 1; seed <= 3; seed++) {
            Equivalence.Outcome o = Equivalence.check(Fixtures.compiled(pla, arch).pla().rdg(), r.config(), bounds, seed);
            assertTrue(o.equal(), o.mismatch());
        }
    }
}
