package tessera.palmed.examples;

import tessera.core.BundledText;

/** Loads the bundled example machines (seed 000 §III-D toy machine) from the classpath. */
public final class Examples {
    private Examples() {
    }

    /** The text of a resource next to this class, e.g. {@code toy.portmap}. */
    public static String text(String name) {
        return BundledText.read(Examples.class, name, "bundled example");
    }
}
