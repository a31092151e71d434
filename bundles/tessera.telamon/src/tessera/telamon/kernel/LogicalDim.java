package tessera.telamon.kernel;

import java.util.List;

/**
 * §4.2.1 / Listing 4.3: a problem dimension of size {@code size} strip-mined into {@code dims} = d0 (outermost) … dk.
 * {@code tilingFactors} lists the possible values of ∏_{1≤i≤k} size(d_i) (the factors that divide the size within the
 * factor ranges; [1] when not strip-mined). When the size is static, d0 is static too and its possible sizes are
 * size / factor; when it is dynamic, d0 is dynamic and its size is inferred at launch.
 */
public record LogicalDim(String name, Size size, List<String> dims, List<Long> tilingFactors) {
    public LogicalDim {
        dims = List.copyOf(dims);
        tilingFactors = List.copyOf(tilingFactors);
    }

    /** d0, the dimension that is tiled (its size is inferred from the others). */
    public String outer() {
        return dims.get(0);
    }

    /** d1..dk, the tile dimensions. */
    public List<String> tiles() {
        return dims.subList(1, dims.size());
    }
}
