package tessera.core;

import java.time.Duration;

/** A solver or search ran past its time limit; the message says which and how to raise the limit. */
public class TimeLimitException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String what;
    private final transient Duration limit;

    public TimeLimitException(String what, Duration limit) {
        super(what + " did not finish within its time limit of " + format(limit)
                + "; raise the limit (--time-limit) or reduce the problem size");
        this.what = what;
        this.limit = limit;
    }

    public String what() {
        return what;
    }

    public Duration limit() {
        return limit;
    }

    static String format(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
    }
}
