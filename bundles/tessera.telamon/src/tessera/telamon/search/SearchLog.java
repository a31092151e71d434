package tessera.telamon.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Seed 001 §6.1 (digest 001b §3.6), issue 24's event log: one JSON object per line, written as the search goes
 * (flushed after every evaluation). Events, each with {@code "event"} and the search's {@code "iteration"}:
 * {@code start} (the settings, the evaluator, the kernel), {@code decision} (a decision taken, its depth and the
 * bound of the candidate it leads to, in ns), {@code cut} (a child whose bound reached the best time: its decisions,
 * bound and the best time), {@code deadend} (a candidate without valid children met in a rollout),
 * {@code evaluation} (a leaf's decisions, the bounds along its path, its time or failure, the best time after it,
 * the milliseconds since the start) and {@code end}. Times and bounds are written so that they read back to the same
 * double; infinite values are written as null. {@link ReplayEvaluator} reads the evaluations back: with the settings
 * of the {@code start} line the search then takes the same decisions.
 */
public final class SearchLog implements AutoCloseable {
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private final Writer out;
    private final List<String> lines;

    private SearchLog(Writer out, List<String> lines) {
        this.out = out;
        this.lines = lines;
    }

    /** A log written to {@code out} line by line. */
    public static SearchLog to(Writer out) {
        return new SearchLog(out, null);
    }

    /** A log kept in memory ({@link #lines()}). */
    public static SearchLog memory() {
        return new SearchLog(null, new ArrayList<>());
    }

    /** A log that records nothing. */
    public static SearchLog none() {
        return new SearchLog(null, null);
    }

    /** The lines of a memory log. */
    public List<String> lines() {
        return lines == null ? List.of() : List.copyOf(lines);
    }

    /** Starts an event; {@link Event#write()} appends it. */
    public Event event(String kind, int iteration) {
        return new Event(kind, iteration);
    }

    /** One event being filled in. */
    public final class Event {
        private final Map<String, Object> fields = new LinkedHashMap<>();

        private Event(String kind, int iteration) {
            fields.put("event", kind);
            fields.put("iteration", iteration);
        }

        public Event put(String key, Object value) {
            if (value instanceof Double d && d.isInfinite()) {
                value = null;
            }
            fields.put(key, value);
            return this;
        }

        public void write() {
            write(false);
        }

        /** Appends the event; {@code flush}: the line reaches the file now. */
        public void write(boolean flush) {
            if (out == null && lines == null) {
                return;
            }
            String line = GSON.toJson(fields);
            if (lines != null) {
                lines.add(line);
            }
            if (out != null) {
                try {
                    out.write(line);
                    out.write('\n');
                    if (flush) {
                        out.flush();
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    /**
     * The events of a log's text; blank lines are skipped, and so is a last line cut short (a run killed while
     * writing). Any other line that is not a JSON object throws Gson's exception or {@link IllegalStateException}.
     */
    public static List<JsonObject> parse(String text) {
        List<JsonObject> r = new ArrayList<>();
        String[] lines = text.split("\r?\n");
        int last = lines.length - 1;
        while (last >= 0 && lines[last].isBlank()) {
            last--;
        }
        for (int i = 0; i <= last; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            try {
                JsonObject o = JsonParser.parseString(lines[i]).getAsJsonObject();
                if (!o.has("event")) {
                    throw new IllegalStateException("line " + (i + 1) + " has no \"event\"");
                }
                r.add(o);
            } catch (RuntimeException e) {
                if (i < last || r.isEmpty()) {
                    throw e;
                }
            }
        }
        return r;
    }

    /** Double as written by {@link Event#put}: null reads as +∞. */
    public static double number(JsonObject o, String key) {
        return o.has(key) && !o.get(key).isJsonNull() ? o.get(key).getAsDouble() : Double.POSITIVE_INFINITY;
    }

    @Override
    public void close() {
        if (out != null) {
            try {
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
