package tessera.cli.lsp;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.xtext.ide.ExecutorServiceProvider;

import com.google.inject.Singleton;

/**
 * The language server's worker threads (parsing, validation, requests) get a {@value #STACK_MB} MB stack, like the
 * CLI's command thread, so a document nested up to SourceText's limit is parsed rather than overflowing the stack
 * (issue 22); they are daemons, so they never keep the JVM alive.
 */
@Singleton
public class LargeStackExecutors extends ExecutorServiceProvider {
    /** Stack size of each worker thread, in MB (reserved address space, committed as used). */
    public static final int STACK_MB = 256;

    private static final AtomicInteger COUNT = new AtomicInteger();

    @Override
    protected ExecutorService createInstance(String key) {
        ThreadFactory f = r -> {
            Thread t = new Thread(null, r, "tessera-lsp-" + COUNT.incrementAndGet(), STACK_MB * 1024L * 1024L);
            t.setDaemon(true);
            return t;
        };
        return Executors.newCachedThreadPool(f);
    }
}
