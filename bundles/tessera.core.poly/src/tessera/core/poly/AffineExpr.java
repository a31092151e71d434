package tessera.core.poly;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * An affine expression {@code c + sum a_v * v} with exact {@code long} integer coefficients over named variables
 * (dimensions or parameters). Immutable; zero coefficients are never stored, so structural equality is semantic.
 */
public final class AffineExpr {
    public static final AffineExpr ZERO = new AffineExpr(new TreeMap<>(), 0);

    private final TreeMap<String, Long> coeffs;
    private final long constant;

    private AffineExpr(TreeMap<String, Long> coeffs, long constant) {
        this.coeffs = coeffs;
        this.constant = constant;
    }

    public static AffineExpr constant(long c) {
        return new AffineExpr(new TreeMap<>(), c);
    }

    public static AffineExpr var(String name) {
        return term(1, name);
    }

    public static AffineExpr term(long coeff, String name) {
        TreeMap<String, Long> m = new TreeMap<>();
        if (coeff != 0) {
            m.put(name, coeff);
        }
        return new AffineExpr(m, 0);
    }

    /** From a coefficient map (zeros dropped) and a constant. */
    public static AffineExpr of(Map<String, Long> coeffs, long constant) {
        TreeMap<String, Long> m = new TreeMap<>();
        coeffs.forEach((k, v) -> {
            if (v != 0) {
                m.put(k, v);
            }
        });
        return new AffineExpr(m, constant);
    }

    public long constant() {
        return constant;
    }

    public long coeff(String name) {
        return coeffs.getOrDefault(name, 0L);
    }

    /** Variables with a non-zero coefficient, sorted by name. */
    public Set<String> variables() {
        return Collections.unmodifiableSet(coeffs.keySet());
    }

    public Map<String, Long> coefficients() {
        return Collections.unmodifiableMap(coeffs);
    }

    public boolean isConstant() {
        return coeffs.isEmpty();
    }

    public AffineExpr plus(AffineExpr o) {
        TreeMap<String, Long> m = new TreeMap<>(coeffs);
        o.coeffs.forEach((k, v) -> {
            long s = Math.addExact(m.getOrDefault(k, 0L), v);
            if (s == 0) {
                m.remove(k);
            } else {
                m.put(k, s);
            }
        });
        return new AffineExpr(m, Math.addExact(constant, o.constant));
    }

    public AffineExpr plus(long c) {
        return new AffineExpr(coeffs, Math.addExact(constant, c));
    }

    public AffineExpr minus(AffineExpr o) {
        return plus(o.times(-1));
    }

    public AffineExpr minus(long c) {
        return plus(Math.negateExact(c));
    }

    public AffineExpr times(long f) {
        if (f == 0) {
            return ZERO;
        }
        TreeMap<String, Long> m = new TreeMap<>();
        coeffs.forEach((k, v) -> m.put(k, Math.multiplyExact(v, f)));
        return new AffineExpr(m, Math.multiplyExact(constant, f));
    }

    public AffineExpr negate() {
        return times(-1);
    }

    /** Replaces variable {@code name} by {@code e}. */
    public AffineExpr substitute(String name, AffineExpr e) {
        long a = coeff(name);
        if (a == 0) {
            return this;
        }
        TreeMap<String, Long> m = new TreeMap<>(coeffs);
        m.remove(name);
        return new AffineExpr(m, constant).plus(e.times(a));
    }

    /** Replaces every variable that is a key of {@code map} simultaneously. */
    public AffineExpr substitute(Map<String, AffineExpr> map) {
        AffineExpr r = constant(constant);
        for (Map.Entry<String, Long> en : coeffs.entrySet()) {
            AffineExpr e = map.get(en.getKey());
            r = r.plus(e != null ? e.times(en.getValue()) : term(en.getValue(), en.getKey()));
        }
        return r;
    }

    /** The value for a full assignment of its variables. */
    public long evaluate(Map<String, Long> values) {
        long s = constant;
        for (Map.Entry<String, Long> en : coeffs.entrySet()) {
            Long v = values.get(en.getKey());
            if (v == null) {
                throw new IllegalArgumentException("no value for '" + en.getKey() + "' in " + this);
            }
            s = Math.addExact(s, Math.multiplyExact(en.getValue(), v));
        }
        return s;
    }

    /** Parses an affine expression such as {@code 2i - j + N - 1}; errors as a DiagnosticException. */
    public static AffineExpr parse(String text) {
        return new PolyParser(text, "", 1, 1).expressionOnly();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AffineExpr e && constant == e.constant && coeffs.equals(e.coeffs);
    }

    @Override
    public int hashCode() {
        return coeffs.hashCode() * 31 + Long.hashCode(constant);
    }

    /** Variables in name order, e.g. {@code 2i - j + 3}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        coeffs.forEach((k, v) -> SetPrinter.appendTerm(sb, v, k));
        SetPrinter.appendConstant(sb, constant);
        return sb.toString();
    }
}
