package tessera.tcpa.mapping;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.pla.rdg.PlaCompiler;
import tessera.tcpa.tcpa.Architecture;

/**
 * Headless facade for the CLI, the builder pass, the diagram provider and tests: PLA text → RDG (tessera.pla) →
 * symbolic mapping onto {@code arch}. All problems come back as diagnostics.
 */
public final class TcpaCompiler {
    /** The PLA front end's result, the mapping result (null when the PLA has errors) and every diagnostic. */
    public record Compiled(PlaCompiler.Compiled pla, SymbolicMapper.Result mapping, Diagnostics diagnostics) {
        public boolean ok() {
            return mapping != null && mapping.ok();
        }
    }

    private TcpaCompiler() {
    }

    public static Compiled compile(String file, String text, Architecture arch, MappingState.Options options, Monitor monitor) {
        PlaCompiler.Compiled pla = PlaCompiler.compile(file, text);
        Diagnostics ds = new Diagnostics();
        ds.addAll(pla.diagnostics());
        if (!pla.ok()) {
            return new Compiled(pla, null, ds);
        }
        SymbolicMapper.Result r = SymbolicMapper.map(file, pla.rdg(), arch, options, monitor);
        ds.addAll(r.diagnostics());
        return new Compiled(pla, r, ds);
    }

    /** A one-line error for a missing architecture setting/option. */
    public static Diagnostic noArchitecture(String file) {
        return Diagnostic.error(file, 1, "no TCPA architecture given for the symbolic mapping",
                "pass --arch ARCH.tcpa, or set tcpa.arch=PATH in tessera.properties (e.g. tcpa.arch=tcpa/tcpa4x4.tcpa)");
    }
}
