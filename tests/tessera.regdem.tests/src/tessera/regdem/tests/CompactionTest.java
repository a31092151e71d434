package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.demote.RegisterCompaction;
import tessera.regdem.demote.RegisterRenamer;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassPrinter;
import tessera.regdem.sass.SassProgram;

/** Fig. 4 compaction vectors (digest §5.9), the operand-position renaming (P23) and compaction invariants. */
class CompactionTest {

    static SassProgram fig4a() {
        return TestSupport.parse(TestSupport.kernel(
                "--:-:-:-:6       MOV R0, RZ;", "--:-:-:-:6       MOV R1, RZ;", "--:-:-:-:6       MOV R2, RZ;",
                "--:-:-:-:6       MOV R4, RZ;", "--:-:-:-:6       MOV R8, RZ;",
                "--:-:1:-:6       DADD R6, R6, R6;", "01:-:-:-:6       IADD R8, R8, R4;", "--:-:-:-:f       EXIT;"));
    }

    static SassProgram fig4b() {
        return TestSupport.parse(TestSupport.kernel(
                "--:-:-:-:6       MOV R0, RZ;", "--:-:-:-:6       MOV R1, RZ;", "--:-:-:-:6       MOV R2, RZ;",
                "--:-:-:-:6       MOV R6, RZ;", "--:-:1:-:6       DADD R4, R4, R4;", "--:-:-:-:f       EXIT;"));
    }

    @Test
    void singleWordShifting() {
        RegisterCompaction.Result r = RegisterCompaction.run(fig4a(), false, new BitSet());
        assertEquals(Map.of(4, 3, 6, 4, 7, 5, 8, 6), r.renaming());
        assertEquals(9, r.registersBefore());
        assertEquals(7, r.registersAfter());
        assertTrue(SassPrinter.print(r.program()).contains("IADD R6, R6, R3;"));
    }

    @Test
    void alignmentForcesASwap() {
        RegisterCompaction.Result r = RegisterCompaction.run(fig4b(), false, new BitSet());
        assertEquals(Map.of(4, 2, 5, 3, 2, 4, 6, 5), r.renaming());
        assertEquals(6, r.registersAfter());
        String s = SassPrinter.print(r.program());
        assertTrue(s.contains("DADD R2, R2, R2;") && s.contains("MOV R4, RZ;"), s);
    }

    @Test
    void bankAwareVariant() {
        RegisterCompaction.Result a = RegisterCompaction.run(fig4a(), true, new BitSet());
        assertEquals(Map.of(4, 3, 6, 4, 7, 5, 8, 6), a.renaming());
        assertTrue(SassPrinter.print(a.program()).contains("IADD R6, R6, R3;"), "operand order kept (P23)");
        RegisterCompaction.Result b = RegisterCompaction.run(fig4b(), true, new BitSet());
        assertEquals(Map.of(4, 2, 5, 3, 2, 4, 6, 5), b.renaming());
        // a single fills an even gap from its own bank: R8 (bank 0) goes to R4 in {R0..R3, R8}
        SassProgram p = TestSupport.parse(TestSupport.kernel("--:-:-:-:6       MOV R0, RZ;",
                "--:-:-:-:6       MOV R1, RZ;", "--:-:-:-:6       MOV R2, RZ;", "--:-:-:-:6       MOV R3, RZ;",
                "--:-:-:-:6       MOV R5, RZ;", "--:-:-:-:6       MOV R8, RZ;", "--:-:-:-:f       EXIT;"));
        assertEquals(Map.of(8, 4), RegisterCompaction.run(p, true, new BitSet()).renaming());
        assertEquals(Map.of(5, 4, 8, 5), RegisterCompaction.run(p, false, new BitSet()).renaming());
    }

    @Test
    void renamingByOperandPosition() {
        SassProgram p = TestSupport.parse(TestSupport.kernel("--:-:-:-:6       FADD R9, R8, -R4;",
                "--:-:-:-:6       IADD R8, R8, R4;", "--:-:-:-:6       FADD R9, R4, -R6;",
                "--:-:-:-:6       FFMA R9, R4, R6, R4;", "--:-:-:-:f       EXIT;"));
        List<Line.Instr> chain = RegisterRenamer.rename(p, Map.of(4, 3, 8, 4)).instructions();
        assertEquals("FADD R9, R4, -R3;", SassPrinter.body(chain.get(0)));
        assertEquals("IADD R4, R4, R3;", SassPrinter.body(chain.get(1)));
        List<Line.Instr> swap = RegisterRenamer.rename(p, Map.of(4, 6, 6, 4)).instructions();
        assertEquals("FADD R9, R6, -R4;", SassPrinter.body(swap.get(2)));
        assertEquals("FFMA R9, R6, R4, R6;", SassPrinter.body(swap.get(3)));
    }

    @Test
    void invariantsOnRandomRegisterSpaces() {
        long seed = 44;
        Random rnd = new Random(seed);
        for (int it = 0; it < 300; it++) {
            List<String> code = new ArrayList<>();
            Set<Integer> taken = new HashSet<>();
            int slots = 8 + rnd.nextInt(40);
            for (int r = 0; r < slots; r++) {
                if (taken.contains(r) || rnd.nextInt(3) == 0) {
                    continue;
                }
                int w = rnd.nextInt(4) == 0 ? 2 : 1;
                if (w == 2 && (r % 2 != 0 || taken.contains(r + 1))) {
                    w = 1;
                }
                taken.add(r);
                if (w == 2) {
                    taken.add(r + 1);
                    code.add("--:-:1:-:6       DADD R" + r + ", R" + r + ", R" + r + ";");
                    code.add("01:-:-:-:1       NOP;");
                } else {
                    code.add("--:-:-:-:6       MOV R" + r + ", RZ;");
                }
            }
            code.add("--:-:-:-:f       EXIT;");
            SassProgram p = TestSupport.parse(TestSupport.kernel(code.toArray(String[]::new)));
            boolean bank = rnd.nextBoolean();
            RegisterCompaction.Result r = RegisterCompaction.run(p, bank, new BitSet());
            String msg = "seed " + seed + " iteration " + it;
            RegisterUnits before = RegisterUnits.analyze(p);
            RegisterUnits after = RegisterUnits.analyze(r.program());
            assertEquals(before.used().cardinality(), after.used().cardinality(), msg);
            assertEquals(after.used().cardinality(), r.registersAfter(), msg + ": no gap left");
            after.multiWord().forEach((lead, w) -> assertEquals(0, lead % w, msg + ": aligned"));
            Set<Integer> images = new HashSet<>();
            for (int x = before.used().nextSetBit(0); x >= 0; x = before.used().nextSetBit(x + 1)) {
                assertTrue(images.add(r.renaming().getOrDefault(x, x)), msg + ": bijection");
            }
            assertTrue(r.registersAfter() <= r.registersBefore(), msg);
        }
    }
}
