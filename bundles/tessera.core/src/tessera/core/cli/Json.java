package tessera.core.cli;

import java.util.LinkedHashMap;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;

/** The one JSON convention of Tessera's CLI: pretty-printed, nulls kept, no HTML escaping (Gson underneath). */
public final class Json {
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping()
            .serializeSpecialFloatingPointValues().create();

    private Json() {
    }

    public static String write(Object value) {
        return GSON.toJson(value);
    }

    public static JsonElement tree(Object value) {
        return GSON.toJsonTree(value);
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
}
