package tessera.core.poly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 003 §5–§6 set operations: the constraint rows behind {@link IntegerSet}, its {@link CanonicalForm} and the
 * {@link Omega} test. A row is a {@code long[]} with the constant at index 0 and one coefficient per column of a
 * {@link Space} from index 1 (dims, then params); it stands for {@code row . (1, x) == 0}, {@code >= 0} or
 * {@code == 0 (mod m)}.
 */
final class Rows {
    private Rows() {
    }

    /** The coefficients of a row without its constant: rows with equal keys are parallel. */
    static final class Key {
        private final long[] c;
        private final int h;

        Key(long[] row) {
            this(Arrays.copyOfRange(row, 1, row.length), 0);
        }

        private Key(long[] coefficients, int unused) {
            c = coefficients;
            h = Arrays.hashCode(c);
        }

        /** The key of the opposite row ({@code -row}). */
        Key negated() {
            long[] n = new long[c.length];
            for (int i = 0; i < c.length; i++) {
                n[i] = -c[i];
            }
            return new Key(n, 0);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(c, k.c);
        }

        @Override
        public int hashCode() {
            return h;
        }
    }

    /** The row of {@code e} over the columns of {@code space}. */
    static long[] of(Space space, AffineExpr e) {
        long[] r = new long[1 + space.vars()];
        r[0] = e.constant();
        for (Map.Entry<String, Long> en : e.coefficients().entrySet()) {
            int c = space.column(en.getKey());
            if (c < 0) {
                throw new IllegalArgumentException("'" + en.getKey() + "' is not a dimension or parameter of " + space);
            }
            r[c] = en.getValue();
        }
        return r;
    }

    /** The affine expression of a row over the columns of {@code space}. */
    static AffineExpr expr(Space space, long[] r) {
        Map<String, Long> m = new HashMap<>();
        for (int c = 1; c < r.length; c++) {
            if (r[c] != 0) {
                m.put(space.name(c), r[c]);
            }
        }
        return AffineExpr.of(m, r[0]);
    }

    /** Row {@code r} re-expressed over {@code target}, whose column c is replaced by the row {@code colRows[c]}. */
    static long[] map(long[] r, long[][] colRows, Space target) {
        long[] n = new long[1 + target.vars()];
        n[0] = r[0];
        for (int c = 1; c < r.length; c++) {
            if (r[c] != 0) {
                Arith.addMul(n, r[c], colRows[c]);
            }
        }
        return n;
    }

    /** Index of the first non-zero coefficient, or {@code r.length} when there is none. */
    static int firstNonZero(long[] r) {
        for (int k = 1; k < r.length; k++) {
            if (r[k] != 0) {
                return k;
            }
        }
        return r.length;
    }

    /**
     * Divides every inequality of {@code ges} by the gcd of its coefficients (rounding the constant down, which
     * tightens it over the integers) and keeps in {@code tightest} the tightest row per coefficient key. Rows without
     * coefficients are dropped when true. Returns false when one of them is false ({@code c >= 0} with {@code c < 0}).
     * The rows are consumed.
     */
    static boolean addTightened(Map<Key, long[]> tightest, Collection<long[]> ges) {
        for (long[] r : ges) {
            long g = Arith.gcd(r, 1);
            if (g == 0) {
                if (r[0] < 0) {
                    return false;
                }
                continue;
            }
            if (g != 1) {
                for (int k = 1; k < r.length; k++) {
                    r[k] /= g;
                }
                r[0] = Math.floorDiv(r[0], g);
            }
            Key key = new Key(r);
            long[] old = tightest.get(key);
            if (old == null || r[0] < old[0]) {
                tightest.put(key, r);
            }
        }
        return true;
    }

    /**
     * Reduces the congruence {@code r == 0 (mod m)} in place to residues in {@code [0, m)} and returns
     * {@code g = gcd(m, coefficients)}: {@code g == m} means the congruence always holds, 0 that it never does
     * (the constant is not a multiple of g).
     */
    static long reduceCongruence(long[] r, long m) {
        for (int k = 0; k < r.length; k++) {
            r[k] = Arith.mod(r[k], m);
        }
        long g = m;
        for (int k = 1; k < r.length; k++) {
            g = Arith.gcd(g, r[k]);
        }
        return r[0] % g != 0 ? 0 : g;
    }

    /** {@code r . x}, overflow-checked. */
    static long dot(long[] r, long[] x) {
        long s = 0;
        for (int i = 0; i < r.length; i++) {
            if (r[i] != 0) {
                s = Arith.add(s, Arith.mul(r[i], x[i]));
            }
        }
        return s;
    }

    /** Number of non-zero coefficients (the constant not counted). */
    static int nonZeros(long[] r) {
        int n = 0;
        for (int k = 1; k < r.length; k++) {
            n += r[k] != 0 ? 1 : 0;
        }
        return n;
    }

    /** Fresh copies of the rows, in a mutable list. */
    static List<long[]> copies(long[][] rows) {
        List<long[]> out = new ArrayList<>(rows.length);
        for (long[] r : rows) {
            out.add(r.clone());
        }
        return out;
    }
}
