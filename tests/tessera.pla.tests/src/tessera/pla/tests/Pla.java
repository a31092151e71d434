package tessera.pla.tests;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import tessera.pla.rdg.PlaCompiler;

/** Test helpers: example texts from the bundle's classpath resources, compilation. */
final class Pla {
    private Pla() {
    }

    static String example(String name) {
        return read(name);
    }

    private static String read(String name) {
        try (InputStream in = PlaCompiler.class.getResourceAsStream("/tessera/pla/examples/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing example " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static PlaCompiler.Compiled compile(String text) {
        return PlaCompiler.compile("test.pla", text);
    }

    static PlaCompiler.Compiled example(String name, boolean mustBeClean) {
        PlaCompiler.Compiled c = PlaCompiler.compile(name, example(name));
        if (mustBeClean && (!c.ok() || !c.diagnostics().isEmpty())) {
            throw new AssertionError(name + ": " + c.diagnostics());
        }
        return c;
    }
}
