package tessera.telamon.kernel;

/** The size of a logical dimension: a constant, or a parameter of the kernel (dynamic, known at launch). */
public record Size(long constant, String param) {
    public static Size of(long constant) {
        return new Size(constant, null);
    }

    public static Size param(String name) {
        return new Size(0, name);
    }

    public boolean isStatic() {
        return param == null;
    }

    /** The value in this instance: the constant, or the parameter's instance value (an error when it has none). */
    public long value(Kernel k) {
        if (param == null) {
            return constant;
        }
        Param p = k.param(param);
        if (p == null || p.value() == null) {
            throw new IllegalStateException("parameter " + param + " has no value in this instance");
        }
        return p.value();
    }

    @Override
    public String toString() {
        return param == null ? Long.toString(constant) : param;
    }
}
