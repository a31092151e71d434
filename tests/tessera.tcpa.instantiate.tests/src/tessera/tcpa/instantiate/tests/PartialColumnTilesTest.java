package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.core.Monitor;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.pipeline.Equivalence;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.tcpa.Architecture;

/**
 * Partial tiles along the faster distributed index (matmul's j, conv's y) put empty iterations inside every row of the
 * drain: kernels with up to 11 successors and 16–17 control signals. tcpa4x4's global controller (C = 8, 2 branch
 * targets) refuses them with an error naming the resource (ErrorsAndCliTest); with a larger controller (C = 32, 8
 * branch targets, P22/P23) they instantiate and simulate equal to the interpreter.
 */
class PartialColumnTilesTest {
    private static final Map<String, TcpaPipeline.Compiled> CACHE = new HashMap<>();

    private static Architecture largeController() throws Exception {
        String text = Files.readString(Fixtures.root().resolve("examples/tcpa/tcpa4x4.tcpa"));
        String big = text.replace("control signals 8 branch targets 2", "control signals 32 branch targets 8");
        assertTrue(!big.equals(text), "tcpa4x4.tcpa's controller line changed");
        return ArchitectureLoader.orThrow(ArchitectureLoader.load(big, "tcpa4x4-gc32.tcpa"));
    }

    @ParameterizedTest(name = "{0} {1} on {2}x{3}")
    @CsvSource(delimiter = ';', value = {"matmul.pla; N=5,M=7,K=2; 2; 3", "matmul.pla; N=4,M=5,K=1; 2; 2",
            "matmul.pla; N=6,M=7,K=2; 3; 4", "matmul.pla; N=3,M=3,K=2; 1; 2", "conv.pla; CO=4,H=3,W=2,CI=1,KH=2,KW=2; 2; 2",
            "conv.pla; CO=2,H=5,W=1,CI=2,KH=1,KW=2; 1; 3", "conv.pla; CO=3,H=7,W=1,CI=1,KH=2,KW=1; 3; 4"})
    void simulateEqualWithALargerGlobalController(String pla, String params, int rows, int cols) throws Exception {
        Architecture arch = largeController();
        TcpaPipeline.Compiled c = CACHE.computeIfAbsent(pla, p -> TcpaPipeline.compile(p, Fixtures.example(p), arch,
                new MappingState.Options(Fixtures.distribute(p), Map.of(), MappingState.Options.defaults().deadline()), Monitor.NULL));
        assertTrue(c.ok(), c.diagnostics().toString());
        Map<String, Long> bounds = Fixtures.bounds(params);
        Instantiator.Result r = Instantiator.run(c.mapping().config(), arch, new Instantiator.Parameters(bounds, rows, cols), pla, Monitor.NULL);
        assertTrue(r.ok(), r.diagnostics().toString());
        for (long seed = 1; seed <= 2; seed++) {
            Equivalence.Outcome o = Equivalence.check(c.pla().rdg(), r.config(), bounds, seed);
            assertTrue(o.equal(), o.mismatch());
        }
    }
}
