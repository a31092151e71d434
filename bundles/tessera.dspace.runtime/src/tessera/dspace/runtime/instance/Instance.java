package tessera.dspace.runtime.instance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A kernel instance (seed 001a Def 3.2): the objects of every set and the values of the host-language snippets the
 * space mentions. Tessera never runs snippets: it looks their values up here, keyed by the snippet text (trimmed,
 * whitespace collapsed) and by the objects bound to the snippet's {@code $variables} in order of first appearance.
 * Values are booleans, integers or integer lists. Immutable once built; triggers add objects to a copy.
 */
public final class Instance {
    /** A snippet's values: a constant, or a table from object tuples ("a,b") to values with an optional default. */
    public record SnippetTable(Object constant, Map<String, Object> values, Object dflt) {
        public Object lookup(String key) {
            if (constant != null) {
                return constant;
            }
            Object v = values.get(key);
            return v != null ? v : dflt;
        }
    }

    /** What a trigger's snippet does for one binding: objects added to sets, snippet values for the new objects. */
    public record TriggerEffect(Map<String, List<String>> setAdditions, Map<String, List<String[]>> paramSetAdditions,
            Map<String, Map<String, Object>> values) {
    }

    final Map<String, List<String>> sets = new LinkedHashMap<>();
    final Map<String, Map<String, List<String>>> paramSets = new LinkedHashMap<>();
    final Map<String, SnippetTable> snippets = new HashMap<>();
    final Map<String, Map<String, TriggerEffect>> triggers = new HashMap<>();

    /** Objects of a plain set as listed (before subsets are folded in by the runtime). */
    public Map<String, List<String>> sets() {
        return sets;
    }

    /** Parametric sets: set → parameter object → objects. */
    public Map<String, Map<String, List<String>>> paramSets() {
        return paramSets;
    }

    public SnippetTable snippet(String text) {
        return snippets.get(normalize(text));
    }

    public Map<String, SnippetTable> snippets() {
        return snippets;
    }

    public TriggerEffect trigger(String code, String key) {
        Map<String, TriggerEffect> m = triggers.get(normalize(code));
        return m == null ? null : m.get(key);
    }

    public boolean hasTrigger(String code) {
        return triggers.containsKey(normalize(code));
    }

    /**
     * The lookup key of a snippet text: trimmed, whitespace collapsed, and its {@code $variables} renamed $0, $1, …
     * in order of first appearance, so {@code "$lhs.depends_on($rhs)"} and {@code "$a.depends_on($b)"} are one key.
     */
    public static String normalize(String snippet) {
        return NORMALIZED.computeIfAbsent(snippet, Instance::normalizeText);
    }

    private static final java.util.concurrent.ConcurrentHashMap<String, String> NORMALIZED = new java.util.concurrent.ConcurrentHashMap<>();
    private static final java.util.concurrent.ConcurrentHashMap<String, List<String>> VARS = new java.util.concurrent.ConcurrentHashMap<>();
    private static final java.util.regex.Pattern VAR = java.util.regex.Pattern.compile("\\$[A-Za-z0-9_]+");

    private static String normalizeText(String snippet) {
        String s = snippet.trim().replaceAll("\\s+", " ");
        List<String> vars = snippetVars(s);
        java.util.regex.Matcher m = VAR.matcher(s);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            int i = vars.indexOf(m.group());
            m.appendReplacement(sb, java.util.regex.Matcher.quoteReplacement(i < 0 ? m.group() : "$" + i));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** The {@code $variables} of a snippet in order of first appearance ({@code $fun $item $obj $id} excluded). */
    public static List<String> snippetVars(String snippet) {
        return VARS.computeIfAbsent(snippet, Instance::findVars);
    }

    private static List<String> findVars(String snippet) {
        List<String> vs = new ArrayList<>();
        java.util.regex.Matcher m = VAR.matcher(snippet);
        while (m.find()) {
            String v = m.group();
            if (!v.equals("$fun") && !v.equals("$item") && !v.equals("$obj") && !v.equals("$id") && !vs.contains(v)) {
                vs.add(v);
            }
        }
        return List.copyOf(vs);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Programmatic instances (the Java API next to the JSON format). */
    public static final class Builder {
        private final Instance inst = new Instance();

        public Builder set(String name, String... objects) {
            inst.sets.computeIfAbsent(name, k -> new ArrayList<>()).addAll(List.of(objects));
            return this;
        }

        public Builder paramSet(String name, String param, String... objects) {
            inst.paramSets.computeIfAbsent(name, k -> new LinkedHashMap<>())
                    .computeIfAbsent(param, k -> new ArrayList<>()).addAll(List.of(objects));
            return this;
        }

        /** A constant snippet value (Boolean, Long/Integer or long[]). */
        public Builder constant(String snippet, Object value) {
            inst.snippets.put(normalize(snippet), new SnippetTable(norm(value), Map.of(), null));
            return this;
        }

        /** One entry of a per-object snippet; {@code key} is the objects joined by ','. */
        public Builder value(String snippet, String key, Object value) {
            String k = normalize(snippet);
            SnippetTable t = inst.snippets.get(k);
            Map<String, Object> m = t == null ? new HashMap<>() : new HashMap<>(t.values());
            m.put(key, norm(value));
            inst.snippets.put(k, new SnippetTable(null, m, t == null ? null : t.dflt()));
            return this;
        }

        public Builder dflt(String snippet, Object value) {
            String k = normalize(snippet);
            SnippetTable t = inst.snippets.get(k);
            inst.snippets.put(k, new SnippetTable(null, t == null ? new HashMap<>() : t.values(), norm(value)));
            return this;
        }

        public Builder trigger(String code, String key, TriggerEffect effect) {
            inst.triggers.computeIfAbsent(normalize(code), c -> new HashMap<>()).put(key, effect);
            return this;
        }

        public Instance build() {
            return inst;
        }

        static Object norm(Object v) {
            if (v instanceof Integer i) {
                return (long) i;
            }
            if (v instanceof int[] a) {
                long[] r = new long[a.length];
                for (int i = 0; i < a.length; i++) {
                    r[i] = a[i];
                }
                return r;
            }
            if (v instanceof List<?> l) {
                long[] r = new long[l.size()];
                for (int i = 0; i < r.length; i++) {
                    r[i] = ((Number) l.get(i)).longValue();
                }
                return r;
            }
            return v;
        }
    }
}
