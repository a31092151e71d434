package tessera.core;

/**
 * Progress and cancellation for long work, independent of Eclipse's IProgressMonitor (the builder adapts one to
 * the other, the CLI prints to stderr). Work units are arbitrary; {@link #checkCanceled()} belongs in every long loop.
 */
public interface Monitor {
    /** A monitor that reports nothing and is never cancelled. */
    Monitor NULL = new Monitor() {
        @Override
        public void begin(String task, int totalWork) {
        }

        @Override
        public void worked(int work) {
        }

        @Override
        public void subTask(String name) {
        }

        @Override
        public boolean isCanceled() {
            return false;
        }
    };

    void begin(String task, int totalWork);

    void worked(int work);

    void subTask(String name);

    boolean isCanceled();

    default void checkCanceled() {
        if (isCanceled()) {
            throw new CancelledException();
        }
    }
}
