package tessera.tcpa.mapping.ui;

import java.util.Optional;
import java.util.function.Function;

import tessera.core.CancelledException;
import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Monitor;
import tessera.core.pass.GenPaths;
import tessera.core.pass.ProjectSettings;
import tessera.tcpa.mapping.SymbolicMapper;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.pipeline.TcpaSettings;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.tcpa.Architecture;

/**
 * A .pla of the workspace compiled onto the project's {@code tcpa.arch} with the settings of the {@code tcpa.compile}
 * builder pass ({@link TcpaSettings}), through {@link TcpaPipeline}, or the readable reason why there is no mapping.
 */
public record Mapping(String fileName, Architecture arch, TcpaPipeline.Compiled compiled, String error) {
    public static final String SETTINGS_FILE = ProjectSettings.FILE;

    public boolean ok() {
        return error == null;
    }

    public SymbolicConfiguration config() {
        return compiled == null || compiled.mapping() == null ? null : compiled.mapping().config();
    }

    /** "bitext onto tcpa4x4: π = 2". */
    public String headline() {
        return GenPaths.baseName(fileName) + " mapped onto " + arch.getName() + ": π = " + config().getSchedule().getPi() + ", λ^J = "
                + config().getSchedule().getLambdaJ() + ", λ^K = " + config().getSchedule().getLambdaK();
    }

    /** Compiles {@code text}; other project files (settings, architecture) are read through {@code reader}. */
    public static Mapping of(String fileName, String text, Function<String, Optional<String>> reader, Monitor monitor) {
        String name = GenPaths.baseName(fileName);
        try {
            TcpaPipeline.Run run = TcpaPipeline.run(fileName, text, TcpaSettings.read(reader), reader, Optional.empty(), Optional.empty(),
                    TcpaPipeline.Until.MAPPING, monitor);
            if (run.stop() == TcpaPipeline.Stop.BAD_ARCHITECTURE) {
                return failed(fileName, null, "Cannot read the project's TCPA settings:\n" + run.problem().format());
            }
            if (run.stop() == TcpaPipeline.Stop.NO_ARCHITECTURE) {
                return failed(fileName, null, "No TCPA architecture for " + name + ".pla: set " + TcpaSettings.ARCH
                        + "=PATH (project-relative, e.g. tcpa/tcpa4x4.tcpa) in " + SETTINGS_FILE + ".");
            }
            Optional<Architecture> arch = Optional.of(run.arch());
            TcpaPipeline.Compiled c = run.compiled();
            if (!c.ok()) {
                StringBuilder sb = new StringBuilder();
                for (Diagnostic d : c.diagnostics()) {
                    if (d.isError()) {
                        sb.append('\n').append(d.format());
                    }
                }
                return new Mapping(fileName, arch.get(), c, "The symbolic mapping of " + name + ".pla onto " + arch.get().getName()
                        + " failed:" + (sb.length() == 0 ? "\n" + SymbolicMapper.format(c.diagnostics()).trim() : sb.toString()));
            }
            return new Mapping(fileName, arch.get(), c, null);
        } catch (DiagnosticException e) {
            return failed(fileName, null, "Cannot read the project's TCPA settings:\n" + e.diagnostic().format());
        } catch (CancelledException e) {
            throw e;
        } catch (RuntimeException e) { // an internal error is a message, not a stack trace
            return failed(fileName, null, "Internal error while mapping " + name + ".pla: " + e);
        }
    }

    private static Mapping failed(String fileName, Architecture arch, String error) {
        return new Mapping(fileName, arch, null, error);
    }
}
