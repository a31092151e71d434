package tessera.telamon.ptx;

import java.util.Map;
import java.util.TreeMap;

/**
 * Global memory of the reference executor: buffers allocated at distinct, 256-byte aligned 64-bit device addresses
 * (above 4 GiB, with unallocated gaps between buffers so that running off the end of one never lands in the next),
 * typed host reads and writes, and bounds checks: an access outside every allocation is an error.
 */
public final class Memory {
    /** The first device address; above 32 bits so that a pointer truncated to 32 bits never addresses a buffer. */
    public static final long BASE = 0x1_0000_0000L;
    private static final long ALIGN = 256;
    private static final long GAP = 4096;

    /** One buffer: its name (for messages), its first device address and its bytes. */
    record Allocation(String name, long address, byte[] data) {
        long end() {
            return address + data.length;
        }

        @Override
        public String toString() {
            return name + " (0x" + Long.toHexString(address) + ", " + data.length + " bytes)";
        }
    }

    private final TreeMap<Long, Allocation> allocations = new TreeMap<>();
    private long next = BASE;

    /** Allocates {@code bytes} zeroed bytes and returns their device address. */
    public long allocate(long bytes) {
        return allocate("buffer" + allocations.size(), bytes);
    }

    /** Allocates {@code bytes} zeroed bytes named {@code name} in error messages and returns their device address. */
    public long allocate(String name, long bytes) {
        if (bytes < 0 || bytes > Integer.MAX_VALUE - 8) {
            throw PtxException.of("cannot allocate " + bytes + " bytes (0 to 2^31 - 9 per buffer)");
        }
        long address = next;
        allocations.put(address, new Allocation(name, address, new byte[(int) bytes]));
        next = (address + Math.max(bytes, 1) + GAP + ALIGN - 1) / ALIGN * ALIGN;
        return address;
    }

    /** The allocation holding all of {@code [address, address + size)}, or null. */
    Allocation find(long address, int size) {
        Map.Entry<Long, Allocation> e = allocations.floorEntry(address);
        if (e == null) {
            return null;
        }
        Allocation a = e.getValue();
        return address + size <= a.end() ? a : null;
    }

    /** The allocation whose start is nearest below {@code address}, or null (for messages). */
    Allocation near(long address) {
        Map.Entry<Long, Allocation> e = allocations.floorEntry(address);
        return e == null ? (allocations.isEmpty() ? null : allocations.firstEntry().getValue()) : e.getValue();
    }

    private Allocation host(long address, int size, String what) {
        Allocation a = find(address, size);
        if (a == null) {
            throw PtxException.of("host " + what + " of " + size + " bytes at 0x" + Long.toHexString(address)
                    + " is outside every allocation");
        }
        return a;
    }

    long raw(long address, int size) {
        Allocation a = host(address, size, "read");
        return Bytes.get(a.data(), (int) (address - a.address()), size);
    }

    void raw(long address, int size, long bits) {
        Allocation a = host(address, size, "write");
        Bytes.set(a.data(), (int) (address - a.address()), size, bits);
    }

    public float readF32(long address) {
        return Float.intBitsToFloat((int) raw(address, 4));
    }

    public double readF64(long address) {
        return Double.longBitsToDouble(raw(address, 8));
    }

    public int readS32(long address) {
        return (int) raw(address, 4);
    }

    public long readS64(long address) {
        return raw(address, 8);
    }

    /** The 64 bits at {@code address}, as Java's long (the unsigned value's two's complement). */
    public long readU64(long address) {
        return raw(address, 8);
    }

    public void writeF32(long address, float v) {
        raw(address, 4, Float.floatToRawIntBits(v));
    }

    public void writeF64(long address, double v) {
        raw(address, 8, Double.doubleToRawLongBits(v));
    }

    public void writeS32(long address, int v) {
        raw(address, 4, v);
    }

    public void writeS64(long address, long v) {
        raw(address, 8, v);
    }

    public void writeU64(long address, long v) {
        raw(address, 8, v);
    }

    /** Writes {@code values} as consecutive f32 from {@code address}. */
    public void writeF32s(long address, float... values) {
        for (int i = 0; i < values.length; i++) {
            writeF32(address + 4L * i, values[i]);
        }
    }

    public float[] readF32s(long address, int count) {
        float[] r = new float[count];
        for (int i = 0; i < count; i++) {
            r[i] = readF32(address + 4L * i);
        }
        return r;
    }

    public void writeF64s(long address, double... values) {
        for (int i = 0; i < values.length; i++) {
            writeF64(address + 8L * i, values[i]);
        }
    }

    public double[] readF64s(long address, int count) {
        double[] r = new double[count];
        for (int i = 0; i < count; i++) {
            r[i] = readF64(address + 8L * i);
        }
        return r;
    }

    public void writeS32s(long address, int... values) {
        for (int i = 0; i < values.length; i++) {
            writeS32(address + 4L * i, values[i]);
        }
    }

    public int[] readS32s(long address, int count) {
        int[] r = new int[count];
        for (int i = 0; i < count; i++) {
            r[i] = readS32(address + 4L * i);
        }
        return r;
    }

    public void writeS64s(long address, long... values) {
        for (int i = 0; i < values.length; i++) {
            writeS64(address + 8L * i, values[i]);
        }
    }

    public long[] readS64s(long address, int count) {
        long[] r = new long[count];
        for (int i = 0; i < count; i++) {
            r[i] = readS64(address + 8L * i);
        }
        return r;
    }
}
