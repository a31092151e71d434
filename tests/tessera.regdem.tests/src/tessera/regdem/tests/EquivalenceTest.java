package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.demote.CandidateSelection;
import tessera.regdem.demote.LocalSpillToShared;
import tessera.regdem.demote.RegDem;
import tessera.regdem.demote.RegisterDemotion;
import tessera.regdem.demote.SharedLayout;
import tessera.regdem.examples.Examples;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassPrinter;
import tessera.regdem.sass.SassProgram;
import tessera.regdem.sim.LaunchSpec;
import tessera.regdem.sim.SassSimulator;
import tessera.regdem.verify.ControlCodeChecker;

/**
 * Property tests: random register choices and pass combinations on every example kernel; the simulator must give
 * identical global memory for the original and the transformed kernel, and the independent control-code checker
 * must find no hazard.
 */
class EquivalenceTest {

    private static void assertEquivalent(SassProgram orig, SassProgram t, long dyn, long seed, String what) {
        LaunchSpec spec = LaunchSpec.of(orig).orElseThrow();
        SassSimulator.Inputs in = SassSimulator.inputs(spec, seed);
        SassSimulator.Result a = SassSimulator.run(orig, spec, in, 0);
        SassSimulator.Result b = SassSimulator.run(t, spec, in, (int) dyn);
        assertEquals("", a.memory().firstDifference(b.memory()), what + " (seed " + seed + ")\n"
                + SassPrinter.print(t));
        assertEquals(List.of(), ControlCodeChecker.check(t), what + " (seed " + seed + ")\n" + SassPrinter.print(t));
    }

    @Test
    void examplesAreConsistentAsWritten() {
        for (String n : Examples.NAMES) {
            SassProgram p = TestSupport.example(n);
            assertEquals(List.of(), ControlCodeChecker.check(p), n);
            LaunchSpec spec = LaunchSpec.of(p).orElseThrow();
            assertTrue(SassSimulator.run(p, spec, SassSimulator.inputs(spec, 1), 0).steps() > 0);
        }
        assertEquals(68, RegisterUnits.registerCount(TestSupport.example("cfd_flux")));
    }

    @Test
    void randomRegisterChoicesPreserveResults() {
        forEachExample(1234567, (n, p, spec, rnd) -> {
            List<Integer> singles = new ArrayList<>(CandidateSelection.singles(p, CandidateSelection.Strategy.CFG, Set.of()));
            List<Integer> pairs = new ArrayList<>(CandidateSelection.pairs(p, CandidateSelection.Strategy.CFG, Set.of()));
            for (int trial = 0; trial < 6; trial++) {
                Collections.shuffle(singles, rnd);
                Collections.shuffle(pairs, rnd);
                int k = 1 + rnd.nextInt(Math.max(1, Math.min(16, singles.size() + 2 * pairs.size())));
                List<Integer> s = new ArrayList<>(singles.subList(0, rnd.nextInt(singles.size() + 1)));
                RegisterDemotion.Result r = RegisterDemotion.run(p, new RegisterDemotion.Config(spec.threads(),
                        SharedLayout.alignStatic(p.sharedSize()), k, s, pairs));
                assertEquivalent(p, r.program(), r.sharedBytes(), rnd.nextLong(),
                        n + " demote " + r.demoted());
            }
        });
    }

    @Test
    void everyVariantPipelinePreservesResults() {
        forEachExample(99, (n, p, spec, rnd) -> {
            for (int flags = 0; flags < 8; flags++) {
                CandidateSelection.Strategy st = CandidateSelection.Strategy.values()[rnd.nextInt(3)];
                int k = 1 + rnd.nextInt(14);
                RegDem.Options o = RegDem.Options.of(spec.threads(), k).with(st, (flags & 4) != 0, (flags & 2) != 0,
                        (flags & 1) != 0);
                RegDem.Result r = RegDem.run(p, o);
                assertEquivalent(p, r.program(), r.sharedBytes(), rnd.nextLong(), n + " " + o);
                assertEquals(r.registersAfter(), RegisterUnits.registerCount(r.program()), n + " " + o);
                if (r.words() > 4) {
                    assertTrue(r.registersAfter() < r.registersBefore(), n + " " + o);
                }
            }
        });
    }

    /** The body of a test run on every example with its launch spec and the test's one random source. */
    private interface ExampleTest {
        void run(String name, SassProgram p, LaunchSpec spec, Random rnd);
    }

    /** Runs {@code test} on every example in order, sharing one random source seeded with {@code seed}. */
    private static void forEachExample(long seed, ExampleTest test) {
        Random rnd = new Random(seed);
        for (String n : Examples.NAMES) {
            SassProgram p = TestSupport.example(n);
            test.run(n, p, LaunchSpec.of(p).orElseThrow(), rnd);
        }
    }

    @Test
    void cfdReachesTheNextOccupancyStep() {
        SassProgram p = TestSupport.example("cfd_flux");
        RegDem.Result r = RegDem.run(p, RegDem.Options.of(192, 14).with(CandidateSelection.Strategy.CFG, true, true, true));
        assertEquals(14, r.words());
        assertEquals(68, r.registersBefore());
        assertTrue(r.registersAfter() <= 56, "registers after: " + r.registersAfter());
        assertEquals(10752, r.sharedBytes());
        assertTrue(SassPrinter.print(r.program()).contains("# RegCnt: " + r.registersAfter()));
        assertEquivalent(p, r.program(), r.sharedBytes(), 7, "cfd k=14");
    }

    @Test
    void localSpillToSharedBaseline() {
        SassProgram p = TestSupport.example("local_spill");
        LaunchSpec spec = LaunchSpec.of(p).orElseThrow();
        LocalSpillToShared.Result r = LocalSpillToShared.run(p, spec.threads(), p.sharedSize());
        assertEquals(4, r.words());
        assertEquals(4 * 64 * 4, r.sharedBytes());
        assertFalse(r.program().instructions().stream().anyMatch(i -> i.opcode().equals("LDL") || i.opcode().equals("STL")));
        assertTrue(r.program().instructions().stream().filter(i -> i.opcode().equals("STS")).map(Line.Instr::operands)
                .anyMatch(o -> o.get(0).text().equals("[R23+0x300]")), SassPrinter.print(r.program()));
        assertEquivalent(p, r.program(), r.sharedBytes(), 3, "local -> shared");
    }

    @Test
    void checkerCatchesBrokenSchedules() {
        SassProgram p = TestSupport.example("pressure_loop");
        RegDem.Result r = RegDem.run(p, RegDem.Options.of(64, 4));
        List<Line> lines = new ArrayList<>(r.program().lines());
        int broken = 0;
        for (int i = 0; i < lines.size() && broken < 2; i++) {
            if (lines.get(i) instanceof Line.Instr ins && ins.ctrl().waitMask() != 0 && i > 0
                    && lines.get(i - 1) instanceof Line.Instr prev && prev.isDemoteLoad()) {
                List<Line> copy = new ArrayList<>(lines);
                copy.set(i, ins.withCtrl(ins.ctrl().withWaitMask(0)));
                assertFalse(ControlCodeChecker.check(r.program().withLines(copy)).isEmpty(), "dropped wait at " + i);
                broken++;
            }
        }
        assertEquals(2, broken);
        // a fixed-latency result read too early
        SassProgram early = TestSupport.parse(TestSupport.kernel("--:-:-:-:2       IADD R2, R3, 0x1;",
                "--:-:-:-:6       IADD R4, R2, 0x1;", "--:-:-:-:f       EXIT;"));
        assertTrue(ControlCodeChecker.check(early).get(0).message().contains("4 cycle(s) before"));
        // WAR: overwrite a store's source before its read barrier cleared
        SassProgram war = TestSupport.parse(TestSupport.kernel("--:1:-:-:2       STS [R2], R3;",
                "--:-:-:-:6       MOV R3, RZ;", "--:-:-:-:f       EXIT;"));
        assertTrue(ControlCodeChecker.check(war).get(0).message().contains("may still read"));
        // across a loop back edge
        SassProgram loop = TestSupport.parse(TestSupport.kernel("L:", "--:-:1:-:2       LDS R3, [R2];",
                "--:-:-:-:6       MOV R5, RZ;", "--:-:-:-:6 @P0   BRA L;", "01:-:-:-:6       MOV R4, R3;",
                "--:-:-:-:f       EXIT;"));
        assertTrue(ControlCodeChecker.check(loop).get(0).message().contains("overwrites R3"));
    }
}
