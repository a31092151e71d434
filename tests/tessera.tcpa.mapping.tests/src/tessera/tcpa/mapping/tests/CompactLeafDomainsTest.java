package tessera.tcpa.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.core.poly.PolySet;
import tessera.tcpa.mapping.io.LeafDomains;
import tessera.tcpa.mapping.io.SymconfText;
import tessera.tcpa.symconf.PstNode;
import tessera.tcpa.symconf.SymbolicConfiguration;

/** The compact form of PST leaf domains in the symbolic configuration's text (docs/tcpa.md, §7 Table 2's size). */
class CompactLeafDomainsTest {
    private static SymbolicConfiguration compiled(String pla, String arch, List<String> distribute) throws Exception {
        var c = Fixtures.compile(pla, Fixtures.example(pla), Fixtures.exampleArch(arch), distribute);
        assertTrue(c.ok(), c.diagnostics().toString());
        return c.mapping().config();
    }

    private static List<PstNode> leaves(PstNode n, List<PstNode> out) {
        if (n.getChildren().isEmpty()) {
            out.add(n);
        }
        n.getChildren().forEach(c -> leaves(c, out));
        return out;
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource(delimiter = ';', value = {"bitext.pla; bitext-pe.tcpa; ", "fir.pla; tcpa32x32fir.tcpa; i,j", "matmul.pla; tcpa32x32.tcpa; i,j",
            "conv.pla; tcpa32x32.tcpa; co,y"})
    void everyLeafReadsBackExactlyAndTheTextShrinks(String pla, String arch, String distribute) throws Exception {
        SymbolicConfiguration c = compiled(pla, arch, distribute == null ? List.of() : List.of(distribute.split(",")));
        LeafDomains ld = new LeafDomains(c);
        int compact = 0, verbatim = 0;
        for (PstNode l : leaves(c.getPst(), new ArrayList<>())) {
            String d = l.getDomain().text(), w = ld.compact(d);
            assertEquals(d, ld.expand(w), "lossless");
            if (w.startsWith("%")) {
                compact++;
                assertTrue(w.length() < d.length(), w + " vs " + d);
            } else {
                verbatim++;
            }
        }
        assertTrue(compact > 3 * verbatim, compact + " compact, " + verbatim + " verbatim");
        String text = SymconfText.write(c);
        SymbolicConfiguration back = SymconfText.read(text);
        assertTrue(EcoreUtil.equals(c, back));
        assertEquals(text, SymconfText.write(back));
        // the verbatim domains (the form before the compact leaves) still read to the same model
        String old = text;
        for (PstNode l : leaves(c.getPst(), new ArrayList<>())) {
            old = old.replace("\t" + ld.compact(l.getDomain().text()) + "\n", "\t" + l.getDomain() + "\n");
        }
        for (var a : c.getAccessMappings()) { // access spaces use the same compact form
            old = old.replace("\t" + ld.compact(a.getAccessSpace().text()) + "\t", "\t" + a.getAccessSpace() + "\t");
        }
        assertFalse(old.contains("\t%"), "every compact leaf replaced");
        assertTrue(EcoreUtil.equals(c, SymconfText.read(old)));
    }

    @Test
    void firLeavesAreWrittenRelativeToTheTileBoxAndTheOperations() throws Exception {
        SymbolicConfiguration c = compiled("fir.pla", "tcpa32x32fir.tcpa", List.of("i", "j"));
        String text = SymconfText.write(c);
        assertFalse(text.lines().anyMatch(l -> l.startsWith("N\t") && l.contains("{ [j_i")), "no FIR leaf needs the verbatim form");
        // a shared channel's routes after the first refer to it; a dangling reference names the line
        assertTrue(text.contains("\nR\te6.2\t=e5.2\n"), text);
        assertTrue(EcoreUtil.equals(c, SymconfText.read(text)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SymconfText.read(text.replace("\t=e5.2\n", "\t=e99\n")));
        assertTrue(e.getMessage().contains("route refers to no earlier route e99"), e.getMessage());
        // access spaces are compact too: the whole tile box and a reference to the consuming operation
        assertFalse(text.lines().anyMatch(l -> l.startsWith("A\t") && l.contains("{ [j_i")), text);
        // rd0 of alu0's move: the whole tile box of the whole iteration space
        assertTrue(text.contains("\tREGISTER\trd0\t%@#\n"), text);
        // fd0 of alu0's move source: 1 <= j_i < p_i in the box, global part = v4's condition space
        assertTrue(text.contains("\tREGISTER\tfd0\t%1<=j_i<p_i&j_j&k_i&k_j@#v4\n"), text);
        // a channel write (U3 → U2 along the diagonal): v7's space ∩ {I | I + d ∈ v6's space} by the edge's id
        assertTrue(text.contains("k_j@#e7.2\n"), text);
    }

    @Test
    void aPieceTheReaderCouldNotRestoreStaysVerbatim() throws Exception {
        SymbolicConfiguration c = EcoreUtil.copy(compiled("bitext.pla", "bitext-pe.tcpa", List.of()));
        PstNode leaf = leaves(c.getPst(), new ArrayList<>()).get(0);
        String odd = leaf.getDomain().text().replaceFirst(" : ", " :  "); // a spacing the printer never writes
        leaf.setDomain(PolySet.valueOf(odd));
        String text = SymconfText.write(c);
        assertTrue(text.contains(odd + "\n"), text); // that piece verbatim (after the '%' mark of the domain)
        assertEquals(odd, leaves(SymconfText.read(text).getPst(), new ArrayList<>()).get(0).getDomain().text());
    }

    @Test
    void spacingIsRestoredAsTheSetPrinterWritesIt() {
        assertEquals("0 <= j_i < p_i - 1", LeafDomains.spaced("0<=j_i<p_i-1"));
        assertEquals("j_i >= -1", LeafDomains.spaced("j_i>=-1"));
        assertEquals("2*j_s + j_i == p_i - 2*k_i + 3", LeafDomains.spaced("2*j_s+j_i==p_i-2*k_i+3"));
        assertEquals("-j_i > -p_i", LeafDomains.spaced("-j_i>-p_i"));
        // property: every constraint of the examples' leaves survives squeeze → spaced (checked by the writer too)
        Random r = new Random(3);
        for (int i = 0; i < 200; i++) {
            String c = "j_x" + (r.nextBoolean() ? " + " : " - ") + (r.nextInt(5) + 1) + "*p_y " + List.of("<=", "<", ">=", ">", "==").get(r.nextInt(5))
                    + (r.nextBoolean() ? " -" : " ") + r.nextInt(9);
            assertEquals(c, LeafDomains.spaced(c.replace(" ", "")));
        }
    }
}
