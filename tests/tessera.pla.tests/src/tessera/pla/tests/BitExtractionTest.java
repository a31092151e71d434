package tessera.pla.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;

import tessera.diagram.Diagram;
import tessera.pla.diagram.RdgDiagrams;
import tessera.pla.pass.PlaRdgPass;
import tessera.rdg.ConstantEdge;
import tessera.rdg.ConstantNode;
import tessera.rdg.DependenceEdge;
import tessera.rdg.Edge;
import tessera.rdg.InputEdge;
import tessera.rdg.InputNode;
import tessera.rdg.Node;
import tessera.rdg.OperationNode;
import tessera.rdg.OutputEdge;
import tessera.rdg.OutputNode;
import tessera.rdg.Rdg;
import tessera.rdg.interp.Inputs;
import tessera.rdg.interp.Interpreter;
import tessera.rdg.interp.RunResult;
import tessera.rdg.support.Annotations;
import tessera.rdg.support.RdgIO;

/** Seed 003 §4 running example (bit extraction): the RDG of Fig. 3 and the interpreter's bits[i] = (in >> i) & 1. */
class BitExtractionTest {
    private static Rdg rdg() {
        return Pla.example("bitext.pla", true).rdg();
    }

    private static Node node(Rdg g, String id) {
        return g.getNodes().stream().filter(n -> n.getId().equals(id)).findFirst().orElseThrow();
    }

    private static List<Edge> edges(Rdg g, String from, String to, Class<? extends Edge> type) {
        return g.getEdges().stream().filter(e -> type.isInstance(e) && e.getSource().getId().equals(from) && e.getTarget().getId().equals(to)).toList();
    }

    @Test
    void figure3Nodes() {
        Rdg g = rdg();
        // v1..v6 of Fig. 3 plus the constant circle 1
        assertEquals(7, g.getNodes().size());
        assertEquals("in", ((InputNode) node(g, "v1")).getVariable());
        String[][] ops = {{"v2", "S1", "x", "move", "{ [i] : i < N and i == 0 }"}, {"v3", "S2", "x", "move", "{ [i] : 1 <= i < N }"},
                {"v4", "S3", "y", "shr", "{ [i] : 0 <= i < N }"}, {"v5", "S4", "bits", "and", "{ [i] : 0 <= i < N }"}};
        for (String[] o : ops) {
            OperationNode n = (OperationNode) node(g, o[0]);
            assertEquals(o[1], n.getLabel());
            assertEquals(o[2], n.getVariable());
            assertEquals(o[3], n.getOp());
            assertEquals(o[4], n.getConditionSpace().text());
        }
        assertEquals("bits", ((OutputNode) node(g, "v6")).getVariable());
        assertEquals(1, ((OutputNode) node(g, "v6")).getDimension());
        assertEquals(1, ((ConstantNode) node(g, "c1")).getValue());
    }

    @Test
    void figure3Edges() {
        Rdg g = rdg();
        assertEquals(9, g.getEdges().size()); // e1..e7 of Fig. 3 (e7 = output) plus the two constant edges
        InputEdge e1 = (InputEdge) edges(g, "v1", "v2", InputEdge.class).get(0);
        assertEquals(0, e1.getQ().getRows());
        assertTrue(e1.getD().isEmpty());
        assertEquals("in", e1.getVariable());
        assertEquals(1, e1.getPos());
        // four dependence edges v2/v3 -> v4/v5 with d = (0), operand A
        for (String from : List.of("v2", "v3")) {
            for (String to : List.of("v4", "v5")) {
                List<Edge> es = edges(g, from, to, DependenceEdge.class);
                assertEquals(1, es.size(), from + "->" + to);
                assertEquals(List.of(0), ((DependenceEdge) es.get(0)).getD());
                assertEquals(1, ((DependenceEdge) es.get(0)).getPos());
            }
        }
        // e4: y -> x with d = (1)
        DependenceEdge e4 = (DependenceEdge) edges(g, "v4", "v3", DependenceEdge.class).get(0);
        assertEquals(List.of(1), e4.getD());
        assertEquals(1, e4.getPos());
        // constant 1 as operand B of S3 and S4
        for (String to : List.of("v4", "v5")) {
            assertEquals(2, ((ConstantEdge) edges(g, "c1", to, ConstantEdge.class).get(0)).getPos());
        }
        OutputEdge e7 = (OutputEdge) edges(g, "v5", "v6", OutputEdge.class).get(0);
        assertEquals(1, e7.getQ().getRows());
        assertEquals(List.of(1), e7.getQ().getEntries());
        assertEquals(List.of(0), e7.getD());
        assertEquals("bits", e7.getVariable());
        assertEquals("7 nodes (1 constant), 9 edges (2 constant)", PlaRdgPass.summary(g));
    }

    @Test
    void interpreterExtractsBits() {
        Rdg g = rdg();
        Random rnd = new Random(3);
        for (int n : new int[] {1, 2, 5, 16, 31, 32}) {
            for (int t = 0; t < 5; t++) {
                int in = t == 0 ? -1 : rnd.nextInt();
                RunResult r = Interpreter.run(g, Map.of("N", (long) n), new Inputs().scalar("in", in));
                assertTrue(r.ok(), r.diagnostics().toString());
                var bits = r.outputs().get("bits");
                assertEquals(n, bits.size());
                for (int i = 0; i < n; i++) {
                    assertEquals((in >> i) & 1, bits.get(i), "N=" + n + " in=" + in + " i=" + i);
                }
            }
        }
    }

    @Test
    void interpreterErrorsAreDiagnostics() {
        Rdg g = rdg();
        RunResult missing = Interpreter.run(g, Map.of("N", 4L), new Inputs());
        assertFalse(missing.ok());
        assertTrue(missing.diagnostics().list().get(0).message().startsWith("missing input in[]"), missing.diagnostics().toString());
        RunResult noParam = Interpreter.run(g, Map.of(), new Inputs().scalar("in", 1));
        assertEquals("no value for parameter N", noParam.diagnostics().list().get(0).message());
        // an RDG whose dependence reads outside every definition: drop S1 (x[0] is then undefined)
        Rdg broken = EcoreUtil.copy(g);
        Node s1 = broken.getNodes().get(1);
        List.copyOf(s1.getOutgoing()).forEach(EcoreUtil::delete);
        List.copyOf(s1.getIncoming()).forEach(EcoreUtil::delete);
        EcoreUtil.delete(s1);
        RunResult undefined = Interpreter.run(broken, Map.of("N", 3L), new Inputs().scalar("in", 5));
        assertEquals("S3 at i = 0 reads x[0], which no equation defines", undefined.diagnostics().list().get(0).message());
    }

    @Test
    void xmiRoundTripKeepsEverything() {
        Rdg g = rdg();
        Annotations.setInt(g.getNodes().get(1), Annotations.Keys.TAU, 0);
        Annotations.setString(g.getNodes().get(1), Annotations.Keys.FU, "alu0");
        Annotations.setInts(g.getEdges().get(1), Annotations.Keys.DELTA, 1);
        Annotations.setReferences(g.getEdges().get(1), Annotations.Keys.SPLIT_OF, List.of(g.getEdges().get(0)));
        byte[] xmi = RdgIO.toXmi(g);
        Rdg back = RdgIO.fromXmi(xmi);
        assertTrue(EcoreUtil.equals(g, back), "XMI round trip changed the graph");
        assertEquals(0L, Annotations.getInt(back.getNodes().get(1), Annotations.Keys.TAU).orElseThrow());
        assertEquals("alu0", Annotations.getString(back.getNodes().get(1), Annotations.Keys.FU).orElseThrow());
        assertSame(back.getEdges().get(0), Annotations.getReferences(back.getEdges().get(1), Annotations.Keys.SPLIT_OF).orElseThrow().get(0));
        RunResult r = Interpreter.run(back, Map.of("N", 8L), new Inputs().scalar("in", 0xA5));
        assertEquals(List.of(1, 0, 1, 0, 0, 1, 0, 1), r.outputs().get("bits").values().values().stream().toList());
    }

    @Test
    void diagramAsInFigure3() {
        Rdg g = rdg();
        Diagram d = RdgDiagrams.build(g);
        assertEquals(g.getNodes().size(), d.nodes().size());
        assertEquals(g.getEdges().size(), d.edges().size());
        for (Diagram.Node n : d.nodes()) {
            assertNotNull(n.payload);
        }
        Diagram.Node v2 = d.findNode("v2");
        assertEquals("v2: S1 [=]", v2.lines.get(0));
        assertEquals("x if i < N and i == 0", v2.lines.get(1).replace("0 <= ", ""));
        assertEquals(Diagram.Shape.ROUNDED, d.findNode("v1").shape);
        assertEquals(Diagram.Shape.CIRCLE, d.findNode("c1").shape);
        Diagram.Edge e4 = d.edges().stream().filter(e -> e.source.id.equals("v4") && e.target.id.equals("v3")).findFirst().orElseThrow();
        assertEquals("d=(1) A", e4.label);
        assertTrue(e4.payload instanceof DependenceEdge);
        Diagram.Edge e7 = d.edges().stream().filter(e -> e.target.id.equals("v6")).findFirst().orElseThrow();
        assertEquals("Q=(1) d=(0)", e7.label);
        Diagram.Edge e1 = d.edges().stream().filter(e -> e.source.id.equals("v1")).findFirst().orElseThrow();
        assertEquals("Q=() d=() A", e1.label);
    }
}
