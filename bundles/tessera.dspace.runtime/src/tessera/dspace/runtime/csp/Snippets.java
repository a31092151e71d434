package tessera.dspace.runtime.csp;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import tessera.dspace.runtime.instance.Instance;

/**
 * Seed 001a §3.5: the values of the kernel snippets ({@code "$inst.has_dim($dim)"}) a space reads, for objects bound
 * to their variables: the instance's value, a lowering's added value, a literal, or {@code !s}, {@code a && b},
 * {@code a || b} and parentheses over sub-snippets (docs/dspace.md). A snippet's value on objects of the initial
 * kernel is the same in every kernel whose lowerings gave none of its atoms a value on initial objects only (a value
 * on a tuple with a new object cannot be read on initial ones), so those values are shared by every candidate of an
 * exploration, keyed by the objects; the others are kept per kernel.
 */
final class Snippets {
    /**
     * A snippet text: its number, its normalized form, variables, literal value (or null), its split when it is a
     * composite one without an instance table (or null), the texts its value reads (itself and its parts' atoms) and
     * its shared values.
     */
    private record Snippet(int id, String key, List<String> vars, Object literal, Split split, Set<String> atoms,
            Map<Long, Object> shared) {
    }

    /**
     * A composite snippet: {@code "||"} or {@code "&&"} over two parts, {@code "!"} or parentheses over one; per part
     * its snippet and, per variable of the part, the position of that variable in the composite's.
     */
    private record Split(String op, List<String> parts, Snippet[] subs, int[][] at) {
    }

    private final Engine engine;
    private final Map<String, Snippet> byText = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicInteger ids = new java.util.concurrent.atomic.AtomicInteger();

    Snippets(Engine engine) {
        this.engine = engine;
    }

    /** The value of {@code text} for the objects bound to its variables, in order, in kernel {@code k}. */
    Object value(String text, int[] objs, Kernel k) {
        return value(snippet(text), objs, k);
    }

    private Object value(Snippet s, int[] objs, Kernel k) {
        if (objs.length <= 3 && sharedIn(s, objs, k)) {
            long key = spread(Kernel.key(objs));
            Object c = s.shared.get(key);
            if (c == null) {
                c = compute(s, objs, k);
                s.shared.put(key, c);
            }
            return c;
        }
        if (objs.length > 3) {
            return compute(s, objs, k); // more objects than a packed key holds: not kept
        }
        Map<Long, Object> mine = k.snippets.computeIfAbsent(s.id, x -> new ConcurrentHashMap<>());
        long key = spread(Kernel.key(objs));
        Object c = mine.get(key);
        if (c == null) {
            c = compute(s, objs, k);
            mine.put(key, c);
        }
        return c;
    }

    /**
     * A packed object key ({@link Kernel#key}) as the key of a value map: multiplied by an odd constant, a bijection.
     * {@code Long.hashCode} of a packed key folds object fields onto each other (thousands of keys in a few bins).
     */
    private static long spread(long packed) {
        return packed * 0x9E3779B97F4A7C15L;
    }

    /**
     * A lowering gave kernel {@code k} these snippet values (snippet → objects → value; already in its
     * {@code extraValues}) and objects from {@code fresh} on. Notes the snippets given a value on objects of the
     * initial kernel only, whose values then stop being the shared ones, and drops the values {@code k} keeps of every
     * snippet that reads a snippet given a value on no new object: a value on one of the new objects changes no value
     * {@code k} kept, as those name objects it had, with their names, and the instance keeps its values. Returns
     * whether every value names a new object (partial_init's {@code newValuesOnly}).
     */
    boolean given(Kernel k, Map<String, Map<String, Object>> values, int fresh) {
        int n0 = engine.kernel0.objects.size();
        Set<String> texts = new HashSet<>();
        values.forEach((text, byObjects) -> {
            String key = Instance.normalize(text);
            for (String tuple : byObjects.keySet()) {
                boolean initial = true, anyNew = false;
                for (String o : tuple.split(",")) {
                    Integer id = k.objectIds.get(o.trim());
                    initial &= id != null && id < n0;
                    anyNew |= id != null && id >= fresh;
                }
                if (initial) {
                    k.initialValued.add(key);
                }
                if (!anyNew) {
                    texts.add(key);
                }
            }
        });
        for (Snippet s : texts.isEmpty() ? List.<Snippet>of() : byText.values()) {
            for (String a : s.atoms) {
                if (texts.contains(a)) {
                    k.snippets.remove(s.id);
                    break;
                }
            }
        }
        return texts.isEmpty();
    }

    /**
     * Whether the value on these objects is the initial kernel's: objects of the initial kernel, and no atom given a
     * value on objects of the initial kernel only by a lowering ({@link #given}).
     */
    private boolean sharedIn(Snippet s, int[] objs, Kernel k) {
        int n0 = k == engine.kernel0 ? 1 << 21 : engine.kernel0.objects.size();
        for (int o : objs) {
            if (o < 0 || o >= n0 || o >= 1 << 21) { // 21 bits an object in the packed key
                return false;
            }
        }
        if (k == engine.kernel0 || k.initialValued.isEmpty()) {
            return true;
        }
        for (String a : s.atoms) {
            if (k.initialValued.contains(a)) {
                return false;
            }
        }
        return true;
    }

    private Snippet snippet(String text) {
        Snippet s = byText.get(text);
        if (s == null) { // parse outside the map: a composite parses its sub-snippets first
            Snippet parsed = parse(text);
            s = byText.putIfAbsent(text, parsed);
            if (s == null) {
                s = parsed;
            }
        }
        return s;
    }

    private Snippet parse(String text) {
        String key = Instance.normalize(text);
        Set<String> atoms = new HashSet<>();
        atoms.add(key);
        Object literal = null;
        Split split = null;
        if (engine.instance.snippet(key) == null) {
            if (key.matches("-?\\d{1,18}")) {
                literal = Long.parseLong(key);
            } else if (key.equals("true") || key.equals("false")) {
                literal = Boolean.parseBoolean(key);
            } else {
                split = split(key);
                for (Snippet part : split == null ? new Snippet[0] : split.subs()) {
                    atoms.addAll(part.atoms);
                }
            }
        }
        return new Snippet(ids.getAndIncrement(), key, Instance.snippetVars(key), literal, split, Set.copyOf(atoms),
                new ConcurrentHashMap<>());
    }

    /** How a composite snippet is evaluated over its parts; null for an atom. */
    private Split split(String key) {
        String s = stripParens(key);
        int at = topLevel(s, "||");
        if (at < 0) {
            at = topLevel(s, "&&");
        }
        if (at >= 0) {
            return split(key, s.substring(at, at + 2), List.of(s.substring(0, at), s.substring(at + 2)));
        }
        if (s.startsWith("!")) {
            return split(key, "!", List.of(s.substring(1)));
        }
        return s.equals(key) ? null : split(key, "", List.of(s));
    }

    private Split split(String key, String op, List<String> parts) {
        List<String> vars = Instance.snippetVars(key);
        Snippet[] subs = new Snippet[parts.size()];
        int[][] at = new int[parts.size()][];
        for (int p = 0; p < subs.length; p++) {
            subs[p] = snippet(parts.get(p));
            List<String> sv = Instance.snippetVars(parts.get(p));
            at[p] = new int[sv.size()];
            for (int i = 0; i < at[p].length; i++) {
                at[p][i] = vars.indexOf(sv.get(i));
            }
        }
        return new Split(op, parts, subs, at);
    }

    private Object compute(Snippet sn, int[] objs, Kernel k) {
        String key = sn.key;
        Map<String, Object> extra = k.extraValues.get(key);
        Instance.SnippetTable t = engine.instance.snippet(key);
        String tuple = extra == null && t == null ? null : tuple(objs, k);
        if (extra != null && extra.containsKey(tuple)) {
            return extra.get(tuple);
        }
        if (t != null) {
            Object v = t.lookup(tuple);
            if (v != null) {
                return v;
            }
            throw new Engine.InstanceError("the instance gives no value of \"" + key + "\" for " + engine.names(k, objs),
                    "add \"" + tuple + "\" to its \"values\" or give a \"default\"");
        }
        if (sn.literal != null) { // literal snippets ("4", "true") need no instance entry
            return sn.literal;
        }
        Split sp = sn.split;
        if (sp != null) {
            boolean a = subBool(sp, 0, objs, k);
            return switch (sp.op()) {
                case "||" -> a || subBool(sp, 1, objs, k);
                case "&&" -> a && subBool(sp, 1, objs, k);
                case "!" -> !a;
                default -> a; // parentheses
            };
        }
        throw new Engine.InstanceError("the instance has no value for the snippet \"" + key + "\"",
                "add it to \"values\" (keys are the snippet text, objects in order of its $variables: "
                        + String.join(", ", sn.vars) + ")");
    }

    /** The value of part {@code p} of a composite for the composite's objects {@code objs}, as a boolean. */
    private boolean subBool(Split sp, int p, int[] objs, Kernel k) {
        int[] at = sp.at()[p];
        int[] so = new int[at.length];
        for (int i = 0; i < so.length; i++) {
            so[i] = objs[at[i]];
        }
        return engine.bool(value(sp.subs()[p], so, k), sp.parts().get(p), so, k);
    }

    /** The instance's key of an object tuple: the objects' names, comma-separated. */
    private static String tuple(int[] objs, Kernel k) {
        StringBuilder tuple = new StringBuilder();
        for (int i = 0; i < objs.length; i++) {
            tuple.append(i > 0 ? "," : "").append(k.objects.get(objs[i]));
        }
        return tuple.toString();
    }

    private static String stripParens(String s) {
        s = s.trim();
        while (s.startsWith("(") && s.endsWith(")") && topLevelClose(s) == s.length() - 1) {
            s = s.substring(1, s.length() - 1).trim();
        }
        return s;
    }

    private static int topLevelClose(String s) {
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static int topLevel(String s, String op) {
        int depth = 0;
        for (int i = 0; i + 1 < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (depth == 0 && s.startsWith(op, i)) {
                return i;
            }
        }
        return -1;
    }
}
