package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.cli.Args;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.instantiate.cli.InstantiateCommand;
import tessera.tcpa.sim.ConcreteIO;

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
        String e = error(Fixtures.instantiate("bitext.pla", "bitext-pe.tcpa", Map.of("N", 16L), 2, 3));
        assertTrue(e.contains("no index is tiled over the PE rows") && e.contains("1xC"), e);
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
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliContext ctx = new CliContext(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Fixtures.root(), false, true);
        InstantiateCommand cmd = new InstantiateCommand();
        int rc = cmd.run(ctx, Args.parse(List.of("examples/pla/matmul.pla", "--arch", "examples/tcpa/tcpa4x4.tcpa", "--distribute", "i,j", "--param",
                "N=5", "--param", "M=6", "--param", "K=2", "--pes", "3x3", "--check"), cmd.flags(), cmd.valuedOptions()));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, text + err);
        assertTrue(text.contains("check: outputs equal the PLA interpreter's"), text);
    }

    @Test
    void cliInstantiatesChecksAndWrites(@TempDir Path dir) throws Exception {
        Path root = Fixtures.root();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliContext ctx = new CliContext(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), root,
                false, true);
        InstantiateCommand cmd = new InstantiateCommand();
        Path xmi = dir.resolve("bitext.concrete.xmi");
        int rc = cmd.run(ctx, Args.parse(List.of("examples/pla/bitext.pla", "--arch", "examples/tcpa/bitext-pe.tcpa", "--param", "N=16", "--pes", "1x3",
                "--check", "--out", xmi.toString()), cmd.flags(), cmd.valuedOptions()));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, text + err);
        assertTrue(text.contains("check: outputs equal the PLA interpreter's (34 cycles)"), text);
        assertTrue(Files.exists(xmi));
        var loaded = ConcreteIO.load(xmi);
        assertEquals(2, loaded.configuration().getProcessorClasses().size());
        assertTrue(Files.exists(xmi.getParent().resolve(loaded.configuration().getPlaSource())), loaded.configuration().getPlaSource());
        assertThrows(UsageException.class, () -> cmd.run(ctx, Args.parse(List.of("examples/pla/bitext.pla", "--arch", "examples/tcpa/bitext-pe.tcpa",
                "--pes", "three"), cmd.flags(), cmd.valuedOptions())));
        assertEquals(Set.of("check"), cmd.flags());
    }
}
