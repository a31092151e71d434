package tessera.palmed.infer;

import java.util.LinkedHashMap;
import java.util.Map;

import tessera.palmed.model.Kernel;

/**
 * Seed 000 §VI-A coefficient rounding: ideal real multiplicities become integers "within 5 %" of the grid. Convention
 * (digest §3.1, the only rule matching the paper's a^0.06 b^1 → a^1 b^20): each coefficient is divided by the largest,
 * rounded to a multiple of the quantum (at least one quantum), scaled by 1/quantum and divided by the gcd. Coefficients
 * that are already whole numbers are kept exactly (divided by their gcd), so the digest's K_sat examples stay exact.
 */
public final class Quantizer {
    private Quantizer() {
    }

    public static Kernel quantize(Map<String, Double> ideal, double quantum) {
        Map<String, Long> sigma = new LinkedHashMap<>();
        boolean whole = true;
        double max = 0;
        for (double c : ideal.values()) {
            if (!(c > 0) || Double.isInfinite(c)) {
                throw new IllegalArgumentException("multiplicities must be positive: " + ideal);
            }
            whole &= Math.abs(c - Math.rint(c)) < 1e-9 && c < 1e6;
            max = Math.max(max, c);
        }
        long steps = Math.round(1 / quantum);
        for (Map.Entry<String, Double> e : ideal.entrySet()) {
            if (whole) {
                sigma.merge(e.getKey(), Math.round(e.getValue()), Long::sum);
            } else {
                long q = Math.max(1, Math.round(e.getValue() / max * steps));
                sigma.merge(e.getKey(), q, Long::sum);
            }
        }
        long g = 0;
        for (long s : sigma.values()) {
            g = gcd(g, s);
        }
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : sigma.entrySet()) {
            out.put(e.getKey(), Math.toIntExact(e.getValue() / g));
        }
        return Kernel.of(out);
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
