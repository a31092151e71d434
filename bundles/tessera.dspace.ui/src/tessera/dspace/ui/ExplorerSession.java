package tessera.dspace.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;
import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.csp.Engine;
import tessera.dspace.runtime.csp.Enumerator;
import tessera.dspace.runtime.explore.Explorer;
import tessera.dspace.runtime.instance.Instance;
import tessera.dspace.runtime.instance.InstanceJson;

/**
 * What the candidate explorer shows, without SWT: a decision space compiled from a {@code .exh} file, instantiated on
 * a kernel instance, and the {@link Explorer} (seed 001a §3.1.2: decisions, propagation, undo/redo) over it, plus the
 * statistics of the subtree below the current candidate (solutions, dead ends, Table 4.3-style dead-end rate).
 */
public final class ExplorerSession {
    /** Solutions, dead ends and inner nodes below the current candidate; complete=false when a limit cut it. */
    public record Stats(long solutions, long deadEnds, long innerNodes, boolean complete, String note) {
        /** Dead ends among the explored leaves (fixed candidates and dead ends), in percent. */
        public double deadEndRate() {
            long all = solutions + deadEnds;
            return all == 0 ? 0 : 100.0 * deadEnds / all;
        }
    }

    private final String spaceFile;
    private final String instanceFile;
    private final Program program;
    private final Explorer explorer;

    private ExplorerSession(String spaceFile, String instanceFile, Program program, Explorer explorer) {
        this.spaceFile = spaceFile;
        this.instanceFile = instanceFile;
        this.program = program;
        this.explorer = explorer;
    }

    /**
     * Compiles {@code exh} (includes relative to it), reads the instance and builds the root candidate; problems go
     * to {@code diags} and the result is empty (never an exception for bad input).
     */
    public static Optional<ExplorerSession> load(Path exh, Path instance, Diagnostics diags, Monitor monitor) {
        monitor.subTask("compiling " + exh.getFileName());
        DspaceLoader.Result r = DspaceLoader.load(exh);
        diags.addAll(r.diagnostics());
        if (r.program() == null) {
            return Optional.empty();
        }
        if (instance == null) {
            diags.add(Diagnostic.error(exh.toString(), 0, "no kernel instance for " + exh.getFileName(),
                    "put a JSON instance named " + baseName(exh) + ".json or " + baseName(exh)
                            + "-NAME.json next to it (docs/dspace.md §2)"));
            return Optional.empty();
        }
        String text;
        try {
            text = Files.readString(instance);
        } catch (IOException e) {
            diags.add(Diagnostic.error(instance.toString(), 0, "cannot read the instance: " + e.getMessage(), null));
            return Optional.empty();
        }
        Instance inst = InstanceJson.parse(instance.toString(), text, diags);
        if (inst == null) {
            return Optional.empty();
        }
        Engine engine = Engine.instantiate(r.program(), inst, instance.toString(), diags);
        if (engine == null) {
            return Optional.empty();
        }
        monitor.subTask("initial propagation");
        return Optional.of(new ExplorerSession(exh.toString(), instance.toString(), r.program(),
                new Explorer(engine, monitor)));
    }

    /** Instances next to a space: {@code NAME.json} and {@code NAME-*.json} first (name order), then other JSON files. */
    public static List<Path> instancesFor(Path exh) {
        Path dir = exh.toAbsolutePath().getParent();
        List<Path> mine = new ArrayList<>();
        List<Path> others = new ArrayList<>();
        String base = baseName(exh);
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().forEach(p -> {
                String n = p.getFileName().toString();
                (n.equals(base + ".json") || n.startsWith(base + "-") ? mine : others).add(p);
            });
        } catch (IOException e) {
            return List.of();
        }
        mine.addAll(others);
        return mine;
    }

    static String baseName(Path p) {
        String n = p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? n : n.substring(0, dot);
    }

    public String spaceFile() {
        return spaceFile;
    }

    public String instanceFile() {
        return instanceFile;
    }

    public Program program() {
        return program;
    }

    public Explorer explorer() {
        return explorer;
    }

    /** Enumerates below the current candidate (at most {@code limit} solutions and {@code seconds}). */
    public Stats stats(long limit, double seconds, Monitor monitor) {
        try {
            Enumerator.Result r = Enumerator.run(explorer.current(), Deadline.after(Duration.ofMillis((long) (seconds * 1000))),
                    monitor, limit, false);
            return new Stats(r.leaves(), r.deadEnds(), r.internalNodes(), r.complete(),
                    r.complete() ? "" : "stopped after " + limit + " solutions");
        } catch (TimeLimitException e) {
            return new Stats(0, 0, 0, false, "not counted: more than " + seconds + " s (a large instance)");
        }
    }
}
