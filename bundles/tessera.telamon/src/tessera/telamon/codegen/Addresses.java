package tessera.telamon.codegen;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.telamon.impl.Order;
import tessera.telamon.kernel.Access;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;

/**
 * Eq. 4.1 and 4.2 (digest 001b §2.2), linear addresses with the chosen sizes: the element index of an access is
 * {@code a0 + Σ s_l·⟨d0, …, dk⟩ + Σ s_d·index(d)}, where ⟨d0, …, dk⟩ = Σ_j index(d_j)·∏_{j'>j} size(d_j') linearises a
 * logical dimension over its tiles. A temporary array's access without strides is indexed by its layout (outermost
 * first, each layout dimension being the accessing instruction's own dimension or one merged with it). Accesses whose
 * last element lies beyond a static array length or a temporary's layout are rejected.
 */
public final class Addresses {
    /** An element index {@code offset + Σ coef(d)·index(d)} over plain dimensions. */
    public record Linear(long offset, Map<String, Long> coefs) {
        /** The coefficient of {@code dim} (0 when the address does not depend on it). */
        public long coef(String dim) {
            return coefs.getOrDefault(dim, 0L);
        }
    }

    private final Annotation a;
    private final Map<String, Linear> linear = new LinkedHashMap<>();

    Addresses(Annotation a) {
        this.a = a;
        for (Inst i : a.kernel().insts()) {
            if (i.access() != null) {
                Linear l = compute(i);
                check(i, l);
                linear.put(i.name(), l);
            }
        }
    }

    /** The linear element index of a load or store. */
    public Linear of(String inst) {
        return linear.get(inst);
    }

    private Linear compute(Inst i) {
        Kernel k = a.kernel();
        Access acc = i.access();
        Map<String, Long> coefs = new LinkedHashMap<>();
        Array array = k.array(acc.array());
        if (array.kind() == Array.Kind.TEMPORARY && acc.strides().isEmpty()) {
            List<String> layout = a.impl().layout().get(array.name());
            long stride = 1;
            for (int j = layout.size() - 1; j >= 0; j--) {
                coefs.merge(own(i, layout.get(j)), stride, Long::sum);
                stride *= a.size(layout.get(j));
            }
            return new Linear(acc.offset(), coefs);
        }
        coefs.putAll(acc.coefficients(k, a::size));
        return new Linear(acc.offset(), coefs);
    }

    /** The dimension of {@code i} that indexes layout dimension {@code d}: d itself or one merged with it. */
    private String own(Inst i, String d) {
        if (i.dims().contains(d)) {
            return d;
        }
        for (String e : i.dims()) {
            if (a.order(e, d) == Order.MERGED) {
                return e;
            }
        }
        throw new IllegalArgumentException("instruction " + i.name() + " accesses temporary " + i.access().array()
                + " without strides, but its layout dimension " + d + " is not one of its dimensions (give the access explicit strides)");
    }

    private void check(Inst i, Linear l) {
        Array array = a.kernel().array(i.access().array());
        long length;
        if (array.kind() == Array.Kind.TEMPORARY) {
            length = a.temporaryElements(array.name());
        } else if (array.length().isStatic() || a.kernel().param(array.length().param()).value() != null) {
            length = array.length().value(a.kernel());
        } else {
            return;
        }
        long min = l.offset();
        long max = l.offset();
        for (Map.Entry<String, Long> e : l.coefs().entrySet()) {
            long span = e.getValue() * (a.size(e.getKey()) - 1);
            min += Math.min(0, span);
            max += Math.max(0, span);
        }
        if (min < 0 || max >= length) {
            throw new IllegalArgumentException("instruction " + i.name() + " accesses element " + (min < 0 ? min : max) + " of "
                    + array.name() + ", which has " + length + " elements");
        }
    }
}
