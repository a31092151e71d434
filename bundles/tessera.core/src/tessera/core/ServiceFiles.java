package tessera.core;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * Tessera's one registration mechanism: the standard Java service file {@code META-INF/services/<interface>}.
 * On a plain class path it is {@link ServiceLoader}; inside OSGi (Studio, the builder, tycho-surefire) the same files
 * are read from every resolved bundle and loaded through that bundle, because ServiceLoader does not cross bundles.
 */
public final class ServiceFiles {
    private ServiceFiles() {
    }

    public static <T> List<T> load(Class<T> type) {
        List<T> found = OsgiServiceFiles.available() ? OsgiServiceFiles.load(type) : null;
        if (found != null) {
            return found;
        }
        List<T> result = new ArrayList<>();
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        for (T t : ServiceLoader.load(type, cl != null ? cl : ServiceFiles.class.getClassLoader())) {
            result.add(t);
        }
        return result;
    }

    /** Class names listed in one service file (comments and blanks skipped). */
    static Set<String> parse(URL url) throws IOException {
        Set<String> names = new LinkedHashSet<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(url.openStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                int hash = line.indexOf('#');
                String n = (hash >= 0 ? line.substring(0, hash) : line).trim();
                if (!n.isEmpty()) {
                    names.add(n);
                }
            }
        }
        return names;
    }
}
