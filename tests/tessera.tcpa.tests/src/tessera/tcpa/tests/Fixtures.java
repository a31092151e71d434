package tessera.tcpa.tests;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates examples/tcpa from the test's working directory (tests/tessera.tcpa.tests under Maven). */
final class Fixtures {
    private Fixtures() {
    }

    static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("examples/tcpa"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("examples/tcpa not found above " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    static Path example(String name) {
        return root().resolve("examples/tcpa").resolve(name);
    }
}
