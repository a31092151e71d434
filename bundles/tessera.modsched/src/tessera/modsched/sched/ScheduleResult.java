package tessera.modsched.sched;

import java.util.List;

import tessera.modsched.analysis.Mii;
import tessera.modsched.model.Schedule;

/**
 * What a modulo scheduler returns: the schedule (null when it gave up), the MII bounds, the node order or priority
 * it used, how many II values it tried, one line per failed attempt (why that II did not work), and what an exact
 * scheduler proved about the schedule ({@code proof}; null for the heuristics, which prove nothing).
 */
public record ScheduleResult(String algorithm, Mii mii, Schedule schedule, int[] order, int attempts,
        List<String> failures, Proof proof) {

    /**
     * What the exact scheduler proved: {@code iiMinimal} (no schedule exists at a smaller II), {@code maxLiveMinimal}
     * (no schedule at that II has a smaller MaxLive), and why MaxLive is not proven minimal ("" when it is).
     */
    public record Proof(boolean iiMinimal, boolean maxLiveMinimal, String reason) {
        /** "II proven minimal, MaxLive proven minimal", or "..., MaxLive not proven minimal: REASON". */
        public String text() {
            return (iiMinimal ? "II proven minimal" : "II not proven minimal") + ", MaxLive "
                    + (maxLiveMinimal ? "proven minimal" : "not proven minimal")
                    + (reason.isEmpty() ? "" : ": " + reason);
        }
    }

    /** A result without proof (the heuristics). */
    public ScheduleResult(String algorithm, Mii mii, Schedule schedule, int[] order, int attempts,
            List<String> failures) {
        this(algorithm, mii, schedule, order, attempts, failures, null);
    }

    public boolean ok() {
        return schedule != null;
    }

    /** The achieved II, or -1 when no schedule was found. */
    public int ii() {
        return schedule == null ? -1 : schedule.ii();
    }

    /** The last failure line, or "" when scheduling succeeded at the first try. */
    public String lastFailure() {
        return failures.isEmpty() ? "" : failures.get(failures.size() - 1);
    }
}
