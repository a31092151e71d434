package tessera.cli;

import java.io.PrintStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import tessera.core.pass.ProjectRunner;

/**
 * Ctrl-C on the command line (issue 25): the JVM runs its shutdown hooks on SIGINT and SIGTERM; ours interrupts the
 * running command, whose monitor then reports it cancelled, waits for it to unwind (its atomic writes delete their
 * temporary files), and deletes what a command stuck outside any cancellation check left half-written. Output files
 * are only ever moved into place whole, so an interrupted command leaves none half-written.
 */
public final class Interrupt {
    /** How long an interrupted command may take to stop before the JVM exits anyway. */
    public static final long GRACE_MS = 3000;

    private static final Set<Thread> RUNNING = ConcurrentHashMap.newKeySet();

    private Interrupt() {
    }

    /** Installs the shutdown hook (once per JVM; only the launcher's {@code main} does this, never a test or Studio). */
    static void onCtrlC(PrintStream err) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (stopRunning(GRACE_MS)) {
                err.println("tessera: interrupted; no output file was left half-written");
            }
        }, "tessera-ctrl-c"));
    }

    static void commandStarted(Thread t) {
        RUNNING.add(t);
    }

    static void commandEnded(Thread t) {
        RUNNING.remove(t);
    }

    /**
     * Interrupts every running command and waits up to {@code graceMs} for them to end, then deletes the temporary files
     * of writes still unfinished.
     *
     * @return whether a command was running
     */
    public static boolean stopRunning(long graceMs) {
        Set<Thread> threads = Set.copyOf(RUNNING);
        threads.forEach(Thread::interrupt);
        long end = System.nanoTime() + graceMs * 1_000_000;
        for (Thread t : threads) {
            try {
                t.join(Math.max(1, (end - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        ProjectRunner.deleteUnfinishedWrites();
        return !threads.isEmpty();
    }
}
