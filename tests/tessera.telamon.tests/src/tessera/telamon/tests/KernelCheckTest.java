package tessera.telamon.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tessera.telamon.kernel.Access;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.LogicalDim;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Operand;
import tessera.telamon.kernel.Param;
import tessera.telamon.kernel.Size;
import tessera.telamon.kernel.Type;

/** The well-formedness rules of the kernel representation (§4.2), on Table 4.1's vector-scalar kernel. */
class KernelCheckTest {
    /** Table 4.1: Y = α·X, d strip-mined into d0, d1, d2 with d1, d2 ∈ {1, 2, 4, 8} and factors {1, 2, 4, 8, 16}. */
    static Kernel table41(Operand alpha) {
        List<String> ds = List.of("d0", "d1", "d2");
        Map<String, Long> unit = Map.of("d", 1L);
        return new Kernel("scal", List.of(new Param("n", Type.I32, 1024L), new Param("alpha", Type.F32, null)),
                List.of(Array.input("X", Type.F32, Size.param("n")), Array.input("Y", Type.F32, Size.param("n"))),
                List.of(new LogicalDim("d", Size.param("n"), ds, List.of(1L, 2L, 4L, 8L, 16L))),
                List.of(new Dim("d0", "d", List.of()), new Dim("d1", "d", List.of(1L, 2L, 4L, 8L)),
                        new Dim("d2", "d", List.of(1L, 2L, 4L, 8L))),
                List.of(new Inst("x", Op.LD, Type.F32, List.of(), ds, new Access("X", 0, unit)),
                        new Inst("y", Op.MUL, Type.F32, List.of(new Operand.Value("x", List.of()), alpha), ds, null),
                        new Inst("st", Op.ST, Type.F32, List.of(new Operand.Value("y", List.of())), ds, new Access("Y", 0, unit))));
    }

    @Test
    void table41IsWellFormed() {
        assertEquals(List.of(), table41(new Operand.Arg("alpha")).check());
    }

    @Test
    void badReferencesAreNamed() {
        List<String> errors = table41(new Operand.Arg("beta")).check();
        assertEquals(List.of("instruction y: unknown parameter beta"), errors);
        errors = table41(new Operand.Value("y", List.of())).check();
        assertTrue(errors.contains("instruction y depends on its own value (use a carried operand for a reduction)"), errors::toString);
    }
}
