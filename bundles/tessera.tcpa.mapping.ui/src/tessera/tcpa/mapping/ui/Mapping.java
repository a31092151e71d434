package tessera.tcpa.mapping.ui;

import java.io.IOException;
import java.io.StringReader;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

import tessera.core.CancelledException;
import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Monitor;
import tessera.core.pass.GenPaths;
import tessera.tcpa.mapping.Settings;
import tessera.tcpa.mapping.SymbolicMapper;
import tessera.tcpa.mapping.TcpaCompiler;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.tcpa.Architecture;

/**
 * A .pla of the workspace compiled onto the project's {@code tcpa.arch} with the settings of the {@code tcpa.compile}
 * builder pass (tessera.tcpa.mapping's {@link Settings}), or the readable reason why there is no mapping.
 */
public record Mapping(String fileName, Architecture arch, TcpaCompiler.Compiled compiled, String error) {
    public static final String SETTINGS_FILE = "tessera.properties";

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
            Map<String, String> settings = settings(reader.apply(SETTINGS_FILE).orElse(""));
            Optional<Architecture> arch = Settings.architecture(settings, reader);
            if (arch.isEmpty()) {
                return failed(fileName, null, "No TCPA architecture for " + name + ".pla: set " + Settings.ARCH
                        + "=PATH (project-relative, e.g. tcpa/tcpa4x4.tcpa) in " + SETTINGS_FILE + ".");
            }
            TcpaCompiler.Compiled c = TcpaCompiler.compile(fileName, text, arch.get(), Settings.options(settings, fileName), monitor);
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

    private static Map<String, String> settings(String text) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            // a malformed settings file reads as no settings; the builder reports it
        }
        Map<String, String> m = new HashMap<>();
        p.forEach((k, v) -> m.put(k.toString(), v.toString()));
        return m;
    }
}
