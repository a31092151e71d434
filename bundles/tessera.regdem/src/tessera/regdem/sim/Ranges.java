package tessera.regdem.sim;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;

/**
 * Fills the input buffers of a {@link LaunchSpec} from a seeded {@link Random}: the random word mix of {@code in},
 * the patterns of {@code out}/{@code zero}, and the value ranges of the ranged kinds (little-endian, as on the GPU).
 */
final class Ranges {

    /** The byte every {@code out} buffer starts with. */
    static final byte OUT_FILL = 0x77;

    private Ranges() {
    }

    /** Rejects a segment whose bounds do not parse for its kind or whose size is not a multiple of the element. */
    static void check(LaunchSpec.Param.Kind k, LaunchSpec.Param.Segment s) {
        if (s.bytes() < 0 || s.bytes() % element(k) != 0) {
            throw new IllegalArgumentException("segment of " + s.bytes() + " bytes is not a multiple of "
                    + element(k) + " for " + k.name().toLowerCase());
        }
        if (k == LaunchSpec.Param.Kind.IDX || k == LaunchSpec.Param.Kind.I64) {
            if (bound(s.lo()) > bound(s.hi())) {
                throw new IllegalArgumentException("empty range " + s.lo() + ".." + s.hi());
            }
        } else if (Double.parseDouble(s.lo()) > Double.parseDouble(s.hi())) {
            throw new IllegalArgumentException("empty range " + s.lo() + ".." + s.hi());
        }
    }

    private static int element(LaunchSpec.Param.Kind k) {
        return switch (k) {
            case F16 -> 2;
            case I64, F64, LF64 -> 8;
            case U8 -> 1;
            default -> 4;
        };
    }

    private static long bound(String s) {
        return switch (s) {
            case "min" -> Long.MIN_VALUE;
            case "max" -> Long.MAX_VALUE;
            default -> Long.decode(s);
        };
    }

    /** Fills {@code b} for parameter {@code p}. */
    static void fill(LaunchSpec.Param p, byte[] b, Random rnd) {
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        switch (p.kind()) {
            case IN -> {
                for (int k = 0; k + 3 < b.length; k += 4) {
                    // small floats and ints alike: keep magnitudes moderate so float code stays finite
                    bb.putInt(k, rnd.nextInt(4) == 0 ? rnd.nextInt(1000)
                            : Float.floatToRawIntBits(rnd.nextFloat() * 4 - 2));
                }
            }
            case OUT -> Arrays.fill(b, OUT_FILL);
            case ZERO -> Arrays.fill(b, (byte) 0);
            case U8 -> rnd.nextBytes(b);
            default -> {
                int at = 0;
                for (LaunchSpec.Param.Segment s : p.segments()) {
                    for (int end = at + s.bytes(); at < end; at += element(p.kind())) {
                        put(p.kind(), s, bb, at, rnd);
                    }
                }
            }
        }
    }

    private static void put(LaunchSpec.Param.Kind k, LaunchSpec.Param.Segment s, ByteBuffer bb, int at, Random rnd) {
        switch (k) {
            case IDX -> bb.putInt(at, (int) longIn(bound(s.lo()), bound(s.hi()), rnd));
            case I64 -> bb.putLong(at, longIn(bound(s.lo()), bound(s.hi()), rnd));
            case F16 -> bb.putShort(at, Float.floatToFloat16((float) doubleIn(s, rnd)));
            case F32 -> bb.putFloat(at, (float) doubleIn(s, rnd));
            case F64 -> bb.putDouble(at, doubleIn(s, rnd));
            case LF64 -> bb.putDouble(at, (rnd.nextBoolean() ? -1 : 1) * Math.pow(10, doubleIn(s, rnd)));
            default -> throw new IllegalStateException(k.name());
        }
    }

    private static double doubleIn(LaunchSpec.Param.Segment s, Random rnd) {
        double lo = Double.parseDouble(s.lo());
        double hi = Double.parseDouble(s.hi());
        return lo + (hi - lo) * rnd.nextDouble();
    }

    /** A uniform long in [lo, hi], also for the full 64-bit range. */
    private static long longIn(long lo, long hi, Random rnd) {
        long span = hi - lo + 1;
        if (span <= 0) { // the range covers more than half of all longs
            long v;
            do {
                v = rnd.nextLong();
            } while (v < lo || v > hi);
            return v;
        }
        return lo + Math.floorMod(rnd.nextLong(), span);
    }
}
