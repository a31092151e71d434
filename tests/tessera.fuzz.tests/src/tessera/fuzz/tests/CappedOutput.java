package tessera.fuzz.tests;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Keeps the first {@code cap} bytes a command prints and counts the rest, so a flood cannot exhaust the test JVM. */
final class CappedOutput extends OutputStream {
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final long cap;
    private long total;

    CappedOutput(long cap) {
        this.cap = cap;
    }

    @Override
    public synchronized void write(int b) {
        if (total++ < cap) {
            kept.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        long room = Math.max(0, cap - total);
        kept.write(b, off, (int) Math.min(room, len));
        total += len;
    }

    synchronized long total() {
        return total;
    }

    synchronized String text() {
        return kept.toString(StandardCharsets.UTF_8);
    }
}
