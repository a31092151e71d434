package tessera.telamon.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.DiagnosticException;
import tessera.telamon.exec.KernelSemantics;
import tessera.telamon.kernel.Access;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.DimMap;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.LogicalDim;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Operand;
import tessera.telamon.kernel.Param;
import tessera.telamon.kernel.Size;
import tessera.telamon.kernel.Type;

/** The reference semantics of kernels (§4.2.2) against plain Java loops; results do not depend on tile sizes. */
class KernelSemanticsTest {
    /** Collects logical dimensions and their dimensions. */
    static final class Dims {
        final List<LogicalDim> logical = new ArrayList<>();
        final List<Dim> dims = new ArrayList<>();

        /** A logical dimension {@code name} of static size strip-mined once into name0 (outer) and name1. */
        List<String> tiled(String name, long size, List<Long> factors) {
            List<String> ds = List.of(name + "0", name + "1");
            logical.add(new LogicalDim(name, Size.of(size), ds, factors));
            dims.add(new Dim(ds.get(0), name, factors.stream().map(f -> size / f).toList()));
            dims.add(new Dim(ds.get(1), name, factors));
            return ds;
        }
    }

    static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> r = new ArrayList<>(a);
        r.addAll(b);
        return r;
    }

    static List<DimMap> maps(List<String> from, List<String> to) {
        List<DimMap> r = new ArrayList<>();
        for (int i = 0; i < from.size(); i++) {
            r.add(new DimMap(from.get(i), to.get(i)));
        }
        return r;
    }

    static float[] random(int n, long seed) {
        Random rnd = new Random(seed);
        float[] r = new float[n];
        for (int i = 0; i < n; i++) {
            r[i] = rnd.nextFloat() * 4 - 2;
        }
        return r;
    }

    @Test
    void scalTable41() {
        Kernel k = KernelCheckTest.table41(new Operand.Arg("alpha"));
        float[] x = random(1024, 3);
        float alpha = 1.7f;
        float[] want = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            want[i] = x[i] * alpha;
        }
        for (long[] t : new long[][] {{1, 1}, {2, 4}, {8, 2}, {4, 4}}) {
            Map<String, Object> out = KernelSemantics.evaluate(k, Map.of("alpha", alpha), Map.of("X", x),
                    Map.of("d1", t[0], "d2", t[1]));
            assertEquals(List.of("Y"), List.copyOf(out.keySet()));
            assertArrayEquals(want, (float[]) out.get("Y"), "tiles " + t[0] + "×" + t[1]);
        }
        // the sizes of tile dimensions are not needed at all: the evaluation is over the logical index
        assertArrayEquals(want, (float[]) KernelSemantics.evaluate(k, Map.of("alpha", alpha), Map.of("X", x), Map.of()).get("Y"));
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> KernelSemantics.evaluate(k,
                Map.of("alpha", alpha), Map.of("X", x), Map.of("d0", 100L, "d1", 2L, "d2", 4L)));
        assertEquals("scal:1:1: error: the sizes of [d0, d1, d2] multiply to 800, not to the size 1024 of logical dimension d",
                e.getMessage());
    }

    /** z = alpha·x + y (Telamon's axpy: one mad, fused like fma.rn). */
    static Kernel axpy(int n) {
        Dims d = new Dims();
        List<String> ds = d.tiled("i", n, List.of(1L, 2L, 4L));
        Map<String, Long> unit = Map.of("i", 1L);
        return new Kernel("axpy", List.of(new Param("alpha", Type.F32, null)),
                List.of(Array.input("X", Type.F32, Size.of(n)), Array.input("Y", Type.F32, Size.of(n)),
                        Array.input("Z", Type.F32, Size.of(n))),
                d.logical, d.dims,
                List.of(new Inst("x", Op.LD, Type.F32, List.of(), ds, new Access("X", 0, unit)),
                        new Inst("y", Op.LD, Type.F32, List.of(), ds, new Access("Y", 0, unit)),
                        new Inst("z", Op.MAD, Type.F32, List.of(new Operand.Value("x", List.of()), new Operand.Arg("alpha"),
                                new Operand.Value("y", List.of())), ds, null),
                        new Inst("st", Op.ST, Type.F32, List.of(new Operand.Value("z", List.of())), ds, new Access("Z", 0, unit))));
    }

    @Test
    void axpy() {
        int n = 100;
        float[] x = random(n, 5);
        float[] y = random(n, 6);
        float alpha = -0.3f;
        float[] want = new float[n];
        for (int i = 0; i < n; i++) {
            want[i] = Math.fma(x[i], alpha, y[i]);
        }
        for (long f : new long[] {1, 2, 4}) {
            Map<String, Object> out = KernelSemantics.evaluate(axpy(n), Map.of("alpha", alpha), Map.of("X", x, "Y", y),
                    Map.of("i1", f));
            assertArrayEquals(want, (float[]) out.get("Z"), "tile " + f);
        }
    }

    /**
     * Telamon's matmul (kernels/src/linalg.rs, compose.rs): A and B loaded in their own dimensions, the accumulator
     * initialised by mov 0 and reduced by a mad carried along k, all mapped point-to-point; every tensor dimension is
     * a logical dimension strip-mined into two.
     */
    static Kernel matmul(int m, int n, int kk) {
        Dims d = new Dims();
        List<Long> f = List.of(1L, 2L, 4L);
        List<String> ma = d.tiled("ma", m, f);
        List<String> ka = d.tiled("ka", kk, f);
        List<String> kb = d.tiled("kb", kk, f);
        List<String> nb = d.tiled("nb", n, f);
        List<String> mi = d.tiled("mi", m, f);
        List<String> ni = d.tiled("ni", n, f);
        List<String> mc = d.tiled("mc", m, f);
        List<String> nc = d.tiled("nc", n, f);
        List<String> kc = d.tiled("kc", kk, f);
        Operand a = new Operand.Value("a", concat(maps(ma, mc), maps(ka, kc)));
        Operand b = new Operand.Value("b", concat(maps(kb, kc), maps(nb, nc)));
        Operand acc = new Operand.Carried("init", kc, concat(maps(mi, mc), maps(ni, nc)));
        return new Kernel("matmul", List.of(),
                List.of(Array.input("A", Type.F32, Size.of((long) m * kk)), Array.input("B", Type.F32, Size.of((long) kk * n)),
                        Array.input("C", Type.F32, Size.of((long) m * n))),
                d.logical, d.dims,
                List.of(new Inst("a", Op.LD, Type.F32, List.of(), concat(ma, ka), new Access("A", 0, Map.of("ma", (long) kk, "ka", 1L))),
                        new Inst("b", Op.LD, Type.F32, List.of(), concat(kb, nb), new Access("B", 0, Map.of("kb", (long) n, "nb", 1L))),
                        new Inst("init", Op.MOV, Type.F32, List.of(new Operand.Const(0)), concat(mi, ni), null),
                        new Inst("acc", Op.MAD, Type.F32, List.of(a, b, acc), concat(concat(mc, nc), kc), null),
                        new Inst("st", Op.ST, Type.F32, List.of(new Operand.Value("acc", List.of())), concat(mc, nc),
                                new Access("C", 0, Map.of("mc", (long) n, "nc", 1L)))));
    }

    @Test
    void matmulWithALoopCarriedReduction() {
        int m = 8;
        int n = 8;
        int kk = 4;
        float[] a = random(m * kk, 11);
        float[] b = random(kk * n, 12);
        float[] want = new float[m * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                float acc = 0;
                for (int l = 0; l < kk; l++) {
                    acc = Math.fma(a[i * kk + l], b[l * n + j], acc);
                }
                want[i * n + j] = acc;
            }
        }
        Kernel k = matmul(m, n, kk);
        assertEquals(List.of(), k.check());
        for (long tm : new long[] {1, 2, 4}) {
            for (long tk : new long[] {1, 2, 4}) {
                Map<String, Long> sizes = new HashMap<>();
                for (String l : List.of("ma", "mi", "mc")) {
                    sizes.put(l + "1", tm);
                }
                for (String l : List.of("ka", "kb", "kc")) {
                    sizes.put(l + "1", tk);
                }
                sizes.put("nb1", 2L);
                sizes.put("nc1", 2L);
                Map<String, Object> out = KernelSemantics.evaluate(k, Map.of(), Map.of("A", a, "B", b), sizes);
                assertArrayEquals(want, (float[]) out.get("C"), "tiles m " + tm + ", k " + tk);
            }
        }
    }

    /**
     * Default semantics and point-to-point communication (§4.2.2): b ∈ {i, l} reads a ∈ {i, j} at (i, size(j) − 1);
     * with the map j → l it reads (i, l).
     */
    @Test
    void lastIterationOfOtherDimsAndPointToPoint() {
        int ni = 3;
        int nj = 4;
        List<Dim> dims = List.of(new Dim("i", null, List.of((long) ni)), new Dim("j", null, List.of((long) nj)),
                new Dim("l", null, List.of((long) nj)));
        int[] src = new int[ni * nj];
        for (int q = 0; q < src.length; q++) {
            src[q] = q * 10 + 1;
        }
        for (boolean mapped : new boolean[] {false, true}) {
            List<DimMap> jl = mapped ? List.of(new DimMap("j", "l")) : List.of();
            Kernel k = new Kernel("p2p", List.of(),
                    List.of(Array.input("A", Type.I32, Size.of(ni * nj)), Array.input("B", Type.I32, Size.of(ni * nj))),
                    List.of(), dims,
                    List.of(new Inst("a", Op.LD, Type.I32, List.of(), List.of("i", "j"), new Access("A", 0, Map.of("i", (long) nj, "j", 1L))),
                            new Inst("b", Op.ADD, Type.I32, List.of(new Operand.Value("a", jl), new Operand.Index("l")),
                                    List.of("i", "l"), null),
                            new Inst("st", Op.ST, Type.I32, List.of(new Operand.Value("b", List.of())), List.of("i", "l"),
                                    new Access("B", 0, Map.of("i", (long) nj, "l", 1L)))));
            int[] out = (int[]) KernelSemantics.evaluate(k, Map.of(), Map.of("A", src), Map.of()).get("B");
            int[] want = new int[ni * nj];
            for (int i = 0; i < ni; i++) {
                for (int l = 0; l < nj; l++) {
                    want[i * nj + l] = src[i * nj + (mapped ? l : nj - 1)] + l;
                }
            }
            assertArrayEquals(want, out, mapped ? "mapped" : "default");
        }
    }

    /**
     * A reduction carried along the tile dimension k1 only (k0 left out): one partial sum per tile, so here the given
     * tile size matters; i32 arithmetic wraps around.
     */
    @Test
    void reductionAlongATileDimensionUsesTheGivenSizes() {
        int n = 16;
        Dims d = new Dims();
        List<String> ks = d.tiled("k", n, List.of(1L, 2L, 4L, 8L));
        int[] x = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = Integer.MAX_VALUE - i;
        }
        for (long t : new long[] {2, 4, 8}) {
            int parts = (int) (n / t);
            Kernel k = new Kernel("partial", List.of(),
                    List.of(Array.input("X", Type.I32, Size.of(n)), Array.input("S", Type.I32, Size.of(parts))),
                    d.logical, d.dims,
                    List.of(new Inst("x", Op.LD, Type.I32, List.of(), ks, new Access("X", 0, Map.of("k", 1L))),
                            new Inst("zero", Op.MOV, Type.I32, List.of(new Operand.Const(0)), List.of("k0"), null),
                            new Inst("sum", Op.ADD, Type.I32, List.of(new Operand.Carried("zero", List.of("k1"), List.of()),
                                    new Operand.Value("x", List.of())), ks, null),
                            new Inst("st", Op.ST, Type.I32, List.of(new Operand.Value("sum", List.of())), List.of("k0"),
                                    new Access("S", 0, Map.of("k0", 1L)))));
            int[] want = new int[parts];
            for (int p = 0; p < parts; p++) {
                for (int q = 0; q < t; q++) {
                    want[p] += x[(int) (p * t + q)];
                }
            }
            assertArrayEquals(want, (int[]) KernelSemantics.evaluate(k, Map.of(), Map.of("X", x), Map.of("k1", t)).get("S"),
                    "tile " + t);
            DiagnosticException e = assertThrows(DiagnosticException.class,
                    () -> KernelSemantics.evaluate(k, Map.of(), Map.of("X", x), Map.of()));
            assertEquals("partial:1:1: error: the size of dimension k0 is needed: give it or the sizes of [k1] in sizes "
                    + "(possible: [16, 8, 4, 2])", e.getMessage());
        }
    }

    @Test
    void badInputsAreNamed() {
        Kernel k = axpy(8);
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> KernelSemantics.evaluate(k, Map.of("alpha", 1f), Map.of("X", new float[7]), Map.of()));
        assertEquals("axpy:1:1: error: array X needs 8 elements of type f32, given float[] of 7", e.getMessage());
        e = assertThrows(DiagnosticException.class, () -> KernelSemantics.evaluate(k, Map.of(), Map.of(), Map.of()));
        assertEquals("axpy:1:1: error: instruction z reads parameter alpha, which has no value", e.getMessage());
        Kernel shifted = new Kernel(k.name(), k.params(), k.arrays(), k.logicalDims(), k.dims(),
                List.of(k.insts().get(0), k.insts().get(1), k.insts().get(2),
                        new Inst("st", Op.ST, Type.F32, List.of(new Operand.Value("z", List.of())), List.of("i0", "i1"),
                                new Access("Z", 1, Map.of("i", 1L)))));
        e = assertThrows(DiagnosticException.class, () -> KernelSemantics.evaluate(shifted, Map.of("alpha", 1f), Map.of(), Map.of()));
        assertEquals("axpy:1:1: error: instruction st: address 8 is outside Z (8 elements) at i = 7", e.getMessage());
    }
}
