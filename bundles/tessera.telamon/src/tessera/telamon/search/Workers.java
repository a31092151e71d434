package tessera.telamon.search;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * Issue 24 item 2: the search's worker threads. {@link #forEach} runs one task per index and returns when all are
 * done; the caller's thread takes part and every participant takes the next index left, so one thread means no pool
 * at all, and a task may call {@link #forEach} itself (parallel rollouts expanding nodes): the caller waits only for
 * participants that started, so it never waits for a pool whose threads all wait. A task's exception (a time limit
 * included) stops the others after their current index and is thrown again on the caller's thread once they stopped.
 */
final class Workers implements AutoCloseable {
    private final ExecutorService pool;
    private final int helpers;

    Workers(int threads) {
        this.helpers = threads - 1;
        this.pool = threads <= 1 ? null : Executors.newFixedThreadPool(threads - 1, r -> {
            Thread t = new Thread(r, "tessera-search-worker");
            t.setDaemon(true);
            return t;
        });
    }

    void forEach(int n, IntConsumer task) {
        if (pool == null || n < 2) {
            for (int i = 0; i < n; i++) {
                task.accept(i);
            }
            return;
        }
        // every participant (the caller and up to n - 1 workers) takes the next index until none is left
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Runnable participant = () -> {
            try {
                for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                    task.accept(i);
                }
            } catch (RuntimeException | Error e) {
                failed.compareAndSet(null, e);
                next.set(n); // the others stop after their current index
            }
        };
        Object lock = new Object();
        int[] active = { 0 };
        boolean[] closed = { false };
        for (int w = 0; w < Math.min(helpers, n - 1); w++) {
            pool.execute(() -> {
                synchronized (lock) {
                    if (closed[0]) {
                        return; // started after the caller was done: every index is taken
                    }
                    active[0]++;
                }
                try {
                    participant.run();
                } finally {
                    synchronized (lock) {
                        active[0]--;
                        lock.notifyAll();
                    }
                }
            });
        }
        participant.run();
        synchronized (lock) { // wait for the helpers that started; never for one still queued behind busy workers
            closed[0] = true;
            while (active[0] > 0) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while the search's workers ran", e);
                }
            }
        }
        switch (failed.get()) {
            case null -> { }
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            default -> throw new IllegalStateException(failed.get());
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
