package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.core.Monitor;
import tessera.tcpa.pipeline.Equivalence;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.pipeline.TcpaPipeline;

/**
 * FIR (examples/pla/fir.pla, seed 003 §7's 2-D benchmark) end to end: 1-D along i on tcpa4x4.tcpa (the builder's
 * mapping, tcpa.distribute.fir=i) and 2-D on tcpa32x32fir.tcpa (six PE ports, diagonal-only pass-through), simulated
 * bit for bit against the PLA interpreter; processor classes as in Table 1 (3 in 1-D, 9 = corner/edge/interior in 2-D).
 */
class FirEquivalenceTest {
    private static final Map<String, TcpaPipeline.Compiled> CACHE = new HashMap<>();

    private static synchronized TcpaPipeline.Compiled compiled(String arch) {
        List<String> distribute = arch.equals("tcpa4x4.tcpa") || arch.equals("tcpa32x32.tcpa") ? List.of("i") : List.of();
        return CACHE.computeIfAbsent(arch, a -> {
            TcpaPipeline.Compiled c = TcpaPipeline.compile("fir.pla", Fixtures.example("fir.pla"), Fixtures.arch(a),
                    new MappingState.Options(distribute, Map.of(), MappingState.Options.defaults().deadline()), Monitor.NULL);
            assertTrue(c.ok(), c.diagnostics().toString());
            return c;
        });
    }

    private static Map<String, Long> bounds(long n, long m) {
        Map<String, Long> b = new LinkedHashMap<>();
        b.put("N", n);
        b.put("M", m);
        return b;
    }

    private static Instantiator.Result instantiate(String arch, long n, long m, int rows, int cols) {
        Instantiator.Result r = Instantiator.run(compiled(arch).mapping().config(), Fixtures.arch(arch), new Instantiator.Parameters(bounds(n, m), rows, cols),
                "fir.pla", Monitor.NULL);
        assertTrue(r.ok(), r.diagnostics().toString());
        return r;
    }

    @ParameterizedTest(name = "N={1}, M={2} on {3}x{4} ({0})")
    @CsvSource({
            // 1-D: one PE row along i (perfect and uneven tilings; regions beyond 4 columns on tcpa4x4's PE in a 32x32 array)
            "tcpa4x4.tcpa, 8, 4, 1, 1", "tcpa4x4.tcpa, 5, 1, 1, 2", "tcpa4x4.tcpa, 8, 4, 1, 2", "tcpa4x4.tcpa, 7, 5, 1, 3",
            "tcpa4x4.tcpa, 9, 3, 1, 3", "tcpa32x32.tcpa, 16, 4, 1, 16", "tcpa32x32.tcpa, 40, 3, 1, 16", "tcpa32x32.tcpa, 32, 3, 1, 32",
            "tcpa32x32.tcpa, 33, 2, 1, 32", "tcpa32x32.tcpa, 20, 6, 1, 7", "tcpa4x4.tcpa, 1, 1, 1, 1",
            // 2-D: i on rows, j on columns (a at i = 0, u at j = 0, y at j = M - 1: all at the border)
            "tcpa32x32fir.tcpa, 9, 4, 1, 1", "tcpa32x32fir.tcpa, 8, 8, 2, 2", "tcpa32x32fir.tcpa, 7, 9, 2, 3",
            "tcpa32x32fir.tcpa, 5, 7, 3, 2", "tcpa32x32fir.tcpa, 6, 6, 3, 3", "tcpa32x32fir.tcpa, 10, 3, 3, 3",
            "tcpa32x32fir.tcpa, 8, 8, 4, 4", "tcpa32x32fir.tcpa, 4, 4, 4, 4", "tcpa32x32fir.tcpa, 9, 11, 4, 4",
            "tcpa32x32fir.tcpa, 16, 16, 8, 8", "tcpa32x32fir.tcpa, 8, 8, 8, 8", "tcpa32x32fir.tcpa, 3, 5, 1, 4"})
    void simulatedFirEqualsTheInterpreter(String arch, long n, long m, int rows, int cols) {
        Instantiator.Result r = instantiate(arch, n, m, rows, cols);
        for (long seed = 1; seed <= 2; seed++) {
            Equivalence.Outcome o = Equivalence.check(compiled(arch).pla().rdg(), r.config(), bounds(n, m), seed);
            assertTrue(o.equal(), o.mismatch());
        }
    }

    @Test
    void processorClassesFollowTableOne() {
        // 1-D, perfect tilings: first, middle and last PE of the row
        assertEquals(3, instantiate("tcpa32x32.tcpa", 32, 4, 1, 16).config().getProcessorClasses().size());
        assertEquals(3, instantiate("tcpa32x32.tcpa", 64, 4, 1, 32).config().getProcessorClasses().size());
        // 2-D: corner, edge and interior classes, the same count from 4x4 to 32x32
        for (int side : new int[] {4, 8, 32}) {
            assertEquals(9, instantiate("tcpa32x32fir.tcpa", 2L * side, 2L * side, side, side).config().getProcessorClasses().size(), side + "x" + side);
        }
    }
}
