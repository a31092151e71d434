package tessera.tcpa.pipeline.pass;

import java.nio.charset.StandardCharsets;

import tessera.core.Diagnostic;
import tessera.core.pass.GenPaths;
import tessera.core.pass.FilePass;
import tessera.core.pass.PassContext;
import tessera.pla.rdg.PlaCompiler;
import tessera.tcpa.concrete.io.ConcreteIO;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.pipeline.Equivalence;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.pipeline.TcpaSettings;

/**
 * Builder pass {@code tcpa.instantiate} (seed 003 §6): for a project with {@code tcpa.arch}, {@code tcpa.params}
 * (e.g. {@code N=16}) and {@code tcpa.pes} (e.g. {@code 1x3}), or per file {@code tcpa.params.NAME} and
 * {@code tcpa.pes.NAME}, every .pla is mapped, instantiated and simulated
 * against the PLA interpreter; a difference is an error. Continues from the mapping of {@code tcpa.compile}. Writes gen/tcpa.instantiate/NAME.concrete.xmi and .listing.txt.
 */
public final class InstantiatePass extends FilePass {
    public InstantiatePass() {
        super("tcpa.instantiate", "TCPA symbolic configuration → concrete configuration, simulated against the interpreter (seed 003 §6)", 210, ".pla");
    }

    @Override
    public void run(PassContext context) {
        String file = context.fileName();
        TcpaPipeline.Run run = TcpaPipeline.run(file, context.contents(), context.settings(), context::read,
                context.product(PlaCompiler.Compiled.class), context.product(TcpaPipeline.Compiled.class),
                TcpaPipeline.Until.SIMULATION, context.monitor());
        switch (run.stop()) {
            case BAD_PARAMETERS -> {
                context.report(run.problem());
                return;
            }
            case NO_PARAMETERS -> {
                context.summary("skipped: set " + TcpaSettings.PARAMS + " (e.g. N=16) and " + TcpaSettings.PES + " (e.g. 1x3) in tessera.properties");
                return;
            }
            case BAD_ARCHITECTURE -> {
                context.summary("not instantiated: the architecture has errors"); // tcpa.compile reports them
                return;
            }
            case NO_ARCHITECTURE -> {
                context.summary("skipped: no " + TcpaSettings.ARCH + " in tessera.properties");
                return;
            }
            case MAPPING -> {
                context.summary("not instantiated: the symbolic mapping failed"); // tcpa.compile reports why
                return;
            }
            default -> {
                // instantiated (or failed doing so): reported below
            }
        }
        Instantiator.Result r = run.instantiated();
        r.diagnostics().forEach(context::report);
        if (!r.ok()) {
            context.summary("not instantiated: " + r.diagnostics().size() + " problem(s)");
            return;
        }
        String params = run.parameters().params();
        String pes = run.parameters().pes();
        Equivalence.Outcome o = run.check();
        if (!o.equal()) {
            context.report(Diagnostic.error(file, 1, "instantiated for " + params + " on " + pes + ", the simulation differs from the interpreter: "
                    + o.mismatch(), "the symbolic mapping or the instantiation is wrong for these parameters; report it"));
        }
        String base = id() + "/" + GenPaths.baseName(file);
        context.output(base + ".concrete.xmi", ConcreteIO.toBytes(r.config()));
        context.output(base + ".listing.txt", ConcreteIO.listing(r.config()).getBytes(StandardCharsets.UTF_8));
        context.summary(r.config().getProcessorClasses().size() + " processor class(es), " + r.config().getControlSignals().size() + " signal(s), "
                + (o.equal() ? "simulation = interpreter (" + o.cycles() + " cycles)" : "MISMATCH"));
    }
}
