package tessera.pla.diagram;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import tessera.core.poly.IntegerSet;
import tessera.core.poly.PolySet;
import tessera.diagram.Diagram;
import tessera.rdg.ConstantEdge;
import tessera.rdg.ConstantNode;
import tessera.rdg.DependenceEdge;
import tessera.rdg.Edge;
import tessera.rdg.InputEdge;
import tessera.rdg.InputNode;
import tessera.rdg.Matrix;
import tessera.rdg.Node;
import tessera.rdg.OperandEdge;
import tessera.rdg.OperationNode;
import tessera.rdg.OutputEdge;
import tessera.rdg.OutputNode;
import tessera.rdg.Rdg;
import tessera.rdg.support.Annotations;

/**
 * Seed 003 Fig. 3 drawing of an RDG: operation rectangles "v: S [op]" with variable and condition space (and
 * "fu: [τ] mnemo" once scheduled), rounded input/output nodes, constant circles; edges labelled with Q and d (input
 * and output edges, dependence edges with d ≠ 0), the operand position (A = 1, B = 2, ...) and δ for split edges
 * (dashed). Every node's and edge's payload is the EMF object it shows.
 */
public final class RdgDiagrams {
    private RdgDiagrams() {
    }

    public static Diagram build(Rdg g) {
        return build(g, o -> null);
    }

    /**
     * The drawing with, on every node and edge, its Properties-view rows (the §4 attributes op, 𝓘, x, Q, d, pos and
     * every annotation a later pass added) and the source range {@code sources} gives for it (null: not linked).
     */
    public static Diagram build(Rdg g, java.util.function.Function<org.eclipse.emf.ecore.EObject, Diagram.SourceRange> sources) {
        Diagram d = new Diagram();
        d.title = "RDG " + g.getName();
        d.direction = Diagram.Direction.DOWN;
        Map<Node, Diagram.Node> map = new HashMap<>();
        for (Node n : g.getNodes()) {
            Diagram.Node dn = d.node(n.getId()).payload(n);
            if (n instanceof OperationNode op) {
                String cond = shortSpace(op.getConditionSpace(), g.getIterationSpace());
                dn.lines(n.getId() + ": " + op.getLabel() + " [" + opSymbol(op.getOp()) + "]", op.getVariable() + (cond.isEmpty() ? "" : " if " + cond));
                String fu = Annotations.getString(op, Annotations.Keys.FU).orElse(null);
                Long tau = Annotations.getInt(op, Annotations.Keys.TAU).orElse(null);
                if (fu != null || tau != null) {
                    dn.lines.add((fu == null ? "?" : fu) + ": [" + (tau == null ? "?" : tau) + "] "
                            + Annotations.getString(op, Annotations.Keys.MNEMONIC).orElse(op.getOp()));
                }
                dn.shape(Diagram.Shape.RECTANGLE).tooltip(op.getLabel() + ": " + op.getVariable() + " = " + op.getOp()
                        + "(...) if " + op.getConditionSpace());
            } else if (n instanceof InputNode in) {
                dn.lines(n.getId() + ": " + in.getVariable() + " [input]").shape(Diagram.Shape.ROUNDED).colors(0xE8F6EC, 0x2E7D32);
                adjacentSpace(n, g.getIterationSpace()).ifPresent(dn.lines::add);
            } else if (n instanceof OutputNode out) {
                dn.lines(n.getId() + ": " + out.getVariable() + " [output]").shape(Diagram.Shape.ROUNDED).colors(0xFDF2E6, 0xB9770E);
                adjacentSpace(n, g.getIterationSpace()).ifPresent(dn.lines::add);
            } else if (n instanceof ConstantNode c) {
                dn.lines(String.valueOf(c.getValue())).shape(Diagram.Shape.CIRCLE).colors(0xFFFFFF, 0x566573)
                        .tooltip("constant " + (c.getName() == null ? "" : c.getName() + " = ") + c.getValue());
            }
            properties(n).forEach(dn::property);
            dn.sourceRange(sources.apply(n));
            map.put(n, dn);
        }
        for (Edge e : g.getEdges()) {
            Diagram.Edge de = d.edge(map.get(e.getSource()), map.get(e.getTarget())).payload(e);
            StringBuilder label = new StringBuilder();
            if (e instanceof InputEdge in) {
                label.append("Q=").append(matrix(in.getQ())).append(" d=").append(vector(in.getD()));
            } else if (e instanceof OutputEdge out) {
                label.append("Q=").append(matrix(out.getQ())).append(" d=").append(vector(out.getD()));
            } else if (e instanceof DependenceEdge dep && dep.getD().stream().anyMatch(v -> v != 0)) {
                label.append("d=").append(vector(dep.getD()));
            }
            long[] delta = Annotations.getInts(e, Annotations.Keys.DELTA).orElse(null);
            if (delta != null) {
                label.append(label.isEmpty() ? "" : " ").append("δ=(")
                        .append(java.util.Arrays.stream(delta).mapToObj(Long::toString).collect(Collectors.joining(" "))).append(')');
                de.dashed(true);
            }
            Annotations.getStrings(e, Annotations.Keys.REGS).ifPresent(r -> label.append(label.isEmpty() ? "" : " ").append(String.join(", ", r)));
            if (e instanceof OperandEdge oe) {
                label.append(label.isEmpty() ? "" : " ").append(posLetter(oe.getPos()));
            }
            if (e instanceof ConstantEdge) {
                de.dashed(false);
            }
            de.label(label.toString()).tooltip(e.getId() + ": " + e.eClass().getName() + " " + label);
            properties(e).forEach(de::property);
            de.sourceRange(sources.apply(e));
        }
        return d;
    }

    /** The Properties-view rows of an RDG node or edge: kind, the §4 attributes, then every annotation by key. */
    public static Map<String, String> properties(tessera.rdg.Annotated element) {
        Map<String, String> p = new java.util.LinkedHashMap<>();
        p.put("kind", element.eClass().getName());
        if (element instanceof OperationNode op) {
            p.put("label", op.getLabel());
            p.put("variable x", op.getVariable());
            p.put("op", op.getOp() + " (arity " + op.getArity() + ")");
            p.put("condition space", space(op.getConditionSpace()));
            p.put("condition space (set)", op.getConditionSpace().text());
            p.put("line", String.valueOf(op.getLine()));
        } else if (element instanceof InputNode in) {
            p.put("variable x", in.getVariable());
            p.put("dimension", String.valueOf(in.getDimension()));
        } else if (element instanceof OutputNode out) {
            p.put("variable x", out.getVariable());
            p.put("dimension", String.valueOf(out.getDimension()));
        } else if (element instanceof ConstantNode c) {
            p.put("value", String.valueOf(c.getValue()));
            if (c.getName() != null) {
                p.put("name", c.getName());
            }
        } else if (element instanceof Edge e) {
            p.put("source → target", e.getSource().getId() + " → " + e.getTarget().getId());
            if (e instanceof InputEdge in) {
                p.put("variable x", in.getVariable());
                p.put("Q", matrix(in.getQ()));
                p.put("d", vector(in.getD()));
            } else if (e instanceof OutputEdge out) {
                p.put("variable x", out.getVariable());
                p.put("Q", matrix(out.getQ()));
                p.put("d", vector(out.getD()));
            } else if (e instanceof DependenceEdge dep) {
                p.put("d", vector(dep.getD()));
            }
            if (e instanceof OperandEdge oe) {
                p.put("pos", oe.getPos() + " (" + posLetter(oe.getPos()) + ")");
            }
        }
        for (tessera.rdg.Annotation a : element.getAnnotations()) {
            p.put("@" + a.getKey(), Annotations.text(a));
        }
        return p;
    }

    /** Operand letters of Fig. 3: A := 1, B := 2, ... */
    public static String posLetter(int pos) {
        return pos >= 1 && pos <= 26 ? String.valueOf((char) ('A' + pos - 1)) : String.valueOf(pos);
    }

    /** The paper draws the copy operation as [=]. */
    public static String opSymbol(String op) {
        return "move".equals(op) ? "=" : op;
    }

    private static java.util.Optional<String> adjacentSpace(Node n, PolySet iterationSpace) {
        Set<PolySet> spaces = new LinkedHashSet<>();
        for (Edge e : n.getOutgoing()) {
            if (e.getTarget() instanceof OperationNode op) {
                spaces.add(op.getConditionSpace());
            }
        }
        for (Edge e : n.getIncoming()) {
            if (e.getSource() instanceof OperationNode op) {
                spaces.add(op.getConditionSpace());
            }
        }
        return spaces.size() == 1 ? java.util.Optional.of(shortSpace(spaces.iterator().next(), iterationSpace))
                .filter(t -> !t.isEmpty()) : java.util.Optional.empty();
    }

    /** Longer condition-space texts are shown as their constraints not already in the loop's iteration space. */
    static final int SHORT_SPACE = 40;

    /**
     * The node text of a condition space (the paper is silent for n-D): the whole space when it is short (Fig. 3:
     * {@code 1 <= i < N}), else only the constraints the iteration space does not have, i.e. the equation's own
     * {@code if} (normalised), "" when it holds on the whole loop. The Properties view shows the whole space.
     */
    public static String shortSpace(PolySet polySet, PolySet iterationSpace) {
        String full = space(polySet);
        if (full.length() <= SHORT_SPACE || iterationSpace == null || iterationSpace.text().isEmpty()) {
            return full;
        }
        try {
            IntegerSet s = polySet.basic();
            java.util.Set<tessera.core.poly.Constraint> loop = new java.util.HashSet<>(iterationSpace.basic().constraints());
            List<tessera.core.poly.Constraint> own = s.constraints().stream().filter(c -> !loop.contains(c)).toList();
            return own.isEmpty() ? "" : IntegerSet.of(s.space(), own).constraintText();
        } catch (RuntimeException e) {
            return full;
        }
    }

    /** Condition space as its constraint text (e.g. {@code 1 <= i < N}). */
    public static String space(PolySet polySet) {
        try {
            String t = polySet.basic().constraintText();
            return t.isEmpty() ? "true" : t;
        } catch (RuntimeException e) {
            return polySet.text();
        }
    }

    public static String vector(List<Integer> v) {
        return "(" + v.stream().map(String::valueOf).collect(Collectors.joining(" ")) + ")";
    }

    public static String matrix(Matrix m) {
        if (m == null || m.getRows() == 0) {
            return "()";
        }
        StringBuilder sb = new StringBuilder("(");
        for (int r = 0; r < m.getRows(); r++) {
            sb.append(r > 0 ? "; " : "");
            for (int c = 0; c < m.getColumns(); c++) {
                sb.append(c > 0 ? " " : "").append(m.getEntries().get(r * m.getColumns() + c));
            }
        }
        return sb.append(')').toString();
    }
}
