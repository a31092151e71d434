package tessera.modsched.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;
import tessera.modsched.examples.Examples;
import tessera.modsched.metrics.RegisterPressure;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.sched.ExactScheduler;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.verify.Verifier;

/**
 * The exact scheduler's two phases under a time limit: once the minimum II is proven, running out of time in the
 * MaxLive phase keeps the best schedule found ("II proven minimal, MaxLive not proven minimal"); running out in the
 * II phase still fails with a message that says what to raise.
 */
class ExactTimeLimitTest {
    private static final Duration LONG = Duration.ofSeconds(30);

    private static ExactScheduler.ExactResult solve(ExactScheduler s, Loop loop, Duration limit) {
        return s.solve(loop, Deadline.after(limit), Monitor.NULL);
    }

    /** The kept schedule is valid, at the proven minimum II, and its MaxLive is the one reported. */
    private static void assertKept(ExactScheduler.ExactResult r, int ii, String reason) {
        ScheduleResult res = r.result();
        assertTrue(res.ok(), res.failures().toString());
        assertEquals(ii, r.minII());
        assertEquals(ii, res.ii());
        assertTrue(Verifier.verify(res.schedule()).isEmpty(), Verifier.verify(res.schedule()).toString());
        assertEquals(RegisterPressure.of(res.schedule()).maxLive(), r.maxLive());
        assertFalse(r.maxLiveOptimal());
        assertEquals(new ScheduleResult.Proof(true, false, reason), res.proof());
        assertEquals("II proven minimal, MaxLive not proven minimal: " + reason, res.proof().text());
    }

    @Test
    void fullSolveProvesBothPhases() {
        ExactScheduler.ExactResult r = solve(new ExactScheduler(LONG), Examples.motivating(), LONG);
        assertEquals(4, r.minII());
        assertEquals(7, r.maxLive(), "docs/modsched.md: the exact MaxLive of the motivating example at II 4 is 7");
        assertTrue(r.maxLiveOptimal());
        assertEquals("II proven minimal, MaxLive proven minimal", r.result().proof().text());
    }

    @Test
    void iiOnlySolveDoesNotClaimMaxLive() {
        ExactScheduler.ExactResult r = solve(new ExactScheduler(LONG, false, 0), Examples.motivating(), LONG);
        assertKept(r, 4, "not minimised (II only)");
    }

    @Test
    void maxLivePhaseLimitZeroKeepsTheProvenII() {
        // deterministic: the MaxLive phase stops before its first solver call, the II phase is untouched
        ExactScheduler s = new ExactScheduler(LONG).withMaxLiveLimit(Duration.ZERO);
        ExactScheduler.ExactResult r = solve(s, Examples.motivating(), LONG);
        assertKept(r, 4, "the MaxLive phase limit of 0 ms ran out");
        assertTrue(r.maxLive() >= 7, "never below the proven optimum 7: " + r.maxLive());
    }

    @Test
    void maxLivePhaseTimeOutInsideTheSolverKeepsTheProvenII() {
        // the motivating example's MaxLive phase needs ~100 ms of SAT4J search (7 solver calls); 1 ms stops it inside
        ExactScheduler s = new ExactScheduler(LONG).withMaxLiveLimit(Duration.ofMillis(1));
        ExactScheduler.ExactResult r = solve(s, Examples.motivating(), LONG);
        assertKept(r, 4, "the MaxLive phase limit of 1 ms ran out");
        assertTrue(r.maxLive() >= 7, "never below the proven optimum 7: " + r.maxLive());
        assertEquals(0, r.result().failures().size(), "II 4 = MII: no II failed");
    }

    /**
     * A 12-op acyclic loop on 2+2+2 units: the II phase proves II = ResMII = 3 in milliseconds, the MaxLive phase
     * does not finish in 30 s (horizon 76 cycles); the time limit of the whole search runs out in the MaxLive phase.
     */
    static Loop chain() {
        Machine m = Machine.builder("m").pipelined("ls", 2).pipelined("add", 2).pipelined("mul", 2).build();
        Loop.Builder b = Loop.builder("chain", m);
        for (int i = 0; i < 3; i++) {
            b.op("v" + i, "ls", 2);
        }
        String[] units = { "mul", "add", "mul", "mul", "mul", "mul", "add" };
        for (int i = 0; i < units.length; i++) {
            b.op("v" + (i + 3), units[i], 4);
        }
        b.op("v10", "ls", 1);
        b.op("v11", "ls", 1);
        int[][] edges = { { 1, 3 }, { 2, 3 }, { 3, 4 }, { 2, 4 }, { 4, 5 }, { 5, 6 }, { 5, 7 }, { 7, 8 }, { 8, 9 },
                { 7, 10 }, { 0, 11 }, { 6, 8 }, { 9, 10 } };
        for (int[] e : edges) {
            b.edge("v" + e[0], "v" + e[1], 0);
        }
        return b.build();
    }

    @Test
    void deadlineInTheMaxLivePhaseKeepsTheProvenII() {
        Duration limit = Duration.ofSeconds(2);
        ExactScheduler.ExactResult r = solve(new ExactScheduler(limit), chain(), limit);
        assertEquals(3, r.result().mii().resMII().value());
        assertKept(r, 3, "the time limit of 2 s ran out during the MaxLive search");
    }

    @Test
    void timeOutInTheIIPhaseStillFails() {
        TimeLimitException e = assertThrows(TimeLimitException.class,
                () -> new ExactScheduler(Duration.ZERO).schedule(chain(), Monitor.NULL));
        assertEquals("exact modulo scheduling (SAT4J) of loop 'chain' at II=3 (minimum II search, MII 3, no schedule"
                + " yet) did not finish within its time limit of 0 s; raise the limit (--time-limit) or reduce the"
                + " problem size", e.getMessage());
    }
}
