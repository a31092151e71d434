package tessera.tcpa.tests;

import java.nio.file.Path;

/** The example architectures under examples/tcpa of the repository ({@code root()}, from tessera.testing). */
final class Fixtures extends tessera.testing.Fixtures {
    private Fixtures() {
    }

    static Path example(String name) {
        return root().resolve("examples/tcpa").resolve(name);
    }
}
