package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import tessera.palmed.predict.Metrics;
import tessera.testing.Seeded;

/** Kendall tau-b (Knight's algorithm) against the brute-force O(n²) pair count; RMS relative error. */
class MetricsTest {
    static double bruteTauB(double[] x, double[] y) {
        long conc = 0;
        long disc = 0;
        long tx = 0;
        long ty = 0;
        for (int i = 0; i < x.length; i++) {
            for (int j = i + 1; j < x.length; j++) {
                double a = Math.signum(x[i] - x[j]);
                double b = Math.signum(y[i] - y[j]);
                if (a == 0 && b == 0) {
                    continue;
                }
                if (a == 0) {
                    tx++;
                } else if (b == 0) {
                    ty++;
                } else if (a == b) {
                    conc++;
                } else {
                    disc++;
                }
            }
        }
        return (conc - disc) / Math.sqrt((double) (conc + disc + tx) * (conc + disc + ty));
    }

    @Test
    void tauBMatchesBruteForceWithAndWithoutTies() {
        Seeded.cases(7, 300, (rnd, t, where) -> {
            int n = 2 + rnd.nextInt(60);
            int levels = 1 + rnd.nextInt(t % 3 == 0 ? 1000 : 5);
            double[] x = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = rnd.nextInt(levels);
                y[i] = rnd.nextInt(t % 2 == 0 ? levels : 3) + (t % 5 == 0 ? x[i] : 0);
            }
            double b = bruteTauB(x, y);
            double k = Metrics.kendallTauB(x, y);
            if (Double.isNaN(b)) {
                assertEquals(Double.NaN, k, where);
            } else {
                assertEquals(b, k, 1e-12, where);
            }
        });
    }

    @Test
    void knownValues() {
        assertEquals(1.0, Metrics.kendallTauB(new double[] {1, 2, 3}, new double[] {10, 20, 30}), 1e-12);
        assertEquals(-1.0, Metrics.kendallTauB(new double[] {1, 2, 3}, new double[] {3, 2, 1}), 1e-12);
        // scipy.stats.kendalltau([1,2,2,3],[1,3,2,3]) = 0.8 (tau-b: 4 concordant, one tie in each)
        assertEquals(0.8, Metrics.kendallTauB(new double[] {1, 2, 2, 3}, new double[] {1, 3, 2, 3}), 1e-9);
        assertEquals(0.1, Metrics.rmsRelativeError(new double[] {1.1, 0.9}, new double[] {1, 1}, null), 1e-12);
    }
}
