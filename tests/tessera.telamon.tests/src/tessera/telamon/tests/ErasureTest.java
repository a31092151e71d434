package tessera.telamon.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.Target;
import tessera.telamon.impl.Implementation;
import tessera.telamon.impl.MemSpace;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Operand;
import tessera.telamon.kernel.Type;

/** Seed 001 §4.4.2, parallel-dimension erasure: Listing 4.7, Figure 4.1, guards and synchronizations. */
class ErasureTest {
    static CodeGenerator.Output gen(Implementation impl) {
        return CodeGenerator.generate(impl, Target.SM_80);
    }

    @Test
    void listing47() {
        Implementation impl = CodegenFixtures.of(CodegenKernels.listing47()).loop("i", 8).thread("j1", 4, 0).thread("j2", 4, 0)
                .tree("i(j1(do_a) do_b j2(do_c))").build();
        CodeGenerator.Output out = gen(impl);
        assertEquals("""
                parallel_for tid.x in 0..4:  # j1, j2
                  for i in 0..8:
                    do_a()
                    synchronize_threads
                    if tid.x == 0:
                      do_b()
                    synchronize_threads
                    do_c()
                    synchronize_threads
                """, out.pseudoCode());
        String ptx = out.ptx();
        assertEquals(3, ptx.split("bar.sync 0;", -1).length - 1, ptx);
        assertTrue(ptx.contains("setp.eq.s32 %p1, %t_x, 0;"), ptx);
        assertTrue(ptx.contains("@%p1 st.global.cg.f32 [%rd"), ptx);
    }

    @Test
    void figure41Geometry() {
        Implementation impl = CodegenFixtures.of(CodegenKernels.figure41()).block("b0", 3, 0).block("b1", 2, 1).thread("t0", 2, 0)
                .thread("t1", 2, 1).tree("b0(b1(t0(t1(st))))").build();
        CodeGenerator.Output out = gen(impl);
        JsonObject j = JsonParser.parseString(out.launch().toJson()).getAsJsonObject();
        assertEquals("[3,2,1]", j.get("grid").toString());
        assertEquals("[2,2,1]", j.get("block").toString());
        assertEquals(List.of(2L, 2L, 1L), out.launch().block());
        assertEquals("""
                parallel_for ctaid.x in 0..3:  # b0
                  parallel_for ctaid.y in 0..2:  # b1
                    parallel_for tid.x in 0..2:  # t0
                      parallel_for tid.y in 0..2:  # t1
                        st()
                        synchronize_threads
                """, out.pseudoCode());
    }

    @Test
    void smallerNestsAreGuardedBelowTheirExtent() {
        Implementation impl = CodegenFixtures.of(CodegenKernels.exchange(false)).thread("t", 32, 0).thread("u", 8, 0).thread("w", 4, 1)
                .temporary("T", MemSpace.SHARED, "t").tree("t(x sx) u(w(l z sz))").build();
        CodeGenerator.Output out = gen(impl);
        assertEquals("""
                parallel_for tid.x in 0..32:  # t, u
                  parallel_for tid.y in 0..4:  # w
                    x()
                    if tid.y == 0:
                      sx()
                    synchronize_threads
                    if tid.x < 8:
                      l()
                    z()
                    if tid.x < 8:
                      sz()
                    synchronize_threads
                """, out.pseudoCode());
        assertTrue(out.ptx().contains(".shared .align 16 .b8 sh_T[128];"), out.ptx());
        assertTrue(out.ptx().contains("ld.shared.f32 %v_l, [%rd"), out.ptx());
        assertEquals(128, out.launch().sharedBytes());
        assertEquals(List.of(32L, 4L, 1L), out.launch().block());
    }

    /** Sequential code stores T (thread 0 only), then every thread loads it back before the nest uses it. */
    static Kernel broadcast() {
        return new Kernel("broadcast", List.of(), List.of(CodegenKernels.array("X", 1), CodegenKernels.array("Y", 32),
                new Array("T", Type.F32, Array.Kind.TEMPORARY, null, List.of())), List.of(), List.of(CodegenKernels.fixed("t", 32)),
                List.of(CodegenKernels.ld("x", "X", Map.of()), CodegenKernels.st("s", "T", Map.of(), CodegenKernels.value("x")),
                        CodegenKernels.ld("l", "T", Map.of()),
                        CodegenKernels.op("y", Op.MUL, List.of(CodegenKernels.value("l"), new Operand.Index("t")), "t"),
                        CodegenKernels.st("sy", "Y", Map.of("t", 1L), CodegenKernels.value("y"), "t")));
    }

    @Test
    void storeThenReplicatedLoadGetsABarrier() {
        Implementation impl = CodegenFixtures.of(broadcast()).thread("t", 32, 0).temporary("T", MemSpace.SHARED).tree("x s l t(y sy)").build();
        CodeGenerator.Output out = gen(impl);
        assertEquals("""
                parallel_for tid.x in 0..32:  # t
                  x()
                  if tid.x == 0:
                    s()
                  synchronize_threads
                  l()
                  synchronize_threads
                  y()
                  sy()
                  synchronize_threads
                """, out.pseudoCode());
        assertTrue(out.ptx().contains("bar.sync 0;\t// load from T after a store since the last barrier"), out.ptx());
        assertTrue(out.ptx().contains("cvt.rn.f32.s32 %f1, %t_x;"), out.ptx());
    }

    /** Thread 0 increments T in a loop that every thread runs (loading T each time), then a nest reads T. */
    static Kernel counter() {
        return new Kernel("counter", List.of(), List.of(CodegenKernels.array("Y", 32),
                new Array("T", Type.F32, Array.Kind.TEMPORARY, null, List.of())), List.of(),
                List.of(CodegenKernels.fixed("i", 4), CodegenKernels.fixed("t", 32)),
                List.of(CodegenKernels.ld("l", "T", Map.of(), "i"),
                        CodegenKernels.op("v", Op.ADD, List.of(CodegenKernels.value("l"), new Operand.Const(1)), "i"),
                        CodegenKernels.st("s", "T", Map.of(), CodegenKernels.value("v"), "i"), CodegenKernels.ld("r", "T", Map.of(), "t"),
                        CodegenKernels.op("y", Op.MUL, List.of(CodegenKernels.value("r"), new Operand.Index("t")), "t"),
                        CodegenKernels.st("sy", "Y", Map.of("t", 1L), CodegenKernels.value("y"), "t")));
    }

    @Test
    void hazardsAcrossTheLoopBackEdge() {
        Implementation impl = CodegenFixtures.of(counter()).loop("i", 4).thread("t", 32, 0).temporary("T", MemSpace.SHARED)
                .tree("i(l v s) t(r y sy)").build();
        assertEquals("""
                parallel_for tid.x in 0..32:  # t
                  for i in 0..4:
                    synchronize_threads
                    l()
                    v()
                    synchronize_threads
                    if tid.x == 0:
                      s()
                  synchronize_threads
                  r()
                  y()
                  sy()
                  synchronize_threads
                """, gen(impl).pseudoCode());
    }

    @Test
    void globalTemporaryIsPrivatisedPerBlock() {
        Implementation impl = CodegenFixtures.of(CodegenKernels.exchange(true)).block("b", 2, 0).thread("t", 32, 0).thread("u", 8, 0)
                .thread("w", 4, 1).temporary("T", MemSpace.GLOBAL, "b", "t").tree("b(t(x sx) u(w(l z sz)))").build();
        CodeGenerator.Output out = gen(impl);
        JsonObject j = JsonParser.parseString(out.launch().toJson()).getAsJsonObject();
        JsonObject t = j.getAsJsonArray("params").get(2).getAsJsonObject();
        assertEquals("temporary", t.get("kind").getAsString());
        assertEquals(512, t.get("bytes").getAsLong());
        assertEquals("256*2", t.get("bytesFormula").getAsString());
        assertTrue(out.ptx().contains("mad.wide.s32 %a_T, "), out.ptx());
    }

    @Test
    void blockDimensionsMustBeOutermost() {
        Implementation impl = CodegenFixtures.of(CodegenKernels.listing47()).block("i", 8, 0).thread("j1", 4, 0).thread("j2", 4, 0)
                .tree("i(j1(do_a) do_b j2(do_c))").build();
        assertEquals("", gen(impl).pseudoCode().lines().filter(l -> l.contains("for i")).findFirst().orElse(""));
        Implementation inner = CodegenFixtures.of(CodegenKernels.listing47()).loop("i", 8).block("j1", 4, 0).thread("j2", 4, 0)
                .tree("i(j1(do_a) do_b j2(do_c))").build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> gen(inner));
        assertEquals("BLOCK dimension j1 must be outside every other statement (§4.3.3)", e.getMessage());
    }

    @Test
    void threadsCannotShareRegisters() {
        // x is produced along thread dimension d0 and read after it: a register of another thread
        Implementation impl = CodegenFixtures.of(CodegenKernels.listing49()).thread("d0", 4, 0).unroll("d1", 4).tree("d0(x) d1(y sy)").build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> gen(impl));
        assertTrue(e.getMessage().contains("must go through a temporary array"), e.getMessage());
    }
}
