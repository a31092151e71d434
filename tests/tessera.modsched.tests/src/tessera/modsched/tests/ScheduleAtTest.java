package tessera.modsched.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.modsched.analysis.Mii;
import tessera.modsched.examples.Examples;
import tessera.modsched.gen.RandomLoopGenerator;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Schedule;
import tessera.modsched.sched.IterativeModuloScheduler;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sched.TopDownScheduler;
import tessera.modsched.sms.SwingScheduler;
import tessera.modsched.verify.Verifier;

/** {@code scheduleAt(loop, II)}: one attempt at exactly that II, the same as the II search's step there. */
class ScheduleAtTest {

    @Test
    void belowMiiThereIsNoSchedule() {
        Loop loop = Examples.motivating();
        int mii = Mii.compute(loop).value();
        assertNull(new SwingScheduler().scheduleAt(loop, mii - 1, Monitor.NULL));
        assertNull(new TopDownScheduler().scheduleAt(loop, mii - 1, Monitor.NULL));
        assertNull(new IterativeModuloScheduler().scheduleAt(loop, mii - 1, Monitor.NULL));
    }

    @Test
    void atTheSearchedIiItReproducesTheSearchAndAboveItStaysValid() {
        RandomLoopGenerator gen = new RandomLoopGenerator(77);
        int checked = 0;
        for (int n = 0; n < 60; n++) {
            Loop loop = gen.next();
            ScheduleResult sms = new SwingScheduler().schedule(loop, Monitor.NULL);
            ScheduleResult td = new TopDownScheduler().schedule(loop, Monitor.NULL);
            ScheduleResult ims = new IterativeModuloScheduler().schedule(loop, Monitor.NULL);
            for (ScheduleResult r : new ScheduleResult[] { sms, td, ims }) {
                if (!r.ok()) {
                    continue;
                }
                Schedule at = switch (r.algorithm()) {
                case "sms" -> new SwingScheduler().scheduleAt(loop, r.ii(), Monitor.NULL);
                case "topdown" -> new TopDownScheduler().scheduleAt(loop, r.ii(), Monitor.NULL);
                default -> new IterativeModuloScheduler().scheduleAt(loop, r.ii(), Monitor.NULL);
                };
                assertEquals(r.ii(), at.ii(), r.algorithm());
                assertArrayEquals(r.schedule().times(), at.times(), r.algorithm() + " " + loop.name());
                checked++;
            }
            // a larger II: whatever each one returns is a valid schedule at exactly that II
            int ii = Math.max(1, sms.mii().value()) + 3;
            for (Schedule s : new Schedule[] { new SwingScheduler().scheduleAt(loop, ii, Monitor.NULL),
                    new TopDownScheduler().scheduleAt(loop, ii, Monitor.NULL),
                    new IterativeModuloScheduler().scheduleAt(loop, ii, Monitor.NULL) }) {
                if (s != null) {
                    assertEquals(ii, s.ii());
                    assertTrue(Verifier.isValid(s), Verifier.verify(s).toString());
                }
            }
        }
        assertTrue(checked >= 150, "schedules compared: " + checked);
    }
}
