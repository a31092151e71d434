package tessera.dspace.runtime.instance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;

/**
 * Reads the JSON instance format (docs/dspace.md, schema {@code instance.schema.json} in this package):
 * <pre>{ "sets": {"S": ["a","b"], "P": {"a": ["x"]}}, "values": {"snippet": 3 | {"default": v, "values": {"a,b": v}}},
 *   "triggers": {"snippet": {"a": {"sets": {...}, "values": {...}}}} }</pre>
 * Problems become diagnostics; nothing throws.
 */
public final class InstanceJson {
    private final String file;
    private final Diagnostics diags;

    /** The instance's text, to place a diagnostic at the key or object it names (JSON trees keep no positions). */
    private String text = "";

    private InstanceJson(String file, Diagnostics diags) {
        this.file = file;
        this.diags = diags;
    }

    /** Parses {@code text}; returns null (with errors in {@code diags}) when the text is not a valid instance. */
    public static Instance parse(String file, String text, Diagnostics diags) {
        JsonElement root;
        try {
            tessera.core.SourceText.checkNesting(file, text); // Gson recurses per level
            root = JsonParser.parseString(text);
        } catch (tessera.core.DiagnosticException e) {
            diags.add(e.diagnostic());
            return null;
        } catch (JsonParseException | StackOverflowError e) {
            diags.add(tessera.core.cli.Json.parseError(file, e, "instance is not valid JSON: ", "see docs/dspace.md for the instance format"));
            return null;
        }
        int before = diags.size();
        InstanceJson reader = new InstanceJson(file, diags);
        reader.text = text;
        Instance inst = reader.read(root);
        for (int i = before; i < diags.size(); i++) {
            if (diags.list().get(i).isError()) {
                return null;
            }
        }
        return inst;
    }

    /**
     * The instance as JSON in the format {@link #parse} reads (keys sorted, so the text is stable): for instances built
     * in Java, e.g. a GPU kernel's, to explore them with {@code tessera dspace explore} or the Candidate Explorer.
     * Snippet keys are written normalized ({@code $0.size()}), which reads back as the same snippet.
     */
    public static String write(Instance inst, String description, String space) {
        Map<String, Object> root = new LinkedHashMap<>();
        if (description != null) {
            root.put("description", description);
        }
        if (space != null) {
            root.put("space", space);
        }
        root.put("sets", sets(inst.sets, inst.paramSets));
        root.put("values", values(inst.snippets));
        if (!inst.triggers.isEmpty()) {
            Map<String, Object> ts = new java.util.TreeMap<>();
            inst.triggers.forEach((code, effects) -> {
                Map<String, Object> byKey = new java.util.TreeMap<>();
                effects.forEach((key, eff) -> {
                    Map<String, Map<String, List<String>>> psets = new LinkedHashMap<>();
                    eff.paramSetAdditions().forEach((set, pairs) -> pairs.forEach(
                            po -> psets.computeIfAbsent(set, x -> new LinkedHashMap<>()).computeIfAbsent(po[0], x -> new ArrayList<>()).add(po[1])));
                    Map<String, Object> vals = new java.util.TreeMap<>();
                    eff.values().forEach((snippet, table) -> vals.put(snippet, Map.of("values", new java.util.TreeMap<>(table))));
                    byKey.put(key, tessera.core.cli.Json.object("sets", sets(eff.setAdditions(), psets), "values", vals));
                });
                ts.put(code, byKey);
            });
            root.put("triggers", ts);
        }
        return tessera.core.cli.Json.write(root);
    }

    private static Map<String, Object> sets(Map<String, List<String>> sets, Map<String, Map<String, List<String>>> psets) {
        Map<String, Object> r = new LinkedHashMap<>(sets);
        psets.forEach((k, v) -> r.put(k, v));
        return r;
    }

    private static Map<String, Object> values(Map<String, Instance.SnippetTable> snippets) {
        Map<String, Object> r = new java.util.TreeMap<>();
        snippets.forEach((k, t) -> {
            if (t.constant() != null) {
                r.put(k, t.constant());
            } else {
                Map<String, Object> table = new LinkedHashMap<>();
                if (t.dflt() != null) {
                    table.put("default", t.dflt());
                }
                table.put("values", new java.util.TreeMap<>(t.values()));
                r.put(k, table);
            }
        });
        return r;
    }

    private void error(String msg, String hint) {
        report(tessera.core.Severity.ERROR, msg, hint, 1);
    }

    /**
     * A diagnostic at the {@code occurrence}-th appearance in the text of the last quoted name of {@code msg} (the
     * key, object or path it is about), else at 1:1: every diagnostic has a position (issue 22).
     */
    private void report(tessera.core.Severity severity, String msg, String hint, int occurrence) {
        diags.add(place(new Diagnostic(severity, file, 0, 0, -1, 0, msg, hint, ""), text, occurrence));
    }

    /**
     * {@code d} placed in the instance {@code text} when it has no line: at the {@code occurrence}-th appearance of the
     * last quoted name of its message (the key, object or set it is about), else at 1:1 (issue 22: every diagnostic
     * of an input has a position; a JSON tree keeps none).
     */
    public static Diagnostic place(Diagnostic d, String text, int occurrence) {
        if (d.line() > 0 || text == null) {
            return d;
        }
        int line = 1;
        int column = 1;
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"([^\"]*)\"").matcher(d.message());
        String needle = null;
        while (m.find()) {
            needle = "\"" + m.group(1) + "\"";
        }
        int at = -1;
        if (needle != null) {
            for (int k = 0, from = 0; k < occurrence; k++, from = at + 1) {
                at = text.indexOf(needle, from);
                if (at < 0) {
                    break;
                }
            }
        }
        if (at >= 0) {
            int lineStart = 0;
            for (int i = 0; i < at; i++) {
                if (text.charAt(i) == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            column = at - lineStart + 1;
        }
        return new Diagnostic(d.severity(), d.file(), line, column, -1, 0, d.message(), d.hint(), d.code());
    }

    private Instance read(JsonElement root) {
        Instance inst = new Instance();
        if (!root.isJsonObject()) {
            error("an instance must be a JSON object with \"sets\" and \"values\"", "see docs/dspace.md");
            return inst;
        }
        JsonObject o = root.getAsJsonObject();
        for (String k : o.keySet()) {
            if (!List.of("sets", "values", "triggers", "space", "description").contains(k)) {
                report(tessera.core.Severity.WARNING, "unknown instance key \"" + k + "\" is ignored",
                        "known keys: sets, values, triggers, space, description", 1);
            }
        }
        if (o.has("sets")) {
            readSets(o.get("sets"), "sets", inst.sets, inst.paramSets);
        }
        if (o.has("values")) {
            readValues(o.get("values"), "values", inst.snippets);
        }
        if (o.has("triggers")) {
            JsonElement t = o.get("triggers");
            if (!t.isJsonObject()) {
                error("\"triggers\" must be an object from trigger snippet to per-binding effects", null);
            } else {
                for (Map.Entry<String, JsonElement> e : t.getAsJsonObject().entrySet()) {
                    Map<String, Instance.TriggerEffect> effects = new HashMap<>();
                    if (!e.getValue().isJsonObject()) {
                        error("trigger \"" + e.getKey() + "\" must map binding keys to effects", null);
                        continue;
                    }
                    for (Map.Entry<String, JsonElement> b : e.getValue().getAsJsonObject().entrySet()) {
                        effects.put(b.getKey(), readEffect(b.getValue(), "triggers." + e.getKey() + "." + b.getKey()));
                    }
                    inst.triggers.put(Instance.normalize(e.getKey()), effects);
                }
            }
        }
        return inst;
    }

    private Instance.TriggerEffect readEffect(JsonElement e, String where) {
        Map<String, List<String>> sets = new LinkedHashMap<>();
        Map<String, Map<String, List<String>>> psets = new LinkedHashMap<>();
        Map<String, Instance.SnippetTable> vals = new HashMap<>();
        if (!e.isJsonObject()) {
            error(where + " must be an object with \"sets\" and \"values\"", null);
        } else {
            JsonObject o = e.getAsJsonObject();
            if (o.has("sets")) {
                readSets(o.get("sets"), where + ".sets", sets, psets);
            }
            if (o.has("values")) {
                readValues(o.get("values"), where + ".values", vals);
            }
        }
        Map<String, List<String[]>> pAdd = new LinkedHashMap<>();
        psets.forEach((s, m) -> m.forEach((p, objs) -> objs
                .forEach(x -> pAdd.computeIfAbsent(s, k -> new ArrayList<>()).add(new String[] { p, x }))));
        Map<String, Map<String, Object>> values = new HashMap<>();
        vals.forEach((k, t) -> values.put(k, t.constant() != null ? Map.of("", t.constant()) : t.values()));
        return new Instance.TriggerEffect(sets, pAdd, values);
    }

    private void readSets(JsonElement e, String where, Map<String, List<String>> sets,
            Map<String, Map<String, List<String>>> psets) {
        if (!e.isJsonObject()) {
            error("\"" + where + "\" must be an object from set name to objects", null);
            return;
        }
        for (Map.Entry<String, JsonElement> s : e.getAsJsonObject().entrySet()) {
            JsonElement v = s.getValue();
            if (v.isJsonArray()) {
                sets.put(s.getKey(), strings(v.getAsJsonArray(), where + "." + s.getKey()));
            } else if (v.isJsonObject()) {
                Map<String, List<String>> m = new LinkedHashMap<>();
                for (Map.Entry<String, JsonElement> p : v.getAsJsonObject().entrySet()) {
                    if (!p.getValue().isJsonArray()) {
                        error(where + "." + s.getKey() + "." + p.getKey() + " must be a list of object names", null);
                        continue;
                    }
                    m.put(p.getKey(), strings(p.getValue().getAsJsonArray(), where + "." + s.getKey()));
                }
                psets.put(s.getKey(), m);
            } else {
                error(where + "." + s.getKey() + " must be a list of object names (or, for a parametric set, an "
                        + "object from parameter object to lists)", null);
            }
        }
    }

    private List<String> strings(JsonArray a, String where) {
        List<String> r = new ArrayList<>();
        for (JsonElement x : a) {
            if (x.isJsonPrimitive() && x.getAsJsonPrimitive().isString()) {
                String s = x.getAsString();
                if (s.isEmpty() || s.contains(",")) {
                    error("object name \"" + s + "\" in " + where + " must be non-empty and contain no ','", null);
                } else if (r.contains(s)) {
                    report(tessera.core.Severity.ERROR, "object \"" + s + "\" is listed twice in " + where, null, 2);
                } else {
                    r.add(s);
                }
            } else {
                error(where + " must contain object names (strings), found " + x, null);
            }
        }
        return r;
    }

    private void readValues(JsonElement e, String where, Map<String, Instance.SnippetTable> out) {
        if (!e.isJsonObject()) {
            error("\"" + where + "\" must be an object from snippet text to values", null);
            return;
        }
        for (Map.Entry<String, JsonElement> s : e.getAsJsonObject().entrySet()) {
            String w = where + "[\"" + s.getKey() + "\"]";
            JsonElement v = s.getValue();
            if (v.isJsonObject()) {
                JsonObject t = v.getAsJsonObject();
                Object dflt = t.has("default") ? scalar(t.get("default"), w + ".default") : null;
                Map<String, Object> m = new HashMap<>();
                if (t.has("values")) {
                    if (!t.get("values").isJsonObject()) {
                        error(w + ".values must map object tuples (\"a,b\") to values", null);
                    } else {
                        for (Map.Entry<String, JsonElement> x : t.get("values").getAsJsonObject().entrySet()) {
                            m.put(x.getKey(), scalar(x.getValue(), w + "." + x.getKey()));
                        }
                    }
                }
                for (String k : t.keySet()) {
                    if (!k.equals("default") && !k.equals("values")) {
                        error(w + " has unknown key \"" + k + "\"", "a table has \"default\" and \"values\"");
                    }
                }
                out.put(Instance.normalize(s.getKey()), new Instance.SnippetTable(null, m, dflt));
            } else {
                out.put(Instance.normalize(s.getKey()), new Instance.SnippetTable(scalar(v, w), Map.of(), null));
            }
        }
    }

    private Object scalar(JsonElement v, String where) {
        if (v.isJsonPrimitive()) {
            JsonPrimitive p = v.getAsJsonPrimitive();
            if (p.isBoolean()) {
                return p.getAsBoolean();
            }
            if (p.isNumber()) {
                double d = p.getAsDouble();
                if (d == Math.rint(d) && Math.abs(d) < 1e15) {
                    return (long) d;
                }
            }
        } else if (v.isJsonArray()) {
            long[] r = new long[v.getAsJsonArray().size()];
            int i = 0;
            for (JsonElement x : v.getAsJsonArray()) {
                if (!x.isJsonPrimitive() || !x.getAsJsonPrimitive().isNumber()) {
                    error(where + " must be a list of whole numbers", null);
                    return r;
                }
                r[i++] = x.getAsLong();
            }
            return r;
        }
        error(where + " must be a boolean, a whole number or a list of whole numbers, found " + v, null);
        return Boolean.FALSE;
    }
}
