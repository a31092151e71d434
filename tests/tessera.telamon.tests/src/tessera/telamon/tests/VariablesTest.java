package tessera.telamon.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.telamon.codegen.Annotation;
import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.ControlFlowTree;
import tessera.telamon.codegen.Target;
import tessera.telamon.codegen.Variables;
import tessera.telamon.impl.Implementation;

/** Seed 001 §4.4.3: variable naming (Listings 4.9 and 4.11) and vector accesses. */
class VariablesTest {
    static Variables vars(Implementation impl) {
        Annotation a = Annotation.of(impl);
        return Variables.allocate(a, ControlFlowTree.build(a));
    }

    static List<String> lines(String ptx) {
        return ptx.lines().map(String::strip).toList();
    }

    @Test
    void listing49bVectorThenUnroll() {
        Implementation impl = CodegenFixtures.of(CodegenKernels.listing49()).vector("d0", 4).unroll("d1", 4).tree("d0(x) d1(y sy)").build();
        Variables v = vars(impl);
        assertEquals(List.of("x0", "x1", "x2", "x3"), v.names("x"));
        assertEquals(List.of("y0", "y1", "y2", "y3"), v.names("y"));
        List<String> ptx = lines(CodeGenerator.generate(impl, Target.SM_80).ptx());
        int load = ptx.indexOf("ld.global.cg.v4.f32 {%v_x0, %v_x1, %v_x2, %v_x3}, [%a_X];");
        assertTrue(load >= 0, String.join("\n", ptx));
        assertEquals(List.of("mul.f32 %v_y0, %v_x0, 0f40000000;", "st.global.cg.f32 [%a_Y], %v_y0;", "mul.f32 %v_y1, %v_x1, 0f40000000;",
                "st.global.cg.f32 [%a_Y+4], %v_y1;", "mul.f32 %v_y2, %v_x2, 0f40000000;"), ptx.subList(load + 1, load + 6));
    }

    @Test
    void listing49cBothUnrolled() {
        Implementation impl = CodegenFixtures.of(CodegenKernels.listing49()).unroll("d0", 4).unroll("d1", 4).tree("d0(x) d1(y sy)").build();
        List<String> ptx = lines(CodeGenerator.generate(impl, Target.SM_80).ptx());
        int load = ptx.indexOf("ld.global.cg.f32 %v_x0, [%a_X];");
        assertTrue(load >= 0, String.join("\n", ptx));
        assertEquals(List.of("ld.global.cg.f32 %v_x1, [%a_X+4];", "ld.global.cg.f32 %v_x2, [%a_X+8];", "ld.global.cg.f32 %v_x3, [%a_X+12];",
                "mul.f32 %v_y0, %v_x0, 0f40000000;"), ptx.subList(load + 1, load + 5));
        assertTrue(ptx.contains("st.global.cg.f32 [%a_Y+12], %v_y3;"), String.join("\n", ptx));
    }

    @Test
    void listing411CarriedValueSharesItsInitVariable() {
        Implementation impl = CodegenFixtures.of(CodegenKernels.listing411()).loop("d0", 4).unroll("d1", 2).unroll("d2", 2)
                .tree("d0(d1(x) y d2(z) sz)").build();
        Variables v = vars(impl);
        assertEquals(List.of("x0", "x1"), v.names("x"));
        assertEquals(List.of("y"), v.names("y"));
        assertEquals(List.of("y"), v.names("z"));
        List<String> ptx = lines(CodeGenerator.generate(impl, Target.SM_80).ptx());
        int init = ptx.indexOf("mov.f32 %v_y, 0f00000000;");
        assertTrue(init >= 0, String.join("\n", ptx));
        assertEquals(List.of("add.f32 %v_y, %v_y, %v_x0;", "add.f32 %v_y, %v_y, %v_x1;"), ptx.subList(init + 1, init + 3));
        assertTrue(ptx.contains("mad.wide.s32 %rd1, %i_d0, 8, %a_A;"), String.join("\n", ptx));
        assertTrue(ptx.contains("ld.global.cg.f32 %v_x1, [%rd2+4];"), String.join("\n", ptx));
    }

    @Test
    void matmulReductionReusesItsInitVariable() {
        // the matmul reduction: c carried along k0 × k1 (a LOOP and an UNROLL) reuses acc, read after the loop
        Implementation impl = CodegenFixtures.of(CodegenKernels.matmul()).block("i0", 4, 1).block("j0", 2, 0).thread("i1", 4, 1)
                .thread("j1", 8, 0).loop("k0", 4).unroll("k1", 4).tree("i0(j0(i1(j1(acc k0(k1(a b c)) sc))))").build();
        Variables v = vars(impl);
        assertEquals(List.of("acc"), v.names("c"));
        assertEquals(List.of("a0", "a1", "a2", "a3"), v.names("a"));
        List<String> ptx = lines(CodeGenerator.generate(impl, Target.SM_80).ptx());
        assertTrue(ptx.contains("fma.rn.f32 %v_acc, %v_a3, %v_b3, %v_acc;"), String.join("\n", ptx));
        assertTrue(ptx.stream().anyMatch(l -> l.matches("st\\.global\\.cg\\.f32 \\[%rd\\d+\\], %v_acc;")), String.join("\n", ptx));
    }

    @Test
    void vectorDimensionThatCannotVectorizeIsUnrolledWithAComment() {
        Implementation impl = CodegenFixtures.of(CodegenKernels.listing411()).unroll("d0", 4).vector("d1", 2).unroll("d2", 2)
                .tree("d0(d1(x) y d2(z) sz)").build();
        String ptx = CodeGenerator.generate(impl, Target.SM_80).ptx();
        // x has a variable per point of d0 × d1 (UNROLL × VECTOR): x0..x7, two per vector load
        assertEquals(List.of("x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7"), vars(impl).names("x"));
        assertTrue(ptx.contains("ld.global.cg.v2.f32 {%v_x2, %v_x3}, [%a_A+8];"), ptx);
        Implementation strided = CodegenFixtures.of(CodegenKernels.listing411()).vector("d0", 4).unroll("d1", 2).unroll("d2", 2)
                .tree("d0(d1(x) y d2(z) sz)").build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CodeGenerator.generate(strided, Target.SM_80));
        assertEquals("VECTOR dimension d0 contains d1, which is UNROLL: VECTOR dimensions are innermost", e.getMessage());
        Implementation y2 = CodegenFixtures.of(CodegenKernels.scal()).loop("d0", 64).vector("d1", 4).unroll("d2", 4)
                .tree("d0(d2(d1(x y st)))").build();
        ptx = CodeGenerator.generate(y2, Target.SM_80).ptx();
        assertTrue(ptx.contains("// VECTOR dimension d1 unrolled for x: the stride along d1 is 4 elements, not 1"), ptx);
        assertTrue(ptx.contains("// VECTOR dimension d1 unrolled for y: not a load or store"), ptx);
    }

    @Test
    void pointToPointBetweenLoopsNeedsMemory() {
        Implementation impl = CodegenFixtures.of(CodegenKernels.listing49()).loop("d0", 4).loop("d1", 4).tree("d0(x) d1(y sy)").build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CodeGenerator.generate(impl, Target.SM_80));
        assertEquals("instruction y reads x along d0 (LOOP) mapped to d1 (LOOP) where no register holds the matching iteration: "
                + "the value must go through a temporary array (§4.3.4)", e.getMessage());
    }
}
