package tessera.kernel.tests;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import tessera.kernel.KernelLoader;
import tessera.testing.Fixtures;

/** The example kernels under examples/telamon and loading helpers. */
final class Kernels extends Fixtures {
    /** The examples, in the order of docs/kernel.md. */
    static final List<String> EXAMPLES = List.of("scal", "axpy", "matmul_256", "matmul_1024", "strided_matmul",
            "batched_matmul", "reuse_matmul", "outer_product");

    private Kernels() {
    }

    static Path example(String name) {
        return root().resolve("examples/telamon/" + name + ".kernel");
    }

    static KernelLoader.Result load(String name) {
        return KernelLoader.load(example(name), Map.of());
    }

    static KernelLoader.Result load(String name, Map<String, Long> overrides) {
        return KernelLoader.load(example(name), overrides);
    }

    /** Loads {@code text} as {@code bad.kernel}. */
    static KernelLoader.Result text(String text) {
        return KernelLoader.loadText("bad.kernel", text, Map.of());
    }
}
