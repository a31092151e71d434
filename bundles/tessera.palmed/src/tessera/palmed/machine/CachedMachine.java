package tessera.palmed.machine;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Monitor;
import tessera.palmed.model.Kernel;

/**
 * Measurement cache (digest §4.3): one file per machine id under a directory, one line per kernel
 * ({@code kernel-key TAB cycles TAB ipc TAB spread TAB reps TAB clock}), appended and flushed as each measurement
 * finishes so an interrupted campaign resumes where it stopped. Also memoizes in memory when no directory is given.
 */
public final class CachedMachine implements BenchmarkMachine {
    private final BenchmarkMachine inner;
    private final Path file;
    private final Map<String, Measurement> memo = new HashMap<>();
    private int hits;
    private int misses;

    public CachedMachine(BenchmarkMachine inner, Path dir) {
        this.inner = inner;
        this.file = dir == null ? null : dir.resolve(inner.id().replaceAll("[^A-Za-z0-9._-]", "_") + ".cache");
        if (file != null) {
            load();
        }
    }

    private void load() {
        try {
            Files.createDirectories(file.getParent());
            if (!Files.exists(file)) {
                return;
            }
            // strict UTF-8 (a damaged cache is a diagnostic naming line and column, not an internal error)
            for (String line : tessera.core.SourceText.read(file).split("\r?\n")) {
                String[] f = line.split("\t");
                if (f.length != 6) {
                    continue; // a line cut by an interruption is simply measured again
                }
                try {
                    Measurement m = new Measurement(Double.parseDouble(f[1]), Double.parseDouble(f[2]),
                            Double.parseDouble(f[3]), Integer.parseInt(f[4]), f[5]);
                    if (!(m.cycles() > 0 && m.ipc() > 0) || Double.isInfinite(m.cycles()) || Double.isInfinite(m.ipc())) {
                        continue; // a damaged line (NaN, infinite, not positive) is measured again
                    }
                    memo.put(f[0], m);
                } catch (NumberFormatException e) {
                    // same: re-measure
                }
            }
        } catch (IOException e) {
            throw new DiagnosticException(Diagnostic.error(file.toString(), 0, "cannot read the measurement cache: "
                    + e.getMessage(), "check the --cache directory"));
        }
    }

    public int hits() {
        return hits;
    }

    public int misses() {
        return misses;
    }

    public int size() {
        return memo.size();
    }

    @Override
    public String id() {
        return inner.id();
    }

    @Override
    public List<String> instructions() {
        return inner.instructions();
    }

    @Override
    public synchronized Measurement measure(Kernel kernel, Monitor monitor) {
        Measurement m = memo.get(kernel.key());
        if (m != null) {
            hits++;
            return m;
        }
        misses++;
        m = inner.measure(kernel, monitor);
        memo.put(kernel.key(), m);
        if (file != null) {
            try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND)) {
                w.write(String.format(Locale.ROOT, "%s\t%.17g\t%.17g\t%.6g\t%d\t%s%n", kernel.key(), m.cycles(), m.ipc(),
                        m.spread(), m.repetitions(), m.clock()));
            } catch (IOException e) {
                throw new DiagnosticException(Diagnostic.error(file.toString(), 0, "cannot write the measurement cache: "
                        + e.getMessage(), "check the --cache directory"));
            }
        }
        return m;
    }
}
