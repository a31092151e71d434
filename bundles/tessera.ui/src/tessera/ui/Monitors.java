package tessera.ui;

import org.eclipse.core.runtime.IProgressMonitor;

import tessera.core.Monitor;

/** The headless {@link Monitor} of a pass or solver running in an Eclipse job: progress and cancel go to the job. */
public final class Monitors {
    private Monitors() {
    }

    public static Monitor of(IProgressMonitor pm) {
        return new Monitor() {
            @Override
            public void begin(String task, int work) {
                pm.beginTask(task, work);
            }

            @Override
            public void worked(int units) {
                pm.worked(units);
            }

            @Override
            public void subTask(String name) {
                pm.subTask(name);
            }

            @Override
            public boolean isCanceled() {
                return pm.isCanceled();
            }
        };
    }
}
