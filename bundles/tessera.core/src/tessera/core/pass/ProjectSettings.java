package tessera.core.pass;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The one reader of a project's settings file {@code tessera.properties} (at the project root): the CLI's
 * {@link ProjectRunner}, the Eclipse builder, the Studio views and the passes' own readers all go through it, so a key
 * means the same everywhere.
 */
public final class ProjectSettings {
    /** The settings file at a project's root. */
    public static final String FILE = "tessera.properties";

    private ProjectSettings() {
    }

    /**
     * The settings in {@code text} (Java properties syntax), keys sorted; text that is not properties (a malformed
     * {@code \\u} escape) reads as no settings.
     */
    public static Map<String, String> parse(String text) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            return Map.of();
        }
        Map<String, String> m = new LinkedHashMap<>();
        p.stringPropertyNames().stream().sorted().forEach(k -> m.put(k, p.getProperty(k)));
        return m;
    }

    /** The settings of the project at {@code projectRoot}; none when it has no settings file. */
    public static Map<String, String> read(Path projectRoot) throws IOException {
        Path f = projectRoot.resolve(FILE);
        return Files.isRegularFile(f) ? parse(new String(Files.readAllBytes(f), StandardCharsets.UTF_8)) : new LinkedHashMap<>();
    }
}
