package tessera.modsched.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;
import tessera.modsched.io.LoopJson;
import tessera.modsched.metrics.RegisterPressure;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.model.ModelLimits;
import tessera.modsched.model.Reservation;
import tessera.modsched.model.Schedule;
import tessera.modsched.sched.ExactScheduler;
import tessera.modsched.sched.HrmsScheduler;
import tessera.modsched.sched.IterativeModuloScheduler;
import tessera.modsched.sched.ModuloScheduler;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sched.TopDownScheduler;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;
import tessera.modsched.verify.Verifier;

/**
 * Issue 22 at the engine: numbers outside {@link ModelLimits} are builder diagnostics with their line, the verifier
 * checks each dependence with the values it was given (64-bit), every scheduler's schedule of random loops with zero
 * and large latencies passes an independent check written here, MaxLive is exact for long lifetimes, and the exact
 * scheduler's deadline covers building its SAT model.
 */
class HostileInputTest {
    private static final Machine M = Machine.builder("m").pipelined("alu", 2).resource("div", 1, 3).build();

    @Test
    void outOfRangeNumbersAreDiagnosticsWithTheirLine() {
        Object[][] cases = { { -1, null, 0, 7, "latency of operation 'a' is -1" },
                { 1, -2147483648, 0, 8, "latency of edge a -> b is -2147483648" },
                { 1, 100_001, 0, 8, "latency of edge a -> b is 100001" },
                { 2147483647, null, 0, 7, "latency of operation 'a' is 2147483647" },
                { 1, null, 2147483647, 8, "distance of edge a -> b is 2147483647" } };
        for (Object[] c : cases) {
            Loop.Builder b = Loop.builder("l", M).at("x.ddg", 6);
            b.op("a", "alu", (Integer) c[0], null, null, 7);
            b.op("b", "alu", 1, null, null, 7);
            b.edge("a", "b", (Integer) c[1], (Integer) c[2], null, 8);
            Diagnostics d = new Diagnostics();
            assertNull(b.build(d));
            Diagnostic e = d.list().get(0);
            assertEquals(c[3], e.line(), e.toString());
            assertTrue(e.message().startsWith((String) c[4] + ", out of range: it must be between "), e.message());
        }
        Diagnostics d = new Diagnostics();
        assertNull(Machine.builder("big").resource("alu", 2_000_000_000, 1, 3).resource("d", 1, 1001, 4).build(d));
        assertEquals(List.of(3, 4), d.list().stream().map(Diagnostic::line).toList());
        Loop.Builder b = Loop.builder("l", M);
        b.op("a", "alu", 1, List.of(new Loop.Use("div", 1_000)), null, 9);
        d = new Diagnostics();
        assertNull(b.build(d));
        assertTrue(d.list().get(0).message().contains("reservation offset of 'a' is 1000"), d.toString());
    }

    @Test
    void verifierUsesTheValuesItWasGiven() {
        Loop loop = pair(100_000, 0);
        // b before a's result: rejected, with the latency as given
        Schedule bad = Schedule.withFirstFitUnits(loop, 1, new int[] { 0, 99_999 });
        assertEquals(1, Verifier.verify(bad).size(), Verifier.verify(bad).toString());
        assertTrue(Verifier.verify(bad).get(0).toString().contains("latency 100000"));
        assertTrue(Verifier.isValid(Schedule.withFirstFitUnits(loop, 1, new int[] { 0, 100_000 })));
        // cycles far apart: no 32-bit wrap of t(u) + l - d·II makes a violation pass
        // t(a) + latency beyond 2^31 - 1: a 32-bit sum would wrap negative and let b at cycle 0 pass
        Schedule wide = Schedule.of(loop, 1, new int[] { 2_147_000_000, 0 }, new int[][] { { 0 }, { 1 } });
        assertEquals(List.of("DEPENDENCE"), Verifier.verify(wide).stream().map(v -> v.kind().name()).toList());
    }

    @Test
    void randomLoopsWithZeroAndLargeLatenciesScheduleValidly() {
        Random rnd = new Random(22);
        int scheduled = 0;
        for (int k = 0; k < 80; k++) {
            Loop loop = randomLoop(rnd, "r" + k);
            boolean small = loop.dependences().stream().allMatch(d -> d.latency() <= 10 && d.distance() <= 10);
            for (ModuloScheduler s : schedulers()) {
                if (s instanceof ExactScheduler && !small) {
                    continue; // SAT models over 100,000-cycle horizons: bounded, but seconds each
                }
                ScheduleResult r;
                try {
                    r = s.schedule(loop, within(Duration.ofMillis(100)));
                } catch (TimeLimitException e) {
                    continue; // a heuristic stepping II over a 100,000-cycle range: stopped, as it must be
                }
                if (!r.ok()) {
                    assertFalse(r.failures().isEmpty(), s.name() + " says why: " + LoopJson.write(loop));
                    continue;
                }
                scheduled++;
                String why = independentCheck(r.schedule());
                assertNull(why, s.name() + " on " + LoopJson.write(loop) + ": " + why);
                assertTrue(Verifier.isValid(r.schedule()), s.name());
                assertTrue(r.ii() >= r.mii().value(), s.name());
            }
        }
        assertTrue(scheduled > 250, "most loops schedule: " + scheduled);
    }

    @Test
    void maxLiveCountsLongLifetimesExactly() {
        Random rnd = new Random(7);
        for (int k = 0; k < 40; k++) {
            Loop loop = randomLoop(rnd, "p" + k);
            ScheduleResult r;
            try {
                r = new SwingScheduler().schedule(loop, within(Duration.ofMillis(100)));
            } catch (TimeLimitException e) {
                continue;
            }
            if (r.ok()) { // the closed form per row, O(lifetimes · II), against the difference array
                Schedule sc = r.schedule();
                int ii = sc.ii();
                RegisterPressure rp = RegisterPressure.of(sc);
                int[] live = new int[ii];
                for (RegisterPressure.Lifetime l : rp.lifetimes()) {
                    for (int row = 0; row < ii && l.length() > 0; row++) {
                        long hi = Math.floorDiv((long) l.end() - 1 - row, ii);
                        long lo = -Math.floorDiv((long) row - l.start(), ii);
                        live[row] += (int) Math.max(0, hi - lo + 1);
                    }
                }
                assertTrue(java.util.Arrays.equals(live, rp.livePerRow()), LoopJson.write(loop));
                if (ii < 50 && loop.dependences().stream().allMatch(d -> d.distance() < 10)) {
                    assertEquals(Oracles.simulatedMaxLive(sc), rp.maxLive(), LoopJson.write(loop));
                }
            }
        }
    }

    @Test
    void exactDeadlineCoversBuildingTheModel() {
        Loop.Builder b = Loop.builder("chain", Machine.builder("m").pipelined("alu", 2).build());
        for (int i = 0; i < 120; i++) {
            b.op("a" + i, "alu", 1);
            if (i > 0) {
                b.edge("a" + (i - 1), "a" + i, 0);
            }
        }
        Loop loop = b.build();
        long start = System.nanoTime();
        assertThrows(TimeLimitException.class, () -> new ExactScheduler(Duration.ofMillis(20)).solve(loop,
                Deadline.after(Duration.ofMillis(20)), Monitor.NULL));
        assertTrue(System.nanoTime() - start < 1_000_000_000L, "stopped within the limit plus slack");
    }

    /** A monitor that throws {@link TimeLimitException} once {@code limit} has passed. */
    static Monitor within(Duration limit) {
        Deadline d = Deadline.after(limit);
        return new Monitor() {
            @Override
            public boolean isCanceled() {
                return false;
            }

            @Override
            public void checkCanceled() {
                d.check("scheduling");
            }
        };
    }

    /** Ops a (latency lat) and b on the ALUs and the edge a -> b with latency lat and distance dist. */
    private static Loop pair(int lat, int dist) {
        Loop.Builder b = Loop.builder("l", M);
        b.op("a", "alu", lat);
        b.op("b", "alu", 0);
        b.edge("a", "b", lat, dist);
        return b.build();
    }

    /** Latencies 0 (often), small, or large but within the maxima; distances 0..3 and sometimes 100,000. */
    static Loop randomLoop(Random rnd, String name) {
        int n = 2 + rnd.nextInt(7);
        Loop.Builder b = Loop.builder(name, M);
        int[] lat = new int[n];
        for (int i = 0; i < n; i++) {
            int p = rnd.nextInt(10);
            lat[i] = p < 4 ? 0 : p < 8 ? 1 + rnd.nextInt(5) : p < 9 ? 1_000 + rnd.nextInt(2_000) : ModelLimits.MAX_LATENCY;
            b.op("o" + i, rnd.nextInt(5) == 0 ? "div" : "alu", lat[i]);
        }
        for (int i = 0; i + 1 < n; i++) { // a forward spine, zero distance
            b.edge("o" + i, "o" + (i + 1), rnd.nextBoolean() ? null : rnd.nextInt(3), 0, null, 0);
        }
        for (int k = rnd.nextInt(4); k > 0; k--) { // loop-carried arcs anywhere, some with large distances
            int u = rnd.nextInt(n);
            int v = rnd.nextInt(n);
            int dist = rnd.nextInt(8) == 0 ? ModelLimits.MAX_DISTANCE : 1 + rnd.nextInt(3);
            b.edge("o" + u, "o" + v, rnd.nextInt(3) == 0 ? 0 : null, dist, null, 0);
        }
        return b.build();
    }

    static List<ModuloScheduler> schedulers() {
        return List.of(new SwingScheduler(SmsOptions.production()), new SwingScheduler(SmsOptions.original()),
                new TopDownScheduler(), new IterativeModuloScheduler(), new HrmsScheduler(),
                new ExactScheduler(Duration.ofSeconds(1), false, 0));
    }

    /**
     * A few lines of our own, independent of {@link Verifier}: every edge u→v with latency l and distance d has
     * t(v) >= t(u) + l - d·II (in long), and no MRT cell (resource, unit, row) holds more ops than one.
     */
    static String independentCheck(Schedule s) {
        Loop loop = s.loop();
        for (int e = 0; e < loop.dependences().size(); e++) {
            var d = loop.dependence(e);
            if (d.latency() < 0 || d.distance() < 0) {
                return "negative latency or distance on edge " + e;
            }
            if ((long) s.time(d.to()) < (long) s.time(d.from()) + d.latency() - (long) d.distance() * s.ii()) {
                return "edge " + e + " violated";
            }
        }
        java.util.Map<String, Integer> cells = new java.util.HashMap<>();
        for (int u = 0; u < loop.size(); u++) {
            List<Reservation.Use> uses = loop.op(u).reservation().uses();
            for (int j = 0; j < uses.size(); j++) {
                int unit = s.unit(u, j);
                if (unit < 0 || unit >= loop.machine().resource(uses.get(j).resource()).count()) {
                    return "bad unit of op " + u;
                }
                for (int o : uses.get(j).offsets()) {
                    String key = uses.get(j).resource() + "/" + unit + "/" + Math.floorMod(s.time(u) + o, s.ii());
                    if (cells.merge(key, 1, Integer::sum) > 1) {
                        return "cell " + key + " over capacity";
                    }
                }
            }
        }
        return null;
    }
}
