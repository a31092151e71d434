package tessera.tcpa.mapping.passes;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.pass.GenPaths;
import tessera.core.pass.Pass;
import tessera.core.pass.PassContext;
import tessera.rdg.support.RdgIO;
import tessera.tcpa.mapping.Settings;
import tessera.tcpa.mapping.TcpaCompiler;
import tessera.tcpa.mapping.io.ConfigReport;
import tessera.tcpa.mapping.io.SymconfIO;
import tessera.tcpa.mapping.io.SymconfText;
import tessera.tcpa.tcpa.Architecture;

/**
 * Builder pass {@code tcpa.compile} (seed 003 §5): every .pla of a project with {@code tcpa.arch} set is mapped
 * symbolically; writes gen/tcpa.compile/NAME.symconf.xmi, NAME.symconf (compact form), NAME.mapped.rdg.xmi and
 * NAME.mapping.txt.
 */
public final class TcpaCompilePass implements Pass {
    @Override
    public String id() {
        return "tcpa.compile";
    }

    @Override
    public String description() {
        return "PLA → TCPA symbolic configuration (seed 003 §5)";
    }

    @Override
    public boolean accepts(String fileName) {
        return fileName.endsWith(".pla");
    }

    @Override
    public int order() {
        return 200;
    }

    @Override
    public void run(PassContext context) {
        Optional<Architecture> arch;
        try {
            arch = Settings.architecture(context.settings(), context::read);
        } catch (DiagnosticException e) {
            context.report(e.diagnostic());
            context.summary("not mapped: the architecture has errors");
            return;
        }
        if (arch.isEmpty()) {
            context.summary("skipped: no " + Settings.ARCH + " in tessera.properties");
            return;
        }
        TcpaCompiler.Compiled c;
        try {
            c = TcpaCompiler.compile(context.fileName(), context.contents(), arch.get(), Settings.options(context.settings(), context.fileName()), context.monitor());
        } catch (RuntimeException e) {
            context.report(Diagnostic.error(context.fileName(), 0, "internal error in the symbolic mapping: " + e, ""));
            return;
        }
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
