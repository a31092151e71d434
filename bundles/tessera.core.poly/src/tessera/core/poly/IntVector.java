package tessera.core.poly;

import java.util.Arrays;

/** An immutable integer vector with exact (overflow-checked) arithmetic, e.g. a dependence vector d. */
public final class IntVector {
    private final long[] v;

    private IntVector(long[] v) {
        this.v = v;
    }

    public static IntVector of(long... values) {
        return new IntVector(values.clone());
    }

    public static IntVector zero(int n) {
        return new IntVector(new long[n]);
    }

    /** The i-th unit vector of length n. */
    public static IntVector unit(int n, int i) {
        long[] a = new long[n];
        a[i] = 1;
        return new IntVector(a);
    }

    public int size() {
        return v.length;
    }

    public long get(int i) {
        return v[i];
    }

    public long[] toArray() {
        return v.clone();
    }

    public IntVector plus(IntVector o) {
        check(o);
        long[] r = new long[v.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = Math.addExact(v[i], o.v[i]);
        }
        return new IntVector(r);
    }

    public IntVector minus(IntVector o) {
        return plus(o.times(-1));
    }

    public IntVector times(long f) {
        long[] r = new long[v.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = Math.multiplyExact(v[i], f);
        }
        return new IntVector(r);
    }

    public IntVector negate() {
        return times(-1);
    }

    public long dot(IntVector o) {
        check(o);
        long s = 0;
        for (int i = 0; i < v.length; i++) {
            s = Math.addExact(s, Math.multiplyExact(v[i], o.v[i]));
        }
        return s;
    }

    /** Component-wise signum (used for tile displacements Θ(d), seed 003 §5.1). */
    public IntVector signum() {
        long[] r = new long[v.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = Long.signum(v[i]);
        }
        return new IntVector(r);
    }

    public boolean isZero() {
        for (long x : v) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    private void check(IntVector o) {
        if (o.v.length != v.length) {
            throw new IllegalArgumentException("vector sizes differ: " + v.length + " vs " + o.v.length);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IntVector x && Arrays.equals(v, x.v);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(v);
    }

    /** e.g. {@code (1, 0)} */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(v[i]);
        }
        return sb.append(')').toString();
    }
}
