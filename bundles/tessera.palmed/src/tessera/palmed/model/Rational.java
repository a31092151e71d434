package tessera.palmed.model;

import java.util.Locale;

/** Display of weights as small fractions (1/3, 5/6) when they are one, else as decimals; and the reverse. */
public final class Rational {
    private Rational() {
    }

    public static String format(double x) {
        if (Math.abs(x - Math.rint(x)) < 1e-9) {
            return Long.toString(Math.round(x));
        }
        for (int d = 2; d <= 64; d++) {
            double n = x * d;
            if (Math.abs(n - Math.rint(n)) < 1e-9 * d) {
                return Math.round(n) + "/" + d;
            }
        }
        return String.format(Locale.ROOT, "%.6g", x);
    }

    /** x snapped to the nearest n/d (d ≤ 12) when within 1e-5 (solver round-off), values below 1e-5 to 0. */
    public static double snap(double x) {
        if (Math.abs(x) < 1e-5) {
            return 0;
        }
        for (int d = 1; d <= 12; d++) {
            double n = Math.rint(x * d);
            if (Math.abs(x - n / d) < 1e-5) {
                return n / d;
            }
        }
        return x;
    }

    /** Reads "3", "1/3", "0.25"; throws NumberFormatException. */
    public static double parse(String s) {
        int slash = s.indexOf('/');
        if (slash < 0) {
            return Double.parseDouble(s);
        }
        double d = Double.parseDouble(s.substring(slash + 1));
        if (d == 0) {
            throw new NumberFormatException("division by zero in " + s);
        }
        return Double.parseDouble(s.substring(0, slash)) / d;
    }
}
