package tessera.telamon.search;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import tessera.dspace.runtime.csp.Candidate;

/**
 * Seed 001 §6.1, issue 24's replay (evaluator (c)): the times a {@link SearchLog} recorded, looked up by the leaf's
 * decision list. A search run again with the log's {@code start} settings and this evaluator takes the same
 * decisions, evaluation for evaluation; a leaf the log does not hold (the run diverged, or the log is from another
 * kernel) is a failure that says so, and is counted in {@link #missing()}. The replay stops after as many
 * evaluations as the log holds, however the recorded run stopped.
 */
public final class ReplayEvaluator implements Evaluator {
    private final Map<String, Result> recorded = new HashMap<>();
    private final JsonObject start;
    private int missing, asked;

    public ReplayEvaluator(List<JsonObject> events) {
        JsonObject s = null;
        for (JsonObject e : events) {
            String kind = e.get("event").getAsString();
            if (kind.equals("start") && s == null) {
                s = e;
            } else if (kind.equals("evaluation")) {
                StringBuilder key = new StringBuilder();
                for (JsonElement d : e.getAsJsonArray("decisions")) {
                    key.append(d.getAsString()).append('\n');
                }
                Result r = e.has("failure") ? Result.failed(e.get("failure").getAsString())
                        : Result.time(e.get("time").getAsDouble());
                recorded.putIfAbsent(key.toString(), r);
            }
        }
        this.start = s;
    }

    /** The log's {@code start} event (its settings), or null. */
    public JsonObject start() {
        return start;
    }

    /** The number of recorded evaluations (distinct leaves). */
    public int size() {
        return recorded.size();
    }

    /** Leaves asked for that the log did not hold. */
    public int missing() {
        return missing;
    }

    /**
     * Every recorded evaluation has been asked for: the recorded run stopped here (at its budget, time limit or
     * cancellation), so the replay does too.
     */
    @Override
    public boolean exhausted() {
        return asked >= recorded.size();
    }

    @Override
    public Result evaluate(Candidate fixed, List<String> decisions) {
        asked++;
        Result r = recorded.get(decisions.stream().map(d -> d + "\n").reduce("", String::concat));
        if (r == null) {
            missing++;
            return Result.failed("not in the recorded log: the replay diverged from the recorded run");
        }
        return r;
    }

    @Override
    public String name() {
        return "replay";
    }
}
