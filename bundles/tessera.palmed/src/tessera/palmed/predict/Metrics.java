package tessera.palmed.predict;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Seed 000 §VI-B evaluation metrics: the (weighted) RMS of relative IPC errors and Kendall's τ. τ is tau-b (ties in
 * either ranking corrected; the paper does not say which variant, digest §8.1.19), computed with Knight's
 * O(n log n) algorithm; tests check it against the O(n²) pair count.
 */
public final class Metrics {
    private Metrics() {
    }

    /** sqrt(Σ w_i/Σw · ((pred_i − ref_i)/ref_i)²); w null means equal weights. */
    public static double rmsRelativeError(double[] predicted, double[] reference, double[] weights) {
        double sw = 0;
        double s = 0;
        for (int i = 0; i < predicted.length; i++) {
            double w = weights == null ? 1 : weights[i];
            double e = (predicted[i] - reference[i]) / reference[i];
            s += w * e * e;
            sw += w;
        }
        return sw == 0 ? 0 : Math.sqrt(s / sw);
    }

    /** max_i |pred_i − ref_i| / ref_i. */
    public static double maxRelativeError(double[] predicted, double[] reference) {
        double m = 0;
        for (int i = 0; i < predicted.length; i++) {
            m = Math.max(m, Math.abs(predicted[i] - reference[i]) / reference[i]);
        }
        return m;
    }

    /** Kendall's tau-b; NaN when one ranking is constant. */
    public static double kendallTauB(double[] x, double[] y) {
        int n = x.length;
        if (n != y.length) {
            throw new IllegalArgumentException("rankings of different lengths");
        }
        if (n < 2) {
            return Double.NaN;
        }
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, Comparator.<Integer>comparingDouble(i -> x[i]).thenComparingDouble(i -> y[i]));
        long n0 = (long) n * (n - 1) / 2;
        long tiesX = 0;
        long tiesXY = 0;
        int runX = 1;
        int runXY = 1;
        for (int k = 1; k < n; k++) {
            if (x[idx[k]] == x[idx[k - 1]]) {
                runX++;
                if (y[idx[k]] == y[idx[k - 1]]) {
                    runXY++;
                } else {
                    tiesXY += (long) runXY * (runXY - 1) / 2;
                    runXY = 1;
                }
            } else {
                tiesX += (long) runX * (runX - 1) / 2;
                tiesXY += (long) runXY * (runXY - 1) / 2;
                runX = 1;
                runXY = 1;
            }
        }
        tiesX += (long) runX * (runX - 1) / 2;
        tiesXY += (long) runXY * (runXY - 1) / 2;
        double[] ys = new double[n];
        for (int k = 0; k < n; k++) {
            ys[k] = y[idx[k]];
        }
        long swaps = mergeCount(ys, new double[n], 0, n);
        long tiesY = 0;
        int runY = 1;
        for (int k = 1; k < n; k++) {
            if (ys[k] == ys[k - 1]) {
                runY++;
            } else {
                tiesY += (long) runY * (runY - 1) / 2;
                runY = 1;
            }
        }
        tiesY += (long) runY * (runY - 1) / 2;
        double num = (double) (n0 - tiesX - tiesY + tiesXY) - 2.0 * swaps;
        double den = Math.sqrt((double) (n0 - tiesX) * (double) (n0 - tiesY));
        return den == 0 ? Double.NaN : num / den;
    }

    /** Sorts a[lo, hi) and returns the number of strictly inverted pairs. */
    private static long mergeCount(double[] a, double[] tmp, int lo, int hi) {
        if (hi - lo < 2) {
            return 0;
        }
        int mid = (lo + hi) >>> 1;
        long c = mergeCount(a, tmp, lo, mid) + mergeCount(a, tmp, mid, hi);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
            if (a[j] < a[i]) {
                c += mid - i;
                tmp[k++] = a[j++];
            } else {
                tmp[k++] = a[i++];
            }
        }
        while (i < mid) {
            tmp[k++] = a[i++];
        }
        while (j < hi) {
            tmp[k++] = a[j++];
        }
        System.arraycopy(tmp, lo, a, lo, hi - lo);
        return c;
    }
}
