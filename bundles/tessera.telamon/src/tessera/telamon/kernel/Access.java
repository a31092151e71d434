package tessera.telamon.kernel;

import java.util.Map;

/**
 * Eq. 4.2: the linear address {@code a0 + Σ stride_l · index(l)} of an array element (in elements). Keys of
 * {@code strides} are logical dimensions, whose index over d0..dk is eq. 4.1's ⟨d0, …, dk⟩ (so the stride of each
 * tile dimension follows from the chosen sizes), or plain dimensions.
 */
public record Access(String array, long offset, Map<String, Long> strides) {
    public Access {
        strides = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(strides));
    }

    /**
     * Eqs 4.1–4.2 with sizes: the coefficient of each plain dimension in the element index, a logical dimension's
     * stride spread over its tiles ({@code stride · ∏ sizes of the tiles inside}). {@code size} gives a dimension's
     * size, or a value ≤ 0 while it is open; the result is null when a size it needs is open.
     */
    public Map<String, Long> coefficients(Kernel k, java.util.function.ToLongFunction<String> size) {
        Map<String, Long> coefs = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, Long> e : strides.entrySet()) {
            LogicalDim l = k.logical(e.getKey());
            if (l == null) {
                coefs.merge(e.getKey(), e.getValue(), Long::sum);
                continue;
            }
            long inner = 1;
            for (int j = l.dims().size() - 1; j >= 0; j--) {
                coefs.merge(l.dims().get(j), e.getValue() * inner, Long::sum);
                if (j > 0) {
                    long s = size.applyAsLong(l.dims().get(j));
                    if (s <= 0) {
                        return null;
                    }
                    inner *= s;
                }
            }
        }
        return coefs;
    }
}
