package tessera.pla.pass;

import tessera.core.Diagnostic;
import tessera.core.pass.GenPaths;
import tessera.core.pass.FilePass;
import tessera.core.pass.PassContext;
import tessera.pla.rdg.PlaCompiler;
import tessera.rdg.ConstantEdge;
import tessera.rdg.ConstantNode;
import tessera.rdg.Rdg;
import tessera.rdg.support.RdgIO;

/** Seed 003 §4: validates a .pla file and writes its RDG as XMI to {@code gen/pla.rdg/<name>.rdg.xmi}. */
public final class PlaRdgPass extends FilePass {
    public PlaRdgPass() {
        super("pla.rdg", "PLA → reduced dependence graph (seed 003 §4)", 100, ".pla");
    }

    @Override
    public void run(PassContext context) {
        PlaCompiler.Compiled c;
        try {
            c = PlaCompiler.compile(context.fileName(), context.contents());
        } catch (RuntimeException e) {
            context.report(Diagnostic.error(context.fileName(), 0, "internal error in the PLA front end: " + e, ""));
            return;
        }
        context.publish(c); // the later passes of this file (tcpa.compile, tcpa.instantiate) read it instead of parsing again
        for (Diagnostic d : c.diagnostics()) {
            context.report(d);
        }
        if (c.rdg() == null) {
            context.summary("not built: " + c.diagnostics().count(tessera.core.Severity.ERROR) + " error(s)");
            return;
        }
        String path = id() + "/" + GenPaths.baseName(context.fileName()) + ".rdg.xmi";
        context.output(path, RdgIO.toXmi(c.rdg()));
        context.summary(summary(c.rdg()) + " → gen/" + path);
    }

    /** "7 nodes (1 constant), 9 edges (2 constant)". */
    public static String summary(Rdg g) {
        long cn = g.getNodes().stream().filter(ConstantNode.class::isInstance).count();
        long ce = g.getEdges().stream().filter(ConstantEdge.class::isInstance).count();
        return g.getNodes().size() + " nodes (" + cn + " constant), " + g.getEdges().size() + " edges (" + ce + " constant)";
    }
}
