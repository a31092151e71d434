package tessera.modsched.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.modsched.analysis.Mii;
import tessera.modsched.analysis.NodeProperties;
import tessera.modsched.examples.Examples;
import tessera.modsched.gen.RandomLoopGenerator;
import tessera.modsched.io.LoopJson;
import tessera.modsched.metrics.RegisterPressure;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.model.Schedule;
import tessera.modsched.sched.HrmsOrdering;
import tessera.modsched.sched.HrmsScheduler;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sms.SwingScheduler;
import tessera.modsched.verify.Verifier;

/**
 * The HRMS baseline (seed 002 §5, digest §3.8) on the motivating example (§3, Figs. 2-5), on the Fig. 6 graph
 * (§4.2, digest §5.3), on the recurrence example and on random loops.
 */
class HrmsTest {

    private static String names(Loop loop, int[] nodes) {
        return WorkedExamplesTest.names(loop, nodes);
    }

    private static int[] order(Loop loop, String names) {
        return Arrays.stream(names.split(" ")).mapToInt(loop::opIndex).toArray();
    }

    /**
     * The HRMS property: when a node is appended to the order, the ordered nodes hold its predecessors only or its
     * successors only (edges without back edges); returns the first node that sees both, or null.
     */
    private static String bothSidesOrdered(Loop loop, NodeProperties p, int[] order) {
        var g = loop.graph();
        boolean[] ordered = new boolean[loop.size()];
        for (int u : order) {
            boolean pred = false;
            boolean succ = false;
            for (int e : g.inEdges(u)) {
                pred |= !p.isBackEdge(e) && g.source(e) != u && ordered[g.source(e)];
            }
            for (int e : g.outEdges(u)) {
                succ |= !p.isBackEdge(e) && g.target(e) != u && ordered[g.target(e)];
            }
            if (pred && succ) {
                return loop.op(u).name();
            }
            ordered[u] = true;
        }
        return null;
    }

    @Test
    void motivatingExampleOrderAndSchedule() {
        Loop loop = Examples.motivating();
        HrmsScheduler.HrmsResult r = new HrmsScheduler().run(loop, Monitor.NULL);
        HrmsOrdering.Result o = r.ordering();
        // our reading of [24] on the digest's reconstructed graph; the paper prints
        // n1 n3 n5 n6 n4 n7 n8 n10 n11 n9 n2 n12: the same but n7 (a sink whose only predecessor is n4, ASAP 6),
        // which Sort_ASAP puts after n8 (ASAP 4) in the successor step, and Search_All_Paths cannot reach before n4
        // is in the hypernode; n7's placement is the same either way (below)
        assertEquals("n1 n3 n5 n6 n4 n8 n10 n11 n9 n2 n7 n12", names(loop, o.order()));
        assertEquals(1, o.subgraphs().size());
        assertFalse(o.subgraphs().get(0).recurrence());
        List<String> steps = new ArrayList<>();
        for (HrmsOrdering.Step s : o.steps()) {
            steps.add(s.kind() + " " + names(loop, s.nodes()));
        }
        // the first node of the graph; its successors; their successors n4 n8 n11 plus n10 on the path n8 -> n11;
        // the predecessors n2 n9 by decreasing ALAP; the last successors
        assertEquals(List.of("SEED n1", "SUCCESSORS n3 n5 n6", "SUCCESSORS n4 n8 n10 n11", "PREDECESSORS n9 n2",
                "SUCCESSORS n7 n12"), steps);
        assertNull(bothSidesOrdered(loop, r.properties(), o.order()));

        ScheduleResult res = r.result();
        Schedule s = res.schedule();
        assertEquals("hrms", res.algorithm());
        assertEquals(4, s.ii());
        assertEquals(1, res.attempts());
        assertTrue(Verifier.verify(s).isEmpty(), Verifier.verify(s).toString());
        // the seed's statements: n10 at cycle 8, n9 at cycle 6 (as late as possible before n10); n5 is one cycle
        // later than n1 + 2 because the adder row 2 holds n3 (ordered earlier); n11 conflicts with n6 on the
        // multiplier (row 2) and goes to 11 instead of 10
        assertEquals(8, s.time(loop.opIndex("n10")));
        assertEquals(6, s.time(loop.opIndex("n9")));
        assertEquals(3, s.time(loop.opIndex("n5")));
        assertEquals(2, s.time(loop.opIndex("n3")));
        assertEquals(11, s.time(loop.opIndex("n11")));
        assertEquals(s.row(loop.opIndex("n6")), (s.time(loop.opIndex("n11")) - 1) % 4);
        // digest §5.2 [RECON]: n1 0, n2 3, n3 2, n4 4, n5 3, n6 2, n7 6, n8 5, n9 6, n10 8, n11 11, n12 13
        assertArrayEquals(new int[] { 0, 3, 2, 4, 3, 2, 6, 5, 6, 8, 11, 13 }, s.times());
        assertEquals(4, s.stageCount());
        // MaxLive 8 (live per row 8 6 8 8), as the digest's reconstruction gives; the paper's Fig. 4 says 9 on the
        // real (unpublished) graph, digest P20
        RegisterPressure rp = WorkedExamplesTest.assertPressure(s, 8, new int[] { 8, 6, 8, 8 });
        assertEquals(30, rp.totalLifetime());

        // the paper's own HRMS order gives exactly the same placement
        Object paper = HrmsScheduler.scheduleInOrder(loop, order(loop, "n1 n3 n5 n6 n4 n7 n8 n10 n11 n9 n2 n12"),
                r.properties(), 4);
        assertArrayEquals(s.times(), assertInstanceOf(Schedule.class, paper).times());

        // SMS on the same graph: same MaxLive here, but fewer register-cycles (26 < 30) and one stage less (3 < 4)
        Schedule sms = new SwingScheduler().schedule(loop, Monitor.NULL).schedule();
        assertEquals(26, RegisterPressure.of(sms).totalLifetime());
        assertEquals(3, sms.stageCount());
    }

    /** Fig. 6: a -> {b, c, d} -> e, latency 1, dual issue. */
    private static Loop fig6() {
        Machine m = Machine.builder("dual").pipelined("fu", 2).build();
        Loop.Builder b = Loop.builder("fig6", m);
        for (String n : List.of("a", "b", "c", "d", "e")) {
            b.op(n, "fu", 1);
        }
        for (String x : List.of("b", "c", "d")) {
            b.edge("a", x, 0).edge(x, "e", 0);
        }
        return b.build();
    }

    @Test
    void fig6NodeBetweenPlacedNeighboursFindsNoSlot() {
        Loop loop = fig6();
        assertEquals(3, Mii.compute(loop).value(), "5 ops on 2 units");
        HrmsScheduler.HrmsResult r = new HrmsScheduler().run(loop, Monitor.NULL);
        // HRMS orders a, its successors, then e: nobody is placed between placed predecessors and successors
        assertEquals("a b c d e", names(loop, r.ordering().order()));
        assertNull(bothSidesOrdered(loop, r.properties(), r.ordering().order()));
        Schedule s = r.result().schedule();
        assertEquals(3, s.ii());
        assertTrue(Verifier.verify(s).isEmpty(), Verifier.verify(s).toString());
        assertArrayEquals(new int[] { 0, 1, 1, 2, 3 }, s.times());
        WorkedExamplesTest.assertPressure(s, 3, new int[] { 1, 3, 3 });

        // the order the seed warns against: a at its ASAP 0 and e at its ASAP 2 first; b, c, d must then all go to
        // cycle 1, three ops for two units, at every II
        int[] bad = order(loop, "a e b c d");
        assertEquals("b", bothSidesOrdered(loop, r.properties(), bad), "b, c and d all see both sides");
        for (int ii = 3; ii <= 12; ii++) {
            Object got = HrmsScheduler.scheduleInOrder(loop, bad, r.properties(), ii);
            assertEquals("II=" + ii + ": d found no free resource slot in [1, 1] (both predecessors and successors "
                    + "placed, scanning up)", got);
        }
    }

    @Test
    void recurrenceExample() {
        Loop loop = Examples.recurrence();
        HrmsScheduler.HrmsResult r = new HrmsScheduler().run(loop, Monitor.NULL);
        HrmsOrdering.Result o = r.ordering();
        List<HrmsOrdering.Subgraph> subs = o.subgraphs();
        assertEquals(3, subs.size());
        assertEquals("A C D F", names(loop, subs.get(0).nodes()));
        assertEquals(6, subs.get(0).recMII());
        assertEquals("G I J M", names(loop, subs.get(1).nodes()), "I lies on the path C -> I -> J");
        assertEquals(3, subs.get(1).recMII());
        assertEquals("B E H K L", names(loop, subs.get(2).nodes()));
        assertFalse(subs.get(2).recurrence());
        assertEquals("A C D F I G J M H L E K B", names(loop, o.order()));
        assertNull(bothSidesOrdered(loop, r.properties(), o.order()));
        Schedule s = r.result().schedule();
        assertEquals(6, s.ii());
        assertTrue(Verifier.verify(s).isEmpty(), Verifier.verify(s).toString());
        // F (back edge F -> A) and M (back edge M -> G) are the one node per recurrence placed between both sides:
        // F in [4, 4], M in [10, 15]; K goes from 14 to 15 because row 2 holds C, D, J and H
        // A 0, B 4, C 2, D 2, E 6, F 4, G 6, H 8, I 4, J 8, K 15, L 12, M 10
        assertArrayEquals(new int[] { 0, 4, 2, 2, 6, 4, 6, 8, 4, 8, 15, 12, 10 }, s.times());
        WorkedExamplesTest.assertPressure(s, 6, new int[] { 6, 6, 6, 5, 5, 5 });
    }

    @Test
    void randomLoopsVerifyAndNeverBeatMii() {
        long seed = 19_951_129L;
        RandomLoopGenerator small = new RandomLoopGenerator(seed, RandomLoopGenerator.Profile.SMALL, 5, 24);
        RandomLoopGenerator large = new RandomLoopGenerator(seed + 1, RandomLoopGenerator.Profile.PERFECT_CLUB, 5,
                150);
        int scheduled = 0;
        int atMii = 0;
        int nodes = 0;
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            // 160 small loops, then 40 with the Perfect Club machine (divide 17, sqrt 30) and up to 150 nodes
            Loop loop = i < 160 ? small.next() : large.next();
            String ctx = "seed " + (i < 160 ? seed : seed + 1) + ", loop #" + (i < 160 ? i : i - 160) + ": "
                    + LoopJson.write(loop);
            nodes += loop.size();
            HrmsScheduler.HrmsResult r = new HrmsScheduler().run(loop, Monitor.NULL);
            int[] ord = r.ordering().order();
            assertEquals(loop.size(), Arrays.stream(ord).distinct().count(), "order is a permutation; " + ctx);
            assertEquals(loop.size(), ord.length, ctx);
            assertNull(bothSidesOrdered(loop, r.properties(), ord), ctx);
            int prev = Integer.MAX_VALUE;
            boolean rest = false;
            for (HrmsOrdering.Subgraph sg : r.ordering().subgraphs()) {
                assertTrue(!rest && sg.recMII() <= prev, "recurrences first, by RecMII; " + ctx);
                rest = !sg.recurrence();
                prev = sg.recMII();
            }
            ScheduleResult res = r.result();
            if (!res.ok()) {
                failed.add(i + ": " + res.lastFailure());
                continue;
            }
            scheduled++;
            Schedule s = res.schedule();
            assertTrue(s.ii() >= res.mii().value(), "II below MII; " + ctx);
            assertTrue(Verifier.verify(s).isEmpty(), Verifier.verify(s) + "; " + ctx);
            assertEquals(Oracles.simulatedMaxLive(s), RegisterPressure.of(s).maxLive(), ctx);
            if (s.ii() == res.mii().value()) {
                atMii++;
            }
        }
        System.out.println("HRMS on 200 random loops (" + nodes + " nodes): " + scheduled + " scheduled, " + atMii
                + " at II = MII, failed " + failed);
        assertTrue(scheduled >= 190, "HRMS failed on " + failed);
        assertTrue(atMii >= 170, "HRMS at MII on only " + atMii);
    }
}
