package tessera.palmed.examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Loads the bundled example machines (seed 000 §III-D toy machine) from the classpath. */
public final class Examples {
    private Examples() {
    }

    /** The text of a resource next to this class, e.g. {@code toy.portmap}. */
    public static String text(String name) {
        try (InputStream in = Examples.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no bundled example " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
