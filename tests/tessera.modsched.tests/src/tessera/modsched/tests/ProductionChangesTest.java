package tessera.modsched.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.modsched.io.GccSmsDump;
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
 * The two production changes for compilers' graphs (docs/modsched.md: 5. successor side, 6. order repair), each on
 * GCC's graph of {@code scale} in data/gcc/loops.sms: x[i] = a * x[i], whose loop-carried anti dependences give the
 * multiply and the loads placed predecessors and successors. MII 14 (RecMII).
 */
class ProductionChangesTest {
    private static Loop scale() throws Exception {
        Path p = Fixtures.root().resolve("tests/tessera.modsched.tests/data/gcc/loops.sms");
        return GccSmsDump.read(p.toString(), Files.readString(p), new Diagnostics()).get(1).loop();
    }

    private static SmsOptions with(SmsOptions o, boolean successorSide, boolean orderRepair) {
        return new SmsOptions(o.zeroLatencyAware(), o.resourceTieBreak(), o.symmetricRetry(), o.symmetricSeed(),
                successorSide, orderRepair, o.maxII());
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
}
