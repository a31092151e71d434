package tessera.telamon.codegen;

/**
 * The size of a dimension (or a launch extent) as the host and the kernel compute it: {@code value} in this kernel
 * instance, and, for a dynamic d0, the size parameter it is computed from as {@code param / divisor} (§4.2.1: d0 of a
 * logical dimension of dynamic size n has size n / ∏ size(d_i), the constraints guarantee divisibility).
 */
public record Extent(long value, String param, long divisor) {
    public static Extent of(long value) {
        return new Extent(value, null, 1);
    }

    public boolean isStatic() {
        return param == null;
    }

    /** {@code 16}, {@code n}, {@code n/16}. */
    public String formula() {
        if (param == null) {
            return Long.toString(value);
        }
        return divisor == 1 ? param : param + "/" + divisor;
    }

    /** This extent times a constant, as a formula: {@code 64*(n/16)}. */
    public String times(long factor) {
        if (param == null) {
            return Long.toString(value * factor);
        }
        return factor == 1 ? formula() : factor + "*(" + formula() + ")";
    }
}
