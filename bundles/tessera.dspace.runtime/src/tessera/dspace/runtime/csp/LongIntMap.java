package tessera.dspace.runtime.csp;

import java.util.Arrays;

/** Open-addressing map from packed choice arguments to variables (no boxing on the propagation hot path). */
final class LongIntMap {
    private long[] keys = new long[16];
    private int[] vals = new int[16];
    private boolean[] used = new boolean[16];
    private int size;

    int get(long k) {
        int mask = keys.length - 1;
        for (int i = hash(k) & mask;; i = (i + 1) & mask) {
            if (!used[i]) {
                return -1;
            }
            if (keys[i] == k) {
                return vals[i];
            }
        }
    }

    boolean containsKey(long k) {
        return get(k) >= 0;
    }

    void put(long k, int v) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        for (int i = hash(k) & mask;; i = (i + 1) & mask) {
            if (!used[i]) {
                used[i] = true;
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
        boolean[] ou = used;
        keys = new long[ok.length * 2];
        vals = new int[ok.length * 2];
        used = new boolean[ok.length * 2];
        size = 0;
        for (int i = 0; i < ok.length; i++) {
            if (ou[i]) {
                put(ok[i], ov[i]);
            }
        }
    }

    private static int hash(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29));
    }

    LongIntMap copy() {
        LongIntMap m = new LongIntMap();
        m.keys = Arrays.copyOf(keys, keys.length);
        m.vals = Arrays.copyOf(vals, vals.length);
        m.used = Arrays.copyOf(used, used.length);
        m.size = size;
        return m;
    }
}
