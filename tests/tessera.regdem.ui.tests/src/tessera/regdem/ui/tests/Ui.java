package tessera.regdem.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.function.BooleanSupplier;

import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;

import tessera.ui.Screenshots;

/** Workbench test helpers: run the event loop until a condition holds; take a screenshot. */
final class Ui {
    private Ui() {
    }

    /** Runs the event loop until the condition holds or the time is up; returns the condition. */
    static boolean waitUntil(BooleanSupplier cond, long ms) {
        Display d = Display.getCurrent();
        long end = System.currentTimeMillis() + ms;
        while (!cond.getAsBoolean() && System.currentTimeMillis() < end) {
            if (!d.readAndDispatch()) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        return cond.getAsBoolean();
    }

    /** Saves {@code target/screenshots/<name>.png} of the shell after pending paints. */
    static void shot(Shell shell, String name) {
        Screenshots.flush(shell.getDisplay());
        File f = Screenshots.capture(shell, name);
        assertTrue(f.length() > 1000, f.toString());
    }
}
