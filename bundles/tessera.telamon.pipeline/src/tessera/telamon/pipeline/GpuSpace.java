package tessera.telamon.pipeline;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import tessera.core.Diagnostics;
import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.csp.Engine;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.space.Queries;
import tessera.telamon.space.Device;

/**
 * Tessera's GPU implementation space (seed 001 ch. 4), shipped with this bundle (the originals are in
 * {@code examples/telamon/space/}) and compiled once; {@link #root} instantiates it on a kernel.
 */
public final class GpuSpace {
    private static final String DIR = "/tessera/telamon/pipeline/space/";
    private static Program program;

    private GpuSpace() {
    }

    /** The compiled space (an error here is a bug of the shipped space, not of the user's input). */
    public static synchronized Program program() {
        if (program == null) {
            DspaceLoader.Result r = DspaceLoader.load(DIR + "gpu.exh", GpuSpace::resource);
            if (!r.ok()) {
                throw new IllegalStateException("the GPU space does not compile:\n" + r.diagnostics());
            }
            program = r.program();
        }
        return program;
    }

    private static Optional<String> resource(String path) {
        try (InputStream in = GpuSpace.class.getResourceAsStream(path)) {
            return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The root candidate of kernel {@code k} on {@code target}, propagated; null with {@code diags} saying why when
     * the kernel has no implementation at all (a constraint fails before any decision).
     */
    public static Candidate root(Kernel k, Device target, Diagnostics diags) {
        return root(k, target, diags, tessera.core.Monitor.NULL);
    }

    /** As above; propagation polls {@code monitor} (which may enforce a time limit), and so do the root's copies. */
    public static Candidate root(Kernel k, Device target, Diagnostics diags, tessera.core.Monitor monitor) {
        Engine e = Engine.instantiate(program(), Queries.instance(k, target), k.name(), diags);
        if (e == null) {
            return null;
        }
        Candidate c = e.init(monitor);
        if (c.failed()) {
            diags.add(tessera.core.Diagnostic.error(k.name(), 0, "the kernel has no implementation: " + c.failure(),
                    "check its sizes and strip-mining factors"));
            return null;
        }
        return c;
    }
}
