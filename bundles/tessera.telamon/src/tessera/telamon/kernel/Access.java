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
}
