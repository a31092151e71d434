package tessera.pla.rdg;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.poly.PolySet;
import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.pla.analysis.PlaAnalysis;
import tessera.pla.analysis.PlaAnalysis.Indexing;
import tessera.pla.analysis.PlaAnalysis.VarClass;
import tessera.pla.analysis.PlaAnalysis.VarInfo;
import tessera.pla.analysis.PlaNames;
import tessera.pla.pla.Access;
import tessera.pla.pla.Equation;
import tessera.pla.pla.Literal;
import tessera.pla.pla.Model;
import tessera.pla.pla.Operand;
import tessera.rdg.ConstantEdge;
import tessera.rdg.ConstantNode;
import tessera.rdg.DependenceEdge;
import tessera.rdg.Edge;
import tessera.rdg.InputEdge;
import tessera.rdg.InputNode;
import tessera.rdg.Matrix;
import tessera.rdg.Node;
import tessera.rdg.OperationNode;
import tessera.rdg.OutputEdge;
import tessera.rdg.OutputNode;
import tessera.rdg.Rdg;
import tessera.rdg.RdgFactory;

/**
 * Seed 003 §4, the reduced dependence graph of a restricted PLA: an operation node per equation (op, 𝓘_i), an input
 * node per non-constant input variable, an output node per output variable, a constant node per constant value;
 * a dependence edge (v_k, v_i) for every use j of x_k in S_i and EVERY equation S_k defining x_k (d, pos), input
 * edges (Q, d, x, pos), constant edges (pos) and output edges (Q, d, x). No pruning of infeasible pairs (the paper
 * has none). Node ids: inputs, operations, outputs as v1, v2, ... (Fig. 3 order), constants c1, c2, ...; edge ids
 * e1, e2, ... in equation order, operands by position, then the equation's output edge.
 */
public final class PlaToRdg {
    /** The graph (null when the PLA has errors) and the problems found. */
    public record Result(Rdg rdg, Diagnostics diagnostics) {
    }

    private static final RdgFactory F = RdgFactory.eINSTANCE;

    private PlaToRdg() {
    }

    /** Builds the RDG of a parsed model; {@code file} names the source in diagnostics and the graph. */
    public static Result build(Model model, String file) {
        Diagnostics ds = new Diagnostics();
        PlaAnalysis a;
        try {
            a = PlaAnalysis.of(model);
        } catch (RuntimeException e) {
            ds.add(Diagnostic.error(file, 0, "cannot analyse the PLA: " + e, ""));
            return new Result(null, ds);
        }
        for (PlaAnalysis.Problem p : a.problems()) {
            ds.add(PlaDiagnostics.of(file, p));
        }
        if (a.hasErrors() || model.getLoop() == null) {
            if (model.getLoop() == null) {
                ds.add(Diagnostic.error(file, 1, "no loop: a PLA needs 'for <ranges> do <equations>'", ""));
            }
            return new Result(null, ds);
        }
        return new Result(transform(a, file), ds);
    }

    /** The RDG of an analysed PLA without errors. */
    public static Rdg transform(PlaAnalysis a, String file) {
        return transform(a, file, new java.util.HashMap<>());
    }

    /**
     * The RDG, and in {@code trace} each node and edge → the source element it comes from: operation node → its
     * equation, input/output/constant node → its first access or literal, operand edge → the operand, output edge →
     * the equation's left-hand side (for linking the RDG editor with the text).
     */
    public static Rdg transform(PlaAnalysis a, String file, Map<org.eclipse.emf.ecore.EObject, org.eclipse.emf.ecore.EObject> trace) {
        Rdg g = F.createRdg();
        g.setName(tessera.core.pass.GenPaths.baseName(file == null || file.isEmpty() ? "pla" : file));
        g.getParameters().addAll(a.parameters());
        g.getIndices().addAll(a.indices());
        g.setParameterContext(PolySet.valueOf(a.contextText()));
        g.setIterationSpace(PolySet.of(a.iterationSpace()));
        List<Equation> eqs = a.equations();
        int nodeCount = 0;
        Map<String, InputNode> inputs = new LinkedHashMap<>();
        for (Equation e : eqs) { // inputs in order of first use
            for (Operand o : e.getRhs().getArgs()) {
                if (o instanceof Access acc) {
                    VarInfo vi = a.variable(PlaAnalysis.name(acc));
                    if (vi.varClass == VarClass.INPUT && !inputs.containsKey(vi.name)) {
                        InputNode n = F.createInputNode();
                        n.setVariable(vi.name);
                        n.setDimension(vi.dims);
                        inputs.put(vi.name, n);
                        trace.put(n, acc);
                    }
                }
            }
        }
        for (InputNode n : inputs.values()) {
            n.setId("v" + ++nodeCount);
            g.getNodes().add(n);
        }
        Map<Equation, OperationNode> ops = new LinkedHashMap<>();
        Map<tessera.core.poly.IntegerSet, PolySet> spaceTexts = new java.util.HashMap<>(); // PLAs repeat their spaces
        for (Equation e : eqs) {
            OperationNode n = F.createOperationNode();
            n.setId("v" + ++nodeCount);
            n.setLabel(PlaAnalysis.label(e));
            n.setVariable(PlaAnalysis.name(e.getLhs()));
            var op = a.operation(e.getRhs());
            n.setOp(op.name());
            n.setArity(op.arity());
            n.setConditionSpace(spaceTexts.computeIfAbsent(a.conditionSpace(e), PolySet::of));
            n.setLine(PlaNames.line(e));
            ops.put(e, n);
            trace.put(n, e);
            g.getNodes().add(n);
        }
        Map<String, OutputNode> outputs = new LinkedHashMap<>();
        for (Equation e : eqs) {
            VarInfo vi = a.variable(PlaAnalysis.name(e.getLhs()));
            if (vi.varClass == VarClass.OUTPUT && !outputs.containsKey(vi.name)) {
                OutputNode n = F.createOutputNode();
                n.setId("v" + ++nodeCount);
                n.setVariable(vi.name);
                n.setDimension(vi.dims);
                outputs.put(vi.name, n);
                trace.put(n, e.getLhs());
                g.getNodes().add(n);
            }
        }
        Map<Integer, ConstantNode> constants = new LinkedHashMap<>();
        List<Edge> edges = new ArrayList<>();
        for (Equation e : eqs) {
            OperationNode w = ops.get(e);
            List<Operand> args = e.getRhs().getArgs();
            for (int j = 1; j <= args.size(); j++) {
                Operand o = args.get(j - 1);
                int before = edges.size();
                if (o instanceof Literal lit) {
                    edges.add(constantEdge(g, constants, lit.getValue(), null, w, j));
                    traceOperand(trace, edges, before, o);
                    continue;
                }
                Access acc = (Access) o;
                VarInfo vi = a.variable(PlaAnalysis.name(acc));
                Indexing ix = a.indexing(acc);
                switch (vi.varClass) {
                    case CONSTANT -> edges.add(constantEdge(g, constants, vi.constantValue, vi.name, w, j));
                    case INPUT -> {
                        InputEdge in = F.createInputEdge();
                        in.setSource(inputs.get(vi.name));
                        in.setTarget(w);
                        in.setQ(matrix(ix.q()));
                        addAll(in.getD(), ix.d());
                        in.setVariable(vi.name);
                        in.setPos(j);
                        edges.add(in);
                    }
                    case INTERNAL -> {
                        for (Equation def : vi.definitions) {
                            DependenceEdge dep = F.createDependenceEdge();
                            dep.setSource(ops.get(def));
                            dep.setTarget(w);
                            addAll(dep.getD(), ix.d());
                            dep.setPos(j);
                            edges.add(dep);
                        }
                    }
                    case OUTPUT -> throw new IllegalStateException("output " + vi.name + " used"); // excluded by the analysis
                }
                traceOperand(trace, edges, before, o);
            }
            VarInfo def = a.variable(PlaAnalysis.name(e.getLhs()));
            if (def.varClass == VarClass.OUTPUT) {
                Indexing ix = a.indexing(e.getLhs());
                OutputEdge out = F.createOutputEdge();
                out.setSource(w);
                out.setTarget(outputs.get(def.name));
                out.setQ(matrix(ix.q()));
                addAll(out.getD(), ix.d());
                out.setVariable(def.name);
                edges.add(out);
                trace.put(out, e.getLhs());
            }
        }
        int k = 0;
        for (Edge e : edges) {
            e.setId("e" + ++k);
        }
        g.getEdges().addAll(edges);
        return g;
    }

    private static void traceOperand(Map<org.eclipse.emf.ecore.EObject, org.eclipse.emf.ecore.EObject> trace, List<Edge> edges,
            int from, Operand o) {
        for (Edge e : edges.subList(from, edges.size())) {
            trace.put(e, o);
            trace.putIfAbsent(e.getSource(), o); // a constant node: its first literal or use
        }
    }

    private static ConstantEdge constantEdge(Rdg g, Map<Integer, ConstantNode> constants, int value, String name, Node w, int pos) {
        ConstantNode c = constants.get(value);
        if (c == null) {
            c = F.createConstantNode();
            c.setId("c" + (constants.size() + 1));
            c.setValue(value);
            constants.put(value, c);
            g.getNodes().add(c);
        }
        if (name != null && c.getName() == null) {
            c.setName(name);
        }
        ConstantEdge e = F.createConstantEdge();
        e.setSource(c);
        e.setTarget(w);
        e.setPos(pos);
        return e;
    }

    private static void addAll(List<Integer> list, long[] values) {
        for (long v : values) {
            list.add(Math.toIntExact(v));
        }
    }

    private static Matrix matrix(long[][] q) {
        Matrix m = F.createMatrix();
        m.setRows(q.length);
        m.setColumns(q.length == 0 ? 0 : q[0].length);
        for (long[] row : q) {
            for (long v : row) {
                m.getEntries().add(Math.toIntExact(v));
            }
        }
        return m;
    }
}
