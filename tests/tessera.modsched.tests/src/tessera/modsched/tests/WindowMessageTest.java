package tessera.modsched.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.sched.PartialSchedule;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;

/** The list schedulers' failure lines: an empty window reads as empty, a full non-empty one as a range. */
class WindowMessageTest {
    /**
     * Recurrence v0 → v1 → v2 → v0 (δ 1) plus v2 → v1 (δ 1), RecMII 10. The §4 ordering places v2 (ASAP 6), then v1
     * at its Early_Start 6 + 4 − 10 = 0, then v0: Early_Start 6 + 4 − 10 = 0 from v2, Late_Start 0 − 2 = −2 from v1.
     */
    static Loop tight() {
        Machine m = Machine.builder("m").pipelined("ls", 2).pipelined("add", 2).pipelined("mul", 2).build();
        Loop.Builder b = Loop.builder("tight", m);
        b.op("v0", "ls", 2);
        b.op("v1", "add", 4);
        b.op("v2", "mul", 4);
        b.op("v3", "ls", 1);
        b.edge("v0", "v1", 0).edge("v0", "v2", 0).edge("v1", "v2", 0).edge("v2", "v3", 0).edge("v2", "v0", 1)
                .edge("v2", "v1", 1);
        return b.build();
    }

    @Test
    void emptyWindowSaysEarlyStartIsAfterLateStart() {
        ScheduleResult r = new SwingScheduler(SmsOptions.original()).run(tight(), Monitor.NULL).result();
        assertFalse(r.ok());
        // the line goes on with how the window was scanned, e.g. " (both predecessors and successors placed, ...)"
        assertEquals(3, r.failures().size(), r.failures().toString());
        assertTrue(r.failures().get(0).startsWith(
                "II=10: the window of v0 is empty: Early_Start 0 is after Late_Start -2 ("), r.failures().toString());
        assertTrue(r.failures().get(1).startsWith(
                "II=11: the window of v0 is empty: Early_Start -1 is after Late_Start -3 ("), r.failures().toString());
        assertEquals("gave up at the II cap 11", r.failures().get(2));
    }

    @Test
    void fullWindowIsARange() {
        // one ls unit, II 1: v0 holds the only row, so v3's window [2, 2] (scanning up) is non-empty but full
        Machine m = Machine.builder("m").pipelined("ls", 1).build();
        Loop.Builder b = Loop.builder("full", m);
        b.op("a", "ls", 2);
        b.op("c", "ls", 1);
        b.edge("a", "c", 0);
        Loop loop = b.build();
        PartialSchedule ps = new PartialSchedule(loop, 1);
        ps.place(0, 0, new int[] { 0 });
        PartialSchedule.Starts w = ps.starts(1);
        assertEquals(2, w.earlyStart());
        assertEquals("c found no free resource slot in [2, 2]", ps.noSlot(1, w, 2, 2, 1));
        assertEquals("c found no free resource slot in [0, 2]", ps.noSlot(1, w, 2, 0, -1));
        // the same node seen as having an early start after its late start
        PartialSchedule.Starts both = new PartialSchedule.Starts(true, 5, true, 2);
        assertEquals("the window of c is empty: Early_Start 5 is after Late_Start 2", ps.noSlot(1, both, 5, 2, 1));
    }
}
