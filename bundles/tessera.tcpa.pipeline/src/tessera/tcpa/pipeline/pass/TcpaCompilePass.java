package tessera.tcpa.pipeline.pass;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import tessera.core.pass.GenPaths;
import tessera.core.pass.FilePass;
import tessera.core.pass.PassContext;
import tessera.rdg.support.RdgIO;
import tessera.pla.rdg.PlaCompiler;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.pipeline.TcpaSettings;
import tessera.tcpa.mapping.io.ConfigReport;
import tessera.tcpa.mapping.io.SymconfIO;
import tessera.tcpa.mapping.io.SymconfText;

/**
 * Builder pass {@code tcpa.compile} (seed 003 §5): every .pla of a project with {@code tcpa.arch} set is mapped
 * symbolically (from the PLA that {@code pla.rdg} parsed; the mapping goes on to {@code tcpa.instantiate}); writes gen/tcpa.compile/NAME.symconf.xmi, NAME.symconf (compact form), NAME.mapped.rdg.xmi and
 * NAME.mapping.txt.
 */
public final class TcpaCompilePass extends FilePass {
    public TcpaCompilePass() {
        super("tcpa.compile", "PLA → TCPA symbolic configuration (seed 003 §5)", 200, ".pla");
    }

    @Override
    public void run(PassContext context) {
        // a crash of the mapping is reported by the pass executor as an internal error of this pass
        TcpaPipeline.Run run = TcpaPipeline.run(context.fileName(), context.contents(), context.settings(), context::read,
                context.product(PlaCompiler.Compiled.class), Optional.empty(), TcpaPipeline.Until.MAPPING, context.monitor());
        if (run.stop() == TcpaPipeline.Stop.BAD_ARCHITECTURE) {
            context.report(run.problem());
            context.summary("not mapped: the architecture has errors");
            return;
        }
        if (run.stop() == TcpaPipeline.Stop.NO_ARCHITECTURE) {
            context.summary("skipped: no " + TcpaSettings.ARCH + " in tessera.properties");
            return;
        }
        TcpaPipeline.Compiled c = run.compiled();
        context.publish(c); // tcpa.instantiate continues from this mapping
        if (c.mapping() == null) {
            context.summary("not mapped: the PLA has errors"); // pla.rdg reports them
            return;
        }
        c.mapping().diagnostics().forEach(context::report);
        if (!c.ok()) {
            context.summary("not mapped: " + c.mapping().diagnostics().count(tessera.core.Severity.ERROR) + " error(s)");
            return;
        }
        String base = id() + "/" + GenPaths.baseName(context.fileName());
        var conf = c.mapping().config();
        byte[] compact = SymconfText.bytes(conf);
        context.output(base + ".symconf.xmi", SymconfIO.toXmi(conf));
        context.output(base + ".symconf", compact);
        context.output(base + ".mapped.rdg.xmi", RdgIO.toXmi(c.mapping().annotatedRdg()));
        context.output(base + ".mapping.txt", ConfigReport.text(conf).getBytes(StandardCharsets.UTF_8));
        context.summary("π = " + conf.getSchedule().getPi() + ", λ* = (" + ConfigReport.lambda(conf.getSchedule().getLambdaJ()) + ", "
                + ConfigReport.lambda(conf.getSchedule().getLambdaK()) + "), " + conf.getRoutes().size() + " route(s), "
                + compact.length + " bytes → gen/" + base + ".symconf.xmi");
    }
}
