package tessera.telamon.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tessera.telamon.codegen.Annotation;
import tessera.telamon.codegen.ControlFlowTree;
import tessera.telamon.codegen.TreePrinter;
import tessera.telamon.impl.Implementation;
import tessera.telamon.impl.Order;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Operand;
import tessera.telamon.kernel.Type;

/** Seed 001 §4.4.2, Algorithm 2: the control-flow tree rebuilt from fixed orders, and orders that are not trees. */
class ControlFlowTreeTest {
    /** Listing 5.1's kernel: x = 2·i along d0, y = 3·j along d1, z = x + y along both, stored. */
    static Kernel listing51() {
        return new Kernel("listing51", List.of(), List.of(CodegenKernels.array("Z", 32)), List.of(),
                List.of(CodegenKernels.fixed("d0", 4), CodegenKernels.fixed("d1", 8)),
                List.of(new Inst("x", Op.MUL, Type.F32, List.of(new Operand.Index("d0"), new Operand.Const(2)), List.of("d0"), null),
                        new Inst("y", Op.MUL, Type.F32, List.of(new Operand.Index("d1"), new Operand.Const(3)), List.of("d1"), null),
                        CodegenKernels.op("z", Op.ADD, List.of(CodegenKernels.value("x"), CodegenKernels.value("y")), "d0", "d1"),
                        CodegenKernels.st("sz", "Z", Map.of("d0", 8L, "d1", 1L), CodegenKernels.value("z"), "d0", "d1")));
    }

    static String tree(Implementation impl) {
        Annotation a = Annotation.of(impl);
        return TreePrinter.print(a, ControlFlowTree.build(a));
    }

    @Test
    void listing51BothNestings() {
        Implementation outer0 = CodegenFixtures.of(listing51()).loop("d0", 4).loop("d1", 8).tree("d0(x d1(y z sz))").build();
        assertEquals("""
                root
                  d0 (LOOP, 4)
                    x
                    d1 (LOOP, 8)
                      y
                      z
                      sz
                """, tree(outer0));
        // declaration order (d0 before d1, x before y) differs from the tree's pre-order here
        Implementation outer1 = CodegenFixtures.of(listing51()).loop("d0", 4).unroll("d1", 8).tree("d1(y d0(x z sz))").build();
        assertEquals("""
                root
                  d1 (UNROLL, 8)
                    y
                    d0 (LOOP, 4)
                      x
                      z
                      sz
                """, tree(outer1));
    }

    @Test
    void matmulTreeWithMergedClass() {
        Implementation mm = CodegenFixtures.of(CodegenKernels.matmul()).block("i0", 4, 1).block("j0", 2, 0).thread("i1", 4, 1)
                .thread("j1", 8, 0).loop("k0", 4).unroll("k1", 4).tree("i0(j0(i1(j1(acc k0(k1(a b c)) sc))))").build();
        assertEquals("""
                root
                  i0 (BLOCK, 4)
                    j0 (BLOCK, 2)
                      i1 (THREAD, 4)
                        j1 (THREAD, 8)
                          acc
                          k0 (LOOP, 4)
                            k1 (UNROLL, 4)
                              a
                              b
                              c
                          sc
                """, tree(mm));
        Implementation merged = CodegenFixtures.of(CodegenKernels.listing411()).loop("d0", 4).unroll("d1", 2).unroll("d2", 2)
                .tree("d0(y d1=d2(x z) sz)").build();
        assertEquals("""
                root
                  d0 (LOOP, 4)
                    y
                    d1 = d2 (UNROLL, 2)
                      x
                      z
                    sz
                """, tree(merged));
        Annotation a = Annotation.of(merged);
        assertEquals(List.of("y", "x", "z", "sz"), ControlFlowTree.build(a).instructions());
        assertEquals(List.of("d0", "d1"), ControlFlowTree.build(a).enclosing("z"));
    }

    @Test
    void orderThatIsNotATreeIsRejected() {
        // x inside d1 and d1 before d2, yet x inside d2: eq. 4.4 is violated
        Implementation bad = CodegenFixtures.of(CodegenKernels.listing411()).loop("d0", 4).unroll("d1", 2).unroll("d2", 2)
                .tree("d0(d1(x) y d2(z) sz)").set("x", "d2", Order.IN).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> tree(bad));
        assertTrue(e.getMessage().startsWith("the order is not a tree"), e.getMessage());
        // a cycle of BEFORE: ≺ is not total
        Implementation cycle = CodegenFixtures.of(CodegenKernels.listing411()).loop("d0", 4).unroll("d1", 2).unroll("d2", 2)
                .tree("d0(d1(x) y d2(z) sz)").set("d1", "d2", Order.AFTER).build();
        e = assertThrows(IllegalArgumentException.class, () -> tree(cycle));
        assertTrue(e.getMessage().startsWith("the order is not a tree"), e.getMessage());
        // an instruction outside its own dimension
        Implementation outside = CodegenFixtures.of(CodegenKernels.listing411()).loop("d0", 4).unroll("d1", 2).unroll("d2", 2)
                .tree("d0(d1 x y d2(z) sz)").build();
        e = assertThrows(IllegalArgumentException.class, () -> tree(outside));
        assertEquals("instruction x is not nested in its dimension d1 (order = AFTER)", e.getMessage());
    }

    @Test
    void invalidAnnotationsAreNamed() {
        Implementation mixed = CodegenFixtures.of(CodegenKernels.listing411()).loop("d0", 4).unroll("d1", 2).loop("d2", 2)
                .tree("d0(y d1=d2(x z) sz)").build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Annotation.of(mixed));
        assertEquals("merged dimensions d1 and d2 differ: UNROLL of size 2 against LOOP of size 2 (merged dimensions have equal size and kind)",
                e.getMessage());
        Implementation badSize = CodegenFixtures.of(CodegenKernels.listing411()).loop("d0", 3).unroll("d1", 2).unroll("d2", 2)
                .tree("d0(y d1=d2(x z) sz)").build();
        e = assertThrows(IllegalArgumentException.class, () -> Annotation.of(badSize));
        assertEquals("dimension d0 has size 3, not one of [4]", e.getMessage());
        Implementation dynamicThread = CodegenFixtures.of(CodegenKernels.scal()).thread("d0", 64, 0).unroll("d1", 4).unroll("d2", 4)
                .tree("d0(d1(d2(x y st)))").build();
        e = assertThrows(IllegalArgumentException.class, () -> Annotation.of(dynamicThread));
        assertEquals("dimension d0 is dynamic and cannot be THREAD (§4.2.1: only static dimensions can)", e.getMessage());
        Kernel k = CodegenKernels.exchange(false);
        Implementation noLayout = CodegenFixtures.of(k).thread("t", 32, 0).thread("u", 8, 0).thread("w", 4, 1)
                .tree("t(x sx) u(w(l z sz))").build();
        e = assertThrows(IllegalArgumentException.class, () -> Annotation.of(noLayout));
        assertEquals("temporary array T has no layout", e.getMessage());
        assertEquals(Array.Kind.TEMPORARY, k.array("T").kind());
    }
}
