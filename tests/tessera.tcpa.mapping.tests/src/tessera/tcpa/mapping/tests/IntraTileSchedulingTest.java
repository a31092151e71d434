package tessera.tcpa.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.poly.PolySet;
import tessera.modsched.analysis.Mii;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.model.Schedule;
import tessera.modsched.verify.Verifier;
import tessera.tcpa.mapping.Instances;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.mapping.passes.IntraTileLoop;
import tessera.tcpa.mapping.passes.SymbolicScheduling;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.SymconfFactory;
import tessera.tcpa.tcpa.Architecture;

/**
 * Symbolic scheduling through the modulo scheduling engine (seed 003 §5.2 with seed 002's SMS): the intra-tile loop
 * the engine schedules, its exclusive pairs and linearised distances, the cross-stage sharing rule, and the II of the
 * examples.
 */
class IntraTileSchedulingTest {


    private static List<String> cell(Schedule s, String fu, int row) {
        int r = s.loop().machine().resourceIndex(fu);
        return Arrays.stream(s.mrt().occupants(r, 0, row)).mapToObj(u -> s.loop().op(u).name()).sorted().toList();
    }

    @Test
    void bitextIsTheEnginesLoopWithTheTwoMovesInOneCell() {
        Architecture arch = Fixtures.arch(Fixtures.BITEXT_ARCH);
        TcpaPipeline.Compiled c = Fixtures.compile("bitext.pla", Fixtures.example("bitext.pla"), arch, List.of());
        assertTrue(c.ok(), c.diagnostics().toString());
        Schedule s = SymbolicScheduling.intraTileSchedule(c.mapping().config(), arch);
        Loop l = s.loop();
        assertEquals(List.of("S1/S2"), l.exclusivePairs(), "i = 0 and i >= 1 are disjoint");
        Mii mii = Mii.compute(l);
        assertEquals(2, mii.resMII().value(), "alu1 holds shri and andi; the moves share alu0's cell");
        assertEquals(2, mii.recMII().value(), "S2 -> S3 -> S2: latency 2 over distance 1");
        assertEquals(2, s.ii());
        assertTrue(Verifier.isValid(s), Verifier.verify(s).toString());
        assertEquals(List.of("S1", "S2"), cell(s, "alu0", 0));
        assertEquals(List.of(), cell(s, "alu0", 1));
        assertEquals(List.of("S4"), cell(s, "alu1", 0)); // andi τ = 2, stage 1 (digest §5.4's MRT)
        assertEquals(List.of("S3"), cell(s, "alu1", 1));
        int back = -1;
        for (int e = 0; e < l.dependences().size(); e++) {
            if (l.op(l.dependence(e).from()).name().equals("S3") && l.op(l.dependence(e).to()).name().equals("S2")) {
                back = e;
            }
        }
        assertEquals(1, l.distance(back), "x[i] = y[i-1]: one iteration of the linearised tile");
    }

    /** d = (1, -1) with j fastest: s·d = p_j - 1 is 0 at p = 1, so the engine takes its distances at p = 2. */
    @Test
    void mixedSignDependenceStaysLoopCarried() {
        String pla = """
                param N, M where N >= 1 and M >= 1
                for 0 <= i < N, 0 <= j < M do
                  A1: v[i, j] = in[i, j]              if i == 0
                  A2: v[i, j] = in[i, j]              if i >= 1 and j == M - 1
                  A3: v[i, j] = v[i - 1, j + 1] + 3   if i >= 1 and j <= M - 2
                  Y: y[i, j] = v[i, j] and 1
                end
                """;
        Architecture arch = Fixtures.arch(Fixtures.portsArch(8));
        TcpaPipeline.Compiled c = Fixtures.compile("diag.pla", pla, arch, List.of("i")); // one row: δ stays a neighbour
        assertTrue(c.ok(), c.diagnostics().toString());
        SymbolicConfiguration conf = c.mapping().config();
        Schedule s = SymbolicScheduling.intraTileSchedule(conf, arch);
        Loop l = s.loop();
        for (int e = 0; e < l.dependences().size(); e++) {
            String to = l.op(l.dependence(e).to()).name();
            assertEquals(to.equals("A3") ? 1 : 0, l.distance(e), l.op(l.dependence(e).from()).name() + " -> " + to);
        }
        assertTrue(Verifier.isValid(s), Verifier.verify(s).toString());
        Random r = new Random(3);
        for (Map<String, Long> inst : Instances.sample(conf, 4)) {
            RandomPlaPropertyTest.checkInstances(pla, conf, inst);
            RandomPlaPropertyTest.checkMrt(pla, conf, inst);
        }
        RandomPlaPropertyTest.checkTiledConstraints(pla, conf, r);
    }

    @Test
    void exclusiveOpsInOneCellAtDifferentStagesAreFound() {
        Machine m = Machine.builder("pe").pipelined("alu0", 1).pipelined("alu1", 1).build();
        Loop.Builder b = Loop.builder("l", m);
        b.op("a", "alu0", 1);
        b.op("b", "alu0", 1);
        b.op("c", "alu1", 1);
        b.exclusive("a", "b");
        Loop l = b.build();
        int[][] units = { { 0 }, { 0 }, { 0 } };
        assertArrayEquals(new int[] { 0, 1 }, IntraTileLoop.crossStageShare(Schedule.of(l, 2, new int[] { 0, 2, 0 }, units), -1, null),
                "a of iteration n and b of iteration n - 1 issue together");
        assertNull(IntraTileLoop.crossStageShare(Schedule.of(l, 2, new int[] { 0, 0, 2 }, units), 0, null), "same iteration: exclusive");
        assertNull(IntraTileLoop.crossStageShare(Schedule.of(l, 2, new int[] { 0, 1, 0 }, units), 0, null), "different rows");
    }

    /** s = 0 before s >= 1 in every tile (s slowest): the drain op may run k stages after a phase-0 op in one cell. */
    @Test
    void crossStageShareIsAllowedWhenTheSlowestDimSeparatesTheOps() {
        Machine m = Machine.builder("pe").pipelined("alu0", 1).build();
        Loop.Builder b = Loop.builder("l", m);
        Operation first = SymconfFactory.eINSTANCE.createOperation();
        first.setConditionSpace(PolySet.valueOf("{ [s, i] : s = 0 and 0 <= i < N }"));
        Operation drain = SymconfFactory.eINSTANCE.createOperation();
        drain.setConditionSpace(PolySet.valueOf("{ [s, i] : 1 <= s < N and 0 <= i < N }"));
        b.op("a", "alu0", 1, null, first, 0);
        b.op("d", "alu0", 1, null, drain, 0);
        b.exclusive("a", "d");
        Loop l = b.build();
        int[][] units = { { 0 }, { 0 } };
        assertNull(IntraTileLoop.crossStageShare(Schedule.of(l, 2, new int[] { 0, 2 }, units), 0, null), "d's iterations all follow a's");
        assertArrayEquals(new int[] { 0, 1 }, IntraTileLoop.crossStageShare(Schedule.of(l, 2, new int[] { 2, 0 }, units), 0, null),
                "a a stage after d: at the s = 0 -> 1 boundary d runs iteration n while a runs n - 1");
        assertArrayEquals(new int[] { 0, 1 }, IntraTileLoop.crossStageShare(Schedule.of(l, 2, new int[] { 0, 2 }, units), 1, null),
                "i does not separate them");
    }

    /** π of the list scheduler this engine replaced: bitext 2, fir (one row) 2, matmul (i, j) 2, conv (co, y) 3. */
    @Test
    void examplesOnTheFourByFourArrayKeepTheirII() throws IOException {
        Architecture arch = Fixtures.exampleArch("tcpa4x4.tcpa");
        for (String[] x : new String[][] { { "bitext", "2" }, { "fir:i", "2" }, { "matmul:i,j", "2" }, { "conv:co,y", "3" } }) {
            String name = x[0].split(":")[0];
            List<String> distribute = x[0].contains(":") ? List.of(x[0].split(":")[1].split(",")) : List.of();
            TcpaPipeline.Compiled c = Fixtures.compile(name + ".pla", Fixtures.example(name + ".pla"), arch, distribute);
            assertTrue(c.ok(), name + c.diagnostics());
            SymbolicConfiguration conf = c.mapping().config();
            int pi = conf.getSchedule().getPi();
            assertTrue(pi <= Integer.parseInt(x[1]), name + ": π " + pi);
            Schedule s = SymbolicScheduling.intraTileSchedule(conf, arch);
            assertTrue(Verifier.isValid(s), name + Verifier.verify(s));
            assertEquals(Mii.compute(s.loop()).value(), pi, name + ": the engine reaches MII");
            assertEquals(1, conf.getSchedule().getMinTileSize(), name);
        }
    }
}
