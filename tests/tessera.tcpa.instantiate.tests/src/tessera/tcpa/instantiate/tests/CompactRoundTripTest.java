package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.core.poly.PolySet;
import tessera.core.Monitor;
import tessera.tcpa.pipeline.Equivalence;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.mapping.io.LeafDomains;
import tessera.tcpa.mapping.io.SymconfText;
import tessera.tcpa.concrete.io.ConcreteIO;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.symconf.PstNode;
import tessera.tcpa.symconf.SymbolicConfiguration;

/**
 * Seed 003 §7 Table 2 measures both configurations by their compact text, so both must be complete: the symbolic one
 * re-read from its compact text instantiates to the same concrete configuration, and the concrete one re-read from its
 * compact text simulates to the interpreter's outputs.
 */
class CompactRoundTripTest {
    @ParameterizedTest(name = "{0} {2} on {3}x{4}")
    @CsvSource(delimiter = ';', value = {"bitext.pla; bitext-pe.tcpa; N=16; 1; 3", "bitext.pla; bitext-pe.tcpa; N=40; 1; 7",
            "matmul.pla; tcpa4x4.tcpa; N=4,M=4,K=3; 2; 2", "fir.pla; tcpa32x32fir.tcpa; N=8,M=8; 2; 2"})
    void instantiateFromReReadSymbolicAndSimulateFromReReadConcrete(String pla, String arch, String params, int rows, int cols) {
        Map<String, Long> bounds = Fixtures.bounds(params);
        SymbolicConfiguration original = Fixtures.compiled(pla, arch).mapping().config();
        String symText = SymconfText.write(original);
        SymbolicConfiguration sym = SymconfText.read(symText);
        assertTrue(EcoreUtil.equals(original, sym), "every attribute, derived ones included, survives the compact symbolic form");
        assertEquals(symText, SymconfText.write(sym));

        Instantiator.Parameters p = new Instantiator.Parameters(bounds, rows, cols);
        Instantiator.Result fromText = Instantiator.run(sym, Fixtures.arch(arch), p, pla, Monitor.NULL);
        Instantiator.Result fromModel = Instantiator.run(original, Fixtures.arch(arch), p, pla, Monitor.NULL);
        assertTrue(fromText.ok(), fromText.diagnostics().toString());
        assertTrue(EcoreUtil.equals(fromModel.config(), fromText.config()));

        String compact = ConcreteIO.compact(fromText.config());
        ConcreteConfiguration concrete = ConcreteIO.readCompact(compact);
        assertTrue(EcoreUtil.equals(fromText.config(), concrete), "every attribute survives the compact concrete form");
        assertEquals(compact, ConcreteIO.compact(concrete));
        Equivalence.Outcome o = Equivalence.check(Fixtures.compiled(pla, arch).pla().rdg(), concrete, bounds, 7);
        assertTrue(o.equal(), o.mismatch());
    }

    @Test
    void innerPstDomainsAreWrittenAsUnionsOnlyWhenTheyAreTheUnion() {
        SymbolicConfiguration c = EcoreUtil.copy(Fixtures.compiled("bitext.pla", "bitext-pe.tcpa").mapping().config());
        String text = SymconfText.write(c);
        // bitext's PST has 17 inner nodes (root, 2 FUs, 3 τ, 3 instructions, 8 roles), each the union of its children
        assertEquals(17, text.lines().filter(l -> l.startsWith("N\t") && l.endsWith("\t=")).count());
        PstNode fu = c.getPst().getChildren().get(0);
        PolySet leaf = fu.getChildren().get(0).getChildren().get(0).getChildren().get(0).getChildren().get(0).getDomain();
        fu.setDomain(leaf); // no longer the union of its children: written in full (in the leaves' compact form)
        String changed = SymconfText.write(c);
        assertTrue(changed.contains("\tFU\talu0\t" + new LeafDomains(c).compact(leaf.text()) + "\n"), changed);
        assertTrue(EcoreUtil.equals(c, SymconfText.read(changed)));
    }

    /** Table 2's target: the symbolic configuration is smaller than every concrete one of ≥ 16 PEs (compact texts). */
    @ParameterizedTest(name = "{0} {2} on {3}x{4}")
    @CsvSource(delimiter = ';', value = {"fir.pla; tcpa32x32fir.tcpa; N=4,M=64; 1; 16", "fir.pla; tcpa32x32fir.tcpa; N=16,M=16; 4; 4",
            "bitext.pla; bitext-pe.tcpa; N=512; 1; 16", "matmul.pla; tcpa32x32.tcpa; N=4,M=64,K=4; 1; 16"})
    void symbolicIsSmallerThanTheConcreteConfigurationOfSixteenPes(String pla, String arch, String params, int rows, int cols) {
        Instantiator.Result r = Fixtures.instantiate(pla, arch, Fixtures.bounds(params), rows, cols);
        assertTrue(r.ok(), r.diagnostics().toString());
        SymbolicConfiguration sym = Fixtures.compiled(pla, arch).mapping().config();
        int symbolic = SymconfText.bytes(sym).length, concrete = ConcreteIO.compact(r.config()).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        assertTrue(symbolic < concrete, pla + ": symbolic " + symbolic + " B, concrete " + concrete + " B");
    }

    @Test
    void malformedCompactConcreteTextNamesTheLine() {
        ConcreteConfiguration c = Fixtures.instantiate("bitext.pla", "bitext-pe.tcpa", Map.of("N", 16L), 1, 3).config();
        String text = ConcreteIO.compact(c);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConcreteIO.readCompact(text.replaceFirst("\nP\tN\t16", "\nP\tN\tsixteen")));
        assertTrue(e.getMessage().matches("line \\d: malformed field.*sixteen.*"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ConcreteIO.readCompact("K\tP1\t{}\t{}\n"));
        assertTrue(e.getMessage().contains("line 1: the first record must be 'C'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ConcreteIO.readCompact(text.replaceFirst("/ next", "/ sideways")));
        assertTrue(e.getMessage().contains("unknown branch 'sideways'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ConcreteIO.readCompact(text + "Z\tx\n"));
        assertTrue(e.getMessage().contains("unknown record 'Z'"), e.getMessage());
    }
}
