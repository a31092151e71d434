package tessera.telamon.exec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.Op;

/**
 * The order in which {@link KernelSemantics} evaluates instructions: every producer (value operands, carried inits)
 * before its consumers and every store to an array before the loads of that array (a temporary array is written before
 * it is read); ties in declaration order.
 */
final class EvaluationOrder {
    private EvaluationOrder() {
    }

    static List<Inst> of(Kernel k) {
        Map<String, Set<String>> before = new HashMap<>();
        for (Inst i : k.insts()) {
            Set<String> deps = new LinkedHashSet<>(k.producers(i));
            if (i.op() == Op.LD) {
                for (Inst s : k.insts()) {
                    if (s.op() == Op.ST && s.access().array().equals(i.access().array())) {
                        deps.add(s.name());
                    }
                }
            }
            before.put(i.name(), deps);
        }
        List<Inst> order = new ArrayList<>();
        Set<String> done = new LinkedHashSet<>();
        while (order.size() < k.insts().size()) {
            Inst next = null;
            for (Inst i : k.insts()) {
                if (!done.contains(i.name()) && done.containsAll(before.get(i.name()))) {
                    next = i;
                    break;
                }
            }
            if (next == null) {
                List<String> left = k.insts().stream().map(Inst::name).filter(n -> !done.contains(n)).toList();
                throw KernelSemantics.error(k, "instructions " + left + " read arrays that they write, in a cycle: no "
                        + "sequential order exists");
            }
            order.add(next);
            done.add(next.name());
        }
        return order;
    }
}
