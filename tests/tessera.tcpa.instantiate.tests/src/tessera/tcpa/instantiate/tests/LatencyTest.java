package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.core.Monitor;
import tessera.tcpa.pipeline.Equivalence;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.pipeline.TcpaPipeline;

/**
 * The schedule's latencies reach the hardware: the concrete configuration lists every instruction whose latency is
 * not 1 and the simulator writes its result then. Regression: conv with its compute equations restricted to s = 0
 * schedules R1 two cycles after the 2-cycle mul whose next instance it must not see; with 1-cycle writes the simulator
 * gave R1 the next iteration's product (1×1, CO = H = W = CI = KH = 1, KW = 2 was wrong).
 */
class LatencyTest {
    private static final String COMPUTE = "^    (W1|W2|W3|I1|I2|R1|R2|K1|K2):.*";

    /** conv.pla with the propagation and compute equations only at s = 0 (the drain rows only move the sums). */
    static String convComputeAtSZero() {
        StringBuilder sb = new StringBuilder();
        for (String l : Fixtures.example("conv.pla").split("\n", -1)) {
            sb.append(l.matches(COMPUTE) ? l + " and s == 0" : l.startsWith("    M1:") ? l + " if s == 0" : l).append('\n');
        }
        return sb.toString();
    }

    @ParameterizedTest(name = "{0} on {1}x{2}")
    @CsvSource(delimiter = ';', value = {"CO=1,H=1,W=1,CI=1,KH=1,KW=2; 1; 1", "CO=2,H=2,W=2,CI=2,KH=2,KW=2; 1; 1",
            "CO=3,H=2,W=3,CI=2,KH=3,KW=4; 1; 1", "CO=2,H=2,W=2,CI=2,KH=2,KW=2; 2; 2", "CO=2,H=6,W=2,CI=1,KH=2,KW=2; 1; 3"})
    void convWithComputeAtSZeroSimulatesEqual(String params, int rows, int cols) {
        Map<String, Long> bounds = Fixtures.bounds(params);
        String text = convComputeAtSZero();
        assertEquals(12, text.lines().filter(l -> l.endsWith("s == 0")).count()); // W1..K2 and M1, as C1, C2 already
        TcpaPipeline.Compiled c = TcpaPipeline.compile("conv0.pla", text, Fixtures.arch("tcpa4x4.tcpa"),
                new MappingState.Options(List.of("co", "y"), Map.of(), MappingState.Options.defaults().deadline()), Monitor.NULL);
        assertTrue(c.ok(), c.diagnostics().toString());
        Instantiator.Result r = Instantiator.run(c.mapping().config(), Fixtures.arch("tcpa4x4.tcpa"),
                new Instantiator.Parameters(bounds, rows, cols), "conv0.pla", Monitor.NULL);
        assertTrue(r.ok(), r.diagnostics().toString());
        assertTrue(r.config().getLatencies().contains("mul0 mul 2"), r.config().getLatencies().toString());
        for (long seed = 1; seed <= 2; seed++) {
            Equivalence.Outcome o = Equivalence.check(c.pla().rdg(), r.config(), bounds, seed);
            assertTrue(o.equal(), o.mismatch());
        }
    }
}
