package tessera.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fixtures every test bundle needs. A test bundle's own {@code Fixtures} extends this class, so its tests call
 * {@code Fixtures.root()} next to the bundle's own fixture methods.
 */
public class Fixtures {
    protected Fixtures() {
    }

    /**
     * The repository root (where {@code examples/} lies): {@code -Dtessera.root} when set (dev/jtest sets it), else the
     * first folder upwards from the working directory (a test bundle's folder under tycho-surefire) that holds both
     * {@code examples/} and {@code bundles/}.
     *
     * @throws IllegalStateException when there is no such folder
     */
    public static Path root() {
        String r = System.getProperty("tessera.root");
        if (r != null) {
            return Path.of(r).toAbsolutePath().normalize();
        }
        Path start = Path.of("").toAbsolutePath();
        for (Path p = start; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("examples")) && Files.isDirectory(p.resolve("bundles"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository root (a folder with examples/ and bundles/) above " + start
                + "; set -Dtessera.root");
    }
}
