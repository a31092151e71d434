package tessera.telamon.kernel;

/** The GPU basic types of values and array elements, with their PTX spelling and size. */
public enum Type {
    F32("f32", 4), F64("f64", 8), I32("s32", 4), I64("s64", 8);

    private final String ptx;
    private final int bytes;

    Type(String ptx, int bytes) {
        this.ptx = ptx;
        this.bytes = bytes;
    }

    /** The PTX type suffix without the dot: {@code f32}, {@code s64}, … */
    public String ptx() {
        return ptx;
    }

    public int bytes() {
        return bytes;
    }

    public boolean isFloat() {
        return this == F32 || this == F64;
    }

    /** The kernel language's name: {@code f32}, {@code f64}, {@code i32}, {@code i64}. */
    public String keyword() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
