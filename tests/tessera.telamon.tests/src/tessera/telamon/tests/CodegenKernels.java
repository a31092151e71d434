package tessera.telamon.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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

/** The kernels of the code-generation tests (seed 001 §4.2 representation). */
final class CodegenKernels {
    private CodegenKernels() {
    }

    static Operand.Value value(String inst, DimMap... mapped) {
        return new Operand.Value(inst, List.of(mapped));
    }

    static Inst ld(String name, String array, Map<String, Long> strides, String... dims) {
        return new Inst(name, Op.LD, Type.F32, List.of(), List.of(dims), new Access(array, 0, strides));
    }

    static Inst st(String name, String array, Map<String, Long> strides, Operand v, String... dims) {
        return new Inst(name, Op.ST, Type.F32, List.of(v), List.of(dims), new Access(array, 0, strides));
    }

    static Inst op(String name, Op op, List<Operand> operands, String... dims) {
        return new Inst(name, op, Type.F32, operands, List.of(dims), null);
    }

    static Dim fixed(String name, long size) {
        return new Dim(name, null, List.of(size));
    }

    static Array array(String name, long length) {
        return Array.input(name, Type.F32, Size.of(length));
    }

    /** Table 4.1's Y = α·X with n = 1024 (d1, d2 ∈ {1, 2, 4, 8}, factors {1, 2, 4, 8, 16}). */
    static Kernel scal() {
        return KernelCheckTest.table41(new Operand.Arg("alpha"));
    }

    /** Z = a·X + Y on a logical dimension d of size n = 4096 strip-mined into d0 (dynamic), d1, d2. */
    static Kernel axpy() {
        List<String> ds = List.of("d0", "d1", "d2");
        Map<String, Long> unit = Map.of("d", 1L);
        return new Kernel("axpy", List.of(new Param("n", Type.I32, 4096L), new Param("a", Type.F32, null)),
                List.of(Array.input("X", Type.F32, Size.param("n")), Array.input("Y", Type.F32, Size.param("n")),
                        Array.input("Z", Type.F32, Size.param("n"))),
                List.of(new LogicalDim("d", Size.param("n"), ds, List.of(1L, 2L, 4L, 8L, 16L, 32L, 64L, 128L))),
                List.of(new Dim("d0", "d", List.of()), new Dim("d1", "d", List.of(1L, 2L, 4L, 8L, 16L, 32L)),
                        new Dim("d2", "d", List.of(1L, 2L, 4L))),
                List.of(new Inst("x", Op.LD, Type.F32, List.of(), ds, new Access("X", 0, unit)),
                        new Inst("y", Op.LD, Type.F32, List.of(), ds, new Access("Y", 0, unit)),
                        op("z", Op.MAD, List.of(new Operand.Arg("a"), value("x"), value("y")), "d0", "d1", "d2"),
                        new Inst("sz", Op.ST, Type.F32, List.of(value("z")), ds, new Access("Z", 0, unit))));
    }

    /** C = A·B, 16 × 16 × 16, each dimension tiled once: i = i0·i1 (4, 4), j = j0·j1 (2, 8), k = k0·k1 (4, 4). */
    static Kernel matmul() {
        List<LogicalDim> ls = List.of(new LogicalDim("i", Size.of(16), List.of("i0", "i1"), List.of(4L)),
                new LogicalDim("j", Size.of(16), List.of("j0", "j1"), List.of(8L)),
                new LogicalDim("k", Size.of(16), List.of("k0", "k1"), List.of(4L)));
        List<Dim> dims = List.of(new Dim("i0", "i", List.of(4L)), new Dim("i1", "i", List.of(4L)), new Dim("j0", "j", List.of(2L)),
                new Dim("j1", "j", List.of(8L)), new Dim("k0", "k", List.of(4L)), new Dim("k1", "k", List.of(4L)));
        return new Kernel("matmul", List.of(), List.of(array("A", 256), array("B", 256), array("C", 256)), ls, dims,
                List.of(op("acc", Op.MOV, List.of(new Operand.Const(0)), "i0", "i1", "j0", "j1"),
                        ld("a", "A", Map.of("i", 16L, "k", 1L), "i0", "i1", "k0", "k1"),
                        ld("b", "B", Map.of("k", 16L, "j", 1L), "k0", "k1", "j0", "j1"),
                        op("c", Op.MAD, List.of(value("a"), value("b"), new Operand.Carried("acc", List.of("k0", "k1"), List.of())),
                                "i0", "i1", "j0", "j1", "k0", "k1"),
                        st("sc", "C", Map.of("i", 16L, "j", 1L), value("c"), "i0", "i1", "j0", "j1")));
    }

    /**
     * Communication through a temporary T: thread nest t (32) loads X into T, nest u × w (8 × 4) reads element 8w + u
     * of T, doubles it and stores it to Y. With {@code blocks}, an outer dimension b of size 2 runs it on two halves
     * (T is then indexed by b too: the kernel's semantics evaluates each instruction over its whole space, so a
     * temporary reused across iterations of b would not be one).
     */
    static Kernel exchange(boolean blocks) {
        List<Dim> dims = new ArrayList<>(List.of(fixed("t", 32), fixed("u", 8), fixed("w", 4)));
        String[] b = blocks ? new String[] {"b"} : new String[0];
        if (blocks) {
            dims.add(fixed("b", 2));
        }
        Map<String, Long> xb = blocks ? Map.of("b", 32L, "t", 1L) : Map.of("t", 1L);
        Map<String, Long> yb = blocks ? Map.of("b", 32L, "u", 1L, "w", 8L) : Map.of("u", 1L, "w", 8L);
        return new Kernel("exchange", List.of(), List.of(array("X", blocks ? 64 : 32), array("Y", blocks ? 64 : 32),
                new Array("T", Type.F32, Array.Kind.TEMPORARY, null, blocks ? List.of("b", "t") : List.of("t"))), List.of(), dims,
                List.of(ld("x", "X", xb, with(b, "t")), st("sx", "T", xb, value("x"), with(b, "t")),
                        ld("l", "T", blocks ? Map.of("b", 32L, "u", 1L, "w", 8L) : Map.of("u", 1L, "w", 8L), with(b, "u", "w")),
                        op("z", Op.MUL, List.of(value("l"), new Operand.Const(2)), with(b, "u", "w")),
                        st("sz", "Y", yb, value("z"), with(b, "u", "w"))));
    }

    private static String[] with(String[] outer, String... dims) {
        List<String> r = new ArrayList<>(List.of(outer));
        r.addAll(List.of(dims));
        return r.toArray(String[]::new);
    }

    /** Listing 4.9(a): x.i = load X[i] along d0, y_i = x.i * 2 along d1 (point to point d0 → d1), stored to Y. */
    static Kernel listing49() {
        return new Kernel("listing49", List.of(), List.of(array("X", 4), array("Y", 4)), List.of(), List.of(fixed("d0", 4), fixed("d1", 4)),
                List.of(ld("x", "X", Map.of("d0", 1L), "d0"),
                        op("y", Op.MUL, List.of(value("x", new DimMap("d0", "d1")), new Operand.Const(2)), "d1"),
                        st("sy", "Y", Map.of("d1", 1L), value("y"), "d1")));
    }

    /** Listing 4.11(a): x(d1) = load A[(d0, d1)], y = 0, z = phi(y, z) + x(d2), with z stored to Z[d0]. */
    static Kernel listing411() {
        return new Kernel("listing411", List.of(), List.of(array("A", 8), array("Z", 4)), List.of(),
                List.of(fixed("d0", 4), fixed("d1", 2), fixed("d2", 2)),
                List.of(ld("x", "A", Map.of("d0", 2L, "d1", 1L), "d0", "d1"), op("y", Op.MOV, List.of(new Operand.Const(0)), "d0"),
                        op("z", Op.ADD, List.of(new Operand.Carried("y", List.of("d2"), List.of()), value("x", new DimMap("d1", "d2"))), "d0", "d2"),
                        st("sz", "Z", Map.of("d0", 1L), value("z"), "d0")));
    }

    /** Listing 4.7(a): loop i around thread nest j1 (do_a), do_b, thread nest j2 (do_c); each a store. */
    static Kernel listing47() {
        return new Kernel("listing47", List.of(), List.of(array("A", 32), array("B", 8), array("C", 32)), List.of(),
                List.of(fixed("i", 8), fixed("j1", 4), fixed("j2", 4)),
                List.of(st("do_a", "A", Map.of("i", 4L, "j1", 1L), new Operand.Const(1), "i", "j1"),
                        st("do_b", "B", Map.of("i", 1L), new Operand.Const(2), "i"),
                        st("do_c", "C", Map.of("i", 4L, "j2", 1L), new Operand.Const(3), "i", "j2")));
    }

    /** Figure 4.1: block dimensions of sizes 3 and 2, thread dimensions of sizes 2 and 2 around one store. */
    static Kernel figure41() {
        return new Kernel("figure41", List.of(), List.of(array("Y", 24)), List.of(),
                List.of(fixed("b0", 3), fixed("b1", 2), fixed("t0", 2), fixed("t1", 2)),
                List.of(st("st", "Y", Map.of("b0", 8L, "b1", 4L, "t0", 2L, "t1", 1L), new Operand.Const(1), "b0", "b1", "t0", "t1")));
    }
}
