package tessera.modsched.rdg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.rdg.RdgToLoop;
import tessera.modsched.sched.IterativeModuloScheduler;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;
import tessera.modsched.verify.Verifier;
import tessera.rdg.DependenceEdge;
import tessera.rdg.InputNode;
import tessera.rdg.OperationNode;
import tessera.rdg.Rdg;
import tessera.rdg.RdgFactory;
import tessera.rdg.support.Annotations;

/** RDG → modulo-scheduling loop: operations, distances along the chosen dimension, mapping and annotations. */
class RdgToLoopTest {
    private static final RdgFactory F = RdgFactory.eINSTANCE;
    private static final Machine M = Machine.builder("m").pipelined("alu", 1).pipelined("mul", 1).build();
    private static final Map<String, RdgToLoop.OpMapping> MAP = Map.of("add", new RdgToLoop.OpMapping("alu", 1),
            "mul", new RdgToLoop.OpMapping("mul", 3));

    private static OperationNode op(Rdg g, String label, String op) {
        OperationNode n = F.createOperationNode();
        n.setId(label);
        n.setLabel(label);
        n.setOp(op);
        g.getNodes().add(n);
        return n;
    }

    private static DependenceEdge dep(Rdg g, OperationNode s, OperationNode t, int... d) {
        DependenceEdge e = F.createDependenceEdge();
        e.setSource(s);
        e.setTarget(t);
        for (int x : d) {
            e.getD().add(x);
        }
        g.getEdges().add(e);
        return e;
    }

    /** FIR y[i,j] = y[i,j-1] + a[j]*u[i-j]: the accumulation is carried by j (dimension 1). */
    private static Rdg fir() {
        Rdg g = F.createRdg();
        g.setName("fir");
        InputNode u = F.createInputNode();
        u.setId("u");
        g.getNodes().add(u);
        OperationNode m = op(g, "S1", "mul");
        OperationNode y = op(g, "S2", "add");
        dep(g, m, y, 0, 0);
        dep(g, y, y, 0, 1);
        dep(g, m, m, 1, 0); // carried by i: not a constraint of the pipelined j loop
        return g;
    }

    @Test
    void firAlongTheInnerDimension() {
        Rdg g = fir();
        RdgToLoop.Result r = new RdgToLoop(M, MAP, 1).run(g);
        assertTrue(r.ok(), r.diagnostics().toString());
        Loop l = r.loop();
        assertEquals(2, l.size(), "input nodes are not operations");
        assertEquals("S1", l.op(0).name());
        assertEquals(3, l.op(0).latency());
        assertEquals("mul", M.resource(l.op(0).resource()).name());
        assertSame(g.getNodes().get(1), l.op(0).payload(), "payload = the RDG node");
        assertEquals(2, l.dependences().size());
        assertEquals(3, l.dependence(0).latency(), "producer's latency");
        assertEquals(0, l.dependence(0).distance());
        assertEquals(1, l.dependence(1).distance(), "d[1] of the accumulation");
        assertEquals(1, r.carriedElsewhere().size());
        ScheduleResult s = new SwingScheduler(SmsOptions.production()).run(l, Monitor.NULL).result();
        assertEquals(1, s.ii(), "RecMII = 1 (add latency 1, distance 1), ResMII = 1");
        assertTrue(Verifier.isValid(s.schedule()));
    }

    @Test
    void alongTheOuterDimensionTheOtherEdgesMove() {
        RdgToLoop.Result r = new RdgToLoop(M, MAP, 0).run(fir());
        assertTrue(r.ok(), r.diagnostics().toString());
        assertEquals(2, r.loop().dependences().size(), "S1 -> S2 and S1 -> S1 (d = [1, 0])");
        assertEquals(1, r.loop().dependence(1).distance());
        assertEquals(1, r.carriedElsewhere().size(), "the accumulation is carried by j");
    }

    @Test
    void annotationsOverrideTheMappingAndUnmappedOpsAreReported() {
        Rdg g = fir();
        OperationNode y = (OperationNode) g.getNodes().get(2);
        Annotations.setString(y, Annotations.Keys.FU, "mul");
        Annotations.setInt(y, Annotations.Keys.LATENCY, 4);
        Loop l = new RdgToLoop(M, MAP, 1).run(g).loop();
        assertEquals(4, l.op(1).latency());
        assertEquals("mul", M.resource(l.op(1).resource()).name());
        op(g, "S3", "div");
        RdgToLoop.Result r = new RdgToLoop(M, MAP, 1).run(g);
        assertFalse(r.ok());
        assertEquals("no resource class for operation 'div' of node S3", r.diagnostics().list().get(0).message());
        Rdg neg = fir();
        dep(neg, (OperationNode) neg.getNodes().get(2), (OperationNode) neg.getNodes().get(1), 0, -1);
        r = new RdgToLoop(M, MAP, 1).run(neg);
        assertFalse(r.ok());
        assertTrue(r.diagnostics().toString().contains("negative iteration distance -1 on edge S2 -> S1"),
                r.diagnostics().toString());
    }

    @Test
    void randomRdgsGiveLoopsWhoseSchedulesVerify() {
        long seed = 99;
        Random rnd = new Random(seed);
        for (int k = 0; k < 300; k++) {
            Rdg g = F.createRdg();
            g.setName("r" + k);
            int n = 1 + rnd.nextInt(8);
            OperationNode[] ops = new OperationNode[n];
            for (int i = 0; i < n; i++) {
                ops[i] = op(g, "v" + i, rnd.nextBoolean() ? "add" : "mul");
            }
            int kept = 0;
            for (int e = rnd.nextInt(12); e > 0; e--) {
                int a = rnd.nextInt(n);
                int b = rnd.nextInt(n);
                int d0 = rnd.nextInt(3) == 0 ? 1 : 0;
                // forward edges (a < b) may have distance 0; others need a distance to stay schedulable
                int d1 = a < b ? rnd.nextInt(2) : 1 + rnd.nextInt(2);
                dep(g, ops[a], ops[b], d0, d1);
                kept += d0 == 0 ? 1 : 0;
            }
            RdgToLoop.Result r = new RdgToLoop(M, MAP, 1).run(g);
            assertTrue(r.ok(), "seed " + seed + " case " + k + ": " + r.diagnostics());
            assertEquals(kept, r.loop().dependences().size(), "seed " + seed + " case " + k);
            // IMS always finds a schedule by its maximum II (SMS may fail on a both-sides window); the verifier judges
            ScheduleResult s = new IterativeModuloScheduler().schedule(r.loop(), Monitor.NULL);
            assertTrue(s.ok() && Verifier.isValid(s.schedule()), "seed " + seed + " case " + k);
        }
    }
}
