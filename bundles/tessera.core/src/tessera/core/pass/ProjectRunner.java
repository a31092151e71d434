package tessera.core.pass;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.SourceText;
import tessera.core.Monitor;

/**
 * Runs the registered passes over a project folder on the file system: the headless twin of the Eclipse builder, used
 * by {@code tessera build} and {@code tessera demo}. Outputs go to {@code <outputRoot>/gen/...}, each written to a
 * temporary file first and moved into place, so a failed or cancelled run never leaves half-written output.
 */
public final class ProjectRunner {
    /** What one pass did on one file. */
    public record PassRun(String file, String passId, List<Diagnostic> diagnostics, List<String> outputs,
            List<String> summaries) {
        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(Diagnostic::isError);
        }
    }

    private final PassRegistry registry;

    public ProjectRunner(PassRegistry registry) {
        this.registry = registry;
    }

    /**
     * @param projectRoot the project folder (its {@code tessera.properties} holds settings)
     * @param outputRoot  where {@code gen/} is created (the project itself for a build, another folder for the demo)
     */
    public List<PassRun> run(Path projectRoot, Path outputRoot, Monitor monitor) throws IOException {
        Map<String, String> settings = ProjectSettings.read(projectRoot);
        List<Path> files;
        try (Stream<Path> s = Files.walk(projectRoot)) {
            files = s.filter(Files::isRegularFile).filter(p -> !ignored(projectRoot.relativize(p))).sorted().toList();
        }
        List<PassRun> runs = new ArrayList<>();
        Map<String, String> writers = new HashMap<>();
        monitor.begin("building " + projectRoot.getFileName(), files.size());
        for (Path f : files) {
            monitor.checkCanceled();
            String rel = projectRoot.relativize(f).toString().replace('\\', '/');
            List<Pass> passes = registry.passesFor(rel);
            if (!passes.isEmpty()) {
                String text;
                try {
                    text = SourceText.read(f, rel);
                } catch (DiagnosticException e) {
                    runs.add(new PassRun(rel, passes.get(0).id(), List.of(e.diagnostic()), List.of(), List.of()));
                    monitor.worked(1);
                    continue;
                }
                PassExecutor.Products products = new PassExecutor.Products();
                for (Pass p : passes) {
                    String label = p.id() + " " + rel;
                    monitor.subTask(label);
                    runs.add(runOne(p, projectRoot, outputRoot, rel, text, settings, products, passMonitor(monitor, label),
                            writers));
                }
            }
            monitor.worked(1);
        }
        return runs;
    }

    /**
     * The monitor a pass sees: cancellation and deadlines as the build's; its own task and sub-tasks shown as the
     * build's sub-task ({@code label: task}), and its work units ignored, since the build counts files (a pass's
     * {@code begin} would otherwise replace the build's task and total).
     */
    static Monitor passMonitor(Monitor build, String label) {
        return new Monitor() {
            @Override
            public boolean isCanceled() {
                return build.isCanceled();
            }

            @Override
            public void checkCanceled() {
                build.checkCanceled();
            }

            @Override
            public void begin(String task, int totalWork) {
                build.subTask(label + ": " + task);
            }

            @Override
            public void subTask(String name) {
                build.subTask(label + ": " + name);
            }
        };
    }

    /**
     * Runs one pass on one file after the passes that filled {@code products}; commits its outputs if it finished.
     *
     * @param writers gen/ paths written so far in this run and the input that wrote each: a second input writing the
     *                same path with other content (two {@code a.pla} in different folders) is an error on it, and the
     *                first one's output stays
     */
    private static PassRun runOne(Pass pass, Path projectRoot, Path outputRoot, String rel, String text,
            Map<String, String> settings, PassExecutor.Products products, Monitor monitor, Map<String, String> writers)
            throws IOException {
        PassExecutor.Execution ex = PassExecutor.execute(pass, rel, text, settings, p -> read(projectRoot, p), products, monitor);
        List<String> written = new ArrayList<>();
        List<Diagnostic> diagnostics = new ArrayList<>(ex.diagnostics());
        for (Map.Entry<String, byte[]> o : ex.outputs().entrySet()) {
            String gen = GenPaths.GEN_FOLDER + "/" + o.getKey();
            String first = writers.putIfAbsent(gen, rel);
            if (first != null && !first.equals(rel) && !sameContent(outputRoot, o.getKey(), o.getValue())) {
                diagnostics.add(Diagnostic.error(rel, 0, "its output " + gen + " has the same name as that of " + first
                        + ", which was kept", "rename one of the two files"));
                continue;
            }
            try {
                writeAtomically(GenPaths.target(outputRoot, o.getKey()), o.getValue());
            } catch (DiagnosticException e) {
                diagnostics.add(e.diagnostic().withFile(rel));
                continue;
            }
            written.add(gen);
        }
        return new PassRun(rel, pass.id(), List.copyOf(diagnostics), List.copyOf(written), ex.summaries());
    }

    /** Temporary files of {@link #writeAtomically} calls under way (deleted by the CLI's Ctrl-C handling). */
    private static final java.util.Set<Path> UNFINISHED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Deletes the temporary files of writes still under way: called when the JVM is stopping (Ctrl-C). */
    public static void deleteUnfinishedWrites() {
        for (Path tmp : java.util.List.copyOf(UNFINISHED)) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException e) {
                // the JVM is stopping; nothing better to do than leave it
            }
            UNFINISHED.remove(tmp);
        }
    }

    /** Whether gen/{@code rel} already holds exactly {@code content} (two inputs may produce one output together). */
    private static boolean sameContent(Path outputRoot, String rel, byte[] content) {
        try {
            return java.util.Arrays.equals(Files.readAllBytes(GenPaths.target(outputRoot, rel)), content);
        } catch (IOException | DiagnosticException e) {
            return false;
        }
    }

    private static Optional<String> read(Path projectRoot, String projectRelativePath) {
        Path p = projectRoot.resolve(projectRelativePath).normalize();
        if (!p.startsWith(projectRoot) || !Files.isRegularFile(p)) {
            return Optional.empty();
        }
        try {
            return Optional.of(SourceText.read(p, projectRelativePath));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void writeAtomically(Path target, byte[] content) throws IOException {
        Files.createDirectories(target.getParent());
        Path tmp = Files.createTempFile(target.getParent(), ".tessera-", ".tmp");
        UNFINISHED.add(tmp);
        try {
            Files.write(tmp, content);
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
            UNFINISHED.remove(tmp);
        }
    }

    /** gen/, build output and hidden folders are never inputs. */
    public static boolean ignored(Path rel) {
        for (Path seg : rel) {
            String s = seg.toString();
            if (s.startsWith(".") || s.equals(GenPaths.GEN_FOLDER) || s.equals("target") || s.equals("bin")
                    || s.equals("out")) {
                return true;
            }
        }
        return false;
    }
}
