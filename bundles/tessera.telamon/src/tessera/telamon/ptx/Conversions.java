package tessera.telamon.ptx;

import java.math.BigDecimal;
import java.math.BigInteger;

import tessera.telamon.ptx.Insn.Round;

/**
 * {@code cvt} (PTX ISA, data movement and conversion instructions): integer to integer (sign- or zero-extended from the
 * source type, cut to the destination, clamped with {@code .sat}); integer to float and float narrowing with the float
 * rounding modes {@code .rn .rz .rm .rp} (round to nearest even, toward zero, down, up); float to integer with {@code
 * .rni .rzi .rmi .rpi}, clamped to the destination's range, NaN to 0; float to float of one size rounded to an integral
 * value.
 */
final class Conversions {
    private static final BigInteger U64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private Conversions() {
    }

    static long cvt(Insn in, long src) {
        PtxType d = in.type();
        PtxType s = in.source();
        if (!s.isFloat()) {
            BigInteger v = s.kind() == PtxType.Kind.SIGNED ? BigInteger.valueOf(s.extend(src))
                    : new BigInteger(Long.toUnsignedString(s.extend(src)));
            if (!d.isFloat()) {
                return d.truncate((in.sat() ? clamp(v, d) : v).longValue());
            }
            return fromExact(new BigDecimal(v), d, in.round());
        }
        double x = s == PtxType.F32 ? flush(in, Alu.f(src)) : Alu.d(src);
        if (!d.isFloat()) {
            if (Double.isNaN(x)) {
                return 0;
            }
            double r = integral(x, in.round());
            if (Double.isInfinite(r)) {
                return d.truncate((r > 0 ? max(d) : min(d)).longValue());
            }
            return d.truncate(clamp(new BigDecimal(r).toBigInteger(), d).longValue());
        }
        double r = in.round().isInteger() ? integral(x, in.round()) : x;
        if (in.sat()) {
            r = Double.isNaN(r) ? 0 : Math.min(1, Math.max(0, r));
        }
        if (d == PtxType.F64) {
            return Alu.bits(r);
        }
        if (s == PtxType.F32 || Double.isNaN(r) || Double.isInfinite(r)) {
            return Alu.bits(flush(in, (float) r));
        }
        return Alu.bits(flush(in, narrow(r, in.round())));
    }

    private static float flush(Insn in, float v) {
        return in.ftz() && v != 0 && Math.abs(v) < Float.MIN_NORMAL ? Math.copySign(0f, v) : v;
    }

    /** f64 to f32 with a float rounding mode: the nearest float, moved by one ulp where the mode says so. */
    private static float narrow(double x, Round mode) {
        float c = (float) x;
        double cd = c;
        if (cd == x) {
            return c;
        }
        return switch (mode) {
            case RZ -> Math.abs(cd) > Math.abs(x) ? (x > 0 ? Math.nextDown(c) : Math.nextUp(c)) : c;
            case RM -> cd > x ? Math.nextDown(c) : c;
            case RP -> cd < x ? Math.nextUp(c) : c;
            default -> c;
        };
    }

    /** An exact integer to float type {@code d} with a float rounding mode. */
    private static long fromExact(BigDecimal v, PtxType d, Round mode) {
        if (d == PtxType.F64) {
            double c = v.doubleValue(); // round to nearest even
            int k = new BigDecimal(c).compareTo(v);
            double r = k == 0 ? c : switch (mode) {
                case RZ -> (k > 0) == (v.signum() > 0) ? (v.signum() > 0 ? Math.nextDown(c) : Math.nextUp(c)) : c;
                case RM -> k > 0 ? Math.nextDown(c) : c;
                case RP -> k < 0 ? Math.nextUp(c) : c;
                default -> c;
            };
            return Alu.bits(r);
        }
        float c = v.floatValue();
        int k = new BigDecimal(c).compareTo(v);
        float r = k == 0 ? c : switch (mode) {
            case RZ -> (k > 0) == (v.signum() > 0) ? (v.signum() > 0 ? Math.nextDown(c) : Math.nextUp(c)) : c;
            case RM -> k > 0 ? Math.nextDown(c) : c;
            case RP -> k < 0 ? Math.nextUp(c) : c;
            default -> c;
        };
        return Alu.bits(r);
    }

    private static double integral(double x, Round mode) {
        return switch (mode) {
            case RNI -> Math.rint(x);
            case RMI -> Math.floor(x);
            case RPI -> Math.ceil(x);
            default -> x < 0 ? Math.ceil(x) : Math.floor(x);
        };
    }

    private static BigInteger clamp(BigInteger v, PtxType d) {
        return v.max(min(d)).min(max(d));
    }

    private static BigInteger min(PtxType d) {
        return d.isSigned() ? BigInteger.ONE.shiftLeft(d.bytes() * 8 - 1).negate() : BigInteger.ZERO;
    }

    private static BigInteger max(PtxType d) {
        return d.isSigned() ? BigInteger.ONE.shiftLeft(d.bytes() * 8 - 1).subtract(BigInteger.ONE)
                : U64_MAX.shiftRight(64 - d.bytes() * 8);
    }
}
