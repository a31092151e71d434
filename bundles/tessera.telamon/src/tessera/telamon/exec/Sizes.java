package tessera.telamon.exec;

import java.util.Map;

import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.LogicalDim;
import tessera.telamon.kernel.Param;

/**
 * The sizes the reference evaluation needs (§4.2.1): a logical dimension's size (a constant or its size parameter's
 * value), and a dimension's size — given, the only possible one, or for d0 the logical size divided by the tile sizes.
 */
final class Sizes {
    private final Kernel k;
    private final Map<String, ? extends Number> scalars;
    private final Map<String, Long> given;

    Sizes(Kernel k, Map<String, ? extends Number> scalars, Map<String, Long> given) {
        this.k = k;
        this.scalars = scalars;
        this.given = given;
        for (Map.Entry<String, Long> e : given.entrySet()) {
            Dim d = k.dim(e.getKey());
            if (d == null) {
                throw KernelSemantics.error(k, "a size is given for " + e.getKey() + ", which is not a dimension");
            }
            if (e.getValue() < 1 || (d.isStatic() && !d.possibleSizes().contains(e.getValue())
                    && !isOuter(d))) {
                throw KernelSemantics.error(k, "size " + e.getValue() + " of dimension " + d.name()
                        + " is not one of its possible sizes " + d.possibleSizes());
            }
        }
        for (LogicalDim l : k.logicalDims()) {
            if (l.dims().stream().allMatch(this::known)) {
                long product = 1;
                for (String d : l.dims()) {
                    product *= dim(d);
                }
                if (product != logical(l.name())) {
                    throw KernelSemantics.error(k, "the sizes of " + l.dims() + " multiply to " + product
                            + ", not to the size " + logical(l.name()) + " of logical dimension " + l.name());
                }
            }
        }
    }

    private boolean isOuter(Dim d) {
        return d.logical() != null && k.logical(d.logical()) != null && k.logical(d.logical()).outer().equals(d.name());
    }

    /** The value of a scalar parameter: the given one, else its instance value; null when neither exists. */
    Number scalar(String param) {
        Number n = scalars.get(param);
        if (n != null) {
            return n;
        }
        Param p = k.param(param);
        return p == null ? null : p.value();
    }

    long logical(String name) {
        LogicalDim l = k.logical(name);
        if (l.size().isStatic()) {
            return l.size().constant();
        }
        Number n = scalar(l.size().param());
        if (n == null) {
            throw KernelSemantics.error(k, "the size parameter " + l.size().param() + " of logical dimension " + name
                    + " has no value (pass it among the scalars)");
        }
        return n.longValue();
    }

    private boolean known(String dim) {
        Dim d = k.dim(dim);
        if (given.containsKey(dim) || (d.isStatic() && d.possibleSizes().size() == 1)) {
            return true;
        }
        if (!isOuter(d)) {
            return false;
        }
        LogicalDim l = k.logical(d.logical());
        return l.tiles().stream().allMatch(t -> given.containsKey(t) || k.dim(t).possibleSizes().size() == 1)
                && (l.size().isStatic() || scalar(l.size().param()) != null);
    }

    /** The size of a dimension; an error naming it when it cannot be known. */
    long dim(String dim) {
        Long g = given.get(dim);
        if (g != null) {
            return g;
        }
        Dim d = k.dim(dim);
        if (d.isStatic() && d.possibleSizes().size() == 1) {
            return d.possibleSizes().get(0);
        }
        if (isOuter(d) && known(dim)) {
            LogicalDim l = k.logical(d.logical());
            long tiles = 1;
            for (String t : l.tiles()) {
                tiles *= dim(t);
            }
            long size = logical(l.name());
            if (size % tiles != 0) {
                throw KernelSemantics.error(k, "the tile sizes of " + l.name() + " multiply to " + tiles
                        + ", which does not divide its size " + size);
            }
            return size / tiles;
        }
        String what = isOuter(d) ? "it or the sizes of " + k.logical(d.logical()).tiles() : "it";
        throw KernelSemantics.error(k, "the size of dimension " + dim + " is needed: give " + what + " in sizes (possible: "
                + d.possibleSizes() + ")");
    }
}
