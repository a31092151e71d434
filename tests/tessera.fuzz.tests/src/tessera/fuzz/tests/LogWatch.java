package tessera.fuzz.tests;

import java.util.ArrayList;
import java.util.List;

import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * Records what is logged through log4j (Xtext, EMF) while cases run: the launcher sends log lines to the JVM's own
 * stderr, not to the streams a case captures, so the fuzzer watches the root logger itself (issue 22: logging is not a
 * way to report a user's error).
 */
final class LogWatch extends AppenderSkeleton {
    private static LogWatch installed;
    private final List<String> lines = new ArrayList<>();

    private LogWatch() {
    }

    /** Installs the watcher once, after the launcher configured log4j (its static initializer resets the appenders). */
    static synchronized LogWatch get() {
        if (installed == null) {
            try {
                Class.forName("tessera.cli.Main", true, LogWatch.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            installed = new LogWatch();
            Logger.getRootLogger().addAppender(installed);
        }
        return installed;
    }

    @Override
    protected synchronized void append(LoggingEvent e) {
        if (lines.size() < 1000) {
            lines.add("tessera: " + e.getLevel() + " " + e.getLoggerName() + ": " + e.getRenderedMessage());
        }
    }

    /** The number of lines logged so far. */
    synchronized int mark() {
        return lines.size();
    }

    /** The lines logged since {@code mark}. */
    synchronized List<String> since(int mark) {
        return new ArrayList<>(lines.subList(Math.min(mark, lines.size()), lines.size()));
    }

    @Override
    public void close() {
    }

    @Override
    public boolean requiresLayout() {
        return false;
    }
}
