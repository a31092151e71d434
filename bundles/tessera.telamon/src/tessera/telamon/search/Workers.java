package tessera.telamon.search;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * Issue 24 item 2: the search's worker threads. {@link #forEach} runs one task per index and returns when all are
 * done; the caller's thread takes part and every participant takes the next index left, so one thread means no pool
 * at all. A task's exception (a time limit
 * included) is thrown again on the caller's thread, after the other tasks have finished.
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
        Runnable participant = () -> {
            for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                task.accept(i);
            }
        };
        List<Future<?>> futures = new ArrayList<>();
        for (int w = 0; w < Math.min(helpers, n - 1); w++) {
            futures.add(pool.submit(participant));
        }
        RuntimeException first = null;
        try {
            participant.run();
        } catch (RuntimeException e) {
            first = e;
            next.set(n); // the others stop after their current index
        }
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (first == null) {
                    first = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the search's workers ran", e);
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
