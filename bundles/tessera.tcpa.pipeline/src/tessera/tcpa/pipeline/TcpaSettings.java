package tessera.tcpa.pipeline;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.pass.GenPaths;
import tessera.core.pass.ProjectSettings;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.tcpa.Architecture;

/**
 * The TCPA keys of a project's {@code tessera.properties}, the one place that reads them: {@code tcpa.arch}
 * (project-relative .tcpa), {@code tcpa.distribute} (comma-separated indices), {@code tcpa.timeLimit} (seconds, default
 * 60), {@code tcpa.params} (e.g. {@code N=16,M=8}) and {@code tcpa.pes} (e.g. {@code 1x3}); {@code tcpa.distribute.NAME},
 * {@code tcpa.params.NAME} and {@code tcpa.pes.NAME} override them for NAME.pla, as PLAs have different loop bounds.
 */
public final class TcpaSettings {
    public static final String ARCH = "tcpa.arch";
    public static final String DISTRIBUTE = "tcpa.distribute";
    public static final String TIME_LIMIT = "tcpa.timeLimit";
    public static final String PARAMS = "tcpa.params";
    public static final String PES = "tcpa.pes";

    private TcpaSettings() {
    }

    /** The settings of the project whose files {@code reader} reads (project-relative paths). */
    public static Map<String, String> read(Function<String, Optional<String>> reader) {
        return ProjectSettings.parse(reader.apply(ProjectSettings.FILE).orElse(""));
    }

    public static MappingState.Options options(Map<String, String> settings) {
        return options(settings, null);
    }

    /** Options for one file: a per-file {@code tcpa.distribute.NAME} wins over the project's {@code tcpa.distribute}. */
    public static MappingState.Options options(Map<String, String> settings, String fileName) {
        String own = fileName == null ? null : settings.get(DISTRIBUTE + "." + GenPaths.baseName(fileName));
        String d = (own != null ? own : settings.getOrDefault(DISTRIBUTE, "")).trim();
        double limit = 60;
        try {
            limit = Double.parseDouble(settings.getOrDefault(TIME_LIMIT, "60").trim());
        } catch (NumberFormatException e) {
            // keep the default; the builder reports nothing for a malformed optional setting
        }
        if (!(limit > 0) || limit > tessera.core.cli.Args.MAX_TIME_LIMIT_S) { // NaN, infinity, 1e18: the default (issue 22)
            limit = 60;
        }
        return new MappingState.Options(d.isEmpty() ? List.of() : List.of(d.split("\\s*,\\s*")), Map.of(),
                Deadline.after(Duration.ofMillis((long) (limit * 1000))));
    }

    /** The architecture named by {@code tcpa.arch}, empty when unset; a DiagnosticException when unreadable or invalid. */
    public static Optional<Architecture> architecture(Map<String, String> settings, Function<String, Optional<String>> reader) {
        String path = settings.get(ARCH);
        if (path == null || path.isBlank()) {
            return Optional.empty();
        }
        String text = reader.apply(path.trim()).orElseThrow(() -> new DiagnosticException(Diagnostic.error(ProjectSettings.FILE, 1,
                "tcpa.arch names " + path.trim() + ", which does not exist in the project", "fix the path (project-relative)")));
        return Optional.of(ArchitectureLoader.orThrow(ArchitectureLoader.load(text, path.trim())));
    }

    /** The run-time parameters of a .pla as written ({@code N=16}, {@code 1x3}) and as read. */
    public record Run(String params, String pes, Instantiator.Parameters parameters) {
    }

    /**
     * The run-time parameters of {@code file}: per-file keys ({@code tcpa.params.bitext=N=16}) win over the project-wide
     * ones. Empty when either is not set.
     *
     * @throws IllegalArgumentException "cannot read tcpa.params=… / tcpa.pes=…" when they are not {@code N=16,M=8} and {@code RxC}
     */
    public static Optional<Run> parameters(Map<String, String> settings, String file) {
        String name = GenPaths.baseName(file);
        String params = settings.getOrDefault(PARAMS + "." + name, settings.get(PARAMS));
        String pes = settings.getOrDefault(PES + "." + name, settings.get(PES));
        if (params == null || pes == null) {
            return Optional.empty();
        }
        try {
            Map<String, Long> bounds = new LinkedHashMap<>();
            for (String kv : params.split(",")) {
                String[] p = kv.split("=");
                bounds.put(p[0].trim(), Long.parseLong(p[1].trim()));
            }
            String[] rc = pes.trim().split("[xX]");
            return Optional.of(new Run(params, pes, new Instantiator.Parameters(bounds, Integer.parseInt(rc[0].trim()), Integer.parseInt(rc[1].trim()))));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("cannot read " + PARAMS + "=" + params + " / " + PES + "=" + pes, e);
        }
    }
}
