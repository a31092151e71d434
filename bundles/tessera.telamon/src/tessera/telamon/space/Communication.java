package tessera.telamon.space;

import java.util.ArrayList;
import java.util.List;

import tessera.telamon.kernel.DimMap;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.Operand;

/**
 * A point-to-point pair of a kernel (§4.2.2): operand {@code operand} of {@code consumer} reads {@code producer}'s
 * value along {@code map}; {@code reductionInit} when the pair maps a reduction's initial value (a Carried operand).
 */
public record Communication(String name, String producer, String consumer, int operand, DimMap map, boolean reductionInit) {
    /** Every mapped pair of the kernel's operands, in instruction and operand order. */
    public static List<Communication> of(Kernel k) {
        List<Communication> r = new ArrayList<>();
        for (Inst i : k.insts()) {
            for (int n = 0; n < i.operands().size(); n++) {
                int index = n;
                if (i.operands().get(n) instanceof Operand.Value v) {
                    v.mapped().forEach(m -> r.add(new Communication(name(m, i), v.inst(), i.name(), index, m, false)));
                } else if (i.operands().get(n) instanceof Operand.Carried c) {
                    c.mapped().forEach(m -> r.add(new Communication(name(m, i), c.init(), i.name(), index, m, true)));
                }
            }
        }
        return r;
    }

    /** The pairs of the same operand as this one (this one included). */
    public List<Communication> sameOperand(List<Communication> all) {
        return all.stream().filter(c -> c.consumer.equals(consumer) && c.operand == operand).toList();
    }

    /** The name of the lowering of this pair's operand through memory: {@code <consumer>_<operand>}. */
    public String operandName() {
        return consumer + "_" + operand;
    }

    private static String name(DimMap m, Inst consumer) {
        return m.producer() + ">" + m.consumer() + "@" + consumer.name();
    }
}
