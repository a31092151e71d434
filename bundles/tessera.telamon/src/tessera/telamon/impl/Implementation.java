package tessera.telamon.impl;

import java.util.List;
import java.util.Map;

import tessera.telamon.kernel.Kernel;

/**
 * A fixed candidate (§4.4.1): the kernel after lowering (temporary arrays with their store and load instructions
 * added, consumers reading the loads) and one value per decision.
 * <ul>
 * <li>{@code kind}: every dimension's {@link DimKind}; {@code size}: every dimension's size, dynamic d0s included
 * (their instance value, so that a reference run is possible; the code reads them from the size parameter);</li>
 * <li>{@code order}: order(x, y) for every pair of distinct statements (both orientations present);</li>
 * <li>{@code threadAxis}: for each THREAD dimension its hardware thread dimension, 0 = x, 1 = y, 2 = z (dimensions
 * MAPPED together share one); {@code blockAxis}: the same for BLOCK dimensions;</li>
 * <li>{@code memSpace} per array; {@code cache} per load and store;</li>
 * <li>{@code layout}: for each temporary array, the dimensions it is indexed by, outermost first (its size is the
 * product of their sizes).</li>
 * </ul>
 */
public record Implementation(Kernel kernel, Map<String, DimKind> kind, Map<String, Long> size, Map<String, Map<String, Order>> order,
        Map<String, Integer> threadAxis, Map<String, Integer> blockAxis, Map<String, MemSpace> memSpace,
        Map<String, Cache> cache, Map<String, List<String>> layout) {

    /** order(x, y); x ≠ y. */
    public Order order(String x, String y) {
        Order o = order.getOrDefault(x, Map.of()).get(y);
        if (o == null) {
            throw new IllegalArgumentException("no order between " + x + " and " + y);
        }
        return o;
    }
}
