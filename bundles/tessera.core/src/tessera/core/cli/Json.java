package tessera.core.cli;

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

    public static Gson gson() {
        return GSON;
    }
}
