package tessera.regdem.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Device global memory of the simulator: buffers at 64-bit addresses {@code 0x1_0000_0000 + i·0x100_0000} (the
 * high word is 1, so 64-bit address arithmetic with carries is exercised). Little-endian 32-bit words; every access
 * is bounds- and alignment-checked.
 */
public final class GlobalMemory {
    public static final long BASE = 0x1_0000_0000L;
    public static final long STRIDE = 0x100_0000L;

    private final List<byte[]> buffers = new ArrayList<>();

    public long allocate(int bytes) {
        if (bytes < 0 || bytes > STRIDE) {
            throw new IllegalArgumentException("buffer size out of range: " + bytes);
        }
        buffers.add(new byte[bytes]);
        return BASE + (buffers.size() - 1) * STRIDE;
    }

    public int bufferCount() {
        return buffers.size();
    }

    public byte[] buffer(int i) {
        return buffers.get(i);
    }

    public long address(int i) {
        return BASE + i * STRIDE;
    }

    private byte[] locate(long addr, int size) {
        long rel = addr - BASE;
        if (rel < 0) {
            throw new SimulationException(String.format("global address 0x%x is below every buffer", addr));
        }
        int idx = (int) (rel / STRIDE);
        long off = rel % STRIDE;
        if (idx >= buffers.size() || off + size > buffers.get(idx).length) {
            throw new SimulationException(String.format("global access of %d bytes at 0x%x is out of bounds", size, addr));
        }
        if (addr % size != 0) {
            throw new SimulationException(String.format("misaligned global access of %d bytes at 0x%x", size, addr));
        }
        return buffers.get(idx);
    }

    public int read(long addr) {
        byte[] b = locate(addr, 4);
        int o = (int) ((addr - BASE) % STRIDE);
        return (b[o] & 0xff) | (b[o + 1] & 0xff) << 8 | (b[o + 2] & 0xff) << 16 | (b[o + 3] & 0xff) << 24;
    }

    public void write(long addr, int v) {
        byte[] b = locate(addr, 4);
        int o = (int) ((addr - BASE) % STRIDE);
        b[o] = (byte) v;
        b[o + 1] = (byte) (v >>> 8);
        b[o + 2] = (byte) (v >>> 16);
        b[o + 3] = (byte) (v >>> 24);
    }

    /**
     * Reads {@code bytes} (1, 2, 4 or 8) little-endian bytes at {@code addr}, zero-extended; the access is bounds- and
     * alignment-checked like every other.
     */
    public long load(long addr, int bytes) {
        byte[] b = locate(addr, bytes);
        int o = (int) ((addr - BASE) % STRIDE);
        long v = 0;
        for (int k = bytes - 1; k >= 0; k--) {
            v = v << 8 | (b[o + k] & 0xff);
        }
        return v;
    }

    /** Writes the low {@code bytes} (1, 2, 4 or 8) bytes of {@code v} little-endian at {@code addr}. */
    public void store(long addr, int bytes, long v) {
        byte[] b = locate(addr, bytes);
        int o = (int) ((addr - BASE) % STRIDE);
        for (int k = 0; k < bytes; k++) {
            b[o + k] = (byte) (v >>> 8 * k);
        }
    }

    /** Checks a wide access (8 or 16 bytes) for alignment and bounds. */
    public void checkWide(long addr, int bytes) {
        locate(addr, bytes);
    }

    public GlobalMemory copy() {
        GlobalMemory g = new GlobalMemory();
        for (byte[] b : buffers) {
            g.buffers.add(b.clone());
        }
        return g;
    }

    public boolean sameContents(GlobalMemory o) {
        if (o.buffers.size() != buffers.size()) {
            return false;
        }
        for (int i = 0; i < buffers.size(); i++) {
            if (!Arrays.equals(buffers.get(i), o.buffers.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** First differing word as "buffer i, byte offset o: a vs b", or "" when equal. */
    public String firstDifference(GlobalMemory o) {
        for (int i = 0; i < Math.min(buffers.size(), o.buffers.size()); i++) {
            byte[] a = buffers.get(i);
            byte[] b = o.buffers.get(i);
            for (int k = 0; k + 3 < Math.min(a.length, b.length); k += 4) {
                if (a[k] != b[k] || a[k + 1] != b[k + 1] || a[k + 2] != b[k + 2] || a[k + 3] != b[k + 3]) {
                    long addr = address(i) + k;
                    return String.format("buffer %d offset %d: 0x%08x vs 0x%08x", i, k, read(addr), o.read(addr));
                }
            }
        }
        return o.buffers.size() == buffers.size() ? "" : "different buffer counts";
    }
}
