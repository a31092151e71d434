package tessera.tcpa.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import tessera.core.poly.TiledSet;
import tessera.core.poly.UnionSet;
import tessera.diagram.Diagram;
import tessera.tcpa.mapping.Domains;
import tessera.tcpa.pipeline.MappedRdgDiagramProvider;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.mapping.passes.PstChecker;
import tessera.tcpa.mapping.passes.SymbolicScheduling;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.symconf.PstNode;
import tessera.tcpa.symconf.RegisterClass;
import tessera.tcpa.symconf.Route;
import tessera.tcpa.symconf.SymbolicConfiguration;

/** Seed 003's running example (bit extraction) end to end against the digest's oracle values (§5.2–§5.8). */
class RunningExampleTest {
    private static SymbolicConfiguration c;
    private static TcpaPipeline.Compiled compiled;

    @BeforeAll
    static void map() {
        compiled = Fixtures.compile("bitext.pla", Fixtures.example("bitext.pla"), Fixtures.arch(Fixtures.BITEXT_ARCH), List.of());
        assertTrue(compiled.ok(), compiled.diagnostics().toString());
        c = compiled.mapping().config();
    }

    private static Operation op(String label) {
        return c.getOperations().stream().filter(o -> o.getLabel().equals(label)).findFirst().orElseThrow();
    }

    private static DataEdge edge(String id) {
        return c.getEdges().stream().filter(e -> e.getId().equals(id)).findFirst().orElseThrow();
    }

    // Fig. 3's e4 (v4 → v3, d = 1) is our RDG edge e2 (docs/pla.md numbers edges in equation order); e4¹, e4² are e2.1, e2.2
    @Test
    void tilingSplitsE4IntoTwoEdges() {
        assertEquals("v4", edge("e2.1").getSource());
        assertEquals("v3", edge("e2.1").getTarget());
        assertEquals(List.of("j"), c.getTiling().getIntraIndices());
        assertEquals(List.of("k"), c.getTiling().getInterIndices());
        assertEquals(List.of("p"), c.getTiling().getTileSizes());
        assertEquals(List.of("t"), c.getTiling().getTileCounts());
        // §5.3: Θ(d[e4]) = {(0), (1)}, Δ = {(0), (1)}; δ is a 2-vector (P6): (Δrow, Δcol) = (0, 1) is the east neighbour
        assertEquals(List.of(0, 0), edge("e2.1").getDelta());
        assertEquals(List.of(0, 1), edge("e2.2").getDelta());
        assertEquals(List.of(1), edge("e2.2").getTheta());
    }

    @Test
    void scheduleOfSection52() {
        assertEquals(2, c.getSchedule().getPi());
        assertEquals(List.of("2"), c.getSchedule().getLambdaJ()); // λ^J = π
        assertEquals(List.of("2*p"), c.getSchedule().getLambdaK()); // λ^K = π·p
        assertEquals(1, c.getSchedule().getMinTileSize());
        for (String[] x : new String[][] {{"S1", "alu0", "0", "move"}, {"S2", "alu0", "0", "move"}, {"S3", "alu1", "1", "shri"},
                {"S4", "alu1", "2", "andi"}}) {
            assertEquals(x[1], op(x[0]).getFu(), x[0]);
            assertEquals(Integer.parseInt(x[2]), op(x[0]).getTau(), x[0]);
            assertEquals(x[3], op(x[0]).getMnemo(), x[0]);
            assertEquals(1, op(x[0]).getLatency());
        }
        // §5.2: every tiled constraint of the example is tight (= 0) or slack 1, for every p
        Map<String, String> f = SymbolicScheduling.constraints(c).stream()
                .collect(Collectors.toMap(t -> t.edge().getId(), t -> t.value().toString()));
        assertEquals("0", f.get("e2.1"));
        assertEquals("0", f.get("e2.2"));
    }

    @Test
    void registersOfFigure3() {
        // documented naming (docs/tcpa.md, P1): fd0 for the same-PE value, od0/id0 for the channel, od1 for bits
        for (DataEdge e : c.getEdges()) {
            if (e.getRegisterClass() == RegisterClass.RD) {
                assertEquals(List.of("rd0"), e.getRegisters(), e.getId());
            }
        }
        assertEquals(4, c.getEdges().stream().filter(e -> e.getRegisterClass() == RegisterClass.RD).count());
        assertEquals(RegisterClass.FD, edge("e2.1").getRegisterClass());
        assertEquals(List.of("fd0"), edge("e2.1").getRegisters());
        assertEquals("1", edge("e2.1").getFdDepth()); // λ^J d / π = 2·1/2 (P4)
        assertEquals("od0", edge("e2.2").getRegWrite());
        assertEquals("id0", edge("e2.2").getRegRead());
        assertEquals("id0", edge("e1").getRegRead()); // e1 shares pe0◁ with e4² (digest §3.4)
        DataEdge out = c.getEdges().stream().filter(e -> e.getVariable() != null && e.getVariable().equals("bits")).findFirst().orElseThrow();
        assertEquals("od1", out.getRegWrite());
    }

    @Test
    void routeOfFigure4() {
        assertEquals(1, c.getRoutes().size());
        Route r = c.getRoutes().get(0);
        assertEquals("e2.2", r.getEdge());
        assertEquals(List.of("pe.out0", "east.out0", "west.in0", "pe.in0"), r.getPorts()); // (pe0▷, east0◁, west0▷, pe0◁)
        assertEquals(0, r.getOutputPort());
        assertEquals(0, r.getInputPort());
    }

    // the §5.5 PST leaves as predicates over (j, k) for N, p, t (the digest's oracle; rd1 of the PST is our fd0)
    interface Oracle {
        boolean test(long j, long k, long n, long p, long t);
    }

    private static PstNode child(PstNode n, String attr) {
        return n.getChildren().stream().filter(x -> x.getAttr().equals(attr)).findFirst()
                .orElseThrow(() -> new AssertionError("no child " + attr + " under " + n.getAttr() + ": "
                        + n.getChildren().stream().map(PstNode::getAttr).toList()));
    }

    private static void assertLeaf(PstNode leaf, Oracle o) {
        TiledSet d = Domains.parse(c.getTiling(), leaf.getDomain());
        for (long n : new long[] {1, 5, 12, 16, 17}) {
            for (long p : new long[] {1, 2, 3, 6}) {
                long t = (n + p - 1) / p;
                UnionSet s = d.concretize(Map.of("N", n, "p", p, "t", t));
                for (long k = 0; k < t; k++) {
                    for (long j = 0; j < p; j++) {
                        assertEquals(o.test(j, k, n, p, t), s.contains(new long[] {j, k}, Map.of()),
                                leaf.getAttr() + " at j=" + j + " k=" + k + " N=" + n + " p=" + p + ": " + leaf.getDomain());
                    }
                }
            }
        }
    }

    @Test
    void pstOfSection55() {
        PstNode root = c.getPst();
        assertEquals(List.of("alu0", "alu1"), root.getChildren().stream().map(PstNode::getAttr).toList());
        PstNode move = child(child(child(root, "alu0"), "0"), "move");
        assertEquals(List.of("dest", "src"), move.getChildren().stream().map(PstNode::getAttr).toList());
        Oracle inside = (j, k, n, p, t) -> p * k + j < n;
        assertLeaf(child(child(move, "dest"), "rd0"), inside);
        assertLeaf(child(child(move, "src"), "id0"), (j, k, n, p, t) -> j == 0 && p * k + j < n);
        assertLeaf(child(child(move, "src"), "fd0"), (j, k, n, p, t) -> j > 0 && p * k + j < n);
        PstNode alu1 = child(root, "alu1");
        assertEquals(List.of("1", "2"), alu1.getChildren().stream().map(PstNode::getAttr).toList());
        PstNode shri = child(child(alu1, "1"), "shri");
        assertEquals(List.of("dest", "srcA", "srcB"), shri.getChildren().stream().map(PstNode::getAttr).toList());
        assertLeaf(child(child(shri, "dest"), "od0"), (j, k, n, p, t) -> j == p - 1 && k < t - 1);
        assertLeaf(child(child(shri, "dest"), "fd0"), (j, k, n, p, t) -> j < p - 1 && p * k + j < n);
        assertLeaf(child(child(shri, "srcA"), "rd0"), inside);
        assertLeaf(child(child(shri, "srcB"), "1"), inside);
        PstNode andi = child(child(alu1, "2"), "andi");
        assertLeaf(child(child(andi, "dest"), "od1"), inside);
        assertLeaf(child(child(andi, "srcA"), "rd0"), inside);
        assertLeaf(child(child(andi, "srcB"), "1"), inside);
        assertEquals(List.of(), PstChecker.check(c, PstChecker.samples(c, 6)));
    }

    @Test
    void specialisationToTheLastPe() {
        // §5.8: N = 16, t = 3, p = 6: g1 ▷ (2) = rd0 [{0 ≤ j ≤ 3}], g4 (od0) is empty on PE 2, full tiles write it at j = 5
        Map<String, Long> inst = Map.of("N", 16L, "p", 6L, "t", 3L);
        PstNode move = child(child(child(c.getPst(), "alu0"), "0"), "move");
        UnionSet g1 = Domains.parse(c.getTiling(), child(child(move, "dest"), "rd0").getDomain()).split(inst, new long[] {2});
        assertTrue(g1.isEqualTo(UnionSet.parse("{ [j] : 0 <= j <= 3 }")), g1.toString());
        PstNode shri = child(child(child(c.getPst(), "alu1"), "1"), "shri");
        TiledSet g4 = Domains.parse(c.getTiling(), child(child(shri, "dest"), "od0").getDomain());
        assertTrue(g4.split(inst, new long[] {2}).isEmpty());
        assertTrue(g4.split(inst, new long[] {0}).isEqualTo(UnionSet.parse("{ [j] : j == 5 }")));
    }

    @Test
    void accessMappingsOfSection56() {
        var in = c.getAccessMappings().stream().filter(a -> a.isInput()).findFirst().orElseThrow();
        assertEquals("in", in.getVariable());
        assertEquals("id0", in.getRegister());
        assertEquals(0, in.getQRows());
        var bits = c.getAccessMappings().stream().filter(a -> !a.isInput()).findFirst().orElseThrow();
        assertEquals("bits", bits.getVariable());
        assertEquals("od1", bits.getRegister());
        assertEquals(List.of(1), bits.getQ());
        assertEquals(List.of(0), bits.getD());
        assertEquals("border", bits.getBorder());
    }

    @Test
    void annotatedRdgLooksLikeFigure3() {
        Diagram d = MappedRdgDiagramProvider.diagram(compiled.mapping().annotatedRdg(), "bitext");
        String all = d.nodes().stream().flatMap(n -> n.lines.stream()).collect(Collectors.joining("\n"));
        assertTrue(all.contains("alu0: [0] move"), all);
        assertTrue(all.contains("alu1: [1] shri"), all);
        assertTrue(all.contains("alu1: [2] andi"), all);
        var split = d.edges().stream().filter(e -> e.label.contains("δ=(0 1)")).findFirst().orElseThrow();
        assertTrue(split.dashed);
        assertTrue(split.label.contains("id0") && split.label.contains("od0"), split.label);
        assertTrue(d.edges().stream().anyMatch(e -> e.label.contains("δ=(0 0)") && e.label.contains("fd0")));
    }
}
