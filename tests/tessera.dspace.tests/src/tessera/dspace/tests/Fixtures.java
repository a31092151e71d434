package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import tessera.core.Deadline;
import tessera.core.Diagnostics;
import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.csp.Engine;
import tessera.dspace.runtime.instance.Instance;
import tessera.dspace.runtime.instance.InstanceJson;

/** Shared helpers: load a space from text, instantiate it, read domains by name; {@code root()} is tessera.testing's. */
final class Fixtures extends tessera.testing.Fixtures {
    private Fixtures() {
    }

    static DspaceLoader.Result load(String text) {
        return DspaceLoader.loadText("/test/space.exh", text, p -> Optional.empty());
    }

    static Program program(String text) {
        DspaceLoader.Result r = load(text);
        assertTrue(r.ok(), () -> "space does not compile:\n" + r.diagnostics());
        return r.program();
    }

    static Candidate init(String space, Instance inst) {
        return init(program(space), inst);
    }

    static Candidate init(Program p, Instance inst) {
        Diagnostics d = new Diagnostics();
        Engine e = Engine.instantiate(p, inst, "instance", d);
        assertNotNull(e, () -> "instance rejected:\n" + d);
        Candidate c = e.init();
        assertFalse(c.failed(), () -> "initial candidate failed: " + c.failure());
        return c;
    }

    static Instance json(String text) {
        Diagnostics d = new Diagnostics();
        Instance i = InstanceJson.parse("instance.json", text, d);
        assertNotNull(i, () -> "bad instance:\n" + d);
        return i;
    }

    /** Remaining values of choice(objs), in the orientation given. */
    static List<String> dom(Candidate c, String choice, String... objs) {
        List<String> o = List.of(objs);
        int v = c.variable(choice, o);
        if (v >= 0) {
            return c.values(v);
        }
        List<String> rev = new ArrayList<>(o);
        java.util.Collections.reverse(rev);
        int r = c.variable(choice, rev);
        assertTrue(r >= 0, () -> "no instance " + choice + o);
        long inv = c.choiceInfo(r).invert(c.domain(r));
        return c.describe(r, inv);
    }

    static boolean decide(Candidate c, String choice, String value, String... objs) {
        return c.decide(choice, List.of(objs), List.of(value));
    }

    static Deadline deadline() {
        return Deadline.after(java.time.Duration.ofSeconds(60));
    }

    /** Tessera's GPU space (seed 001 ch. 4): examples/telamon/space/gpu.exh and its includes. */
    static final String GPU_SPACE = "examples/telamon/space/gpu.exh";
    /** The instances next to it, made by the catalogue from real kernels (examples/telamon/space/regenerate-instances.sh). */
    static final List<String> GPU_INSTANCES = List.of("scal-64", "axpy-64", "outer_product");
    private static DspaceLoader.Result gpu;

    /** {@link #GPU_SPACE} compiled once for all tests (a program is read-only once compiled). */
    static synchronized DspaceLoader.Result gpuSpace() {
        if (gpu == null) {
            gpu = DspaceLoader.load(root().resolve(GPU_SPACE));
            assertTrue(gpu.ok(), () -> GPU_SPACE + " does not compile:\n" + gpu.diagnostics());
        }
        return gpu;
    }

    /** examples/telamon/space/NAME.json, e.g. {@code gpuInstance("axpy-64")}. */
    static Instance gpuInstance(String name) {
        return json(read("examples/telamon/space/" + name + ".json"));
    }

    static String read(String examplePath) {
        try {
            return Files.readString(root().resolve(examplePath));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
