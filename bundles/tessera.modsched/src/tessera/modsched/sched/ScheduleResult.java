package tessera.modsched.sched;

import java.util.List;

import tessera.modsched.analysis.Mii;
import tessera.modsched.model.Schedule;

/**
 * What a modulo scheduler returns: the schedule (null when it gave up), the MII bounds, the node order or priority
 * it used, how many II values it tried, and one line per failed attempt (why that II did not work).
 */
public record ScheduleResult(String algorithm, Mii mii, Schedule schedule, int[] order, int attempts,
        List<String> failures) {

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
