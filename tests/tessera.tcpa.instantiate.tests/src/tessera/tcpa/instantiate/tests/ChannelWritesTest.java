package tessera.tcpa.instantiate.tests;

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
 * A channel write that no consumer iteration reads must not reach the neighbour's ID FIFO: b reads a[i − 2] only
 * from i = 5 on, so on 1×2 with p = 4 the producer's j = 2 (i = 2) has no reader while j = 3 (i = 3) has one. Before
 * the write domain of channel edges was intersected with the consumer's reads, PE 1 popped a[2] at i = 5.
 */
class ChannelWritesTest {
    static final String SUBSET = """
            param N where N >= 1
            for 0 <= i < N do
                A: a[i] = in[i]
                P: pass[i] = a[i] + 1
                B: b[i] = a[i - 2]  if i >= 5
                O: out[i] = b[i]    if i >= 5
            end
            """;

    static TcpaPipeline.Compiled compile(String name, String text) {
        TcpaPipeline.Compiled c = TcpaPipeline.compile(name, text, Fixtures.arch("tcpa4x4.tcpa"),
                new MappingState.Options(List.of(), Map.of(), MappingState.Options.defaults().deadline()), Monitor.NULL);
        assertTrue(c.ok(), c.diagnostics().toString());
        return c;
    }

    static void assertSimulatesEqual(TcpaPipeline.Compiled c, String name, Map<String, Long> bounds, int rows, int cols) {
        Instantiator.Result r = Instantiator.run(c.mapping().config(), Fixtures.arch("tcpa4x4.tcpa"),
                new Instantiator.Parameters(bounds, rows, cols), name, Monitor.NULL);
        assertTrue(r.ok(), r.diagnostics().toString());
        for (long seed = 1; seed <= 2; seed++) {
            Equivalence.Outcome o = Equivalence.check(c.pla().rdg(), r.config(), bounds, seed);
            assertTrue(o.equal(), bounds + " on " + rows + "x" + cols + ": " + o.mismatch());
        }
    }

    @ParameterizedTest(name = "N={0} on 1x{1}")
    @CsvSource({"8, 2", "12, 3", "9, 2", "7, 2", "16, 4", "16, 2", "6, 1", "20, 4"})
    void unreadChannelWritesDoNotDesynchroniseTheFifo(long n, int cols) {
        assertSimulatesEqual(compile("subset.pla", SUBSET), "subset.pla", Map.of("N", n), 1, cols);
    }
}
