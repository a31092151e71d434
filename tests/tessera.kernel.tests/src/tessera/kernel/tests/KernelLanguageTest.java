package tessera.kernel.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import tessera.kernel.KernelLoader;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.DimMap;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.LogicalDim;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Operand;
import tessera.telamon.kernel.Size;
import tessera.telamon.kernel.Type;

/** The examples of examples/telamon and what the language derives: Table 4.1, §6.2's strip-mining, overrides. */
class KernelLanguageTest {
    private static Kernel kernel(KernelLoader.Result r) {
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics().toString());
        assertNotNull(r.kernel());
        return r.kernel();
    }

    private static List<Long> longs(long... v) {
        List<Long> r = new ArrayList<>();
        for (long x : v) {
            r.add(x);
        }
        return r;
    }

    @Test
    void everyExampleLoadsWithoutDiagnosticsAndIsWellFormed() throws Exception {
        List<String> files;
        try (Stream<Path> s = Files.list(Kernels.root().resolve("examples/telamon"))) {
            files = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".kernel")).sorted().toList();
        }
        assertEquals(Kernels.EXAMPLES.stream().map(e -> e + ".kernel").sorted().toList(), files);
        for (String e : Kernels.EXAMPLES) {
            Kernel k = kernel(Kernels.load(e));
            assertEquals(e, k.name());
            assertEquals(List.of(), k.check(), e);
        }
    }

    /** Table 4.1 (digest 001b §5.1): three instructions over d0 × d1 × d2, d0 dynamic, d1, d2 ∈ {1, 2, 4, 8}. */
    @Test
    void scalIsTable41() {
        Kernel k = kernel(Kernels.load("scal"));
        LogicalDim d = k.logical("d");
        assertEquals(Size.param("n"), d.size());
        assertEquals(List.of("d0", "d1", "d2"), d.dims());
        assertEquals(longs(1, 2, 4, 8, 16), d.tilingFactors());
        assertEquals(List.of(), k.dim("d0").possibleSizes());
        assertTrue(!k.dim("d0").isStatic());
        assertEquals(longs(1, 2, 4, 8), k.dim("d1").possibleSizes());
        assertEquals(longs(1, 2, 4, 8), k.dim("d2").possibleSizes());
        assertEquals(List.of("x", "y", "st_Y"), k.insts().stream().map(Inst::name).toList());
        assertEquals(List.of(Op.LD, Op.MUL, Op.ST), k.insts().stream().map(Inst::op).toList());
        for (Inst i : k.insts()) {
            assertEquals(List.of("d0", "d1", "d2"), i.dims(), i.name());
            assertEquals(Type.F32, i.type());
        }
        assertEquals(Map.of("d", 1L), k.inst("x").access().strides());
        assertEquals("X", k.inst("x").access().array());
        assertEquals(List.of(new Operand.Value("x", List.of()), new Operand.Arg("alpha")), k.inst("y").operands());
        assertEquals(List.of(new Operand.Value("y", List.of())), k.inst("st_Y").operands());
        assertEquals("Y", k.inst("st_Y").access().array());
        assertEquals(1024L, k.param("n").value());
        assertNull(k.param("alpha").value());
        assertEquals(Size.param("n"), k.array("X").length());
        // [DERIVED] the 13 (size(d1), size(d2)) pairs whose product is a factor
        int pairs = 0;
        for (long a : k.dim("d1").possibleSizes()) {
            for (long b : k.dim("d2").possibleSizes()) {
                pairs += d.tilingFactors().contains(a * b) ? 1 : 0;
            }
        }
        assertEquals(13, pairs);
    }

    /** §6.2.1: axpy's n = 2^26 strip-mined twice, d1 in 2..1024, d2 in 2..4; each instruction in its own nest. */
    @Test
    void axpyIsStripMinedTwiceWithPointToPointCommunication() {
        Kernel k = kernel(Kernels.load("axpy"));
        assertEquals(1L << 26, k.param("n").value());
        LogicalDim dx = k.logical("d_x");
        assertEquals(longs(4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096), dx.tilingFactors());
        assertEquals(longs(2, 4, 8, 16, 32, 64, 128, 256, 512, 1024), k.dim("d_x1").possibleSizes());
        assertEquals(longs(2, 4), k.dim("d_x2").possibleSizes());
        for (String copy : List.of("d_y", "d_z", "d_s")) {
            assertEquals(dx.tilingFactors(), k.logical(copy).tilingFactors());
            assertEquals(dx.size(), k.logical(copy).size());
        }
        Inst z = k.inst("z");
        assertEquals(Op.MAD, z.op());
        assertEquals(new Operand.Value("x", List.of(new DimMap("d_x0", "d_z0"), new DimMap("d_x1", "d_z1"),
                new DimMap("d_x2", "d_z2"))), z.operands().get(0));
        assertEquals(new Operand.Arg("alpha"), z.operands().get(1));
        assertEquals(List.of("d_s0", "d_s1", "d_s2"), k.inst("st_Z").dims());
    }

    /** Overrides replace the instance value and all that derives from it: factors divide 64. */
    @Test
    void overridesRecomputeTheFactors() {
        Kernel k = kernel(Kernels.load("axpy", Map.of("n", 64L)));
        assertEquals(64L, k.param("n").value());
        assertEquals(longs(4, 8, 16, 32, 64), k.logical("d_x").tilingFactors());
        for (long f : k.logical("d_x").tilingFactors()) {
            assertEquals(0, 64 % f);
        }
        assertEquals(longs(2, 4, 8, 16, 32), k.dim("d_x1").possibleSizes());
        assertEquals(longs(2, 4), k.dim("d_x2").possibleSizes());
        // a static size: d0's possible sizes and the array lengths follow it
        Kernel o = kernel(Kernels.load("outer_product", Map.of("m", 8L)));
        assertEquals(longs(8), o.dim("d_m0").possibleSizes());
        assertEquals(Size.of(8), o.array("A").length());
        Kernel b = kernel(Kernels.load("batched_matmul", Map.of("m", 16L, "batch", 96L)));
        assertEquals(longs(2, 4, 8, 16), b.logical("m_a").tilingFactors());
        assertEquals(longs(1, 2, 4, 8), b.dim("m_a0").possibleSizes());
        assertEquals(longs(2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 96), b.logical("b_a").tilingFactors());
        assertEquals(Size.of(96 * 16 * 64), b.array("A").length());
    }

    /** §6.2.1's matmul: m, n twice (2..32, 2..4), k once (2..32); a loop-carried mad initialised by mov 0. */
    @Test
    void matmulReducesWithALoopCarriedMad() {
        Kernel k = kernel(Kernels.load("matmul_256"));
        assertEquals(longs(4, 8, 16, 32, 64, 128), k.logical("m_a").tilingFactors());
        assertEquals(longs(2, 4, 8, 16, 32), k.dim("m_a1").possibleSizes());
        assertEquals(longs(2, 4), k.dim("m_a2").possibleSizes());
        assertEquals(longs(2, 4, 8, 16, 32), k.logical("k_a").tilingFactors());
        assertEquals(Map.of("m_a", 32L, "k_a", 1L), k.inst("a").access().strides());
        Inst acc0 = k.inst("acc0");
        assertEquals(Op.MOV, acc0.op());
        assertEquals(List.of(new Operand.Const(0)), acc0.operands());
        Inst acc = k.inst("acc");
        assertEquals(List.of("m_r0", "m_r1", "m_r2", "n_r0", "n_r1", "n_r2", "k_r0", "k_r1"), acc.dims());
        Operand.Carried c = (Operand.Carried) acc.operands().get(2);
        assertEquals("acc0", c.init());
        assertEquals(List.of("k_r0", "k_r1"), c.dims());
        assertEquals(new DimMap("m_i0", "m_r0"), c.mapped().get(0));
        assertEquals(6, c.mapped().size());
        assertEquals(Map.of("m_a", 32L * 1024, "k_a", 32L), kernel(Kernels.load("strided_matmul")).inst("a").access()
                .strides());
        assertEquals(Size.of(1024L * 1024 * 32), kernel(Kernels.load("strided_matmul")).array("A").length());
    }

    /** §6.2.1: batched matmul has static m, n, k (one tile each in 2..64) and a dynamic batch (2..128). */
    @Test
    void batchedMatmulHasStaticSizesAndADynamicBatch() {
        Kernel k = kernel(Kernels.load("batched_matmul"));
        assertEquals(List.of("batch"), k.params().stream().map(p -> p.name()).toList());
        assertEquals(Size.of(32), k.logical("m_a").size());
        assertEquals(longs(16, 8, 4, 2, 1).reversed(), k.dim("m_a0").possibleSizes());
        assertEquals(longs(2, 4, 8, 16, 32, 64), k.dim("k_a1").possibleSizes());
        assertEquals(Size.param("batch"), k.logical("b_a").size());
        assertEquals(longs(2, 4, 8, 16, 32, 64, 128), k.dim("b_a1").possibleSizes());
        assertTrue(!k.dim("b_a0").isStatic());
        assertEquals(Map.of("b_a", 2048L, "m_a", 64L, "k_a", 1L), k.inst("a").access().strides());
        Kernel reuse = kernel(Kernels.load("reuse_matmul"));
        assertEquals(List.of("k_b0", "k_b1", "n_b0", "n_b1"), reuse.inst("b").dims());
        assertEquals(Size.of(64 * 32), reuse.array("B").length());
    }

    /** Table 4.2: dimensions that are not strip-mined are d_m0 and d_n0; c iterates over both. */
    @Test
    void outerProductIsTable42() {
        Kernel k = kernel(Kernels.load("outer_product"));
        assertEquals(List.of("d_m0", "d_n0"), k.dims().stream().map(d -> d.name()).toList());
        assertEquals(longs(1), k.logical("d_m").tilingFactors());
        assertEquals(longs(256), k.dim("d_m0").possibleSizes());
        assertEquals(List.of("d_m0", "d_n0"), k.inst("c").dims());
        assertEquals(List.of("a", "b", "c"), k.insts().stream().map(Inst::name).toList());
    }

    /** Named dimensions, temporary arrays, index operands, offsets, powers, plain-dimension strides and maps. */
    @Test
    void theRestOfTheLanguage() {
        Kernel k = kernel(Kernels.text("""
                kernel rest
                  size n = 2^6
                  array X: i32[n, 2]
                  dim d[n] tiles 2..8 named d_o, d_i
                  dim e same as d named e_o, e_i
                  temp T: i32 over d_i, e
                  x = load X[2*d_o + d_i - 3] in d
                  y: i64 = mov 7 in e
                  z = add x[d_o -> e_o, d_i -> e_i], index(e_i) in e
                end
                """));
        assertEquals(List.of("d_o", "d_i", "e_o", "e_i"), k.dims().stream().map(d -> d.name()).toList());
        assertEquals(longs(2, 4, 8), k.dim("d_i").possibleSizes());
        assertEquals(longs(8, 16, 32), k.dim("e_o").possibleSizes());
        Array t = k.array("T");
        assertEquals(Array.Kind.TEMPORARY, t.kind());
        assertEquals(List.of("d_i", "e_o", "e_i"), t.dims());
        assertEquals(Size.of(8 * 32 * 8), t.length());
        assertEquals(Size.of(128), k.array("X").length());
        assertEquals(-3, k.inst("x").access().offset());
        assertEquals(Map.of("d_o", 2L, "d_i", 1L), k.inst("x").access().strides());
        assertEquals(Type.I64, k.inst("y").type());
        assertEquals(List.of(new Operand.Value("x", List.of(new DimMap("d_o", "e_o"), new DimMap("d_i", "e_i"))),
                new Operand.Index("e_i")), k.inst("z").operands());
        assertEquals(Type.I32, k.inst("z").type());
    }
}
