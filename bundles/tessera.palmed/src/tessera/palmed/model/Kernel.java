package tessera.palmed.model;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Seed 000 §IV Def. IV.1, micro-kernel: a multiset of independent instructions {@code I1^σ1 … Im^σm} repeated forever.
 * Immutable; instruction names are kept sorted so equal multisets have equal keys (the measurement cache relies on it).
 */
public final class Kernel implements Comparable<Kernel> {
    private final Map<String, Integer> counts;
    private final String key;

    private Kernel(TreeMap<String, Integer> counts) {
        this.counts = Collections.unmodifiableMap(counts);
        StringBuilder sb = new StringBuilder();
        counts.forEach((i, s) -> {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(i);
            if (s != 1) {
                sb.append('^').append(s);
            }
        });
        this.key = sb.toString();
    }

    public static Kernel of(Map<String, Integer> counts) {
        TreeMap<String, Integer> m = new TreeMap<>();
        counts.forEach((i, s) -> {
            if (s < 0) {
                throw new IllegalArgumentException("negative multiplicity for " + i);
            }
            if (s > 0) {
                m.merge(i, s, Integer::sum);
            }
        });
        if (m.isEmpty()) {
            throw new IllegalArgumentException("empty kernel");
        }
        return new Kernel(m);
    }

    public static Kernel single(String instruction) {
        return of(Map.of(instruction, 1));
    }

    /**
     * The largest multiplicity {@link #parse} accepts for one instruction ({@value}): a kernel is rendered and measured
     * with every copy, so a file cannot ask for billions (issue 22, documented maximum).
     */
    public static final int MAX_MULTIPLICITY = 10_000;

    /**
     * {@code "ADDSS^2 BSR"} (the key form) back to a kernel; multiplicity defaults to 1.
     *
     * @throws IllegalArgumentException for a multiplicity that is not a whole number in 1..{@link #MAX_MULTIPLICITY}
     */
    public static Kernel parse(String text) {
        TreeMap<String, Integer> m = new TreeMap<>();
        for (String tok : text.trim().split("\\s+")) {
            int c = tok.indexOf('^');
            String name = c < 0 ? tok : tok.substring(0, c);
            int s = c < 0 ? 1 : Integer.parseInt(tok.substring(c + 1));
            if (s < 1 || s > MAX_MULTIPLICITY || m.getOrDefault(name, 0) + s > MAX_MULTIPLICITY) {
                throw new IllegalArgumentException("multiplicity of " + name + " must be within 1.." + MAX_MULTIPLICITY);
            }
            m.merge(name, s, Integer::sum);
        }
        return of(m);
    }

    /** σ_{K,i}, 0 when absent. */
    public int count(String instruction) {
        return counts.getOrDefault(instruction, 0);
    }

    public Map<String, Integer> counts() {
        return counts;
    }

    public Set<String> instructions() {
        return counts.keySet();
    }

    /** |K| = Σ σ_{K,i}. */
    public int size() {
        int n = 0;
        for (int s : counts.values()) {
            n += s;
        }
        return n;
    }

    /** K repeated {@code times} times (σ multiplied). */
    public Kernel times(int times) {
        TreeMap<String, Integer> m = new TreeMap<>();
        counts.forEach((i, s) -> m.put(i, s * times));
        return new Kernel(m);
    }

    /** Multiset union. */
    public Kernel plus(Kernel other) {
        TreeMap<String, Integer> m = new TreeMap<>(counts);
        other.counts.forEach((i, s) -> m.merge(i, s, Integer::sum));
        return new Kernel(m);
    }

    public String key() {
        return key;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Kernel k && k.key.equals(key);
    }

    @Override
    public int hashCode() {
        return key.hashCode();
    }

    @Override
    public int compareTo(Kernel o) {
        return key.compareTo(o.key);
    }

    @Override
    public String toString() {
        return key;
    }
}
