package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tessera.regdem.demote.CandidateSelection;
import tessera.regdem.demote.RedundantDemoteRemoval;
import tessera.regdem.demote.RegisterCompaction;
import tessera.regdem.demote.RegisterDemotion;
import tessera.regdem.sass.SassPrinter;
import tessera.regdem.sass.SassProgram;
import tessera.regdem.verify.ControlCodeChecker;

/**
 * Digest §5.6: demotion of R5 in the constructed example, with this implementation's documented differences from
 * the released tool: RDA itself is the prologue scratch (not R2) and the prologue comes first (P4); the fixed-latency
 * producer's stall is raised to 6, not incremented (P5); the LDS after a demoted STS waits on that STS's read barrier
 * (01), not the hard-coded 08 (P6); new immediates print in hex.
 */
class DemotionTest {
    static final String INPUT = TestSupport.kernel(
            "--:-:-:-:7       MOV R1, c[0x0][0x20];",
            "--:-:-:-:6       MOV R5, param_0;",
            "--:-:-:-:6       MOV R7, param_0;",
            "TARGET1:",
            "--:-:-:-:1       IADD R5, R5, 0x1;",
            "--:-:-:-:6       FADD R12, R5, R7;",
            "--:-:-:-:6       MOV R8, R12;",
            "--:-:-:-:6       MOV R9, R8;",
            "--:-:-:-:6       MOV R10, R9;",
            "--:-:-:-:6       MOV R11, R10;",
            "--:-:-:-:f       EXIT;");

    static final String DEMOTED = TestSupport.kernel(
            "--:-:1:-:6       S2R R13, SR_TID.X;",
            "01:-:-:-:6       SHL R13, R13, 0x2;",
            "--:-:-:-:7       MOV R1, c[0x0][0x20];",
            "--:-:-:-:6       MOV R14, param_0;",
            "--:1:-:-:6       STS [R13], R14;",
            "01:-:-:-:6       MOV R7, param_0;",
            "TARGET1:",
            "--:1:2:-:6       LDS R14, [R13];",
            "03:-:-:-:6       IADD R14, R14, 0x1;",
            "--:1:-:-:6       STS [R13], R14;",
            "01:2:3:-:6       LDS R14, [R13];",
            "06:-:-:-:6       FADD R12, R14, R7;",
            "--:-:-:-:6       MOV R8, R12;",
            "--:-:-:-:6       MOV R9, R8;",
            "--:-:-:-:6       MOV R10, R9;",
            "--:-:-:-:6       MOV R11, R10;",
            "--:-:-:-:f       EXIT;");

    @Test
    void demoteOneRegisterBeforeAfter() {
        SassProgram p = TestSupport.parse(INPUT);
        RegisterDemotion.Result r = RegisterDemotion.run(p, new RegisterDemotion.Config(192, 0, 1, List.of(5), List.of()));
        assertEquals(DEMOTED, SassPrinter.print(r.program()));
        assertEquals(13, r.rda());
        assertEquals(14, r.rdv());
        assertEquals(768, r.sharedBytes());
        // the synthetic input itself violates Maxwell timing (IADD stall 1, P5); the demoted code does not
        assertEquals(1, ControlCodeChecker.check(p).size());
        assertEquals(List.of(), ControlCodeChecker.check(r.program()));

        // (b) the LDS right after the unpredicated STS of the same slot is redundant; FADD then waits on 01
        SassProgram b = RedundantDemoteRemoval.run(r.program()).program();
        String printed = SassPrinter.print(b);
        assertTrue(printed.contains("--:1:-:-:6       STS [R13], R14;\n01:-:-:-:6       FADD R12, R14, R7;"), printed);
        assertEquals(List.of(), ControlCodeChecker.check(b));

        // (c) plain compaction without pinning R1 (as the released tool): {R1, R7..R14} -> R0..R8
        RegisterCompaction.Result c = RegisterCompaction.run(b, false, new BitSet());
        assertEquals(Map.of(1, 0, 7, 1, 8, 2, 9, 3, 10, 4, 11, 5, 12, 6, 13, 7, 14, 8), c.renaming());
        assertEquals(15, c.registersBefore());
        assertEquals(9, c.registersAfter());
        // with R1 pinned (digest P20) the stack pointer stays put
        BitSet pin = new BitSet();
        pin.set(1);
        RegisterCompaction.Result c2 = RegisterCompaction.run(b, false, pin);
        assertTrue(!c2.renaming().containsKey(1));
        assertEquals(9, c2.registersAfter());
    }

    @Test
    void candidateStrategiesAndConflicts() {
        SassProgram p = TestSupport.parse(INPUT);
        // R8..R12 have no operand conflicts; R5 and R7 are read together by the FADD
        assertEquals(List.of(8, 9, 10, 11, 12, 5, 7),
                CandidateSelection.singles(p, CandidateSelection.Strategy.OPERAND_CONFLICT, Set.of()));
        assertEquals(Set.of(7), CandidateSelection.conflicts(p).get(5));
        List<Integer> stat = CandidateSelection.singles(p, CandidateSelection.Strategy.STATIC_ACCESS, Set.of());
        // static accesses: R11 1, R7 2, R8..R10 2, R12 2, R5 4 (ties by register number)
        assertEquals(List.of(11, 7, 8, 9, 10, 12, 5), stat);
        assertTrue(!stat.contains(1), "R1, the stack pointer, is never a candidate");
        assertEquals(List.of(12), CandidateSelection.singles(p, CandidateSelection.Strategy.STATIC_ACCESS,
                Set.of(5, 7, 8, 9, 10, 11)));
    }

    @Test
    void loopWeightedCounts() {
        SassProgram p = TestSupport.parse(TestSupport.kernel(
                "--:-:-:-:6       MOV R2, RZ;",
                "--:-:-:-:6       MOV R3, RZ;",
                "--:-:-:-:6       MOV R4, RZ;",
                "L:",
                "--:-:-:-:6       IADD R2, R2, 0x1;",
                "--:-:-:-:6       ISETP.LT.AND P0, PT, R2, 0x4, PT;",
                "--:-:-:-:6 @P0   BRA L;",
                "--:-:-:-:6       IADD R4, R3, R4;",
                "--:-:-:-:6       IADD R4, R3, R4;",
                "--:-:-:-:f       EXIT;"));
        var m = CandidateSelection.cfgWeighted(p);
        assertEquals(1 + 30, m.get(2), 1e-9);
        assertEquals(3, m.get(3), 1e-9);
        assertEquals(5, m.get(4), 1e-9);
        assertEquals(List.of(3, 4, 2), CandidateSelection.singles(p, CandidateSelection.Strategy.CFG, Set.of()));
    }
}
