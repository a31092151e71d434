package tessera.telamon.pipeline.tests;

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

/** Small kernels built in Java for the space's tests (the example .kernel files are the language's). */
final class Kernels {
    private Kernels() {
    }

    /** Table 4.1: Y = α·X with one loop nest, d strip-mined into d0 (dynamic), d1, d2 ∈ {1, 2, 4, 8}, factors ≤ 16. */
    static Kernel table41(long n) {
        List<String> ds = List.of("d0", "d1", "d2");
        Map<String, Long> unit = Map.of("d", 1L);
        return new Kernel("scal", List.of(new Param("n", Type.I32, n), new Param("alpha", Type.F32, null)),
                List.of(Array.input("X", Type.F32, Size.param("n")), Array.input("Y", Type.F32, Size.param("n"))),
                List.of(new LogicalDim("d", Size.param("n"), ds, List.of(1L, 2L, 4L, 8L, 16L))),
                List.of(new Dim("d0", "d", List.of()), new Dim("d1", "d", List.of(1L, 2L, 4L, 8L)),
                        new Dim("d2", "d", List.of(1L, 2L, 4L, 8L))),
                List.of(new Inst("x", Op.LD, Type.F32, List.of(), ds, new Access("X", 0, unit)),
                        new Inst("y", Op.MUL, Type.F32, List.of(new Operand.Value("x", List.of()), new Operand.Arg("alpha")), ds, null),
                        new Inst("st", Op.ST, Type.F32, List.of(new Operand.Value("y", List.of())), ds, new Access("Y", 0, unit))));
    }

    /**
     * §6.2.1's axpy z = α·x + y with each instruction in its own nest mapped point-to-point: n (static) strip-mined
     * twice with tile sizes {@code tiles1} and {@code tiles2}.
     */
    static Kernel axpy(long n, List<Long> tiles1, List<Long> tiles2) {
        List<LogicalDim> logicals = new ArrayList<>();
        List<Dim> dims = new ArrayList<>();
        List<Long> factors = new ArrayList<>();
        for (long a : tiles1) {
            for (long b : tiles2) {
                if (n % (a * b) == 0 && !factors.contains(a * b)) {
                    factors.add(a * b);
                }
            }
        }
        List<Long> outer = factors.stream().map(f -> n / f).distinct().sorted().toList();
        for (String nest : List.of("x", "y", "z", "s")) {
            List<String> ds = List.of(nest + "0", nest + "1", nest + "2");
            logicals.add(new LogicalDim(nest, Size.of(n), ds, factors));
            dims.add(new Dim(ds.get(0), nest, outer));
            dims.add(new Dim(ds.get(1), nest, tiles1));
            dims.add(new Dim(ds.get(2), nest, tiles2));
        }
        return new Kernel("axpy", List.of(new Param("alpha", Type.F32, null)),
                List.of(Array.input("X", Type.F32, Size.of(n)), Array.input("Y", Type.F32, Size.of(n)),
                        Array.input("Z", Type.F32, Size.of(n))),
                logicals, dims,
                List.of(new Inst("ld_x", Op.LD, Type.F32, List.of(), dims("x"), new Access("X", 0, Map.of("x", 1L))),
                        new Inst("ld_y", Op.LD, Type.F32, List.of(), dims("y"), new Access("Y", 0, Map.of("y", 1L))),
                        new Inst("mad", Op.MAD, Type.F32, List.of(new Operand.Value("ld_x", maps("x", "z")), new Operand.Arg("alpha"),
                                new Operand.Value("ld_y", maps("y", "z"))), dims("z"), null),
                        new Inst("st_z", Op.ST, Type.F32, List.of(new Operand.Value("mad", maps("z", "s"))), dims("s"),
                                new Access("Z", 0, Map.of("s", 1L)))));
    }

    static List<String> dims(String nest) {
        return List.of(nest + "0", nest + "1", nest + "2");
    }

    static List<DimMap> maps(String from, String to) {
        return List.of(new DimMap(from + "0", to + "0"), new DimMap(from + "1", to + "1"), new DimMap(from + "2", to + "2"));
    }
}
