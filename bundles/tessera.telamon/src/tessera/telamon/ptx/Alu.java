package tessera.telamon.ptx;

import tessera.telamon.ptx.Insn.Cmp;
import tessera.telamon.ptx.Insn.Mode;

/**
 * The arithmetic of the interpreted PTX instructions on raw register bits (PTX ISA, integer and floating-point
 * instructions): integers wrap around at their width ({@code .lo}), {@code .hi} and {@code .wide} give the upper half
 * and the double-width product, {@code .s32 .sat} clamps; f32 in Java {@code float} and f64 in {@code double} (both
 * IEEE round-to-nearest-even), {@code fma}/{@code mad.rn} as one rounding ({@link Math#fma}), {@code .ftz} flushes f32
 * subnormals, float {@code .sat} clamps to [0, 1]. Division by zero is reported by the caller.
 */
final class Alu {
    private Alu() {
    }

    static float f(long bits) {
        return Float.intBitsToFloat((int) bits);
    }

    static double d(long bits) {
        return Double.longBitsToDouble(bits);
    }

    static long bits(float v) {
        return Float.floatToRawIntBits(v) & 0xFFFF_FFFFL;
    }

    static long bits(double v) {
        return Double.doubleToRawLongBits(v);
    }

    private static float ftz(Insn in, float v) {
        return in.ftz() && v != 0 && Math.abs(v) < Float.MIN_NORMAL ? Math.copySign(0f, v) : v;
    }

    /** The result of a float operation with .ftz and .sat applied. */
    private static long f32(Insn in, float v) {
        float r = ftz(in, v);
        if (in.sat()) {
            r = Float.isNaN(r) ? 0f : Math.min(1f, Math.max(0f, r));
        }
        return bits(r);
    }

    private static long f64(Insn in, double v) {
        if (in.sat()) {
            v = Double.isNaN(v) ? 0.0 : Math.min(1.0, Math.max(0.0, v));
        }
        return bits(v);
    }

    /** add, sub, mul, div, rem, min, max, and, or, xor, shl, shr. */
    static long binary(Insn in, long a, long b) {
        PtxType t = in.type();
        if (t == PtxType.F32) {
            float x = ftz(in, f(a));
            float y = ftz(in, f(b));
            return f32(in, switch (in.op()) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case DIV -> x / y;
                case MIN -> Float.isNaN(x) ? y : Float.isNaN(y) ? x : Math.min(x, y);
                case MAX -> Float.isNaN(x) ? y : Float.isNaN(y) ? x : Math.max(x, y);
                default -> throw new IllegalStateException(in.op().name());
            });
        }
        if (t == PtxType.F64) {
            double x = d(a);
            double y = d(b);
            return f64(in, switch (in.op()) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case DIV -> x / y;
                case MIN -> Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.min(x, y);
                case MAX -> Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.max(x, y);
                default -> throw new IllegalStateException(in.op().name());
            });
        }
        if (t == PtxType.PRED) {
            return switch (in.op()) {
                case AND -> a & b;
                case OR -> a | b;
                default -> a ^ b;
            };
        }
        long x = t.extend(a);
        long y = t.extend(b);
        boolean signed = t.isSigned();
        int width = t.bytes() * 8;
        long r = switch (in.op()) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> multiply(in.mode(), t, x, y);
            case DIV -> signed ? x / y : Long.divideUnsigned(x, y);
            case REM -> signed ? x % y : Long.remainderUnsigned(x, y);
            case MIN -> signed ? Math.min(x, y) : (Long.compareUnsigned(x, y) <= 0 ? x : y);
            case MAX -> signed ? Math.max(x, y) : (Long.compareUnsigned(x, y) >= 0 ? x : y);
            case AND -> x & y;
            case OR -> x | y;
            case XOR -> x ^ y;
            case SHL -> (b & 0xFFFF_FFFFL) >= width ? 0 : x << b;
            case SHR -> (b & 0xFFFF_FFFFL) >= width ? (signed && x < 0 ? -1 : 0) : (signed ? x >> b : x >>> b);
            default -> throw new IllegalStateException(in.op().name());
        };
        if (in.sat() && t == PtxType.S32) {
            r = Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, r));
        }
        return in.mode() == Mode.WIDE ? OpcodeRules.wide(t).truncate(r) : t.truncate(r);
    }

    /** The .lo, .hi or .wide product of two extended integers of type {@code t}. */
    private static long multiply(Mode mode, PtxType t, long x, long y) {
        if (mode == Mode.LO) {
            return x * y;
        }
        if (t.bytes() < 8) {
            long p = x * y; // exact as 64 bits (unsigned for unsigned types): both factors have at most 32 bits
            return mode == Mode.WIDE ? p : t.isSigned() ? p >> (t.bytes() * 8) : p >>> (t.bytes() * 8);
        }
        return t.isSigned() ? Math.multiplyHigh(x, y) : Math.unsignedMultiplyHigh(x, y);
    }

    /** mad (integer .lo/.hi/.wide, float .rn) and fma: a·b + c. */
    static long ternary(Insn in, long a, long b, long c) {
        PtxType t = in.type();
        if (t == PtxType.F32) {
            return f32(in, Math.fma(ftz(in, f(a)), ftz(in, f(b)), ftz(in, f(c))));
        }
        if (t == PtxType.F64) {
            return f64(in, Math.fma(d(a), d(b), d(c)));
        }
        long x = t.extend(a);
        long y = t.extend(b);
        PtxType rt = in.mode() == Mode.WIDE ? OpcodeRules.wide(t) : t;
        long z = rt.extend(c);
        long r = multiply(in.mode(), t, x, y) + z;
        if (in.sat()) { // mad.hi.sat.s32
            r = Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, r));
        }
        return rt.truncate(r);
    }

    /** neg, abs, not. */
    static long unary(Insn in, long a) {
        PtxType t = in.type();
        return switch (in.op()) {
            case NEG -> t == PtxType.F32 ? bits(ftz(in, f(a))) ^ 0x8000_0000L : t == PtxType.F64 ? a ^ Long.MIN_VALUE
                    : t.truncate(-t.extend(a));
            case ABS -> t == PtxType.F32 ? bits(ftz(in, f(a))) & 0x7FFF_FFFFL : t == PtxType.F64 ? a & Long.MAX_VALUE
                    : t.truncate(Math.abs(t.extend(a)));
            case NOT -> t == PtxType.PRED ? a ^ 1 : t.truncate(~a);
            default -> throw new IllegalStateException(in.op().name());
        };
    }

    /** setp: the comparison of a and b as type {@code t}; the {@code u} forms are true when either is NaN. */
    static boolean compare(Insn in, long a, long b) {
        PtxType t = in.type();
        Cmp c = in.cmp();
        if (t.isFloat()) {
            double x = t == PtxType.F32 ? ftz(in, f(a)) : d(a);
            double y = t == PtxType.F32 ? ftz(in, f(b)) : d(b);
            boolean nan = Double.isNaN(x) || Double.isNaN(y);
            return switch (c) {
                case EQ -> !nan && x == y;
                case NE -> !nan && x != y;
                case LT -> !nan && x < y;
                case LE -> !nan && x <= y;
                case GT -> !nan && x > y;
                case GE -> !nan && x >= y;
                case EQU -> nan || x == y;
                case NEU -> nan || x != y;
                case LTU -> nan || x < y;
                case LEU -> nan || x <= y;
                case GTU -> nan || x > y;
                case GEU -> nan || x >= y;
                case NUM -> !nan;
                case NAN -> nan;
                default -> throw new IllegalStateException(c.name());
            };
        }
        long x = t.extend(a);
        long y = t.extend(b);
        int k = t.isSigned() ? Long.compare(x, y) : Long.compareUnsigned(x, y);
        return switch (c) {
            case EQ -> k == 0;
            case NE -> k != 0;
            case LT, LO -> k < 0;
            case LE, LS -> k <= 0;
            case GT, HI -> k > 0;
            case GE, HS -> k >= 0;
            default -> throw new IllegalStateException(c.name());
        };
    }
}
