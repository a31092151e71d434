package tessera.pla.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.Diagnostic;
import tessera.core.cli.CliContext;
import tessera.pla.rdg.PlaCompiler;
import tessera.rdg.ConstantNode;
import tessera.rdg.DependenceEdge;
import tessera.rdg.Edge;
import tessera.rdg.InputEdge;
import tessera.rdg.Node;
import tessera.rdg.OperandEdge;
import tessera.rdg.OperationNode;
import tessera.rdg.OutputEdge;
import tessera.rdg.Rdg;
import tessera.rdg.VariableNode;

/** Shared helpers of the {@code rdg} and {@code run} commands. */
final class PlaCli {
    private PlaCli() {
    }

    /** Reads and compiles a .pla file; problems are reported on stderr. Returns null when it cannot be read. */
    static PlaCompiler.Compiled load(CliContext ctx, String file) {
        Path p = ctx.resolve(file);
        String text;
        try {
            text = ctx.readSource(file); // strict UTF-8, BOM and lone CR handled (issue 22)
        } catch (tessera.core.DiagnosticException e) {
            ctx.report(e.diagnostic());
            return null;
        } catch (IOException e) {
            ctx.report(Diagnostic.error(file, 0, "cannot read " + p + ": " + e.getMessage(), "check the path"));
            return null;
        }
        PlaCompiler.Compiled c = PlaCompiler.compile(file, text);
        for (Diagnostic d : c.diagnostics()) {
            ctx.report(d);
        }
        return c;
    }

    static List<String> diagnosticTexts(PlaCompiler.Compiled c) {
        return c == null ? List.of() : c.diagnostics().list().stream().map(Diagnostic::format).toList();
    }

    /** JSON-friendly view of an RDG. */
    static Map<String, Object> json(Rdg g) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", g.getName());
        m.put("parameters", List.copyOf(g.getParameters()));
        m.put("indices", List.copyOf(g.getIndices()));
        m.put("iterationSpace", g.getIterationSpace().text());
        m.put("nodes", g.getNodes().stream().map(PlaCli::node).toList());
        m.put("edges", g.getEdges().stream().map(PlaCli::edge).toList());
        return m;
    }

    private static Map<String, Object> node(Node n) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", n.getId());
        m.put("kind", n.eClass().getName());
        if (n instanceof OperationNode op) {
            m.put("label", op.getLabel());
            m.put("variable", op.getVariable());
            m.put("op", op.getOp());
            m.put("conditionSpace", op.getConditionSpace().text());
        } else if (n instanceof VariableNode v) {
            m.put("variable", v.getVariable());
            m.put("dimension", v.getDimension());
        } else if (n instanceof ConstantNode c) {
            m.put("value", c.getValue());
        }
        return m;
    }

    private static Map<String, Object> edge(Edge e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", e.getId());
        m.put("kind", e.eClass().getName());
        m.put("source", e.getSource().getId());
        m.put("target", e.getTarget().getId());
        if (e instanceof OperandEdge oe) {
            m.put("pos", oe.getPos());
        }
        if (e instanceof DependenceEdge d) {
            m.put("d", List.copyOf(d.getD()));
        } else if (e instanceof InputEdge in) {
            m.put("x", in.getVariable());
            m.put("Q", tessera.pla.diagram.RdgDiagrams.matrix(in.getQ()));
            m.put("d", List.copyOf(in.getD()));
        } else if (e instanceof OutputEdge out) {
            m.put("x", out.getVariable());
            m.put("Q", tessera.pla.diagram.RdgDiagrams.matrix(out.getQ()));
            m.put("d", List.copyOf(out.getD()));
        }
        return m;
    }
}
