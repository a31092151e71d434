package tessera.core.poly;

/** Exact integer helpers: every operation overflows loudly ({@link ArithmeticException}), never silently. */
final class Arith {
    private Arith() {
    }

    static long gcd(long a, long b) {
        a = Math.absExact(a);
        b = Math.absExact(b);
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /** gcd of row[from..] (0 when all are 0). */
    static long gcd(long[] row, int from) {
        long g = 0;
        for (int i = from; i < row.length && g != 1; i++) {
            if (row[i] != 0) {
                g = gcd(g, row[i]);
            }
        }
        return g;
    }

    static long floorDiv(long a, long b) {
        return Math.floorDiv(a, b);
    }

    static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    static long mod(long a, long m) {
        return Math.floorMod(a, m);
    }

    static long add(long a, long b) {
        return Math.addExact(a, b);
    }

    static long sub(long a, long b) {
        return Math.subtractExact(a, b);
    }

    static long mul(long a, long b) {
        return Math.multiplyExact(a, b);
    }

    /** Returns {g, x, y} with a*x + b*y = g = gcd(a, b) >= 0. */
    static long[] egcd(long a, long b) {
        long oldR = a, r = b, oldS = 1, s = 0, oldT = 0, t = 1;
        while (r != 0) {
            long q = Math.floorDiv(oldR, r);
            long tmp = sub(oldR, mul(q, r));
            oldR = r;
            r = tmp;
            tmp = sub(oldS, mul(q, s));
            oldS = s;
            s = tmp;
            tmp = sub(oldT, mul(q, t));
            oldT = t;
            t = tmp;
        }
        if (oldR < 0) {
            return new long[] { -oldR, -oldS, -oldT };
        }
        return new long[] { oldR, oldS, oldT };
    }

    /** Inverse of a modulo m (gcd(a, m) must be 1), in [0, m). */
    static long inverse(long a, long m) {
        long[] e = egcd(mod(a, m), m);
        return mod(e[1], m);
    }

    /** Pugh's symmetric residue a mod^ m = a - m*floor(a/m + 1/2), in [-m/2, m/2). */
    static long modHat(long a, long m) {
        return sub(a, mul(m, Math.floorDiv(add(mul(2, a), m), mul(2, m))));
    }

    /** target += f * src (exact), over all columns. */
    static void addMul(long[] target, long f, long[] src) {
        if (f == 0) {
            return;
        }
        for (int i = 0; i < src.length; i++) {
            if (src[i] != 0) {
                target[i] = add(target[i], mul(f, src[i]));
            }
        }
    }
}
