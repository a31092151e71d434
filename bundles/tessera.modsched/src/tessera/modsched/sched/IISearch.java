package tessera.modsched.sched;

import java.util.List;
import java.util.function.IntFunction;

import tessera.core.Monitor;
import tessera.modsched.model.Schedule;

/**
 * Seed 002 §4.3 (digest P14): the II search of the list schedulers (SMS, Top-Down, IMS): one attempt at each II from
 * the first one up to the cap, until one places every node; each failed attempt says why.
 *
 * @param schedule the first schedule found, null when none is found up to the cap
 * @param attempts how many IIs were tried
 */
public record IISearch(Schedule schedule, int attempts) {

    /**
     * Tries II = {@code from}, {@code from} + 1, …, {@code maxII}. {@code attempt} returns the {@link Schedule} at
     * that II or a String saying why there is none; the Strings go to {@code failures}, and "gave up at the II cap"
     * when no II is left.
     */
    public static IISearch run(int from, int maxII, List<String> failures, Monitor monitor,
            IntFunction<Object> attempt) {
        int attempts = 0;
        for (int ii = from; ii <= maxII; ii++) {
            monitor.checkCanceled();
            attempts++;
            Object r = attempt.apply(ii);
            if (r instanceof Schedule s) {
                return new IISearch(s, attempts);
            }
            failures.add((String) r);
        }
        if (maxII >= from) {
            failures.add("gave up at the II cap " + maxII);
        } else {
            failures.add("no II to try: the cap " + maxII + " is below the first II " + from);
        }
        return new IISearch(null, attempts);
    }
}
