package tessera.modsched.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.modsched.analysis.Mii;
import tessera.modsched.analysis.NodeProperties;
import tessera.modsched.analysis.RecMII;
import tessera.modsched.analysis.ResMII;
import tessera.modsched.examples.Examples;
import tessera.modsched.metrics.RegisterPressure;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Schedule;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sched.TopDownScheduler;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingOrdering;
import tessera.modsched.sms.SwingScheduler;
import tessera.modsched.verify.Verifier;

/** Seed 002 §4.4 worked examples with the numbers of the text and of the digest's reconstruction (§5.2, §5.4). */
class WorkedExamplesTest {

    static String names(Loop loop, int[] nodes) {
        StringBuilder sb = new StringBuilder();
        for (int v : nodes) {
            sb.append(sb.length() == 0 ? "" : " ").append(loop.op(v).name());
        }
        return sb.toString();
    }

    /** MaxLive and the live values per MRT row of a schedule; returns its register pressure. */
    static RegisterPressure assertPressure(Schedule s, int maxLive, int[] livePerRow) {
        RegisterPressure rp = RegisterPressure.of(s);
        assertEquals(maxLive, rp.maxLive());
        assertArrayEquals(livePerRow, rp.livePerRow());
        return rp;
    }

    @Test
    void motivatingMiiAndTable1() {
        Loop loop = Examples.motivating();
        ResMII res = ResMII.compute(loop);
        assertEquals(4, res.value(), "4 multiplies on 1 multiplier");
        assertEquals("mul", loop.machine().resource(res.criticalResource()).name());
        assertEquals(0, RecMII.compute(loop).value());
        assertEquals(4, Mii.compute(loop).value());
        NodeProperties p = NodeProperties.compute(loop, 4);
        // digest §5.2 reconstructed Table 1: ASAP ALAP MOB D H for n1..n12
        int[][] table = { { 0, 0, 0, 0, 10 }, { 0, 2, 2, 0, 8 }, { 2, 6, 4, 2, 4 }, { 4, 8, 4, 4, 2 },
                { 2, 2, 0, 2, 8 }, { 2, 6, 4, 2, 4 }, { 6, 10, 4, 6, 0 }, { 4, 4, 0, 4, 6 }, { 0, 4, 4, 0, 6 },
                { 6, 6, 0, 6, 4 }, { 8, 8, 0, 8, 2 }, { 10, 10, 0, 10, 0 } };
        for (int u = 0; u < 12; u++) {
            int[] got = { p.asap(u), p.alap(u), p.mobility(u), p.depth(u), p.height(u) };
            assertArrayEquals(table[u], got, "row of n" + (u + 1));
        }
        assertEquals(10, p.asap(loop.opIndex("n12")));
    }

    @Test
    void motivatingSmsOrderScheduleAndMaxLive() {
        Loop loop = Examples.motivating();
        for (SmsOptions opt : List.of(SmsOptions.original(), SmsOptions.production())) {
            SwingScheduler.SmsResult r = new SwingScheduler(opt).run(loop, Monitor.NULL);
            assertEquals("n12 n11 n10 n8 n5 n6 n1 n2 n9 n3 n4 n7", names(loop, r.ordering().order()));
            assertEquals(1, r.ordering().sets().size(), "one set with all nodes");
            assertEquals("n12 n11 n10 n8 n5 n6 n1 n2 n9", names(loop, r.ordering().sweeps().get(0).nodes()));
            assertEquals(SwingOrdering.Direction.BOTTOM_UP, r.ordering().sweeps().get(0).direction());
            Schedule s = r.result().schedule();
            assertEquals(4, s.ii());
            assertEquals(3, s.stageCount());
            assertTrue(Verifier.verify(s).isEmpty(), Verifier.verify(s).toString());
            // normalised (+1): n1 0, n2 2, n5 2, n3 4, n8 4, n9 5, n4 6, n6 7, n10 7, n7 8, n11 9, n12 11
            int[] expect = { 0, 2, 4, 6, 2, 7, 8, 4, 5, 7, 9, 11 };
            assertArrayEquals(expect, s.times());
            int n12 = loop.opIndex("n12");
            assertEquals(2, s.stage(n12), "n12: cycle 3 of stage 2");
            assertEquals(3, s.row(n12));
            RegisterPressure rp = assertPressure(s, 8, new int[] { 6, 6, 8, 6 });
            assertEquals(26, rp.totalLifetime());
        }
    }

    @Test
    void motivatingTopDownMaxLive11() {
        Loop loop = Examples.motivating();
        ScheduleResult r = new TopDownScheduler().schedule(loop, Monitor.NULL);
        Schedule s = r.schedule();
        assertEquals(4, s.ii());
        assertTrue(Verifier.verify(s).isEmpty());
        // digest: n1 0, n2 1, n5 2, n8 4, n9 2, n3 3, n10 8, n6 2, n4 5, n11 11, n12 13, n7 7
        assertArrayEquals(new int[] { 0, 1, 3, 5, 2, 2, 7, 4, 2, 8, 11, 13 }, s.times());
        assertPressure(s, 11, new int[] { 8, 8, 11, 9 });
        assertEquals(4, s.stageCount());
    }

    @Test
    void recurrenceSetsOrderAndSchedule() {
        Loop loop = Examples.recurrence();
        RecMII rec = RecMII.compute(loop);
        assertEquals(6, rec.value());
        assertEquals(4, ResMII.compute(loop).value(), "13 ops on 4 units");
        assertTrue(rec.circuitsComplete());
        assertEquals(3, rec.circuits().size(), "A-C-F, A-D-F and G-J-M");
        assertEquals(6, rec.circuits().get(0).recMII());
        assertEquals(3, rec.circuits().get(2).recMII());
        for (SmsOptions opt : List.of(SmsOptions.original(), SmsOptions.production())) {
            SwingScheduler.SmsResult r = new SwingScheduler(opt).run(loop, Monitor.NULL);
            List<SwingOrdering.NodeSet> sets = r.ordering().sets();
            assertEquals(3, sets.size());
            assertEquals("A C D F", names(loop, sets.get(0).nodes()));
            assertEquals(6, sets.get(0).recMII());
            assertEquals("G I J M", names(loop, sets.get(1).nodes()));
            assertEquals(3, sets.get(1).recMII());
            assertEquals("B E H K L", names(loop, sets.get(2).nodes()));
            assertEquals("F C D A G I J M H E B L K", names(loop, r.ordering().order()));
            Schedule s = r.result().schedule();
            assertEquals(6, s.ii());
            assertEquals(1, r.result().attempts());
            assertEquals(3, s.stageCount());
            assertTrue(Verifier.verify(s).isEmpty(), Verifier.verify(s).toString());
            // digest §5.4: A 0, C 2, D 2, F 4, I 4, B 4, G 6, E 6, J 8, H 8, M 10, L 12, K 15
            int[] t = s.times();
            String got = Arrays.toString(t);
            assertArrayEquals(new int[] { 0, 4, 2, 2, 6, 4, 6, 8, 4, 8, 15, 12, 10 }, t, got);
            assertPressure(s, 6, new int[] { 6, 6, 6, 5, 5, 5 });
        }
    }
}
