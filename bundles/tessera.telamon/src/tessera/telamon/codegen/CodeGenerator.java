package tessera.telamon.codegen;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.telamon.impl.Cache;
import tessera.telamon.impl.DimKind;
import tessera.telamon.impl.Implementation;
import tessera.telamon.impl.Order;
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

/**
 * Seed 001 §4.4 (digest 001b §3.2), code generation for a fixed candidate: annotate (step 1), build the control-flow
 * tree (Algorithm 2) and erase its parallel dimensions with synchronizations (step 2), name variables (step 3), print
 * PTX and the launch description (step 4). Invalid candidates are IllegalArgumentExceptions with a message naming
 * what is wrong.
 */
public final class CodeGenerator {
    /** Everything code generation produces: PTX, launch description, and the intermediate forms as text. */
    public record Output(String ptx, LaunchDescription launch, String tree, String pseudoCode) {
    }

    private CodeGenerator() {
    }

    public static Output generate(Implementation impl, Target target) {
        Annotation a = Annotation.of(impl);
        ControlFlowTree tree = ControlFlowTree.build(a);
        Erased erased = Synchronization.insert(a, Erasure.erase(a, tree));
        Variables vars = Variables.allocate(a, tree);
        PtxPrinter.Result r = PtxPrinter.print(a, erased, vars, target);
        return new Output(r.ptx(), r.launch(), TreePrinter.print(a, tree), PseudoCode.print(a, erased));
    }

    /** Prints the pipeline's stages for Table 4.1's Y = α·X with d0 BLOCK, d1 THREAD (32) and d2 VECTOR (4). */
    public static void main(String[] args) {
        Output out = generate(table41(), Target.of(args.length > 0 ? args[0] : "sm_80"));
        System.out.println(out.tree());
        System.out.println(out.pseudoCode());
        System.out.println(out.ptx());
        System.out.println(out.launch().toJson());
    }

    private static Implementation table41() {
        List<String> ds = List.of("d0", "d1", "d2");
        Map<String, Long> unit = Map.of("d", 1L);
        Operand.Value x = new Operand.Value("x", List.of());
        Kernel k = new Kernel("scal", List.of(new Param("n", Type.I32, 1L << 20), new Param("alpha", Type.F32, null)),
                List.of(Array.input("X", Type.F32, Size.param("n")), Array.input("Y", Type.F32, Size.param("n"))),
                List.of(new LogicalDim("d", Size.param("n"), ds, List.of(1L, 2L, 4L, 8L, 16L, 32L, 64L, 128L))),
                List.of(new Dim("d0", "d", List.of()), new Dim("d1", "d", List.of(1L, 2L, 4L, 8L, 16L, 32L)), new Dim("d2", "d", List.of(1L, 2L, 4L))),
                List.of(new Inst("x", Op.LD, Type.F32, List.of(), ds, new Access("X", 0, unit)),
                        new Inst("y", Op.MUL, Type.F32, List.of(x, new Operand.Arg("alpha")), ds, null),
                        new Inst("st", Op.ST, Type.F32, List.of(new Operand.Value("y", List.of())), ds, new Access("Y", 0, unit))));
        Map<String, Map<String, Order>> order = new HashMap<>();
        for (String s : k.statements()) {
            for (String t : k.statements()) {
                int ps = k.statements().indexOf(s);
                int pt = k.statements().indexOf(t);
                boolean sDim = ps < 3;
                boolean tDim = pt < 3;
                Order o = sDim && tDim ? (ps < pt ? Order.OUT : Order.IN) : sDim ? Order.OUT : tDim ? Order.IN : ps < pt ? Order.BEFORE : Order.AFTER;
                if (ps != pt) {
                    order.computeIfAbsent(s, q -> new HashMap<>()).put(t, o);
                }
            }
        }
        return new Implementation(k, Map.of("d0", DimKind.BLOCK, "d1", DimKind.THREAD, "d2", DimKind.VECTOR),
                Map.of("d0", (1L << 20) / 128, "d1", 32L, "d2", 4L), order, Map.of("d1", 0), Map.of("d0", 0), Map.of(),
                Map.of("x", Cache.READ_ONLY, "st", Cache.L2), Map.of());
    }
}
