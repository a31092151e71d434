package tessera.tcpa.instantiate.ui;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.pass.GenPaths;
import tessera.tcpa.instantiate.Instantiator;
import tessera.core.pass.ProjectSettings;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.pipeline.TcpaSettings;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.FuProgram;
import tessera.tcpa.concrete.ProcessorClass;

/**
 * A .pla of the workspace compiled onto the project's {@code tcpa.arch} and instantiated with its
 * {@code tcpa.params[.NAME]} / {@code tcpa.pes[.NAME]} (the settings the {@code tcpa.instantiate} builder pass reads),
 * or the readable reason why not. The last few results are cached by input, so the views and the diagram provider of
 * one file share one instantiation.
 */
public record Instantiation(String fileName, String params, Map<String, Long> bounds, int rows, int cols, String archName,
        TcpaPipeline.Compiled compiled, Instantiator.Result result, String error) {

    public static final String SETTINGS_FILE = ProjectSettings.FILE;
    private static final int CACHE_SIZE = 6;
    private static final Map<String, Instantiation> CACHE = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Instantiation> e) {
            return size() > CACHE_SIZE;
        }
    };

    public boolean ok() {
        return error == null;
    }

    public ConcreteConfiguration config() {
        return result == null ? null : result.config();
    }

    /** "N=16 on 1×3 PEs of tcpa4x4". */
    public String headline() {
        return GenPaths.baseName(fileName) + ": " + params + " on " + rows + "×" + cols + " PEs of " + archName;
    }

    /** The class details in the configuration's order (class i ↔ {@code config().getProcessorClasses().get(i)}). */
    public List<Instantiator.ClassDetail> classes() {
        return result == null ? List.of() : result.classes();
    }

    public int classIndex(ProcessorClass pc) {
        return config().getProcessorClasses().indexOf(pc);
    }

    /** The FUs with a program in class {@code c}, in program order. */
    public List<String> fus(int c) {
        return config().getProcessorClasses().get(c).getPrograms().stream().map(FuProgram::getFu).toList();
    }

    public FuProgram program(int c, String fu) {
        return config().getProcessorClasses().get(c).getPrograms().stream().filter(p -> p.getFu().equals(fu)).findFirst()
                .orElse(null);
    }

    /** Instantiates (or takes from the cache) the file's text with the project's settings read through {@code reader}. */
    public static Instantiation of(String fileName, String text, Function<String, Optional<String>> reader, Monitor monitor) {
        String settingsText = reader.apply(SETTINGS_FILE).orElse("");
        Map<String, String> settings = ProjectSettings.parse(settingsText);
        String archPath = settings.getOrDefault(TcpaSettings.ARCH, "").trim();
        String key = fileName + "\u0000" + text + "\u0000" + settingsText + "\u0000"
                + (archPath.isEmpty() ? "" : reader.apply(archPath).orElse(""));
        synchronized (CACHE) {
            Instantiation hit = CACHE.get(key);
            if (hit != null) {
                return hit;
            }
        }
        Monitor m = monitor == null ? Monitor.NULL : monitor;
        Instantiation r = compute(fileName, text, settings, reader, m);
        m.checkCanceled(); // a result cut short by cancel is not cached
        synchronized (CACHE) {
            CACHE.put(key, r);
        }
        return r;
    }

    private static Instantiation compute(String fileName, String text, Map<String, String> settings,
            Function<String, Optional<String>> reader, Monitor monitor) {
        String name = GenPaths.baseName(fileName);
        TcpaPipeline.Run run = TcpaPipeline.run(fileName, text, settings, reader, Optional.empty(), Optional.empty(),
                TcpaPipeline.Until.INSTANTIATION, monitor);
        switch (run.stop()) {
            case BAD_PARAMETERS:
                return failed(fileName, "In " + SETTINGS_FILE + ": " + run.problem().message() + "; write e.g. N=16,M=8 and 1x3.");
            case NO_PARAMETERS:
                return failed(fileName, "No run-time parameters for " + name + ".pla: set " + TcpaSettings.PARAMS + "." + name
                        + " (e.g. N=16) and " + TcpaSettings.PES + "." + name + " (e.g. 1x3) in " + SETTINGS_FILE + ".");
            case BAD_ARCHITECTURE:
                return failed(fileName, "The architecture of " + TcpaSettings.ARCH + " has errors:\n" + run.problem().format());
            case NO_ARCHITECTURE:
                return failed(fileName, "No TCPA architecture: set " + TcpaSettings.ARCH + "=PATH.tcpa in " + SETTINGS_FILE + ".");
            default:
                break;
        }
        String params = run.parameters().params();
        Instantiator.Parameters p = run.parameters().parameters();
        String archName = run.arch().getName();
        TcpaPipeline.Compiled c = run.compiled();
        if (!c.ok()) {
            return new Instantiation(fileName, params, p.bounds(), p.rows(), p.cols(), archName, c, null,
                    "The symbolic mapping of " + name + ".pla onto " + archName + " failed:\n" + errors(c.diagnostics()));
        }
        Instantiator.Result r = run.instantiated();
        String err = r.ok() ? null : "The instantiation for " + params + " on " + p.rows() + "×" + p.cols() + " PEs failed:\n"
                + errors(r.diagnostics());
        return new Instantiation(fileName, params, p.bounds(), p.rows(), p.cols(), archName, c, r, err);
    }

    /** The error diagnostics, one formatted line each. */
    static String errors(Iterable<Diagnostic> ds) {
        List<String> lines = new ArrayList<>();
        ds.forEach(d -> {
            if (d.isError()) {
                lines.add(d.format());
            }
        });
        return lines.isEmpty() ? "(no details)" : String.join("\n", lines);
    }

    private static Instantiation failed(String fileName, String message) {
        return new Instantiation(fileName, "", Map.of(), 0, 0, "", null, null, message);
    }

    /** A set of iterations n as compact ranges: {0}, {1..4, 6}. */
    public static String ranges(BitSet s) {
        List<String> parts = new ArrayList<>();
        for (int a = s.nextSetBit(0); a >= 0;) {
            int b = s.nextClearBit(a) - 1;
            parts.add(a == b ? Integer.toString(a) : b == a + 1 ? a + ", " + b : a + ".." + b);
            a = s.nextSetBit(b + 1);
        }
        return "{" + String.join(", ", parts) + "}";
    }
}
