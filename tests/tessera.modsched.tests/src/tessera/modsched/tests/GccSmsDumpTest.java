package tessera.modsched.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostics;
import tessera.modsched.analysis.Mii;
import tessera.modsched.io.GccSmsDump;
import tessera.modsched.io.Power8;
import tessera.modsched.model.Dependence;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.testing.Fixtures;

/** The reader of GCC's SMS dumps on {@code data/gcc/loops.sms} (GCC 12.2 for POWER8 on our own loops.c). */
class GccSmsDumpTest {
    private static List<GccSmsDump.GccLoop> loops(Diagnostics d) throws Exception {
        Path p = Fixtures.root().resolve("tests/tessera.modsched.tests/data/gcc/loops.sms");
        return GccSmsDump.read(p.toString(), Files.readString(p), d);
    }

    @Test
    void readsEveryLoopWithGccsResult() throws Exception {
        Diagnostics d = new Diagnostics();
        List<GccSmsDump.GccLoop> loops = loops(d);
        assertTrue(d.isEmpty(), d::toString);
        assertEquals(List.of("dot", "scale", "recurrence"), loops.stream().map(GccSmsDump.GccLoop::function).toList());
        GccSmsDump.GccResult dot = loops.get(0).gcc();
        assertEquals(12, dot.recMii());
        assertEquals(12, dot.mii());
        assertEquals(24, dot.maxIi());
        assertTrue(dot.scheduled());
        assertEquals(12, dot.ii());
        assertEquals(2, dot.stages());
        assertEquals("loops.c:5", loops.get(0).location());
        GccSmsDump.GccResult scale = loops.get(1).gcc();
        assertFalse(scale.scheduled());
        assertTrue(scale.failure().contains("Empty window"), scale.failure());
        assertEquals(32, loops.get(2).gcc().recMii());
    }

    @Test
    void graphsKeepGccsArcs() throws Exception {
        List<GccSmsDump.GccLoop> loops = loops(new Diagnostics());
        for (GccSmsDump.GccLoop l : loops) {
            Loop loop = l.loop();
            assertEquals(Power8.machine(), loop.machine());
            // ours is exact; GCC takes one back arc at a time, so its RecMII can only be lower
            assertTrue(Mii.compute(loop).recMII().value() >= l.gcc().recMii(), l.function());
            assertNotNull(loop.op(loop.opIndex(loop.operations().get(loop.size() - 1).name())));
        }
        // the recurrence loop: a[i] stored, read back at the next iteration (memory), and register values (flow)
        Loop rec = loops.get(2).loop();
        assertTrue(rec.dependences().stream().anyMatch(e -> e.kind() == DependenceKind.MEMORY && e.distance() >= 1));
        assertTrue(rec.dependences().stream().anyMatch(e -> e.kind() == DependenceKind.FLOW));
        assertTrue(rec.dependences().stream().anyMatch(e -> e.kind() == DependenceKind.ANTI));
        // the loop branch (bdnz) is on the branch unit and carries the counter to the next iteration
        Loop dot = loops.get(0).loop();
        int branch = -1;
        for (int u = 0; u < dot.size(); u++) {
            if (dot.machine().resource(dot.op(u).resource()).name().equals("bpu")) {
                branch = u;
            }
        }
        assertTrue(branch >= 0);
        final int b = branch;
        assertTrue(dot.dependences().stream().anyMatch((Dependence e) -> e.from() == b && e.to() == b && e.distance() == 1));
    }

    @Test
    void classifiesInstructionsOnPower8Units() {
        assertEquals("lu", Power8.classify("(insn 17 16 18 5 (set (reg:SF 127) (mem:SF (plus:DI (reg:DI 124) (reg:DI 121)))) 573 {movsf_hardfloat})").primary());
        Power8.Units store = Power8.classify("(insn 20 19 77 5 (set (mem:SF (plus:DI (reg:DI 125) (reg:DI 121))) (reg:SF 119)) 573 {movsf_hardfloat})");
        assertEquals("lsu", store.primary());
        assertEquals("vsu", store.second());
        assertEquals("lu", Power8.classify("(insn 9 8 10 5 (set (mem:DI (reg:DI 3)) (reg:DI 4)) 1 {*movdi})").second());
        assertEquals("vsu", Power8.classify("(insn 19 18 20 5 (set (reg:SF 119) (fma:SF (reg:SF 127) (reg:SF 123) (reg:SF 128))) 1042 {*fmasf4_fpr})").primary());
        assertEquals("vsu", Power8.classify("(insn 30 29 31 5 (set (reg:V4SF 130) (plus:V4SF (reg:V4SF 131) (reg:V4SF 132))) 1 {addv4sf3})").primary());
        assertEquals("fxu", Power8.classify("(insn 77 20 64 5 (set (reg:DI 135) (plus:DI (reg:DI 121) (const_int 4 [0x4]))) 69 {*adddi3})").primary());
        assertEquals("bpu", Power8.classify("(jump_insn 79 69 28 5 (parallel [(set (pc) (if_then_else (ne (reg:DI 136) (const_int 1)) (label_ref:DI 23) (pc))) (set (reg:DI 136) (plus:DI (reg:DI 136) (const_int -1)))]) 983 {bdnz_di})").primary());
        assertNull(Power8.classify("(insn 77 20 64 5 (set (reg:DI 135) (plus:DI (reg:DI 121) (const_int 4))) 69 {*adddi3})").reservation());
    }

    @Test
    void badDumpsGetALineAndNoLoop() throws Exception {
        Path p = Fixtures.root().resolve("tests/tessera.modsched.tests/data/gcc/loops.sms");
        String text = Files.readString(p).replaceFirst("-> 69\\]", "-> 9999]");
        Diagnostics d = new Diagnostics();
        List<GccSmsDump.GccLoop> loops = GccSmsDump.read("broken.sms", text, d);
        assertEquals(1, d.size(), d::toString);
        assertTrue(d.hasErrors());
        assertTrue(d.toString().contains("broken.sms:") && d.toString().contains("9999"), d::toString);
        assertEquals(2, loops.size(), "the other loops are still read");
        assertTrue(GccSmsDump.read("empty.sms", "not a dump\n", new Diagnostics()).isEmpty());
    }
}
