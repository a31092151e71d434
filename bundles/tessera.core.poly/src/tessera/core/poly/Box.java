package tessera.core.poly;

import java.util.Arrays;
import java.util.List;

/** An inclusive per-dimension bounding box {@code lower[i] <= x_i <= upper[i]} (fixed parameters). */
public record Box(List<String> dims, long[] lower, long[] upper) {

    public Box {
        dims = List.copyOf(dims);
        lower = lower.clone();
        upper = upper.clone();
    }

    @Override
    public long[] lower() {
        return lower.clone();
    }

    @Override
    public long[] upper() {
        return upper.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Box b && dims.equals(b.dims) && Arrays.equals(lower, b.lower) && Arrays.equals(upper, b.upper);
    }

    @Override
    public int hashCode() {
        return dims.hashCode() ^ Arrays.hashCode(lower) ^ Arrays.hashCode(upper);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < dims.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(lower[i]).append(" <= ").append(dims.get(i)).append(" <= ").append(upper[i]);
        }
        return sb.append(']').toString();
    }
}
