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
        // per-file keys (tcpa.params.bitext=N=16) win over the project-wide ones: PLAs have different loop bounds
        String name = GenPaths.baseName(context.fileName());
        String params = context.settings().getOrDefault(PARAMS + "." + name, context.settings().get(PARAMS));
        String pes = context.settings().getOrDefault(PES + "." + name, context.settings().get(PES));
        if (params == null || pes == null) {
            context.summary("skipped: set " + PARAMS + " (e.g. N=16) and " + PES + " (e.g. 1x3) in tessera.properties");
            return;
        }
        String file = context.fileName();
        Map<String, Long> bounds = new LinkedHashMap<>();
        int[] region;
        try {
            for (String kv : params.split(",")) {
                String[] p = kv.split("=");
                bounds.put(p[0].trim(), Long.parseLong(p[1].trim()));
            }
            String[] rc = pes.trim().split("[xX]");
            region = new int[] {Integer.parseInt(rc[0].trim()), Integer.parseInt(rc[1].trim())};
        } catch (RuntimeException e) {
            context.report(Diagnostic.error("tessera.properties", 1, "cannot read " + PARAMS + "=" + params + " / " + PES + "=" + pes,
                    "write e.g. " + PARAMS + "=N=16,M=8 and " + PES + "=1x3"));
            return;
        }
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
        Instantiator.Result r = Instantiator.run(c.mapping().config(), arch.get(), new Instantiator.Parameters(bounds, region[0], region[1]), file,
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
}
