package tessera.core.cli;

import java.util.LinkedHashMap;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;

/** The one JSON convention of Tessera's CLI: pretty-printed, nulls kept, no HTML escaping (Gson underneath). */
public final class Json {
    /** A number that is not finite (NaN, an infinity) is written as {@code null}: RFC 8259 JSON has no such numbers. */
    private static final com.google.gson.JsonSerializer<Number> FINITE = (value, type, context) ->
            Double.isFinite(value.doubleValue()) ? new com.google.gson.JsonPrimitive(value) : com.google.gson.JsonNull.INSTANCE;

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping()
            .serializeSpecialFloatingPointValues()
            .registerTypeAdapter(Double.class, FINITE).registerTypeAdapter(double.class, FINITE)
            .registerTypeAdapter(Float.class, FINITE).registerTypeAdapter(float.class, FINITE).create();

    private Json() {
    }

    public static String write(Object value) {
        return GSON.toJson(value);
    }

    public static JsonElement tree(Object value) {
        return GSON.toJsonTree(value);
    }

    /**
     * A JSON document as a tree to embed in another ({@link #write} writes it as it was), or the text itself as a JSON
     * string when it is not one document.
     */
    public static Object embed(String text) {
        try {
            JsonElement e = com.google.gson.JsonParser.parseString(text);
            return e;
        } catch (com.google.gson.JsonParseException e) {
            return text;
        }
    }

    public static <T> T read(String text, Class<T> type) {
        return GSON.fromJson(text, type);
    }

    /**
     * A JSON object with the keys in the order given ({@code key, value, key, value, …}): Java's {@code Map.of} iterates
     * in an order that changes from run to run, which would make outputs differ between identical runs.
     */
    public static Map<String, Object> object(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values must pair up");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    public static Gson gson() {
        return GSON;
    }

    /**
     * A parse error of Gson (or a stack overflow on deep nesting) as a diagnostic of {@code file}: the line and column
     * Gson names, its message without the exception class, the "at line L column C path" tail and the lenient-mode
     * advice, after {@code what} ("instance is not valid JSON: …"). Issue 22: never a raw exception text.
     */
    public static tessera.core.Diagnostic parseError(String file, Throwable e, String what, String hint) {
        String msg = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
        int line = 0;
        int column = 0;
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("line (\\d+) column (\\d+)").matcher(msg);
        if (m.find()) {
            line = Integer.parseInt(m.group(1));
            column = Integer.parseInt(m.group(2));
        }
        msg = msg.replaceFirst("^[a-z][A-Za-z0-9_.]*(Exception|Error): ", "")
                .replaceFirst("^Use JsonReader\\.setStrictness\\(Strictness\\.LENIENT\\) to accept malformed JSON", "malformed JSON")
                .replaceFirst(" at line \\d+ column \\d+ path .*$", "")
                .replaceFirst("\\s*See https?://\\S+$", "");
        if (msg.isBlank() || msg.equals("null") || e instanceof StackOverflowError) {
            msg = e instanceof StackOverflowError ? "nested too deeply" : "malformed JSON";
        }
        return new tessera.core.Diagnostic(tessera.core.Severity.ERROR, file, line, column, -1, 0, what + msg, hint, "");
    }
}
