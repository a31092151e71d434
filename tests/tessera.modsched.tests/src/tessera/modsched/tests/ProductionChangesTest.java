package tessera.modsched.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.modsched.io.GccSmsDump;
import tessera.modsched.io.LoopJson;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.sched.PartialSchedule;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;
import tessera.modsched.verify.Verifier;
import tessera.testing.Fixtures;

/**
 * The production changes for compilers' graphs (docs/modsched.md: 5. successor side, 6. order repair, each on GCC's
 * graph of {@code scale} in data/gcc/loops.sms: x[i] = a * x[i], whose loop-carried anti dependences give the multiply
 * and the loads placed predecessors and successors, MII 14 (RecMII); 7. MinDist windows, on two corpus graphs).
 */
class ProductionChangesTest {
    private static Loop scale() throws Exception {
        Path p = Fixtures.root().resolve("tests/tessera.modsched.tests/data/gcc/loops.sms");
        return GccSmsDump.read(p.toString(), Files.readString(p), new Diagnostics()).get(1).loop();
    }

    private static SmsOptions with(SmsOptions o, boolean successorSide, boolean orderRepair) {
        return new SmsOptions(o.zeroLatencyAware(), o.resourceTieBreak(), o.symmetricRetry(), o.symmetricSeed(),
                successorSide, orderRepair, o.transitiveWindows(), o.maxII());
    }

    private static SmsOptions withoutTransitiveWindows() {
        SmsOptions o = SmsOptions.production();
        return new SmsOptions(o.zeroLatencyAware(), o.resourceTieBreak(), o.symmetricRetry(), o.symmetricSeed(),
                o.successorSide(), o.orderRepair(), false, o.maxII());
    }

    /** A graph of the real-loop corpus kept as JSON in data/gcc (see its README). */
    private static Loop corpusLoop(String file) throws Exception {
        Path p = Fixtures.root().resolve("tests/tessera.modsched.tests/data/gcc/" + file);
        Diagnostics d = new Diagnostics();
        Loop loop = LoopJson.read(Files.readString(p), p.toString(), d);
        assertTrue(loop != null && d.isEmpty(), d.toString());
        return loop;
    }

    private static ScheduleResult run(SmsOptions o) throws Exception {
        return new SwingScheduler(o).schedule(scale(), Monitor.NULL);
    }

    @Test
    void theOriginalStaysThePapers() throws Exception {
        assertFalse(SmsOptions.original().successorSide());
        assertFalse(SmsOptions.original().orderRepair());
        assertTrue(SmsOptions.production().successorSide() && SmsOptions.production().orderRepair());
        ScheduleResult r = run(SmsOptions.original());
        assertFalse(r.ok(), "the paper's SMS finds no schedule up to the cap");
        assertTrue(r.failures().get(0).startsWith("II=14: "), r.failures().get(0));
    }

    /** Change 5 alone: U between an anti predecessor P (cycle 0) and its flow consumer C (cycle 10), II 20. */
    @Test
    void successorSideScansDownFromTheConsumer() {
        for (boolean side : new boolean[] { false, true }) {
            Machine m = Machine.builder("m").pipelined("alu", 2).build();
            Loop.Builder b = Loop.builder("l", m);
            b.op("P", "alu", 1);
            b.op("U", "alu", 1);
            b.op("C", "alu", 1);
            Loop loop = b.edge("P", "U", 0, 0, DependenceKind.ANTI, 0).edge("U", "C", 1, 0, DependenceKind.FLOW, 0).build();
            PartialSchedule ps = new PartialSchedule(loop, 20);
            ps.place(0, 0, ps.firstFree(0, 0, 0, 1).units());
            ps.place(2, 10, ps.firstFree(2, 10, 10, 1).units());
            assertEquals(null, ps.placeInWindow(1, 0, side));
            // the paper scans up from Early_Start 0; from the successors' side U lands at Late_Start 9, next to C
            assertEquals(side ? 9 : 0, ps.schedule().times()[1]);
        }
    }

    @Test
    void orderRepairRetriesTheSameIi() throws Exception {
        ScheduleResult without = run(with(SmsOptions.production(), true, false));
        assertFalse(without.ok(), "without repair no II up to the cap works");
        ScheduleResult r = run(SmsOptions.production());
        assertTrue(r.ok());
        assertEquals(14, r.ii(), "repaired at MII, no II raised");
        assertEquals(1, r.attempts());
        assertTrue(Verifier.verify(r.schedule()).isEmpty());
    }

    /** Change 7's windows: a node two arcs after a placed one is bounded through the unplaced node between them. */
    @Test
    void minDistWindowsSeeThroughUnplacedNodes() {
        Machine m = Machine.builder("m").pipelined("alu", 1).build();
        Loop.Builder b = Loop.builder("l", m);
        b.op("A", "alu", 3);
        b.op("B", "alu", 3);
        b.op("C", "alu", 1);
        Loop loop = b.edge("A", "B", 0).edge("B", "C", 0).edge("C", "A", 1, 1).build();
        PartialSchedule direct = new PartialSchedule(loop, 7);
        PartialSchedule minDist = new PartialSchedule(loop, 7).transitive();
        for (PartialSchedule ps : new PartialSchedule[] { direct, minDist }) {
            ps.place(0, 0, ps.firstFree(0, 0, 0, 1).units());
        }
        // C's only placed neighbour is A, through the loop-carried arc C -> A: Late_Start 0 - 1 + 7 = 6
        assertFalse(direct.starts(2).hasPredecessor());
        assertEquals(6, direct.starts(2).lateStart());
        // through B: Early_Start 0 + 3 + 3 = 6, so C's window is [6, 6]
        assertTrue(minDist.starts(2).hasPredecessor());
        assertEquals(6, minDist.starts(2).earlyStart());
        assertEquals(6, minDist.starts(2).lateStart());
        assertEquals(null, minDist.placeInWindow(2, 0, true));
        assertEquals(null, minDist.placeInWindow(1, 0, true));
        assertEquals(List.of(0, 3, 6), Arrays.stream(minDist.schedule().times()).boxed().toList());
    }

    /** Change 7 on two corpus graphs where the neighbour repair (change 6) stops one II above the exact minimum. */
    @Test
    void minDistWindowsReachTheExactMinimumIi() throws Exception {
        // s1213 (-O2 -fno-tree-vectorize): RecMII 14 = the exact minimum; s353 (-O2): MII 20, exact minimum 23
        String[] files = { "tsvc-O2-novec-s1213_loop2.json", "tsvc-O2-s353_loop2.json" };
        int[] minimum = { 14, 23 };
        for (int i = 0; i < files.length; i++) {
            Loop loop = corpusLoop(files[i]);
            ScheduleResult without = new SwingScheduler(withoutTransitiveWindows()).schedule(loop, Monitor.NULL);
            ScheduleResult with = new SwingScheduler(SmsOptions.production()).schedule(loop, Monitor.NULL);
            assertTrue(without.ok() && with.ok(), files[i]);
            assertEquals(minimum[i] + 1, without.ii(), files[i] + " without change 7: " + without.failures());
            assertEquals(minimum[i], with.ii(), files[i] + ": " + with.failures());
            assertTrue(Verifier.verify(with.schedule()).isEmpty(), files[i]);
            assertFalse(SmsOptions.original().transitiveWindows());
        }
    }
}
