package tessera.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** The text of a file shipped next to a class of a bundle (example programs, example machines), read from the classpath. */
public final class BundledText {
    private BundledText() {
    }

    /**
     * The UTF-8 text of the resource {@code name} next to {@code anchor}; {@code what} names it in the messages
     * ("no bundled example toy.portmap").
     *
     * @throws IllegalArgumentException when there is no such resource
     * @throws IllegalStateException when it cannot be read
     */
    public static String read(Class<?> anchor, String name, String what) {
        try (InputStream in = anchor.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no " + what + " " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + what + " " + name, e);
        }
    }
}
