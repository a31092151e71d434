package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import tessera.core.Diagnostics;
import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.Program;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.space.Device;
import tessera.telamon.space.TelamonSpace;

/** Telamon's own space (test data in ../shared/telamon, unmodified), compiled once, and example kernels. */
final class TelamonSpaces {
    private static Program program;

    private TelamonSpaces() {
    }

    static synchronized Program program() {
        if (program == null) {
            Path choices = tessera.testing.Fixtures.root().resolve("../shared/telamon/src/search_space/choices.exh").normalize();
            assertTrue(Files.isRegularFile(choices), "Telamon's .exh files (test data) are missing: " + choices);
            DspaceLoader.Result r = DspaceLoader.load(choices);
            assertTrue(r.ok(), r.diagnostics()::toString);
            program = r.program();
        }
        return program;
    }

    static TelamonSpace space(Kernel k) {
        Diagnostics d = new Diagnostics();
        TelamonSpace s = TelamonSpace.of(program(), k, Device.of("sm_80"), d);
        assertNotNull(s, d::toString);
        return s;
    }

    static Kernel example(String name, Map<String, Long> params) {
        tessera.kernel.KernelLoader.Result r = tessera.kernel.KernelLoader.load(
                tessera.testing.Fixtures.root().resolve("examples/telamon/" + name + ".kernel"), params);
        assertEquals(List.of(), r.diagnostics().list());
        return r.kernel();
    }
}
