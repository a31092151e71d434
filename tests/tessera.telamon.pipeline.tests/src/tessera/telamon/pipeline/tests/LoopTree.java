package tessera.telamon.pipeline.tests;

import java.util.ArrayList;
import java.util.List;

import tessera.telamon.impl.Implementation;
import tessera.telamon.impl.Order;

/**
 * An oracle independent of code generation: a fixed {@code order} forms a loop tree when the dimensions around each
 * statement (merge classes) are totally nested, and the order of any two statements follows from their positions
 * in that tree (eqs. 4.3–4.7). Returns the first violation, or null.
 */
final class LoopTree {
    private LoopTree() {
    }

    static String violation(Implementation impl) {
        List<String> s = impl.kernel().statements();
        for (String x : s) {
            for (String y : s) {
                if (x.equals(y)) {
                    continue;
                }
                Order o = impl.order(x, y);
                if (impl.order(y, x) != o.inverse()) {
                    return "order(" + x + "," + y + ") and order(" + y + "," + x + ") are not inverse";
                }
                if ((o == Order.OUT || o == Order.MERGED) && impl.kernel().dim(x) == null) {
                    return "instruction " + x + " is " + o + " of " + y;
                }
                for (String z : s) {
                    if (z.equals(x) || z.equals(y)) {
                        continue;
                    }
                    String v = triangle(impl, x, y, z);
                    if (v != null) {
                        return v;
                    }
                }
            }
        }
        return null;
    }

    /** The relation of x and y implied by their relations with z in a tree (z a loop or not). */
    private static String triangle(Implementation impl, String x, String y, String z) {
        Order xy = impl.order(x, y), xz = impl.order(x, z), zy = impl.order(z, y);
        List<Order> allowed = new ArrayList<>(List.of(Order.values()));
        if (xz == Order.MERGED) {
            allowed = List.of(zy);
        } else if (xz == Order.IN && zy == Order.IN) {
            allowed = List.of(Order.IN); // x in z in y
        } else if (xz == Order.BEFORE && zy == Order.BEFORE) {
            allowed = List.of(Order.BEFORE);
        } else if (xz == Order.IN && zy == Order.BEFORE) {
            allowed = List.of(Order.BEFORE); // x inside z, z before y
        } else if (xz == Order.BEFORE && zy == Order.OUT) {
            allowed = List.of(Order.BEFORE); // y inside z, x before z
        } else if (xz == Order.IN && zy == Order.OUT) {
            allowed = List.of(Order.BEFORE, Order.AFTER, Order.IN, Order.OUT, Order.MERGED); // both inside z
        }
        return allowed.contains(xy) ? null
                : "order(" + x + "," + y + ")=" + xy + " contradicts order(" + x + "," + z + ")=" + xz + " and order(" + z + "," + y + ")=" + zy;
    }
}
