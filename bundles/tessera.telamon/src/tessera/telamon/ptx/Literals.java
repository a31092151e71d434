package tessera.telamon.ptx;

import java.math.BigInteger;

/**
 * PTX ISA constants (syntax chapter): integer literals (decimal, {@code 0x} hex, {@code 0} octal, {@code 0b} binary,
 * optional {@code U}), float literals in IEEE hex ({@code 0fXXXXXXXX} single, {@code 0dXXXXXXXXXXXXXXXX} double) or
 * decimal (a double), each turned into the raw bits of the type an instruction reads it as.
 */
final class Literals {
    private Literals() {
    }

    /** True for a float literal (0f…, 0d…, or a decimal with '.' or an exponent). */
    static boolean isFloat(String t) {
        String l = t.toLowerCase(java.util.Locale.ROOT);
        return l.startsWith("0f") || l.startsWith("0d") || (!l.startsWith("0x") && (l.contains(".") || l.contains("e")));
    }

    /** The 64-bit two's complement value of an integer literal, or null when it is not one. */
    static Long integer(String t, boolean negative) {
        String s = t;
        if (s.endsWith("U") || s.endsWith("u")) {
            s = s.substring(0, s.length() - 1);
        }
        int radix = 10;
        if (s.length() > 2 && (s.startsWith("0x") || s.startsWith("0X"))) {
            radix = 16;
            s = s.substring(2);
        } else if (s.length() > 2 && (s.startsWith("0b") || s.startsWith("0B"))) {
            radix = 2;
            s = s.substring(2);
        } else if (s.length() > 1 && s.startsWith("0")) {
            radix = 8;
            s = s.substring(1);
        }
        try {
            BigInteger v = new BigInteger(s, radix);
            if (v.bitLength() > 64) {
                return null;
            }
            long bits = v.longValue();
            return negative ? -bits : bits;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The value of a float literal as a double (an 0f literal is exact in double), or null when malformed. */
    static Double floating(String t, boolean negative) {
        String l = t.toLowerCase(java.util.Locale.ROOT);
        double v;
        try {
            if (l.startsWith("0f") && l.length() == 10) {
                v = Float.intBitsToFloat((int) Long.parseLong(l.substring(2), 16));
            } else if (l.startsWith("0d") && l.length() == 18) {
                v = Double.longBitsToDouble(Long.parseUnsignedLong(l.substring(2), 16));
            } else if (!l.startsWith("0f") && !l.startsWith("0d")) {
                v = Double.parseDouble(l);
            } else {
                return null;
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return negative ? -v : v;
    }

    /**
     * Raw bits of a float literal read as float type {@code type}, or null when malformed: an 0f literal read as f32
     * and an 0d literal read as f64 keep their exact bits (NaN payloads included); others are converted.
     */
    static Long floatLiteralBits(String t, boolean negative, PtxType type) {
        String l = t.toLowerCase(java.util.Locale.ROOT);
        Double v = floating(t, negative);
        if (v == null) {
            return null;
        }
        if (type == PtxType.F32 && l.startsWith("0f")) {
            long bits = Long.parseLong(l.substring(2), 16);
            return negative ? bits ^ 0x8000_0000L : bits;
        }
        if (type == PtxType.F64 && l.startsWith("0d")) {
            long bits = Long.parseUnsignedLong(l.substring(2), 16);
            return negative ? bits ^ Long.MIN_VALUE : bits;
        }
        return floatBits(v, type);
    }

    /** Raw bits of an integer value as type {@code type} (cut to its width; converted when it is a float type). */
    static long intBits(long v, PtxType type) {
        return switch (type) {
            case F32 -> Float.floatToRawIntBits((float) v) & 0xFFFF_FFFFL;
            case F64 -> Double.doubleToRawLongBits((double) v);
            case PRED -> v != 0 ? 1 : 0;
            default -> type.truncate(v);
        };
    }

    /** Raw bits of a float value as float type {@code type} (rounded to nearest for f32). */
    static long floatBits(double v, PtxType type) {
        return type == PtxType.F32 ? Float.floatToRawIntBits((float) v) & 0xFFFF_FFFFL : Double.doubleToRawLongBits(v);
    }
}
