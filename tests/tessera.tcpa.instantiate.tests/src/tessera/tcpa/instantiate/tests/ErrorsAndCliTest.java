package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.cli.CliCommand;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.pipeline.cli.InstantiateCommand;
import tessera.tcpa.concrete.io.ConcreteIO;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/** Bad parameters and exhausted resources are diagnostics naming what to change (P23, P26); the CLI end to end. */
class ErrorsAndCliTest {
    private static String error(Instantiator.Result r) {
        assertFalse(r.ok());
        assertEquals(1, r.diagnostics().size(), r.diagnostics().toString());
        return r.diagnostics().list().get(0).format();
    }

    @Test
    void missingAndUnknownParameters() {
        assertTrue(error(Fixtures.instantiate("bitext.pla", "bitext-pe.tcpa", Map.of(), 1, 3)).contains("no value for the loop bound N"));
        assertTrue(error(Fixtures.instantiate("bitext.pla", "bitext-pe.tcpa", Map.of("N", 16L, "M", 2L), 1, 3)).contains("unknown parameter M"));
        assertTrue(error(Fixtures.instantiate("bitext.pla", "bitext-pe.tcpa", Map.of("N", 0L), 1, 3)).contains("leave no iteration"));
    }

    @Test
    void regionMustFitTheMapping() {
        String e = error(Fixtures.instantiate("bitext.pla", "tcpa4x4.tcpa", Map.of("N", 16L), 2, 3));
        assertTrue(e.contains("no index is tiled over the PE rows") && e.contains("1xC"), e);
        // issue 22: and the region must lie within the architecture's array (bitext-pe is 1x32)
        String outside = error(Fixtures.instantiate("bitext.pla", "bitext-pe.tcpa", Map.of("N", 16L), 2, 3));
        assertTrue(outside.contains("--pes") && outside.contains("does not fit the 1x32 array"), outside);
        assertTrue(error(Fixtures.instantiate("bitext.pla", "bitext-pe.tcpa", Map.of("N", 16L), 1, 0)).contains("is empty"));
    }

    /**
     * P26: matmul drains C to the last PE row, but N = 9 on 4 rows gives p = 3, so PE row 3 gets no iteration and the
     * writing row 2 is interior.
     */
    @Test
    void interiorIoIsReported() {
        String e = error(Fixtures.instantiate("matmul.pla", "tcpa4x4.tcpa", Map.of("N", 9L, "M", 8L, "K", 1L), 4, 4));
        assertTrue(e.contains("output C is accessed by PE (2,") && e.contains("P26") && e.contains("last PE row"), e);
    }

    /**
     * P23: a partial tile along j (M = 7 on 3 columns) puts empty iterations inside every row of matmul's drain; the
     * control flow exceeds the GC of tcpa4x4 (C = 8 signals, 2 branch targets): an error naming what to change.
     */
    @Test
    void tooManyControlSignalsIsReported() {
        String e = error(Fixtures.instantiate("matmul.pla", "tcpa4x4.tcpa", Map.of("N", 5L, "M", 7L, "K", 2L), 2, 3));
        assertTrue(e.contains("control signals") && e.contains("use an architecture with more"), e);
    }

    /** A .pla with --distribute (matmul's drain index s comes first): 3×3 PEs, checked against the interpreter. */
    @Test
    void cliDistributesAndChecksMatmul() throws Exception {
        Run r = CliRunner.run(Fixtures.root(), false, "instantiate", "examples/pla/matmul.pla", "--arch", "examples/tcpa/tcpa4x4.tcpa",
                "--distribute", "i,j", "--param", "N=5", "--param", "M=6", "--param", "K=2", "--pes", "3x3", "--check");
        String text = r.out();
        assertEquals(0, r.code(), text + r.err());
        assertTrue(text.contains("check: outputs equal the PLA interpreter's"), text);
    }

    @Test
    void cliInstantiatesChecksAndWrites(@TempDir Path dir) throws Exception {
        Path root = Fixtures.root();
        Path xmi = dir.resolve("bitext.concrete.xmi");
        Run r = CliRunner.run(root, false, "instantiate", "examples/pla/bitext.pla", "--arch", "examples/tcpa/bitext-pe.tcpa", "--param", "N=16",
                "--pes", "1x3", "--check", "--out", xmi.toString());
        String text = r.out();
        assertEquals(0, r.code(), text + r.err());
        assertTrue(text.contains("check: outputs equal the PLA interpreter's (34 cycles)"), text);
        assertTrue(Files.exists(xmi));
        var loaded = ConcreteIO.load(xmi);
        assertEquals(2, loaded.configuration().getProcessorClasses().size());
        assertTrue(Files.exists(xmi.getParent().resolve(loaded.configuration().getPlaSource())), loaded.configuration().getPlaSource());
        assertEquals(CliCommand.USAGE, CliRunner.run(root, false, "instantiate", "examples/pla/bitext.pla", "--arch", "examples/tcpa/bitext-pe.tcpa",
                "--pes", "three").code());
        assertEquals(Set.of("check"), new InstantiateCommand().flags());
    }
}
