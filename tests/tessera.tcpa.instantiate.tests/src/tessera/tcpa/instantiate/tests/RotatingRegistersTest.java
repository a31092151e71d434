package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import tessera.tcpa.mapping.passes.RegisterAllocation;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.RegisterClass;

/** P11: RD k-tuples (a value read more than π cycles after its result) instantiated and simulated. */
class RotatingRegistersTest {
    /** a is read by S5 six cycles after its result (three 2-cycle muls in between): l′ = 6 = 2π on tcpa4x4 → k = 3. */
    static final String CHAIN = """
            param N where N >= 1
            for 0 <= i < N do
                S1: a[i] = x[i]
                S2: b[i] = a[i] * a[i]
                S3: c[i] = b[i] * b[i]
                S4: d[i] = c[i] * b[i]
                S5: y[i] = d[i] + a[i]
            end
            """;
    static final String CHAIN_2D = """
            param N, M where N >= 1 and M >= 1
            for 0 <= i < N, 0 <= j < M do
                S1: a[i, j] = x[i, j]
                S2: b[i, j] = a[i, j] * a[i, j]
                S3: c[i, j] = b[i, j] * b[i, j]
                S4: d[i, j] = c[i, j] * b[i, j]
                S5: y[i, j] = d[i, j] + a[i, j]
            end
            """;

    private static TcpaPipeline.Compiled compile(String text, List<String> distribute) {
        TcpaPipeline.Compiled c = TcpaPipeline.compile("chain.pla", text, Fixtures.arch("tcpa4x4.tcpa"),
                new MappingState.Options(distribute, Map.of(), MappingState.Options.defaults().deadline()), Monitor.NULL);
        assertTrue(c.ok(), c.diagnostics().toString());
        return c;
    }

    @Test
    void tupleSizeIsOneMoreThanTheWholeIntervalsTheValueLives() {
        assertEquals(1, RegisterAllocation.tupleSize(0, 3)); // the paper's ⌈l′/π⌉ = 0 (digest P11)
        assertEquals(1, RegisterAllocation.tupleSize(2, 3));
        assertEquals(2, RegisterAllocation.tupleSize(3, 3)); // ⌈3/3⌉ = 1 would let the next instance overwrite it first
        assertEquals(3, RegisterAllocation.tupleSize(6, 3));
        assertEquals(3, RegisterAllocation.tupleSize(7, 3));
        DataEdge a = compile(CHAIN, List.of("i")).mapping().config().getEdges().stream()
                .filter(e -> e.getRegisterClass() == RegisterClass.RD && e.getVariable().equals("a")).findFirst().orElseThrow();
        assertEquals(3, a.getRegisters().size(), a.getRegisters() + " " + a.getLifetime());
    }

    @ParameterizedTest(name = "N = {0} on 1x{1}")
    @CsvSource({"1, 1", "3, 1", "4, 1", "5, 1", "7, 1", "6, 2", "7, 2", "9, 3", "10, 4", "16, 3"})
    void oneDimensionalRotationSimulatesEqual(long n, int cols) {
        TcpaPipeline.Compiled c = compile(CHAIN, List.of("i"));
        Instantiator.Result r = Instantiator.run(c.mapping().config(), Fixtures.arch("tcpa4x4.tcpa"), new Instantiator.Parameters(Map.of("N", n), 1, cols),
                "chain.pla", Monitor.NULL);
        assertTrue(r.ok(), r.diagnostics().toString());
        for (long seed = 1; seed <= 2; seed++) {
            Equivalence.Outcome o = Equivalence.check(c.pla().rdg(), r.config(), Map.of("N", n), seed);
            assertTrue(o.equal(), o.mismatch());
        }
    }

    @Test
    void twoDimensionalRotationNeedsATileSizeTheTupleDivides() {
        TcpaPipeline.Compiled c = compile(CHAIN_2D, List.of("i", "j"));
        int k = c.mapping().config().getEdges().stream().filter(e -> e.getRegisterClass() == RegisterClass.RD && e.getVariable().equals("a"))
                .findFirst().orElseThrow().getRegisters().size();
        assertTrue(k > 1);
        Map<String, Long> fits = Map.of("N", 4L, "M", 2L * 3 * k);
        Instantiator.Result r = Instantiator.run(c.mapping().config(), Fixtures.arch("tcpa4x4.tcpa"), new Instantiator.Parameters(fits, 2, 2),
                "chain.pla", Monitor.NULL);
        assertTrue(r.ok(), r.diagnostics().toString());
        Equivalence.Outcome o = Equivalence.check(c.pla().rdg(), r.config(), fits, 3);
        assertTrue(o.equal(), o.mismatch());
        Map<String, Long> wraps = Map.of("N", 4L, "M", 2L * (3 * k + 1));
        Instantiator.Result bad = Instantiator.run(c.mapping().config(), Fixtures.arch("tcpa4x4.tcpa"), new Instantiator.Parameters(wraps, 2, 2),
                "chain.pla", Monitor.NULL);
        assertFalse(bad.ok());
        assertTrue(bad.diagnostics().toString().contains("is not a multiple of " + k), bad.diagnostics().toString());
    }
}
