package tessera.telamon.codegen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.telamon.impl.DimKind;
import tessera.telamon.impl.Order;
import tessera.telamon.kernel.Inst;

/**
 * Seed 001 §4.4.1 (digest 001b §3.2 step 1), vector factors: an instruction in VECTOR dimensions becomes one PTX vector
 * access ({@code .v2}/{@code .v4}) along its innermost VECTOR dimension {@code dim} when it is a load or a store, the
 * width is 2 or 4, at most 16 bytes, its stride along {@code dim} is one element and its first lane is aligned to the
 * width (array bases are 16-byte aligned). Otherwise {@code width} is 0 and the dimension is unrolled for it, for the
 * reason {@code unrolledBecause} (the PTX says so in a comment).
 */
public record Vectorization(String dim, int width, String unrolledBecause) {
    public boolean vectorized() {
        return width > 0;
    }

    static Map<String, Vectorization> plan(Annotation a) {
        Map<String, Vectorization> plan = new LinkedHashMap<>();
        for (Inst i : a.kernel().insts()) {
            List<String> vdims = new ArrayList<>();
            for (String d : i.dims()) {
                if (a.kind(d) == DimKind.VECTOR) {
                    vdims.add(d);
                }
            }
            if (vdims.isEmpty()) {
                continue;
            }
            String v = vdims.get(0);
            for (String w : vdims) {
                if (!w.equals(v) && a.order(w, v) == Order.IN) {
                    v = w;
                }
            }
            plan.put(i.name(), of(a, i, v));
        }
        return plan;
    }

    private static Vectorization of(Annotation a, Inst i, String v) {
        String rep = a.rep(v);
        long w = a.size(v);
        if (!i.op().isMemory()) {
            return new Vectorization(rep, 0, "not a load or store");
        }
        if (w != 2 && w != 4) {
            return new Vectorization(rep, 0, "width " + w + " is not 2 or 4");
        }
        if (w * i.type().bytes() > 16) {
            return new Vectorization(rep, 0, w + " x " + i.type().bytes() + " bytes exceed 16");
        }
        Addresses.Linear l = a.addresses().of(i.name());
        if (l.coef(v) != 1) {
            return new Vectorization(rep, 0, "the stride along " + v + " is " + l.coef(v) + " elements, not 1");
        }
        boolean aligned = l.offset() % w == 0;
        for (Map.Entry<String, Long> e : l.coefs().entrySet()) {
            aligned &= e.getKey().equals(v) || e.getValue() % w == 0;
        }
        if (!aligned) {
            return new Vectorization(rep, 0, "the first lane is not aligned to " + w + " elements");
        }
        return new Vectorization(rep, (int) w, null);
    }
}
