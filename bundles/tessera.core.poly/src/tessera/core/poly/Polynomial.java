package tessera.core.poly;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * A multivariate polynomial with integer coefficients over named symbols (e.g. the tile sizes p1, p2). Seed 003 §5.2:
 * the schedule entries λ^J = π·(1, p1, p1·p2, ...) and the tiled dependence constraints are polynomials in the tile
 * sizes once n ≥ 3, so they cannot be {@link AffineExpr}s. Immutable; monomials are sorted name lists (with
 * repetition), zero terms are never stored, so {@link #equals} and {@link #toString} are canonical.
 */
public final class Polynomial {
    public static final Polynomial ZERO = new Polynomial(new TreeMap<>(Polynomial::compareMonomials));

    private final TreeMap<List<String>, Long> terms;

    private Polynomial(TreeMap<List<String>, Long> terms) {
        this.terms = terms;
    }

    private static TreeMap<List<String>, Long> newMap() {
        return new TreeMap<>(Polynomial::compareMonomials);
    }

    // higher degree first, then lexicographic: "2 p1 p2 + 3 p1 - 1"
    private static int compareMonomials(List<String> a, List<String> b) {
        if (a.size() != b.size()) {
            return Integer.compare(b.size(), a.size());
        }
        for (int i = 0; i < a.size(); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    public static Polynomial constant(long c) {
        TreeMap<List<String>, Long> m = newMap();
        if (c != 0) {
            m.put(List.of(), c);
        }
        return new Polynomial(m);
    }

    public static Polynomial var(String name) {
        TreeMap<List<String>, Long> m = newMap();
        m.put(List.of(name), 1L);
        return new Polynomial(m);
    }

    public static Polynomial of(AffineExpr e) {
        Polynomial p = constant(e.constant());
        for (Map.Entry<String, Long> t : e.coefficients().entrySet()) {
            p = p.plus(var(t.getKey()).times(t.getValue()));
        }
        return p;
    }

    public Map<List<String>, Long> terms() {
        return java.util.Collections.unmodifiableMap(terms);
    }

    public boolean isZero() {
        return terms.isEmpty();
    }

    public boolean isConstant() {
        return terms.isEmpty() || (terms.size() == 1 && terms.firstKey().isEmpty());
    }

    public long constantTerm() {
        return terms.getOrDefault(List.of(), 0L);
    }

    public int degree() {
        return terms.isEmpty() ? 0 : terms.firstKey().size();
    }

    public java.util.Set<String> variables() {
        java.util.Set<String> s = new java.util.TreeSet<>();
        terms.keySet().forEach(s::addAll);
        return s;
    }

    public Polynomial plus(Polynomial o) {
        TreeMap<List<String>, Long> m = newMap();
        m.putAll(terms);
        for (Map.Entry<List<String>, Long> t : o.terms.entrySet()) {
            long v = Math.addExact(m.getOrDefault(t.getKey(), 0L), t.getValue());
            if (v == 0) {
                m.remove(t.getKey());
            } else {
                m.put(t.getKey(), v);
            }
        }
        return new Polynomial(m);
    }

    public Polynomial plus(long c) {
        return plus(constant(c));
    }

    public Polynomial minus(Polynomial o) {
        return plus(o.times(-1));
    }

    public Polynomial times(long f) {
        TreeMap<List<String>, Long> m = newMap();
        if (f != 0) {
            terms.forEach((k, v) -> m.put(k, Math.multiplyExact(v, f)));
        }
        return new Polynomial(m);
    }

    public Polynomial times(Polynomial o) {
        Polynomial r = ZERO;
        for (Map.Entry<List<String>, Long> a : terms.entrySet()) {
            for (Map.Entry<List<String>, Long> b : o.terms.entrySet()) {
                List<String> mono = new ArrayList<>(a.getKey());
                mono.addAll(b.getKey());
                java.util.Collections.sort(mono);
                TreeMap<List<String>, Long> m = newMap();
                m.put(List.copyOf(mono), Math.multiplyExact(a.getValue(), b.getValue()));
                r = r.plus(new Polynomial(m));
            }
        }
        return r;
    }

    /** Replaces a symbol by a polynomial. */
    public Polynomial substitute(String name, Polynomial e) {
        Polynomial r = ZERO;
        for (Map.Entry<List<String>, Long> t : terms.entrySet()) {
            Polynomial f = constant(t.getValue());
            for (String v : t.getKey()) {
                f = f.times(v.equals(name) ? e : var(v));
            }
            r = r.plus(f);
        }
        return r;
    }

    /** The value with every symbol bound; an unbound symbol is an error. */
    public long evaluate(Map<String, Long> values) {
        long s = 0;
        for (Map.Entry<List<String>, Long> t : terms.entrySet()) {
            long f = t.getValue();
            for (String v : t.getKey()) {
                Long x = values.get(v);
                if (x == null) {
                    throw new IllegalArgumentException("no value for '" + v + "' in " + this);
                }
                f = Math.multiplyExact(f, x);
            }
            s = Math.addExact(s, f);
        }
        return s;
    }

    /** Binds some symbols; the others stay symbolic. */
    public Polynomial fix(Map<String, Long> values) {
        Polynomial r = this;
        for (String v : variables()) {
            if (values.containsKey(v)) {
                r = r.substitute(v, constant(values.get(v)));
            }
        }
        return r;
    }

    /** True when every coefficient is ≥ 0: then the value is ≥ 0 for all non-negative symbol values. */
    public boolean hasNonNegativeCoefficients() {
        return terms.values().stream().allMatch(v -> v >= 0);
    }

    /**
     * Symbolic proof of {@code this ≥ 0 for all vars ≥ m}: the smallest m in [from, limit] such that substituting
     * v = m + q_v for every v in {@code vars} leaves only non-negative coefficients (a sufficient condition, exact for
     * affine and for monotone polynomials). Symbols not in {@code vars} must not occur. Empty when no such m ≤ limit.
     */
    public OptionalLong nonNegativeFrom(Collection<String> vars, long from, long limit) {
        for (String v : variables()) {
            if (!vars.contains(v)) {
                throw new IllegalArgumentException("symbol '" + v + "' is not bounded in " + this);
            }
        }
        for (long m = from; m <= limit; m++) {
            Polynomial shifted = this;
            for (String v : vars) {
                shifted = shifted.substitute(v, var(v).plus(m));
            }
            if (shifted.hasNonNegativeCoefficients()) {
                return OptionalLong.of(m);
            }
        }
        return OptionalLong.empty();
    }

    /** Parses the printed form: sums of terms {@code [INT] [*] name [*] name ...}, e.g. {@code 2*p1*p2 - 3 p + 1}. */
    public static Polynomial parse(String text) {
        String s = text.replace(" ", "").replace("−", "-").replace("·", "*");
        if (s.isEmpty()) {
            throw new IllegalArgumentException("empty polynomial");
        }
        Polynomial r = ZERO;
        int i = 0;
        while (i < s.length()) {
            int sign = 1;
            if (s.charAt(i) == '+' || s.charAt(i) == '-') {
                sign = s.charAt(i) == '-' ? -1 : 1;
                i++;
            } else if (i > 0) {
                throw new IllegalArgumentException("expected + or - at " + i + " in '" + text + "'");
            }
            long coeff = 1;
            boolean any = false;
            List<String> mono = new ArrayList<>();
            while (i < s.length() && s.charAt(i) != '+' && s.charAt(i) != '-') {
                if (s.charAt(i) == '*') {
                    i++;
                    continue;
                }
                int j = i;
                if (Character.isDigit(s.charAt(i))) {
                    while (j < s.length() && Character.isDigit(s.charAt(j))) {
                        j++;
                    }
                    coeff = Math.multiplyExact(coeff, Long.parseLong(s.substring(i, j)));
                } else if (Character.isLetter(s.charAt(i)) || s.charAt(i) == '_') {
                    while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                        j++;
                    }
                    mono.add(s.substring(i, j));
                } else {
                    throw new IllegalArgumentException("unexpected '" + s.charAt(i) + "' in '" + text + "'");
                }
                any = true;
                i = j;
            }
            if (!any) {
                throw new IllegalArgumentException("missing term in '" + text + "'");
            }
            java.util.Collections.sort(mono);
            TreeMap<List<String>, Long> m = newMap();
            m.put(List.copyOf(mono), sign * coeff);
            r = r.plus(new Polynomial(m));
        }
        return r;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Polynomial p && p.terms.equals(terms);
    }

    @Override
    public int hashCode() {
        return new HashMap<>(terms).hashCode();
    }

    /** Canonical text: {@code 2*p*t + 3*p - 1}, {@code 0} for zero. */
    @Override
    public String toString() {
        if (terms.isEmpty()) {
            return "0";
        }
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<List<String>, Long> t : terms.entrySet()) {
            long c = t.getValue();
            if (sb.length() > 0) {
                sb.append(c < 0 ? " - " : " + ");
            } else if (c < 0) {
                sb.append('-');
            }
            long a = Math.abs(c);
            if (t.getKey().isEmpty()) {
                sb.append(a);
            } else {
                if (a != 1) {
                    sb.append(a).append('*');
                }
                sb.append(String.join("*", t.getKey()));
            }
        }
        return sb.toString();
    }
}
