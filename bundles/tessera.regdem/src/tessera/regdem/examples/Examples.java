package tessera.regdem.examples;

import java.util.List;

import tessera.core.BundledText;

/** The example kernels shipped with the bundle (copies of {@code examples/regdem/*.sass}), loaded from the classpath. */
public final class Examples {
    public static final List<String> NAMES = List.of("pressure_loop", "dot64", "smem_reduce", "divergent", "cfd_flux",
            "local_spill");

    private Examples() {
    }

    /** Hand-written listings in {@code cuobjdump -sass} format (not dumps of real binaries: no GPU was available). */
    public static final List<String> CUOBJDUMP = List.of("scale_sm52", "add_sm90");

    /** The text of {@code <name>.sass}. */
    public static String text(String name) {
        return resource(name + ".sass");
    }

    /** The text of {@code <name>.cuobjdump}. */
    public static String cuobjdump(String name) {
        return resource(name + ".cuobjdump");
    }

    private static String resource(String fileName) {
        return BundledText.read(Examples.class, fileName, "example named");
    }
}
