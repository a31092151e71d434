package tessera.pla.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import tessera.diagram.Diagram;
import tessera.diagram.DiagramProvider;
import tessera.pla.diagram.PlaDiagramProvider;
import tessera.pla.diagram.RdgDiagrams;
import tessera.rdg.DependenceEdge;
import tessera.rdg.OperationNode;
import tessera.rdg.Rdg;
import tessera.rdg.support.Annotations;

/** The RDG drawing's links to the text (source ranges) and its Properties-view rows, headless. */
class RdgDiagramLinkTest {
    private static final String TEXT = Pla.example("bitext.pla");

    private static Diagram draw(String text) {
        List<DiagramProvider.Named> ds = new PlaDiagramProvider().diagrams("bitext.pla", text, p -> Optional.empty());
        assertEquals(1, ds.size());
        return ds.get(0).diagram();
    }

    private static String text(Diagram.SourceRange r) {
        return TEXT.substring(r.offset(), r.offset() + r.length());
    }

    @Test
    void nodesAndEdgesLinkToTheirEquationsAndOperands() {
        Diagram d = draw(TEXT);
        assertEquals("S1: x[i] = in[]          if i = 0", text(d.findNode("v2").sourceRange));
        assertEquals("S3: y[i] = x[i] shr 1", text(d.findNode("v4").sourceRange));
        assertEquals(6, d.findNode("v4").sourceRange.line());
        assertEquals("in[]", text(d.findNode("v1").sourceRange), "input node: its first use");
        assertEquals("bits[i]", text(d.findNode("v6").sourceRange), "output node: its definition");
        for (Diagram.Edge e : d.edges()) {
            assertNotNull(e.sourceRange, e.id);
        }
        // caret on "y[i-1]" in S2: node S2, edge y → x (from S3, d = 1)
        int at = TEXT.indexOf("y[i-1]") + 2;
        assertEquals("S2", ((OperationNode) d.nodesAt(at).get(0).payload).getLabel());
        List<Diagram.Edge> edges = d.edgesAt(at);
        assertEquals(1, edges.size());
        DependenceEdge dep = (DependenceEdge) edges.get(0).payload;
        assertEquals(List.of(1), dep.getD());
        assertEquals("S3", ((OperationNode) dep.getSource()).getLabel());
        // "x[i]" in S4 is defined by S1 and S2: both dependence edges
        int x4 = TEXT.indexOf("x[i] and 1");
        assertEquals(2, d.edgesAt(x4).size());
        // outside every equation: nothing
        assertTrue(d.nodesAt(0).isEmpty());
    }

    @Test
    void propertiesShowTheSection4AttributesAndAnnotations() {
        Diagram d = draw(TEXT);
        var s2 = d.findNode("v3").properties;
        assertEquals("OperationNode", s2.get("kind"));
        assertEquals("S2", s2.get("label"));
        assertEquals("x", s2.get("variable x"));
        assertEquals("move (arity 1)", s2.get("op"));
        assertEquals("1 <= i < N", s2.get("condition space"));
        Diagram.Edge yx = d.edges().stream().filter(e -> e.payload instanceof DependenceEdge de && de.getD().equals(List.of(1)))
                .findFirst().orElseThrow();
        assertEquals("(1)", yx.properties.get("d"));
        assertEquals("1 (A)", yx.properties.get("pos"));
        Diagram.Edge out = d.edges().stream().filter(e -> "OutputEdge".equals(e.properties.get("kind"))).findFirst().orElseThrow();
        assertEquals("(1)", out.properties.get("Q"));
        assertEquals("(0)", out.properties.get("d"));
        assertEquals("bits", out.properties.get("variable x"));
        assertEquals("1", d.nodes().stream().filter(n -> "ConstantNode".equals(n.properties.get("kind"))).findFirst()
                .orElseThrow().properties.get("value"));

        // annotations of later passes appear as "@key" rows
        Rdg g = Pla.example("bitext.pla", true).rdg();
        OperationNode op = (OperationNode) g.getNodes().get(2);
        Annotations.setInt(op, Annotations.Keys.TAU, 3);
        Annotations.setString(op, Annotations.Keys.FU, "ALU0");
        Annotations.setInts(g.getEdges().get(1), Annotations.Keys.DELTA, 1, 0);
        Diagram annotated = RdgDiagrams.build(g);
        assertEquals("3", annotated.findNode(op.getId()).properties.get("@tau"));
        assertEquals("ALU0", annotated.findNode(op.getId()).properties.get("@fu"));
        assertEquals("(1, 0)", annotated.edges().get(1).properties.get("@delta"));
    }

    @Test
    void longConditionSpacesShowOnlyTheEquationsOwnConstraints() {
        // Fig. 3 (1-D): the whole condition space; n-D: only what the loop box does not already say
        Diagram bit = draw(TEXT);
        assertEquals("x if 1 <= i < N", bit.findNode("v3").lines.get(1));
        List<DiagramProvider.Named> ds = new PlaDiagramProvider().diagrams("conv.pla", Pla.example("conv.pla"), p -> Optional.empty());
        Diagram conv = ds.get(0).diagram();
        for (Diagram.Node n : conv.nodes()) {
            for (String line : n.lines) {
                assertTrue(line.length() <= 72, "readable node text: " + line); // conv's drained output: four constraints, 71 chars
            }
            if (n.payload instanceof OperationNode op) { // the whole space stays in the properties
                assertEquals(RdgDiagrams.space(op.getConditionSpace()), n.properties.get("condition space"));
            }
        }
        // the residual and the loop box give back exactly the condition space
        Rdg g = Pla.example("conv.pla", true).rdg();
        tessera.core.poly.IntegerSet box = g.getIterationSpace().basic();
        for (tessera.rdg.Node n : g.getNodes()) {
            if (n instanceof OperationNode op) {
                String own = RdgDiagrams.shortSpace(op.getConditionSpace(), g.getIterationSpace());
                tessera.core.poly.IntegerSet cs = op.getConditionSpace().basic();
                tessera.core.poly.IntegerSet back = own.isEmpty() ? box : box.and(own);
                assertTrue(back.isEqualTo(cs), op.getLabel() + ": " + own);
            }
        }
    }
}
