package tessera.tcpa.cli;

import java.util.concurrent.atomic.AtomicReference;

import tessera.core.CancelledException;
import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;

/**
 * Runs a command's work under its {@code --time-limit} (issue 22: the limit covers set-up, the PLA front end and every
 * solver, not only the ones that take a deadline): on a worker thread whose {@link Monitor} reports cancellation once
 * the deadline passes, so cooperative passes stop, and abandoned with a {@link TimeLimitException} when it has not
 * finished by then. The worker is a daemon with a 512 MB stack (the CLI's command stack).
 */
public final class Bounded {
    private static final long STACK_BYTES = 512L << 20;

    private Bounded() {
    }

    /** A command's work given the bounded monitor. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Monitor monitor) throws Exception;
    }

    /**
     * {@code work} applied to a monitor that is cancelled when {@code outer} is or the deadline has passed.
     *
     * @throws TimeLimitException naming {@code what} when the deadline passes first
     */
    public static <T> T call(String what, Deadline deadline, Monitor outer, Work<T> work) throws Exception {
        Monitor base = outer == null ? Monitor.NULL : outer;
        Monitor m = new Monitor() {
            @Override
            public void begin(String task, int totalWork) {
                base.begin(task, totalWork);
            }

            @Override
            public void worked(int w) {
                base.worked(w);
            }

            @Override
            public void subTask(String name) {
                base.subTask(name);
            }

            @Override
            public boolean isCanceled() {
                return base.isCanceled() || deadline.expired();
            }
        };
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                result.set(work.run(m));
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "tessera-" + what, STACK_BYTES);
        t.setDaemon(true);
        t.start();
        long left = deadline.remaining().toMillis();
        t.join(Math.max(1, left));
        if (t.isAlive()) {
            t.interrupt();
            throw new TimeLimitException(what, deadline.limit());
        }
        Throwable e = failure.get();
        if (e instanceof CancelledException && deadline.expired() && !base.isCanceled()) {
            throw new TimeLimitException(what, deadline.limit());
        }
        if (e instanceof Exception x) {
            throw x;
        }
        if (e instanceof Error x) {
            throw x;
        }
        return result.get();
    }
}
