package tessera.telamon.kernel;

import java.util.List;

/**
 * An iteration dimension (§4.2.1). Static when {@code possibleSizes} is non-empty (a singleton when not strip-mined, the
 * strip-mining factors otherwise); dynamic otherwise: then it is d0 of a logical dimension of dynamic size, whose size is
 * that size divided by the product of the inner tile sizes. {@code logical} names its logical dimension.
 */
public record Dim(String name, String logical, List<Long> possibleSizes) {
    public Dim {
        possibleSizes = List.copyOf(possibleSizes);
    }

    public boolean isStatic() {
        return !possibleSizes.isEmpty();
    }
}
