package tessera.telamon.tests;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.telamon.impl.Cache;
import tessera.telamon.impl.DimKind;
import tessera.telamon.impl.Implementation;
import tessera.telamon.impl.MemSpace;
import tessera.telamon.impl.Order;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;

/**
 * Hand-built fixed candidates for the code-generation tests: a kernel, a loop nest written as text
 * ({@code "d0(x d1=d2(y z))"}: a dimension with its body in parentheses, merged dimensions joined by '=', instructions by
 * name) from which every pair's order follows (IN/OUT by nesting, BEFORE/AFTER by text order, MERGED), and the other
 * decisions. Memory instructions default to the L2 cache.
 */
final class CodegenFixtures {
    private final Kernel kernel;
    private final Map<String, DimKind> kind = new LinkedHashMap<>();
    private final Map<String, Long> size = new LinkedHashMap<>();
    private final Map<String, Integer> threadAxis = new LinkedHashMap<>();
    private final Map<String, Integer> blockAxis = new LinkedHashMap<>();
    private final Map<String, MemSpace> memSpace = new LinkedHashMap<>();
    private final Map<String, Cache> cache = new LinkedHashMap<>();
    private final Map<String, List<String>> layout = new LinkedHashMap<>();
    private Map<String, Map<String, Order>> order;

    private CodegenFixtures(Kernel kernel) {
        this.kernel = kernel;
        for (Inst i : kernel.insts()) {
            if (i.op().isMemory()) {
                cache.put(i.name(), Cache.L2);
            }
        }
    }

    static CodegenFixtures of(Kernel k) {
        return new CodegenFixtures(k);
    }

    CodegenFixtures dim(String d, DimKind k, long s) {
        kind.put(d, k);
        size.put(d, s);
        return this;
    }

    CodegenFixtures loop(String d, long s) {
        return dim(d, DimKind.LOOP, s);
    }

    CodegenFixtures unroll(String d, long s) {
        return dim(d, DimKind.UNROLL, s);
    }

    CodegenFixtures vector(String d, long s) {
        return dim(d, DimKind.VECTOR, s);
    }

    CodegenFixtures thread(String d, long s, int axis) {
        threadAxis.put(d, axis);
        return dim(d, DimKind.THREAD, s);
    }

    CodegenFixtures block(String d, long s, int axis) {
        blockAxis.put(d, axis);
        return dim(d, DimKind.BLOCK, s);
    }

    CodegenFixtures cache(String inst, Cache c) {
        cache.put(inst, c);
        return this;
    }

    CodegenFixtures temporary(String array, MemSpace m, String... dims) {
        memSpace.put(array, m);
        layout.put(array, List.of(dims));
        return this;
    }

    CodegenFixtures tree(String nest) {
        order = orders(kernel, nest);
        return this;
    }

    /** Overrides one order (both orientations), to build candidates that are not trees. */
    CodegenFixtures set(String x, String y, Order o) {
        order.get(x).put(y, o);
        order.get(y).put(x, o.inverse());
        return this;
    }

    Implementation build() {
        return new Implementation(kernel, kind, size, order, threadAxis, blockAxis, memSpace, cache, layout);
    }

    /** The order of every pair of the kernel's statements, from a nest written as text. */
    static Map<String, Map<String, Order>> orders(Kernel k, String nest) {
        Map<String, Integer> pos = new HashMap<>();
        Map<String, List<String>> enclosing = new HashMap<>();
        Map<String, String> group = new HashMap<>();
        List<String> stack = new ArrayList<>();
        String last = null;
        for (String tok : nest.replace("(", " ( ").replace(")", " ) ").trim().split("\\s+")) {
            if (tok.equals("(")) {
                stack.add(last);
            } else if (tok.equals(")")) {
                stack.remove(stack.size() - 1);
            } else {
                for (String s : tok.split("=")) {
                    pos.put(s, pos.size());
                    enclosing.put(s, List.copyOf(stack));
                    group.put(s, tok);
                }
                last = tok;
            }
        }
        Map<String, Map<String, Order>> order = new HashMap<>();
        for (String x : k.statements()) {
            if (!pos.containsKey(x)) {
                throw new IllegalArgumentException("the nest does not place " + x);
            }
            for (String y : k.statements()) {
                if (x.equals(y)) {
                    continue;
                }
                Order o;
                if (group.get(x).equals(group.get(y))) {
                    o = Order.MERGED;
                } else if (enclosing.get(y).contains(group.get(x))) {
                    o = Order.OUT;
                } else if (enclosing.get(x).contains(group.get(y))) {
                    o = Order.IN;
                } else {
                    o = pos.get(x) < pos.get(y) ? Order.BEFORE : Order.AFTER;
                }
                order.computeIfAbsent(x, q -> new HashMap<>()).put(y, o);
            }
        }
        return order;
    }
}
