package tessera.telamon.space;

import java.util.ArrayList;
import java.util.List;

import tessera.telamon.kernel.DimMap;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.Operand;

/**
 * A point-to-point pair of a kernel (§4.2.2): the consumer {@code consumer} reads {@code producer}'s value along
 * {@code map}; {@code reductionInit} when the pair maps a reduction's initial value (a Carried operand).
 */
public record Communication(String name, String producer, String consumer, DimMap map, boolean reductionInit) {
    /** Every mapped pair of the kernel's operands, in instruction and operand order. */
    public static List<Communication> of(Kernel k) {
        List<Communication> r = new ArrayList<>();
        for (Inst i : k.insts()) {
            for (Operand o : i.operands()) {
                if (o instanceof Operand.Value v) {
                    v.mapped().forEach(m -> r.add(new Communication(name(m, i), v.inst(), i.name(), m, false)));
                } else if (o instanceof Operand.Carried c) {
                    c.mapped().forEach(m -> r.add(new Communication(name(m, i), c.init(), i.name(), m, true)));
                }
            }
        }
        return r;
    }

    private static String name(DimMap m, Inst consumer) {
        return m.producer() + ">" + m.consumer() + "@" + consumer.name();
    }
}
