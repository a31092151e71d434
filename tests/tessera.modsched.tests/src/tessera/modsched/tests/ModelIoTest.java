package tessera.modsched.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostics;
import tessera.core.graph.Digraph;
import tessera.core.graph.LongestPaths;
import tessera.modsched.examples.Examples;
import tessera.modsched.gen.RandomLoopGenerator;
import tessera.modsched.io.LoopJson;
import tessera.modsched.io.ScheduleCsv;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.model.ModelProblems;
import tessera.modsched.model.Schedule;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;
import tessera.testing.Seeded;

/**
 * The JSON form, builder diagnostics, the zero-distance cycle finder and the CSV export. The .ddg text format is
 * read by the .ddg language: its tests are in tessera.ddg.tests.
 */
class ModelIoTest {

    @Test
    void jsonRoundTripsRandomLoops() {
        RandomLoopGenerator gen = new RandomLoopGenerator(7, RandomLoopGenerator.Profile.PERFECT_CLUB, 5, 60);
        for (int i = 0; i < 200; i++) {
            Loop loop = gen.next();
            String json = LoopJson.write(loop);
            Diagnostics d = new Diagnostics();
            assertEquals(json, LoopJson.write(LoopJson.read(json, "x.json", d)), "seed 7 #" + i);
        }
    }

    @Test
    void builderDiagnostics() {
        Diagnostics d = new Diagnostics();
        Machine m = Machine.builder("m").pipelined("alu", 1).build();
        Loop.Builder b = Loop.builder("l", m);
        b.op("a", "alu", 1);
        b.op("a", "alu", 1);
        b.op("c", "alu", 1, List.of(new Loop.Use("alu", -1)), null, 3);
        b.edge("a", "zz", 0);
        assertNull(b.build(d));
        String all = d.toString();
        assertTrue(all.contains("operation 'a' is declared twice") && all.contains("negative cycle offset -1")
                && all.contains("unknown operation 'zz' in edge"), all);
        assertNull(Machine.builder("x").resource("issue", 1, 1).build(new Diagnostics()));
    }

    @Test
    void zeroDistanceCycleNamesAnEdgeOnTheCycle() {
        Machine m = Machine.builder("m").pipelined("alu", 1).build();
        Loop.Builder b = Loop.builder("l", m);
        for (String n : List.of("a", "b", "c", "d")) {
            b.op(n, "alu", 1);
        }
        // a -> b is not on the cycle c -> d -> c; the message must name an edge of that cycle
        b.edge("a", "b", 0).edge("b", "c", 0).edge("c", "d", 0).edge("d", "c", 0);
        Diagnostics d = new Diagnostics();
        assertNull(b.build(d));
        assertEquals("loop 'l' has a dependence cycle with distance 0 and positive latency (e.g. through c -> d)",
                d.list().get(0).message());
    }

    @Test
    void zeroDistanceCycleEdgeAgreesWithLongestPaths() {
        Seeded.cases(4242, 2000, (rnd, k, where) -> {
            int n = 1 + rnd.nextInt(6);
            int e = rnd.nextInt(10);
            int[] s = new int[e];
            int[] t = new int[e];
            int[] lat = new int[e];
            int[] dist = new int[e];
            for (int i = 0; i < e; i++) {
                s[i] = rnd.nextInt(n);
                t[i] = rnd.nextInt(n);
                lat[i] = rnd.nextInt(5) - 2;
                dist[i] = rnd.nextInt(3) == 0 ? 1 : 0;
            }
            Digraph g = Digraph.of(n, s, t);
            int found = ModelProblems.zeroDistanceCycleEdge(g, lat, dist);
            boolean expected = LongestPaths.hasPositiveCycle(g, x -> dist[x] == 0, x -> lat[x]);
            assertEquals(expected, found >= 0, where);
            if (found >= 0) {
                // the named edge closes a positive cycle: longest path target -> source + its latency > 0
                LongestPaths.Result r = LongestPaths.fromSource(g, x -> dist[x] == 0, x -> lat[x], t[found]);
                assertTrue(r.positiveCycle() || (r.distance()[s[found]] != LongestPaths.UNREACHED
                        && r.distance()[s[found]] + lat[found] > 0), where);
            }
        });
    }

    @Test
    void csvHasOneLinePerCellAndOp() {
        Loop loop = Examples.motivating();
        Schedule s = new SwingScheduler(SmsOptions.production()).run(loop, tessera.core.Monitor.NULL).result()
                .schedule();
        String[] mrt = ScheduleCsv.mrt(List.of(s)).split("\n");
        assertEquals(ScheduleCsv.MRT_HEADER, mrt[0]);
        assertEquals(1 + 4 * 4, mrt.length, "II 4 rows x 4 single-unit resources");
        long occupied = java.util.Arrays.stream(mrt).skip(1).filter(l -> !l.endsWith(",,")).count();
        assertEquals(12, occupied, "12 ops, one pipelined cell each");
        int n12 = loop.opIndex("n12");
        String line = "motivating," + s.row(n12) + ",store,0,n12,2,i-2";
        assertTrue(List.of(mrt).contains(line), line + " in " + List.of(mrt));
        String[] ops = ScheduleCsv.schedule(List.of(s)).split("\n");
        assertEquals(13, ops.length);
        assertTrue(ops[12].startsWith("motivating,n12,store,1," + s.time(n12) + "," + s.row(n12) + ",2,i-2"), ops[12]);
    }
}
