package tessera.cli.tests;

import java.util.Map;
import java.util.Map.Entry;

import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/** Checks of a language-server result as the client receives it: every position in it is non-negative. */
final class LspResults {
    private static final Gson GSON = new MessageJsonHandler(Map.of()).getGson();

    private LspResults() {
    }

    /** Null when every position of {@code result} (as JSON) has a line and character >= 0, else the first bad one. */
    static String invalid(Object result) {
        if (result == null) {
            return null;
        }
        return invalid(GSON.toJsonTree(result));
    }

    private static String invalid(JsonElement e) {
        if (e.isJsonArray()) {
            for (JsonElement x : e.getAsJsonArray()) {
                String bad = invalid(x);
                if (bad != null) {
                    return bad;
                }
            }
        } else if (e.isJsonObject()) {
            JsonObject o = e.getAsJsonObject();
            if (o.has("line") && o.has("character")
                    && (o.get("line").getAsLong() < 0 || o.get("character").getAsLong() < 0)) {
                return o.toString();
            }
            if (o.has("startLine") && (o.get("startLine").getAsLong() < 0
                    || o.has("endLine") && o.get("endLine").getAsLong() < o.get("startLine").getAsLong())) {
                return o.toString();
            }
            for (Entry<String, JsonElement> x : o.entrySet()) {
                String bad = invalid(x.getValue());
                if (bad != null) {
                    return bad;
                }
            }
        }
        return null;
    }
}
