package tessera.telamon.pipeline.tests.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import tessera.core.Diagnostics;
import tessera.telamon.pipeline.TelamonPipeline;
import tessera.testing.Fixtures;

/** The benchmarks' inputs: an example kernel of {@code examples/telamon} and its implementation space for a target. */
final class Examples {
    private Examples() {
    }

    /** The space of {@code examples/telamon/NAME.kernel} for {@code arch}; problems go to {@code d}. */
    static TelamonPipeline.Result space(String name, String arch, Diagnostics d) throws IOException {
        Path file = Fixtures.root().resolve("examples/telamon/" + name + ".kernel");
        return TelamonPipeline.space(file.toString(), Files.readString(file), new TelamonPipeline.Settings(arch, Map.of()), d);
    }
}
