package tessera.core.poly;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An immutable integer matrix with exact arithmetic: index maps Q, the tile-size matrix P = diag(p), the allocation
 * matrix Φ (seed 003 §4, §5.1). Orthogonal tiling needs only products, diagonals and selections; no Hermite normal
 * form is required by the seed (tiles are rectangular), so none is offered.
 */
public final class IntMatrix {
    private final long[][] a;
    private final int cols;

    private IntMatrix(long[][] a, int cols) {
        this.a = a;
        this.cols = cols;
    }

    /** From rows (all of equal length); {@code of(new long[0][])} is the 0x0 matrix. */
    public static IntMatrix of(long[]... rows) {
        int c = rows.length == 0 ? 0 : rows[0].length;
        long[][] m = new long[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            if (rows[i].length != c) {
                throw new IllegalArgumentException("row " + i + " has " + rows[i].length + " entries, expected " + c);
            }
            m[i] = rows[i].clone();
        }
        return new IntMatrix(m, c);
    }

    /** An r x c zero matrix (r or c may be 0, e.g. Q = () in Z^{0 x n} for scalars). */
    public static IntMatrix zero(int r, int c) {
        return new IntMatrix(new long[r][c], c);
    }

    public static IntMatrix identity(int n) {
        long[][] m = new long[n][n];
        for (int i = 0; i < n; i++) {
            m[i][i] = 1;
        }
        return new IntMatrix(m, n);
    }

    public static IntMatrix diagonal(long... d) {
        long[][] m = new long[d.length][d.length];
        for (int i = 0; i < d.length; i++) {
            m[i][i] = d[i];
        }
        return new IntMatrix(m, d.length);
    }

    /** The matrix whose row r selects coordinate {@code picks[r]} of an n-vector (e.g. Φ with ΦK = (k_r, k_c)). */
    public static IntMatrix selection(int n, int... picks) {
        long[][] m = new long[picks.length][n];
        for (int r = 0; r < picks.length; r++) {
            m[r][picks[r]] = 1;
        }
        return new IntMatrix(m, n);
    }

    public int rows() {
        return a.length;
    }

    public int cols() {
        return cols;
    }

    public long get(int r, int c) {
        return a[r][c];
    }

    public IntVector row(int r) {
        return IntVector.of(a[r]);
    }

    public IntMatrix times(IntMatrix o) {
        if (cols != o.rows()) {
            throw new IllegalArgumentException("cannot multiply " + rows() + "x" + cols + " by " + o.rows() + "x" + o.cols);
        }
        long[][] m = new long[rows()][o.cols];
        for (int i = 0; i < rows(); i++) {
            for (int j = 0; j < o.cols; j++) {
                long s = 0;
                for (int k = 0; k < cols; k++) {
                    s = Math.addExact(s, Math.multiplyExact(a[i][k], o.a[k][j]));
                }
                m[i][j] = s;
            }
        }
        return new IntMatrix(m, o.cols);
    }

    public IntVector times(IntVector v) {
        if (v.size() != cols) {
            throw new IllegalArgumentException("cannot multiply " + rows() + "x" + cols + " by a vector of size " + v.size());
        }
        long[] r = new long[rows()];
        for (int i = 0; i < r.length; i++) {
            r[i] = row(i).dot(v);
        }
        return IntVector.of(r);
    }

    /** Symbolic product with a vector of affine expressions, e.g. Q·I over index names. */
    public List<AffineExpr> times(List<AffineExpr> v) {
        if (v.size() != cols) {
            throw new IllegalArgumentException("cannot multiply " + rows() + "x" + cols + " by " + v.size() + " expressions");
        }
        List<AffineExpr> out = new ArrayList<>();
        for (long[] row : a) {
            AffineExpr s = AffineExpr.ZERO;
            for (int k = 0; k < cols; k++) {
                s = s.plus(v.get(k).times(row[k]));
            }
            out.add(s);
        }
        return out;
    }

    /** Q·(names) - d as expressions: the affine index of an access x[Q I - d] (seed 003 Eq. (1), minus sign kept). */
    public List<AffineExpr> affineIndex(List<String> names, IntVector d) {
        List<AffineExpr> vars = new ArrayList<>();
        for (String n : names) {
            vars.add(AffineExpr.var(n));
        }
        List<AffineExpr> qi = times(vars);
        if (d.size() != qi.size()) {
            throw new IllegalArgumentException("offset has size " + d.size() + ", expected " + qi.size());
        }
        List<AffineExpr> out = new ArrayList<>();
        for (int i = 0; i < qi.size(); i++) {
            out.add(qi.get(i).minus(d.get(i)));
        }
        return out;
    }

    public IntMatrix plus(IntMatrix o) {
        if (rows() != o.rows() || cols != o.cols) {
            throw new IllegalArgumentException("matrix sizes differ");
        }
        long[][] m = new long[rows()][cols];
        for (int i = 0; i < rows(); i++) {
            for (int j = 0; j < cols; j++) {
                m[i][j] = Math.addExact(a[i][j], o.a[i][j]);
            }
        }
        return new IntMatrix(m, cols);
    }

    public IntMatrix transpose() {
        long[][] m = new long[cols][rows()];
        for (int i = 0; i < rows(); i++) {
            for (int j = 0; j < cols; j++) {
                m[j][i] = a[i][j];
            }
        }
        return new IntMatrix(m, rows());
    }

    public boolean isIdentity() {
        return equals(identity(rows()));
    }

    /** Exact determinant (Bareiss fraction-free elimination over BigInteger). */
    public BigInteger determinant() {
        int n = rows();
        if (n != cols) {
            throw new IllegalArgumentException("determinant of a non-square " + n + "x" + cols + " matrix");
        }
        BigInteger[][] m = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                m[i][j] = BigInteger.valueOf(a[i][j]);
            }
        }
        BigInteger prev = BigInteger.ONE;
        int sign = 1;
        for (int k = 0; k < n - 1; k++) {
            if (m[k][k].signum() == 0) {
                int s = k + 1;
                while (s < n && m[s][k].signum() == 0) {
                    s++;
                }
                if (s == n) {
                    return BigInteger.ZERO;
                }
                BigInteger[] t = m[k];
                m[k] = m[s];
                m[s] = t;
                sign = -sign;
            }
            for (int i = k + 1; i < n; i++) {
                for (int j = k + 1; j < n; j++) {
                    m[i][j] = m[i][j].multiply(m[k][k]).subtract(m[i][k].multiply(m[k][j])).divide(prev);
                }
            }
            prev = m[k][k];
        }
        BigInteger d = n == 0 ? BigInteger.ONE : m[n - 1][n - 1];
        return sign < 0 ? d.negate() : d;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IntMatrix m && cols == m.cols && Arrays.deepEquals(a, m.a);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(a) * 31 + cols;
    }

    /** e.g. {@code ((1, 0), (0, 1))} */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < a.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(IntVector.of(a[i]));
        }
        return sb.append(')').toString();
    }
}
