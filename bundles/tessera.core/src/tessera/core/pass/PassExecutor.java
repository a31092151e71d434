package tessera.core.pass;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import tessera.core.CancelledException;
import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;

/**
 * Runs one {@link Pass} on one file and collects what it produced, without writing anything: the file-system runner
 * and the Eclipse builder each commit the outputs their own way. Exceptions from the pass become diagnostics.
 */
public final class PassExecutor {
    /** What a pass produced: outputs keyed by their path under gen/. */
    public record Execution(String file, String passId, List<Diagnostic> diagnostics, Map<String, byte[]> outputs,
            List<String> summaries) {
        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(Diagnostic::isError);
        }
    }

    private PassExecutor() {
    }

    /** Runs {@code pass} alone: it sees no products of earlier passes. */
    public static Execution execute(Pass pass, String rel, String text, Map<String, String> settings,
            Function<String, Optional<String>> reader, Monitor monitor) {
        return execute(pass, rel, text, settings, reader, new Products(), monitor);
    }

    /** What the passes of one file hand to the later ones ({@link PassContext#publish}), keyed by class. */
    public static final class Products {
        private final Map<Class<?>, Object> byType = new LinkedHashMap<>();

        <T> Optional<T> get(Class<T> type) {
            return Optional.ofNullable(type.cast(byType.get(type)));
        }

        void put(Object product) {
            byType.put(product.getClass(), product);
        }
    }

    /**
     * @param reader   reads another project file by project-relative path (empty when absent)
     * @param products the products of the earlier passes on the same file; this pass adds its own
     * @throws CancelledException when the monitor was cancelled; nothing is to be committed then
     */
    public static Execution execute(Pass pass, String rel, String text, Map<String, String> settings,
            Function<String, Optional<String>> reader, Products products, Monitor monitor) {
        List<Diagnostic> diags = new ArrayList<>();
        Map<String, byte[]> outputs = new LinkedHashMap<>();
        List<String> summaries = new ArrayList<>();
        PassContext ctx = new PassContext() {
            @Override
            public String fileName() {
                return rel;
            }

            @Override
            public String contents() {
                return text;
            }

            @Override
            public Optional<String> read(String projectRelativePath) {
                return reader.apply(projectRelativePath);
            }

            @Override
            public Map<String, String> settings() {
                return settings;
            }

            @Override
            public Monitor monitor() {
                return monitor;
            }

            @Override
            public void report(Diagnostic d) {
                diags.add(d.file().isEmpty() ? d.withFile(rel) : d);
            }

            @Override
            public void output(String relativePath, byte[] content) {
                outputs.put(GenPaths.check(relativePath), content.clone());
            }

            @Override
            public void summary(String line) {
                summaries.add(line);
            }

            @Override
            public <T> Optional<T> product(Class<T> type) {
                return products.get(type);
            }

            @Override
            public void publish(Object product) {
                products.put(product);
            }
        };
        try {
            pass.run(ctx);
        } catch (CancelledException e) {
            throw e;
        } catch (DiagnosticException e) {
            ctx.report(e.diagnostic());
        } catch (TimeLimitException e) {
            ctx.report(Diagnostic.error(rel, 0, e.getMessage(), ""));
        } catch (RuntimeException | StackOverflowError e) {
            ctx.report(internalError(pass, rel, e));
        }
        return new Execution(rel, pass.id(), List.copyOf(diags), outputs, List.copyOf(summaries));
    }

    /** A pass bug, reported as a diagnostic rather than a stack trace in the user's face. */
    public static Diagnostic internalError(Pass pass, String file, Throwable e) {
        StackTraceElement top = e.getStackTrace().length > 0 ? e.getStackTrace()[0] : null;
        return Diagnostic.error(file, 0, "internal error in pass '" + pass.id() + "': " + e,
                "please report it with this file" + (top == null ? "" : " (at " + top + ")"));
    }
}
