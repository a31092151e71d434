package tessera.telamon.ptx;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Little-endian raw reads and writes of 1, 2, 4 and 8 bytes in a byte array (the GPU's byte order). */
final class Bytes {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Bytes() {
    }

    /** The {@code size} bytes at {@code off}, zero-extended. */
    static long get(byte[] a, int off, int size) {
        return switch (size) {
            case 1 -> a[off] & 0xFFL;
            case 2 -> (short) SHORT.get(a, off) & 0xFFFFL;
            case 4 -> (int) INT.get(a, off) & 0xFFFF_FFFFL;
            default -> (long) LONG.get(a, off);
        };
    }

    static void set(byte[] a, int off, int size, long v) {
        switch (size) {
            case 1 -> a[off] = (byte) v;
            case 2 -> SHORT.set(a, off, (short) v);
            case 4 -> INT.set(a, off, (int) v);
            default -> LONG.set(a, off, v);
        }
    }
}
