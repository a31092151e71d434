package tessera.ddg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;
import tessera.modsched.verify.Verifier;

/**
 * SMS on GCC's dependence graphs of TSVC (the real-loop corpus): how many loops it schedules, never with a larger II
 * than GCC's own SMS where GCC succeeded, every schedule verified. The counts are the measured ones
 * (docs/benchmarks.md); a regression in SMS lowers them and fails the test.
 */
class GccCorpusTest {
    /** Loops per configuration and the loops production SMS schedules (measured 2026-11-26). */
    private static final Map<String, int[]> EXPECTED = Map.of("tsvc-O2", new int[] { 112, 112 }, "tsvc-O2-novec",
            new int[] { 110, 110 }, "tsvc-O3", new int[] { 124, 124 }, "tsvc-O2-unroll", new int[] { 112, 110 });

    @Test
    void smsSchedulesTheRealLoops() throws Exception {
        List<String> problems = new ArrayList<>();
        for (String config : GccCorpus.CONFIGS) {
            List<GccCorpus.Entry> loops = GccCorpus.load(config);
            int scheduled = 0;
            for (GccCorpus.Entry e : loops) {
                ScheduleResult r = new SwingScheduler(SmsOptions.production()).schedule(e.loop(), Monitor.NULL);
                if (!r.ok()) {
                    continue;
                }
                scheduled++;
                if (!Verifier.verify(r.schedule()).isEmpty()) {
                    problems.add(config + " " + e.loop().name() + ": " + Verifier.verify(r.schedule()));
                }
                if (e.gcc().scheduled() && r.ii() > e.gcc().ii()) {
                    problems.add(config + " " + e.loop().name() + ": II " + r.ii() + " > GCC's " + e.gcc().ii());
                }
                // ours is exact; GCC's RecMII takes one back arc at a time
                if (r.mii().recMII().value() < e.gcc().recMii()) {
                    problems.add(config + " " + e.loop().name() + ": RecMII below GCC's");
                }
            }
            System.out.println(config + ": " + loops.size() + " loops, SMS scheduled " + scheduled);
            assertEquals(EXPECTED.get(config)[0], loops.size(), config);
            assertTrue(scheduled >= EXPECTED.get(config)[1], config + ": SMS scheduled " + scheduled);
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}
