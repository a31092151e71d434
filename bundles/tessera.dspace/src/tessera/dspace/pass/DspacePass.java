package tessera.dspace.pass;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import tessera.core.Diagnostic;
import tessera.core.pass.GenPaths;
import tessera.core.pass.FilePass;
import tessera.core.pass.PassContext;
import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.JavaGenerator;

/**
 * Builder pass {@code dspace}: validates a {@code .exh} decision space (with its includes) and writes the Java
 * propagators the DSL compiler generates (seed 001a §3.5) to {@code gen/dspace/<Name>Propagators.java}.
 */
public final class DspacePass extends FilePass {
    public DspacePass() {
        super("dspace", "decision space (.exh) → validated space + generated Java propagators", 100, ".exh");
    }

    @Override
    public void run(PassContext ctx) {
        String name = ctx.fileName().replace('\\', '/');
        DspaceLoader.Result r = DspaceLoader.load("/" + name, p -> {
            String rel = p.startsWith("/") ? p.substring(1) : p;
            return rel.equals(name) ? Optional.of(ctx.contents()) : ctx.read(rel);
        });
        for (Diagnostic d : r.diagnostics()) {
            ctx.report(d.withFile(d.file().startsWith("/") ? d.file().substring(1) : d.file()));
        }
        if (r.program() == null) {
            ctx.summary(name + ": not compiled (" + r.diagnostics().count(tessera.core.Severity.ERROR) + " errors)");
            return;
        }
        String cls = JavaGenerator.className(GenPaths.baseName(name));
        String src = JavaGenerator.generate(r.program(), "tessera.dspace.generated", cls);
        ctx.output("dspace/" + cls + ".java", src.getBytes(StandardCharsets.UTF_8));
        ctx.summary(name + ": " + r.program().choices.size() + " choices, " + r.program().groups.size()
                + " propagator groups → gen/dspace/" + cls + ".java");
    }
}
