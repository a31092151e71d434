package tessera.telamon.space;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.impl.Cache;
import tessera.telamon.impl.DimKind;
import tessera.telamon.impl.Implementation;
import tessera.telamon.impl.MemSpace;
import tessera.telamon.impl.Order;
import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.LogicalDim;

/**
 * Seed 001 §4.4.1 step 1 input: reads a fixed candidate of the GPU space as an {@link Implementation}, with the
 * operands that go through memory lowered ({@link Lowering}). Hardware
 * thread dimensions are the classes of MAPPED thread dimensions, the innermost on x (consecutive threads); block
 * dimensions are the merge classes of BLOCK dimensions, the outermost on x (inner ones are limited to 65535).
 */
public final class Fixed {
    private final Kernel k;
    private final Candidate c;

    private Fixed(Kernel k, Candidate c) {
        this.k = k;
        this.c = c;
    }

    public static Implementation implementation(Kernel k, Candidate c) {
        if (!c.isFixed() || c.failed()) {
            throw new IllegalArgumentException("the candidate is not fixed");
        }
        return new Fixed(k, c).read();
    }

    private Implementation read() {
        Map<String, DimKind> kind = new LinkedHashMap<>();
        Map<String, Long> size = new LinkedHashMap<>();
        for (Dim d : k.dims()) {
            kind.put(d.name(), DimKind.valueOf(value("dim_kind", d.name())));
            if (d.isStatic()) {
                size.put(d.name(), Long.parseLong(value("size", d.name())));
            }
        }
        for (LogicalDim l : k.logicalDims()) {
            if (!l.size().isStatic()) {
                long factor = 1;
                for (String t : l.tiles()) {
                    factor *= size.get(t);
                }
                size.put(l.outer(), l.size().value(k) / factor);
            }
        }
        java.util.Set<String> inMemory = new java.util.LinkedHashSet<>();
        for (Communication p : Communication.of(k)) {
            if (value("dim_mapping", p.name()).equals("TEMP_ARRAY")) {
                inMemory.add(p.name());
            }
        }
        Lowering.Lowered lowered = new Lowering(k).lower(inMemory, size);
        Kernel lk = lowered.kernel();
        Map<String, Map<String, Order>> order = new LinkedHashMap<>();
        List<String> stmts = lk.statements();
        for (String x : stmts) {
            for (String y : stmts) {
                if (!x.equals(y)) {
                    order.computeIfAbsent(x, z -> new LinkedHashMap<>()).put(y, order(x, y));
                }
            }
        }
        Map<String, MemSpace> memSpace = new LinkedHashMap<>();
        lk.arrays().forEach(a -> memSpace.put(a.name(), MemSpace.valueOf(value("mem_space", a.name()))));
        Map<String, Cache> cache = new LinkedHashMap<>();
        lk.insts().stream().filter(i -> i.op().isMemory()).forEach(i -> cache.put(i.name(), Cache.valueOf(value("cache", i.name()))));
        return new Implementation(lk, kind, size, order, threadAxes(kind), blockAxes(kind, order), memSpace, cache,
                lowered.layout());
    }

    private String value(String choice, String... objects) {
        int v = c.variable(choice, List.of(objects));
        if (v < 0) {
            throw new IllegalStateException("no choice " + choice + List.of(objects));
        }
        return c.values(v).get(0);
    }

    private Order order(String x, String y) {
        return Order.valueOf(pairValue("order", x, y));
    }

    private String threadMapping(String x, String y) {
        return pairValue("thread_mapping", x, y);
    }

    /**
     * The value of a two-object choice for (x, y): only one orientation is stored, the other is read through the
     * inverse the space declares ({@code antisymmetric:}), as the runtime applies it.
     */
    private String pairValue(String choice, String x, String y) {
        int v = c.variable(choice, List.of(x, y));
        if (v >= 0) {
            return c.values(v).get(0);
        }
        int w = c.variable(choice, List.of(y, x));
        if (w < 0) {
            throw new IllegalStateException("no choice " + choice + List.of(x, y));
        }
        return c.describe(w, c.choiceInfo(w).invert(c.domain(w))).get(0);
    }

    /** Classes of MAPPED thread dimensions, innermost class on axis 0. */
    private Map<String, Integer> threadAxes(Map<String, DimKind> kind) {
        List<List<String>> classes = new ArrayList<>();
        for (String d : kind.keySet()) {
            if (kind.get(d) != DimKind.THREAD) {
                continue;
            }
            List<String> home = null;
            for (List<String> cl : classes) {
                if (threadMapping(cl.get(0), d).equals("MAPPED")) {
                    home = cl;
                }
            }
            if (home == null) {
                classes.add(home = new ArrayList<>());
            }
            home.add(d);
        }
        // a class is inner of another when its dimensions map IN of the other's
        classes.sort(Comparator.comparingInt(cl -> (int) classes.stream()
                .filter(o -> o != cl && threadMapping(cl.get(0), o.get(0)).equals("OUT")).count()));
        return axes(classes);
    }

    /** Merge classes of BLOCK dimensions, outermost on axis 0. */
    private Map<String, Integer> blockAxes(Map<String, DimKind> kind, Map<String, Map<String, Order>> order) {
        List<List<String>> classes = new ArrayList<>();
        for (String d : kind.keySet()) {
            if (kind.get(d) != DimKind.BLOCK) {
                continue;
            }
            List<String> home = null;
            for (List<String> cl : classes) {
                if (order.get(cl.get(0)).get(d) == Order.MERGED) {
                    home = cl;
                }
            }
            if (home == null) {
                classes.add(home = new ArrayList<>());
            }
            home.add(d);
        }
        classes.sort(Comparator.comparingInt(cl -> (int) classes.stream()
                .filter(o -> o != cl && order.get(cl.get(0)).get(o.get(0)) == Order.IN).count()));
        return axes(classes);
    }

    private static Map<String, Integer> axes(List<List<String>> classes) {
        Map<String, Integer> r = new HashMap<>();
        for (int i = 0; i < classes.size(); i++) {
            for (String d : classes.get(i)) {
                r.put(d, i);
            }
        }
        return r;
    }
}
