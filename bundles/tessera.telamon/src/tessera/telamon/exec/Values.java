package tessera.telamon.exec;

import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Type;

/**
 * The arithmetic of kernel instructions on raw bits, as the generated PTX computes it: i32/i64 wrap around
 * ({@code add}, {@code sub}, {@code mul.lo}, {@code mad.lo}), f32 in {@code float} and f64 in {@code double} with
 * round-to-nearest-even, {@code mad} on floats fused ({@code fma.rn}: one rounding), {@code min}/{@code max} return the
 * non-NaN operand. Values of another type are converted as {@code cvt.rn} (to float) or {@code cvt.rzi} (to integer).
 */
final class Values {
    private Values() {
    }

    static long ofLong(long v, Type t) {
        return switch (t) {
            case F32 -> Float.floatToRawIntBits((float) v);
            case F64 -> Double.doubleToRawLongBits((double) v);
            case I32 -> (int) v;
            case I64 -> v;
        };
    }

    /** A double as type t; null when t is an integer type and v is not an integer. */
    static Long ofDouble(double v, Type t) {
        return switch (t) {
            case F32 -> (long) Float.floatToRawIntBits((float) v);
            case F64 -> Double.doubleToRawLongBits(v);
            case I32, I64 -> v == Math.rint(v) && !Double.isInfinite(v) ? ofLong((long) v, t) : null;
        };
    }

    static double asDouble(long bits, Type t) {
        return switch (t) {
            case F32 -> Float.intBitsToFloat((int) bits);
            case F64 -> Double.longBitsToDouble(bits);
            case I32, I64 -> bits;
        };
    }

    static long convert(long bits, Type from, Type to) {
        if (from == to) {
            return bits;
        }
        if (!from.isFloat()) {
            return ofLong(bits, to);
        }
        double v = asDouble(bits, from);
        return switch (to) {
            case F32 -> Float.floatToRawIntBits((float) v);
            case F64 -> Double.doubleToRawLongBits(v);
            case I32 -> Double.isNaN(v) ? 0 : (int) v;
            case I64 -> Double.isNaN(v) ? 0 : (long) v;
        };
    }

    /** {@code op} on operands {@code a} (values of type t, in operand order). */
    static long apply(Op op, Type t, long[] a) {
        switch (t) {
            case F32 -> {
                float x = Float.intBitsToFloat((int) a[0]);
                float y = a.length > 1 ? Float.intBitsToFloat((int) a[1]) : 0;
                float r = switch (op) {
                    case ADD -> x + y;
                    case SUB -> x - y;
                    case MUL -> x * y;
                    case MAD -> Math.fma(x, y, Float.intBitsToFloat((int) a[2]));
                    case MAX -> Float.isNaN(x) ? y : Float.isNaN(y) ? x : Math.max(x, y);
                    case MIN -> Float.isNaN(x) ? y : Float.isNaN(y) ? x : Math.min(x, y);
                    default -> x;
                };
                return Float.floatToRawIntBits(r);
            }
            case F64 -> {
                double x = Double.longBitsToDouble(a[0]);
                double y = a.length > 1 ? Double.longBitsToDouble(a[1]) : 0;
                double r = switch (op) {
                    case ADD -> x + y;
                    case SUB -> x - y;
                    case MUL -> x * y;
                    case MAD -> Math.fma(x, y, Double.longBitsToDouble(a[2]));
                    case MAX -> Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.max(x, y);
                    case MIN -> Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.min(x, y);
                    default -> x;
                };
                return Double.doubleToRawLongBits(r);
            }
            default -> {
                long x = a[0];
                long y = a.length > 1 ? a[1] : 0;
                long r = switch (op) {
                    case ADD -> x + y;
                    case SUB -> x - y;
                    case MUL -> x * y;
                    case MAD -> x * y + a[2];
                    case MAX -> Math.max(x, y);
                    case MIN -> Math.min(x, y);
                    default -> x;
                };
                return t == Type.I32 ? (int) r : r;
            }
        }
    }

    /** A new Java array for {@code n} elements of type t: float[], double[], int[] or long[]. */
    static Object newArray(Type t, int n) {
        return switch (t) {
            case F32 -> new float[n];
            case F64 -> new double[n];
            case I32 -> new int[n];
            case I64 -> new long[n];
        };
    }

    static boolean isArrayOf(Object a, Type t) {
        return switch (t) {
            case F32 -> a instanceof float[];
            case F64 -> a instanceof double[];
            case I32 -> a instanceof int[];
            case I64 -> a instanceof long[];
        };
    }

    static int length(Object a) {
        return java.lang.reflect.Array.getLength(a);
    }

    static long get(Object a, int i) {
        return switch (a) {
            case float[] f -> Float.floatToRawIntBits(f[i]);
            case double[] d -> Double.doubleToRawLongBits(d[i]);
            case int[] n -> n[i];
            case long[] n -> n[i];
            default -> throw new IllegalArgumentException(a.getClass().getName());
        };
    }

    static void set(Object a, int i, long bits) {
        switch (a) {
            case float[] f -> f[i] = Float.intBitsToFloat((int) bits);
            case double[] d -> d[i] = Double.longBitsToDouble(bits);
            case int[] n -> n[i] = (int) bits;
            case long[] n -> n[i] = bits;
            default -> throw new IllegalArgumentException(a.getClass().getName());
        }
    }

    static Object copy(Object a) {
        return switch (a) {
            case float[] f -> f.clone();
            case double[] d -> d.clone();
            case int[] n -> n.clone();
            case long[] n -> n.clone();
            default -> throw new IllegalArgumentException(a.getClass().getName());
        };
    }
}
