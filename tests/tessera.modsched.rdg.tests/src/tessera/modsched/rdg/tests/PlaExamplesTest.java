package tessera.modsched.rdg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.modsched.analysis.Mii;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.rdg.RdgToLoop;
import tessera.modsched.sched.IterativeModuloScheduler;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sched.TopDownScheduler;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;
import tessera.modsched.verify.Verifier;
import tessera.pla.rdg.PlaCompiler;
import tessera.rdg.Rdg;

/** The PLA examples (seed 003) through PlaCompiler → RDG → RdgToLoop → the modulo schedulers. */
class PlaExamplesTest {
    private static final Map<String, RdgToLoop.OpMapping> ALU = Map.of("move", new RdgToLoop.OpMapping("alu", 1),
            "shr", new RdgToLoop.OpMapping("alu", 1), "and", new RdgToLoop.OpMapping("alu", 1),
            "mul", new RdgToLoop.OpMapping("alu", 1), "mac", new RdgToLoop.OpMapping("alu", 1),
            "add", new RdgToLoop.OpMapping("alu", 1));

    private static Rdg rdg(String name) {
        try (InputStream in = PlaCompiler.class.getResourceAsStream("/tessera/pla/examples/" + name)) {
            PlaCompiler.Compiled c = PlaCompiler.compile(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            assertTrue(c.ok(), name + ": " + c.diagnostics());
            return c.rdg();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Machine alus(int n) {
        return Machine.builder("pe").pipelined("alu", n).build();
    }


    @Test
    void bitextHasThreeDistinctOperationsOnTwoAlusSoMiiIsTwo() {
        RdgToLoop.Result r = new RdgToLoop(alus(2), ALU, 0).run(rdg("bitext.pla"));
        assertTrue(r.ok(), r.diagnostics().toString());
        Loop l = r.loop();
        assertEquals(List.of("S1", "S2", "S3", "S4"), l.operations().stream().map(o -> o.name()).toList());
        assertEquals(List.of("S1/S2"), l.exclusivePairs(), "i = 0 and i >= 1 are disjoint; S3, S4 run always");
        Mii mii = Mii.compute(l);
        assertEquals(2, mii.resMII().value(), "⌈3/2⌉: the two moves share one slot");
        assertEquals(2, mii.recMII().value(), "x[i] = y[i-1], y[i] = x[i] shr 1: latency 2 over distance 1");
        for (var a : List.of(new SwingScheduler(SmsOptions.production()), new TopDownScheduler(),
                new IterativeModuloScheduler())) {
            ScheduleResult s = a.schedule(l, Monitor.NULL);
            assertEquals(2, s.ii(), a.name());
            assertTrue(Verifier.isValid(s.schedule()), a.name() + " " + Verifier.verify(s.schedule()));
        }
        // on one ALU the merge is what makes II 3 possible (4 slots otherwise)
        Loop one = new RdgToLoop(alus(1), ALU, 0).run(rdg("bitext.pla")).loop();
        assertEquals(3, Mii.compute(one).value());
        ScheduleResult s = new SwingScheduler(SmsOptions.production()).schedule(one, Monitor.NULL);
        assertEquals(3, s.ii());
        assertEquals(s.schedule().row(0), s.schedule().row(1), "S1 and S2 in one MRT row");
        assertTrue(Verifier.isValid(s.schedule()));
    }

    /** fir.pla's conditions as Java predicates over (i, j, N, M): the oracle for exclusivity. */
    private static final Map<String, Predicate<int[]>> FIR = Map.of(
            "A1", p -> p[0] == 0, "A2", p -> p[0] >= 1, "U1", p -> p[1] == 0,
            "U2", p -> p[0] >= 1 && p[1] >= 1, "U3", p -> p[0] == 0 && p[1] >= 1, "Y1", p -> p[1] == 0,
            "Y2", p -> p[1] >= 1, "Y3", p -> p[1] == p[3] - 1);

    @Test
    void firExclusivePairsAgreeWithBruteForceOverSmallInstances() {
        RdgToLoop.Result r = new RdgToLoop(alus(2), ALU, 1).run(rdg("fir.pla"));
        assertTrue(r.ok(), r.diagnostics().toString());
        Loop l = r.loop();
        List<String> expected = new ArrayList<>();
        for (int u = 0; u < l.size(); u++) {
            for (int v = u + 1; v < l.size(); v++) {
                Predicate<int[]> a = FIR.get(l.op(u).name());
                Predicate<int[]> b = FIR.get(l.op(v).name());
                boolean meet = false;
                for (int n = 1; n <= 4 && !meet; n++) { // parameter context N >= 1, M >= 1
                    for (int m = 1; m <= 4 && !meet; m++) {
                        for (int i = 0; i < n && !meet; i++) {
                            for (int j = 0; j < m && !meet; j++) {
                                int[] p = { i, j, n, m };
                                meet = a.test(p) && b.test(p);
                            }
                        }
                    }
                }
                if (!meet) {
                    expected.add(l.op(u).name() + "/" + l.op(v).name());
                }
            }
        }
        assertEquals(expected, l.exclusivePairs());
        assertTrue(expected.contains("Y1/Y2") && !expected.contains("Y1/Y3"), "Y1 and Y3 meet when M = 1");
        ScheduleResult s = new SwingScheduler(SmsOptions.production()).schedule(l, Monitor.NULL);
        assertTrue(s.ok() && Verifier.isValid(s.schedule()), String.valueOf(s.failures()));
        assertTrue(s.ii() >= Mii.compute(l).value());
    }

    @Test
    void everyPlaExampleBecomesASchedulableLoopAlongEachDimension() {
        for (String ex : List.of("bitext.pla", "fir.pla", "matmul.pla", "conv.pla")) {
            Rdg g = rdg(ex);
            for (int dim = 0; dim < g.getIndices().size(); dim++) {
                RdgToLoop.Result r = new RdgToLoop(alus(2), ALU, dim).run(g);
                assertTrue(r.ok(), ex + " dim " + dim + ": " + r.diagnostics());
                ScheduleResult s = new IterativeModuloScheduler().schedule(r.loop(), Monitor.NULL);
                assertTrue(s.ok() && Verifier.isValid(s.schedule()), ex + " dim " + dim);
            }
        }
    }
}
