package tessera.tcpa.instantiate.pass;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.pass.GenPaths;
import tessera.core.pass.Pass;
import tessera.core.pass.PassContext;
import tessera.tcpa.instantiate.Equivalence;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.mapping.Settings;
import tessera.tcpa.mapping.TcpaCompiler;
import tessera.tcpa.sim.ConcreteIO;
import tessera.tcpa.tcpa.Architecture;

/**
 * Builder pass {@code tcpa.instantiate} (seed 003 §6): for a project with {@code tcpa.arch}, {@code tcpa.params}
 * (e.g. {@code N=16}) and {@code tcpa.pes} (e.g. {@code 1x3}), or per file {@code tcpa.params.NAME} and
 * {@code tcpa.pes.NAME}, every .pla is mapped, instantiated and simulated
 * against the PLA interpreter; a difference is an error. Writes gen/tcpa.instantiate/NAME.concrete.xmi and .listing.txt.
 */
public final class InstantiatePass implements Pass {
    public static final String PARAMS = "tcpa.params";
    public static final String PES = "tcpa.pes";

    @Override
    public String id() {
        return "tcpa.instantiate";
    }

    @Override
    public String description() {
        return "TCPA symbolic configuration → concrete configuration, simulated against the interpreter (seed 003 §6)";
    }

    @Override
    public boolean accepts(String fileName) {
        return fileName.endsWith(".pla");
    }

    @Override
    public int order() {
        return 210;
    }

    @Override
    public void run(PassContext context) {
        String file = context.fileName();
        Optional<Run> run;
        try {
            run = parameters(context.settings(), file);
        } catch (IllegalArgumentException e) {
            context.report(Diagnostic.error("tessera.properties", 1, e.getMessage(), "write e.g. " + PARAMS + "=N=16,M=8 and " + PES + "=1x3"));
            return;
        }
        if (run.isEmpty()) {
            context.summary("skipped: set " + PARAMS + " (e.g. N=16) and " + PES + " (e.g. 1x3) in tessera.properties");
            return;
        }
        String params = run.get().params();
        String pes = run.get().pes();
        Map<String, Long> bounds = run.get().parameters().bounds();
        Optional<Architecture> arch;
        try {
            arch = Settings.architecture(context.settings(), context::read);
        } catch (DiagnosticException e) {
            context.summary("not instantiated: the architecture has errors"); // tcpa.compile reports them
            return;
        }
        if (arch.isEmpty()) {
            context.summary("skipped: no " + Settings.ARCH + " in tessera.properties");
            return;
        }
        TcpaCompiler.Compiled c = TcpaCompiler.compile(file, context.contents(), arch.get(), Settings.options(context.settings(), file), context.monitor());
        if (!c.ok()) {
            context.summary("not instantiated: the symbolic mapping failed"); // tcpa.compile reports why
            return;
        }
        Instantiator.Result r = Instantiator.run(c.mapping().config(), arch.get(), run.get().parameters(), file,
                context.monitor());
        r.diagnostics().forEach(context::report);
        if (!r.ok()) {
            context.summary("not instantiated: " + r.diagnostics().size() + " problem(s)");
            return;
        }
        Equivalence.Outcome o = Equivalence.check(c.pla().rdg(), r.config(), bounds, 1);
        if (!o.equal()) {
            context.report(Diagnostic.error(file, 1, "instantiated for " + params + " on " + pes + ", the simulation differs from the interpreter: "
                    + o.mismatch(), "the symbolic mapping or the instantiation is wrong for these parameters; report it"));
        }
        String base = id() + "/" + GenPaths.baseName(file);
        try {
            Path tmp = Files.createTempFile("tessera-concrete", ".xmi");
            try {
                ConcreteIO.save(r.config(), tmp);
                context.output(base + ".concrete.xmi", Files.readAllBytes(tmp));
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (java.io.IOException e) {
            context.report(Diagnostic.error(file, 0, "cannot write the concrete configuration: " + e.getMessage(), "check the disk"));
        }
        context.output(base + ".listing.txt", ConcreteIO.listing(r.config()).getBytes(StandardCharsets.UTF_8));
        context.summary(r.config().getProcessorClasses().size() + " processor class(es), " + r.config().getControlSignals().size() + " signal(s), "
                + (o.equal() ? "simulation = interpreter (" + o.cycles() + " cycles)" : "MISMATCH"));
    }

    /** The run-time parameters of a .pla as written ({@code N=16}, {@code 1x3}) and as read. */
    public record Run(String params, String pes, Instantiator.Parameters parameters) {
    }

    /**
     * The run-time parameters of {@code file}: per-file keys ({@code tcpa.params.bitext=N=16}) win over the project-wide
     * ones, as PLAs have different loop bounds. Empty when either is not set.
     *
     * @throws IllegalArgumentException "cannot read tcpa.params=… / tcpa.pes=…" when they are not {@code N=16,M=8} and {@code RxC}
     */
    public static Optional<Run> parameters(Map<String, String> settings, String file) {
        String name = GenPaths.baseName(file);
        String params = settings.getOrDefault(PARAMS + "." + name, settings.get(PARAMS));
        String pes = settings.getOrDefault(PES + "." + name, settings.get(PES));
        if (params == null || pes == null) {
            return Optional.empty();
        }
        try {
            Map<String, Long> bounds = new LinkedHashMap<>();
            for (String kv : params.split(",")) {
                String[] p = kv.split("=");
                bounds.put(p[0].trim(), Long.parseLong(p[1].trim()));
            }
            String[] rc = pes.trim().split("[xX]");
            return Optional.of(new Run(params, pes, new Instantiator.Parameters(bounds, Integer.parseInt(rc[0].trim()), Integer.parseInt(rc[1].trim()))));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("cannot read " + PARAMS + "=" + params + " / " + PES + "=" + pes, e);
        }
    }
}
