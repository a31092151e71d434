package tessera.core;

/**
 * Progress and cancellation for long work, independent of Eclipse's IProgressMonitor (the builder adapts one to
 * the other, the CLI prints to stderr). Work units are arbitrary; {@link #checkCanceled()} belongs in every long loop.
 * Only {@link #isCanceled()} must be given: a monitor that shows no progress ignores the rest.
 */
@FunctionalInterface
public interface Monitor {
    /** A monitor that reports nothing and is never cancelled. */
    Monitor NULL = () -> false;

    default void begin(String task, int totalWork) {
        // no progress shown
    }

    default void worked(int work) {
        // no progress shown
    }

    default void subTask(String name) {
        // no progress shown
    }

    boolean isCanceled();

    default void checkCanceled() {
        if (isCanceled()) {
            throw new CancelledException();
        }
    }

    /**
     * This monitor, whose {@link #checkCanceled()} also throws {@link TimeLimitException} naming {@code what} once
     * {@code deadline} has passed: every loop that polls its monitor honours {@code --time-limit} (issue 22).
     */
    default Monitor withDeadline(Deadline deadline, String what) {
        Monitor base = this;
        return new Monitor() {
            @Override
            public boolean isCanceled() {
                return base.isCanceled();
            }

            @Override
            public void checkCanceled() {
                deadline.check(what);
                base.checkCanceled();
            }

            @Override
            public void begin(String task, int totalWork) {
                base.begin(task, totalWork);
            }

            @Override
            public void worked(int work) {
                base.worked(work);
            }

            @Override
            public void subTask(String name) {
                base.subTask(name);
            }
        };
    }
}
