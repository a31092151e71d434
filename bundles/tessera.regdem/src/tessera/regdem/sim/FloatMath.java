package tessera.regdem.sim;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * IEEE-754 helpers of the Volta+ float semantics: the directed rounding modes of {@code .RM}/{@code .RP}/{@code .RZ}
 * (exact result by {@link BigDecimal}, then the round-to-nearest result of Java stepped by one ulp where the mode
 * rounds the other way), {@code .FTZ} flushing, half precision, and the {@code MUFU} functions. MUFU is modelled as
 * the exact function rounded to float: the hardware's last-bit approximation error is not modelled (the RegDem
 * equivalence tests run original and demoted code on the same simulator, so this is sound for them; against a host
 * reference it only matters within a float tolerance).
 */
final class FloatMath {

    /** The rounding modifier of an instruction: {@code RN} (default), {@code RM}, {@code RP}, {@code RZ}. */
    enum Mode { RN, RM, RP, RZ }

    private FloatMath() {
    }

    static Mode mode(java.util.List<String> mods) {
        for (String m : mods) {
            switch (m) {
                case "RM", "FLOOR" -> {
                    return Mode.RM;
                }
                case "RP", "CEIL" -> {
                    return Mode.RP;
                }
                case "RZ", "TRUNC" -> {
                    return Mode.RZ;
                }
                default -> {
                }
            }
        }
        return Mode.RN;
    }

    /** Flushes a subnormal float to zero of the same sign ({@code .FTZ}). */
    static float ftz(float f) {
        return Math.abs(f) < Float.MIN_NORMAL && f != 0 ? Math.copySign(0f, f) : f;
    }

    /**
     * Rounds the exact value {@code exact} whose round-to-nearest float is {@code rn} in mode {@code m}. {@code rn}
     * must be the correctly rounded (RN) value of {@code exact}; {@code negZero} tells whether an exact zero is -0 in
     * RM (a sum of opposite-signed terms).
     */
    static float round(BigDecimal exact, float rn, Mode m, boolean negZero) {
        if (m == Mode.RN || Float.isNaN(rn)) {
            return rn;
        }
        if (exact.signum() == 0) {
            return m == Mode.RM && negZero ? -0f : rn;
        }
        if (Float.isInfinite(rn)) {
            boolean pos = rn > 0;
            boolean toMax = m == Mode.RZ || (m == Mode.RM && pos) || (m == Mode.RP && !pos);
            return toMax ? Math.copySign(Float.MAX_VALUE, rn) : rn;
        }
        int c = new BigDecimal(rn).compareTo(exact);
        return switch (m) {
            case RM -> c > 0 ? Math.nextDown(rn) : rn;
            case RP -> c < 0 ? Math.nextUp(rn) : rn;
            default -> exact.signum() > 0 ? (c > 0 ? Math.nextDown(rn) : rn) : (c < 0 ? Math.nextUp(rn) : rn);
        };
    }

    /** As {@link #round(BigDecimal, float, Mode, boolean)} for doubles. */
    static double round(BigDecimal exact, double rn, Mode m, boolean negZero) {
        if (m == Mode.RN || Double.isNaN(rn)) {
            return rn;
        }
        if (exact.signum() == 0) {
            return m == Mode.RM && negZero ? -0.0 : rn;
        }
        if (Double.isInfinite(rn)) {
            boolean pos = rn > 0;
            boolean toMax = m == Mode.RZ || (m == Mode.RM && pos) || (m == Mode.RP && !pos);
            return toMax ? Math.copySign(Double.MAX_VALUE, rn) : rn;
        }
        int c = new BigDecimal(rn).compareTo(exact);
        return switch (m) {
            case RM -> c > 0 ? Math.nextDown(rn) : rn;
            case RP -> c < 0 ? Math.nextUp(rn) : rn;
            default -> exact.signum() > 0 ? (c > 0 ? Math.nextDown(rn) : rn) : (c < 0 ? Math.nextUp(rn) : rn);
        };
    }

    private static boolean finite(double... xs) {
        for (double x : xs) {
            if (!Double.isFinite(x)) {
                return false;
            }
        }
        return true;
    }

    /** {@code a*b + c} in float, rounded in mode {@code m}. */
    static float fma(float a, float b, float c, Mode m) {
        float rn = Math.fma(a, b, c);
        if (m == Mode.RN || !finite(a, b, c)) {
            return rn;
        }
        BigDecimal ex = new BigDecimal(a).multiply(new BigDecimal(b)).add(new BigDecimal(c));
        return round(ex, rn, m, opposite(Math.copySign(1f, a) * Math.copySign(1f, b), c));
    }

    static float add(float a, float b, Mode m) {
        float rn = a + b;
        if (m == Mode.RN || !finite(a, b)) {
            return rn;
        }
        return round(new BigDecimal(a).add(new BigDecimal(b)), rn, m, opposite(a, b));
    }

    static float mul(float a, float b, Mode m) {
        float rn = a * b;
        if (m == Mode.RN || !finite(a, b)) {
            return rn;
        }
        return round(new BigDecimal(a).multiply(new BigDecimal(b)), rn, m, (a < 0 || isNeg0(a)) != (b < 0 || isNeg0(b)));
    }

    static double fma(double a, double b, double c, Mode m) {
        double rn = Math.fma(a, b, c);
        if (m == Mode.RN || !finite(a, b, c)) {
            return rn;
        }
        BigDecimal ex = new BigDecimal(a).multiply(new BigDecimal(b)).add(new BigDecimal(c));
        return round(ex, rn, m, opposite(Math.copySign(1.0, a) * Math.copySign(1.0, b), c));
    }

    static double add(double a, double b, Mode m) {
        double rn = a + b;
        if (m == Mode.RN || !finite(a, b)) {
            return rn;
        }
        return round(new BigDecimal(a).add(new BigDecimal(b)), rn, m, opposite(a, b));
    }

    static double mul(double a, double b, Mode m) {
        double rn = a * b;
        if (m == Mode.RN || !finite(a, b)) {
            return rn;
        }
        return round(new BigDecimal(a).multiply(new BigDecimal(b)), rn, m, (a < 0 || isNeg0(a)) != (b < 0 || isNeg0(b)));
    }

    private static boolean isNeg0(double d) {
        return d == 0 && Double.doubleToRawLongBits(d) != 0;
    }

    /** Whether an exact zero sum of terms with these signs is -0 in RM: some term is negative or -0. */
    private static boolean opposite(double a, double b) {
        return a < 0 || isNeg0(a) || b < 0 || isNeg0(b);
    }

    /** The exact value of an integer given as a BigInteger-compatible long, signed or unsigned. */
    static BigDecimal exact(long v, boolean unsigned) {
        return unsigned && v < 0 ? new BigDecimal(new BigInteger(Long.toUnsignedString(v))) : new BigDecimal(v);
    }

    /** An integer converted to float in mode {@code m} ({@code I2F}). */
    static float toFloat(long v, boolean unsigned, Mode m) {
        BigDecimal ex = exact(v, unsigned);
        return round(ex, ex.floatValue(), m, false);
    }

    static double toDouble(long v, boolean unsigned, Mode m) {
        BigDecimal ex = exact(v, unsigned);
        return round(ex, ex.doubleValue(), m, false);
    }

    /**
     * A float or double converted to an integer of {@code bits} bits ({@code F2I}): rounded in mode {@code m} (RN: to
     * nearest even), saturated to the type's range, NaN to 0 (the PTX {@code cvt.rni.sat} rules).
     */
    static long toInt(double d, int bits, boolean unsigned, Mode m) {
        if (Double.isNaN(d)) {
            return 0;
        }
        double r = switch (m) {
            case RM -> Math.floor(d);
            case RP -> Math.ceil(d);
            case RZ -> d < 0 ? Math.ceil(d) : Math.floor(d);
            default -> Math.rint(d);
        };
        BigInteger lo = unsigned ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(bits - 1).negate();
        BigInteger hi = unsigned ? BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
        BigInteger v = Double.isInfinite(r) ? (r > 0 ? hi : lo) : new BigDecimal(r).toBigInteger();
        return v.max(lo).min(hi).longValue();
    }

    /** Half-precision bits (low 16 bits of {@code h}) as float; {@code bf16} for bfloat16. */
    static float half(int h, boolean bf16) {
        return bf16 ? Float.intBitsToFloat((h & 0xffff) << 16) : Float.float16ToFloat((short) h);
    }

    /**
     * {@code MUFU.f} of {@code a}: the exact function rounded to float, on flushed inputs and outputs (the MUFU unit
     * does not take subnormals; nvcc pre-scales them, e.g. {@code FMUL R, R, 16777216} before {@code MUFU.RSQ}).
     */
    static float mufu(String f, float a) {
        double x = ftz(a);
        double r = switch (f) {
            case "RCP" -> 1.0 / x;
            case "RSQ" -> 1.0 / Math.sqrt(x);
            case "SQRT" -> Math.sqrt(x);
            case "EX2" -> Math.pow(2, x);
            case "LG2" -> Math.log(x) / Math.log(2);
            case "SIN" -> Math.sin(x);
            case "COS" -> Math.cos(x);
            case "TANH" -> Math.tanh(x);
            default -> throw new SimulationException("unsupported in the simulator: MUFU." + f);
        };
        return ftz((float) r);
    }

    /**
     * {@code MUFU.RCP64H}/{@code MUFU.RSQ64H}: the high word of 1/x or 1/sqrt(x) for the double whose high word is
     * {@code hi} (low word 0); the refinement that follows in nvcc's code makes the result exact.
     */
    static int mufu64h(String f, int hi) {
        double x = Double.longBitsToDouble((long) hi << 32);
        double r = f.equals("RCP64H") ? 1.0 / x : 1.0 / Math.sqrt(x);
        return (int) (Double.doubleToRawLongBits(r) >>> 32);
    }

    /**
     * {@code FCHK P, a, b}: whether the quick division sequence (reciprocal, two FFMA refinements) could be
     * inaccurate for a/b, so that nvcc's code calls the full division subroutine. The hardware's exact test is not
     * documented; this model flags every operand the quick path cannot handle (zero, subnormal, infinite or NaN
     * divisor; subnormal, infinite or NaN dividend) and every exponent combination within two binades of overflow or
     * underflow of the reciprocal, the quotient or the remainder. Both paths compute the correctly rounded quotient,
     * so the choice only decides which code runs.
     */
    static boolean fchk(float a, float b) {
        if (!Float.isFinite(a) || !Float.isFinite(b) || b == 0 || Math.abs(b) < Float.MIN_NORMAL
                || a != 0 && Math.abs(a) < Float.MIN_NORMAL) {
            return true;
        }
        if (a == 0) {
            return false;
        }
        int ea = Math.getExponent(a);
        int eb = Math.getExponent(b);
        return eb >= 125 || eb <= -125 || ea >= 126 || ea <= -102 || ea - eb >= 126 || ea - eb <= -124;
    }
}
