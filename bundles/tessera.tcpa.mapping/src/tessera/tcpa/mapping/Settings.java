package tessera.tcpa.mapping;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.pass.GenPaths;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.tcpa.Architecture;

/**
 * Project settings of the symbolic mapping ({@code tessera.properties}): {@code tcpa.arch} (project-relative .tcpa),
 * {@code tcpa.distribute} (comma-separated indices; {@code tcpa.distribute.NAME} overrides it for NAME.pla),
 * {@code tcpa.timeLimit} (seconds, default 60).
 */
public final class Settings {
    public static final String ARCH = "tcpa.arch";
    public static final String DISTRIBUTE = "tcpa.distribute";
    public static final String TIME_LIMIT = "tcpa.timeLimit";

    private Settings() {
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
        return new MappingState.Options(d.isEmpty() ? List.of() : List.of(d.split("\\s*,\\s*")), Map.of(),
                Deadline.after(Duration.ofMillis((long) (limit * 1000))));
    }

    /** The architecture named by {@code tcpa.arch}, empty when unset; a DiagnosticException when unreadable or invalid. */
    public static Optional<Architecture> architecture(Map<String, String> settings, Function<String, Optional<String>> reader) {
        String path = settings.get(ARCH);
        if (path == null || path.isBlank()) {
            return Optional.empty();
        }
        String text = reader.apply(path.trim()).orElseThrow(() -> new DiagnosticException(Diagnostic.error("tessera.properties", 1,
                "tcpa.arch names " + path.trim() + ", which does not exist in the project", "fix the path (project-relative)")));
        return Optional.of(ArchitectureLoader.orThrow(ArchitectureLoader.load(text, path.trim())));
    }
}
