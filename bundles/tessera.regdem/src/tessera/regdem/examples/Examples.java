package tessera.regdem.examples;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The example kernels shipped with the bundle (copies of {@code examples/regdem/*.sass}), loaded from the classpath. */
public final class Examples {
    public static final List<String> NAMES = List.of("pressure_loop", "dot64", "smem_reduce", "divergent", "cfd_flux",
            "local_spill");

    private Examples() {
    }

    /** The text of {@code <name>.sass}. */
    public static String text(String name) {
        try (InputStream in = Examples.class.getResourceAsStream(name + ".sass")) {
            if (in == null) {
                throw new IllegalArgumentException("no example named " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read example " + name, e);
        }
    }
}
