package tessera.core;

import java.time.Duration;

/** A wall-clock limit for solvers: callers poll it and report a clear message instead of hanging. */
public final class Deadline {
    private final long endNanos;
    private final Duration limit;

    private Deadline(Duration limit) {
        this.limit = limit;
        long now = System.nanoTime();
        long span = limit.isNegative() ? 0 : Math.min(limit.toNanos(), Long.MAX_VALUE / 4);
        this.endNanos = now + span;
    }

    public static Deadline after(Duration limit) {
        return new Deadline(limit);
    }

    public static Deadline never() {
        return new Deadline(Duration.ofDays(3650));
    }

    public boolean expired() {
        return System.nanoTime() - endNanos >= 0;
    }

    /** Remaining time, never negative. */
    public Duration remaining() {
        long r = endNanos - System.nanoTime();
        return Duration.ofNanos(Math.max(0, r));
    }

    public Duration limit() {
        return limit;
    }

    /** Throws {@link TimeLimitException} naming {@code what} when the limit has passed. */
    public void check(String what) {
        if (expired()) {
            throw new TimeLimitException(what, limit);
        }
    }
}
