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

    /**
     * @param reader reads another project file by project-relative path (empty when absent)
     * @throws CancelledException when the monitor was cancelled; nothing is to be committed then
     */
    public static Execution execute(Pass pass, String rel, String text, Map<String, String> settings,
            Function<String, Optional<String>> reader, Monitor monitor) {
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
