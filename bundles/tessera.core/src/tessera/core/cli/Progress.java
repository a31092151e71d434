package tessera.core.cli;

import java.io.PrintStream;

import tessera.core.Monitor;

/**
 * The command line's progress on stderr (issue 25): nothing during a command's first second, then a bar with the task
 * and item redrawn in place when stderr is a terminal, or plain lines ("... task: item") when it is not (a log, a
 * pipe: a line when the task changes, else at most one a second), and nothing with {@code --quiet}. Cancellation is the command thread's interrupt (Ctrl-C).
 */
public final class Progress implements Monitor {
    /** What a command runs before it shows progress. */
    static final long DELAY_NS = 1_000_000_000L;
    /** The least time between two redraws of the bar. */
    private static final long REDRAW_NS = 100_000_000L;
    private static final int BAR = 20;
    private static final long TICK_MS = 500;

    private final PrintStream err;
    private final boolean quiet;
    private final boolean terminal;
    private final long start = System.nanoTime();
    private final long delayNs;
    private String task = "";
    private String item = "";
    private int total;
    private int done;
    private long lastDraw;
    private String lastText = "";
    private String lastTask;
    private String fallback = "";
    private boolean drawn;

    /**
     * @param terminal whether stderr is a terminal: the launcher passes {@code -Dtessera.stderr.tty=true} when it is
     *                 (Java cannot tell for stderr)
     */
    public Progress(PrintStream err, boolean quiet, boolean terminal) {
        this(err, quiet, terminal, java.time.Duration.ofNanos(DELAY_NS));
    }

    /** A progress that shows nothing before {@code delay} has passed (the command line's is one second). */
    public Progress(PrintStream err, boolean quiet, boolean terminal, java.time.Duration delay) {
        this.err = err;
        this.quiet = quiet;
        this.terminal = terminal;
        this.delayNs = delay.toNanos();
    }

    /** Progress on stderr as the launcher describes it (a terminal or not). */
    public static Progress onStderr(PrintStream err, boolean quiet) {
        return new Progress(err, quiet, Boolean.getBoolean("tessera.stderr.tty"));
    }

    @Override
    public synchronized void begin(String name, int totalWork) {
        task = name;
        item = "";
        total = Math.max(0, totalWork);
        done = 0;
        show(true);
    }

    @Override
    public synchronized void worked(int work) {
        done += work;
        show(false);
    }

    @Override
    public synchronized void subTask(String name) {
        item = name;
        show(true);
    }

    /** A batch's {@code i}-th of {@code n} items (from 0), named {@code name}: shown as "i+1/n", the item under way. */
    public synchronized void item(int i, int n, String name) {
        total = n;
        done = i + 1;
        item = name;
        show(true);
    }

    @Override
    public boolean isCanceled() {
        return Thread.currentThread().isInterrupted();
    }

    /**
     * Shows progress for {@code command} while {@code body} runs even when the command reports none of its own: a
     * daemon thread ticks twice a second, so a command past its first second shows "tessera NAME" and, on a terminal,
     * the seconds elapsed; then the progress is cleared ({@link #done()}).
     */
    public int whileRunning(String command, java.util.function.IntSupplier body) {
        synchronized (this) {
            fallback = "tessera " + command;
        }
        Thread ticker = new Thread(() -> {
            try {
                while (true) {
                    Thread.sleep(TICK_MS);
                    synchronized (this) {
                        show(false);
                    }
                }
            } catch (InterruptedException e) {
                // the command is over
            }
        }, "tessera-progress");
        ticker.setDaemon(true);
        if (!quiet) {
            ticker.start();
        }
        try {
            return body.getAsInt();
        } finally {
            ticker.interrupt();
            done();
        }
    }

    /** Clears the bar (a terminal) once the command is over. */
    public synchronized void done() {
        if (drawn && terminal) {
            err.print("\r\033[K");
            err.flush();
        }
        drawn = false;
    }

    private void show(boolean changed) {
        long now = System.nanoTime();
        if (quiet || now - start < delayNs) {
            return;
        }
        String text = task.isEmpty() ? item : item.isEmpty() ? task : task + ": " + item;
        if (text.isEmpty()) {
            text = fallback;
        }
        boolean changedTask = !task.equals(lastTask);
        lastTask = task;
        if (terminal) {
            if (!changed && now - lastDraw < REDRAW_NS) {
                return;
            }
            lastDraw = now;
            String bar = "";
            if (total > 0) {
                int filled = (int) Math.min(BAR, (long) BAR * Math.max(0, done) / total);
                bar = "[" + "#".repeat(filled) + ".".repeat(BAR - filled) + "] " + Math.min(done, total) + "/" + total
                        + " ";
            }
            String line = bar + text + " (" + (now - start) / 1_000_000_000L + " s)";
            int width = columns() - 1;
            err.print("\r" + (line.length() > width ? line.substring(0, Math.max(0, width)) : line) + "\033[K");
            err.flush();
            drawn = true;
        } else if (!text.equals(lastText) && !text.isEmpty() && (changedTask || now - lastDraw >= delayNs)) {
            // a log gets a line when the task changes, else at most one per delay (a batch of 265 files: 3 lines)
            lastDraw = now;
            err.println("... " + text + (total > 0 ? " (" + Math.min(done, total) + "/" + total + ")" : ""));
            lastText = text;
        }
    }

    private static int columns() {
        try {
            return Math.max(20, Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "80").trim()));
        } catch (NumberFormatException e) {
            return 80;
        }
    }
}
