package tessera.dspace.runtime.csp;

import java.util.Arrays;

/**
 * Open-addressing map from packed choice arguments (non-negative keys, {@link Kernel#key}) to variables: no boxing
 * and two flat arrays on the propagation hot path ({@code -1} marks a free slot).
 */
final class LongIntMap {
    private static final long FREE = -1L;
    private long[] keys = free(16);
    private int[] vals = new int[16];
    private int size;

    int get(long k) {
        long[] ks = keys;
        int mask = ks.length - 1;
        for (int i = hash(k) & mask;; i = (i + 1) & mask) {
            long x = ks[i];
            if (x == k) {
                return vals[i];
            }
            if (x == FREE) {
                return -1;
            }
        }
    }

    boolean containsKey(long k) {
        return get(k) >= 0;
    }

    void put(long k, int v) {
        if (k < 0) {
            throw new IllegalArgumentException("negative key " + k);
        }
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        for (int i = hash(k) & mask;; i = (i + 1) & mask) {
            if (keys[i] == FREE) {
                keys[i] = k;
                vals[i] = v;
                size++;
                return;
            }
            if (keys[i] == k) {
                vals[i] = v;
                return;
            }
        }
    }

    private void grow() {
        long[] ok = keys;
        int[] ov = vals;
        keys = free(ok.length * 2);
        vals = new int[ok.length * 2];
        size = 0;
        for (int i = 0; i < ok.length; i++) {
            if (ok[i] != FREE) {
                put(ok[i], ov[i]);
            }
        }
    }

    private static long[] free(int n) {
        long[] a = new long[n];
        Arrays.fill(a, FREE);
        return a;
    }

    /**
     * MurmurHash3's 64-bit finaliser: every key bit reaches the low bits the table uses (a plain multiply leaves
     * them blind to the third argument, bits 42 and up, so instances differing only there collided).
     */
    private static int hash(long k) {
        long h = (k ^ (k >>> 33)) * 0xff51afd7ed558ccdL;
        h = (h ^ (h >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return (int) (h ^ (h >>> 33));
    }

    LongIntMap copy() {
        LongIntMap m = new LongIntMap();
        m.keys = keys.clone();
        m.vals = vals.clone();
        m.size = size;
        return m;
    }
}
