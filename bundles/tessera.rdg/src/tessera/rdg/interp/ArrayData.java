package tessera.rdg.interp;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The instances of one PLA variable: index vector (lexicographically ordered) → 32-bit value. */
public final class ArrayData {
    private final String variable;
    private final int dimension;
    private final TreeMap<List<Long>, Integer> values = new TreeMap<>(ArrayData::compare);

    public ArrayData(String variable, int dimension) {
        this.variable = variable;
        this.dimension = dimension;
    }

    static int compare(List<Long> a, List<Long> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Long.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    public static List<Long> key(long... index) {
        return Arrays.stream(index).boxed().toList();
    }

    public String variable() {
        return variable;
    }

    public int dimension() {
        return dimension;
    }

    /** Sets one instance and returns the previous value (null if none). */
    public Integer put(long[] index, int value) {
        if (index.length != dimension) {
            throw new IllegalArgumentException(variable + " has " + dimension + " indices, got " + index.length);
        }
        return values.put(key(index), value);
    }

    public Integer get(long... index) {
        return values.get(key(index));
    }

    public boolean has(long... index) {
        return values.containsKey(key(index));
    }

    public int size() {
        return values.size();
    }

    public Map<List<Long>, Integer> values() {
        return Collections.unmodifiableMap(values);
    }

    /** Instance text such as {@code bits[3]}. */
    public static String instance(String variable, long[] index) {
        StringBuilder sb = new StringBuilder(variable).append('[');
        for (int i = 0; i < index.length; i++) {
            sb.append(i > 0 ? ", " : "").append(index[i]);
        }
        return sb.append(']').toString();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<List<Long>, Integer> e : values.entrySet()) {
            sb.append(instance(variable, e.getKey().stream().mapToLong(Long::longValue).toArray())).append(" = ")
                    .append(e.getValue()).append('\n');
        }
        return sb.toString();
    }
}
