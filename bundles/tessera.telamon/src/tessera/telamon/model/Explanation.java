package tessera.telamon.model;

import java.util.List;
import java.util.Locale;

/**
 * Seed 001 Fig. 5.4 (digest 001b §2.4): why a bound holds, as a tree. {@code kind} is one of the figure's
 * explanations: {@code dependency}, {@code usage} (level i, resource r, eq. 5.17), {@code chain} (the longest path
 * through program points), {@code loop level} (n iterations of a loop level, eq. 5.45), {@code loop-carried} (a
 * self-dependency along a loop level, eq. 5.46), {@code parallelism level} (eq. 5.27); {@code what} says it in
 * words. Values are in cycles.
 */
public record Explanation(double value, String kind, String what, List<Explanation> parts) {
    public Explanation {
        parts = List.copyOf(parts);
    }

    public static Explanation leaf(double value, String kind, String what) {
        return new Explanation(value, kind, what, List.of());
    }

    /** The tree as indented lines: value in cycles, kind, words. */
    public String render() {
        StringBuilder sb = new StringBuilder();
        render(sb, "");
        return sb.toString();
    }

    private void render(StringBuilder sb, String indent) {
        sb.append(indent).append(String.format(Locale.ROOT, "%,.1f", value)).append(" cycles  ").append(kind)
                .append(": ").append(what).append('\n');
        for (Explanation p : parts) {
            p.render(sb, indent + "  ");
        }
    }

    /** The tree as JSON-ready maps. */
    public java.util.Map<String, Object> toJson() {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("cycles", value);
        m.put("kind", kind);
        m.put("what", what);
        if (!parts.isEmpty()) {
            m.put("parts", parts.stream().map(Explanation::toJson).toList());
        }
        return m;
    }
}
