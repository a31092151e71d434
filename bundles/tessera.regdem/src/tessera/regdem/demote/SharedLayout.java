package tessera.regdem.demote;

/**
 * Equation (1) of seed 004 §3.2: the r-th demoted register of thread t lives at {@code t·4 + s + r·n·4}, so the 32
 * lanes of a warp touch 32 consecutive words (32 distinct banks) for any static size s. On real kernels s is
 * {@link #spillBase}: after the kernel's own static and dynamic shared memory, and after sm_90's reserved 1 KB.
 */
public final class SharedLayout {
    public static final int BANKS = 32;

    private SharedLayout() {
    }

    /** s: static shared size rounded up to a multiple of 4 bytes. */
    public static int alignStatic(int staticBytes) {
        return (staticBytes + 3) / 4 * 4;
    }

    /**
     * Byte address where the demoted arrays start: the architecture's first shared address (1 KB on sm_90, see
     * {@link tessera.regdem.occupancy.ArchSpec#sharedWindowBase()}) plus the kernel's static and the launch's dynamic
     * shared memory, each rounded up to 4 bytes. Slots below it would overwrite the kernel's own shared data.
     */
    public static int spillBase(tessera.regdem.occupancy.ArchSpec arch, int staticBytes, int dynamicBytes) {
        return arch.sharedWindowBase() + kernelBytes(staticBytes, dynamicBytes);
    }

    /** The kernel's own shared memory per block: static plus dynamic bytes, each rounded up to 4. */
    public static int kernelBytes(int staticBytes, int dynamicBytes) {
        return alignStatic(staticBytes) + alignStatic(dynamicBytes);
    }

    /** The compile-time "register offset" {@code s + r·n·4}. */
    public static long registerOffset(int r, int threads, int staticBytes) {
        return alignStatic(staticBytes) + (long) r * threads * 4;
    }

    /** The full location of Eq. (1). */
    public static long location(int t, int r, int threads, int staticBytes) {
        return (long) t * 4 + registerOffset(r, threads, staticBytes);
    }

    /** Shared-memory bank of a byte address: (addr / 4) mod 32. */
    public static int bank(long address) {
        return (int) ((address / 4) % BANKS);
    }

    /** Dynamic shared memory the launch must add for k demoted words: k·n·4 bytes. */
    public static long bytes(int k, int threads) {
        return (long) k * threads * 4;
    }
}
