package tessera.ddg.validation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Check;

import tessera.core.graph.Digraph;
import tessera.ddg.ddg.DdgFile;
import tessera.ddg.ddg.DdgPackage;
import tessera.ddg.ddg.Edge;
import tessera.ddg.ddg.Issue;
import tessera.ddg.ddg.Loop;
import tessera.ddg.ddg.Machine;
import tessera.ddg.ddg.Op;
import tessera.ddg.ddg.Resource;
import tessera.ddg.ddg.Use;
import tessera.ddg.convert.DdgConverter;
import tessera.modsched.model.ModelLimits;
import tessera.modsched.model.ModelProblems;

/**
 * The checks of the engine's builders ({@code Loop.Builder}, {@code Machine.Builder}) on the syntax tree, with the
 * same messages ({@link ModelProblems}), each on the token it is about. The hint is the issue's first data item.
 */
public class DdgValidator extends AbstractDdgValidator {
    public static final String CODE = "ddg.validation";
    private static final DdgPackage P = DdgPackage.eINSTANCE;

    private void report(ModelProblems.Problem p, EObject on, EStructuralFeature feature) {
        error(p.message(), on, feature, -1, CODE, p.hint());
    }

    /** A duplicate name, reported once, on the later declaration, naming the line of the first (issue 22). */
    private void duplicate(ModelProblems.Problem p, EObject first, EObject on, EStructuralFeature feature) {
        error(p.message(), on, feature, -1, CODE, "first declared on line " + DdgConverter.line(first) + "; "
                + p.hint());
    }

    /** Reports {@code value} when it is outside [min, max] ({@link ModelLimits}); true when it is inside. */
    private boolean inRange(String what, int value, int min, int max, EObject on, EStructuralFeature feature) {
        if (value >= min && value <= max) {
            return true;
        }
        report(ModelProblems.outOfRange(what, value, min, max), on, feature);
        return false;
    }

    @Check
    public void uniqueMachinesAndLoops(DdgFile f) {
        Map<String, EObject> machines = new HashMap<>();
        Map<String, EObject> loops = new HashMap<>();
        for (EObject e : f.getElements()) {
            if (e instanceof Machine m && m.getName() != null && machines.putIfAbsent(m.getName(), m) != null) {
                duplicate(ModelProblems.duplicateMachine(m.getName()), machines.get(m.getName()), m, P.getElement_Name());
            } else if (e instanceof Loop l && l.getName() != null && loops.putIfAbsent(l.getName(), l) != null) {
                duplicate(ModelProblems.duplicateLoop(l.getName()), loops.get(l.getName()), l, P.getElement_Name());
            }
        }
    }

    @Check
    public void machine(Machine m) {
        Map<String, EObject> names = new HashMap<>();
        int resources = 0;
        for (EObject item : m.getItems()) {
            if (item instanceof Resource r) {
                if (++resources == ModelLimits.MAX_RESOURCES + 1) {
                    report(ModelProblems.tooMany("machine '" + m.getName() + "'", resources, "resources",
                            ModelLimits.MAX_RESOURCES), r, P.getResource_Name());
                }
                if (r.getName() != null && names.putIfAbsent(r.getName(), r) != null) {
                    duplicate(ModelProblems.duplicateResource(r.getName()), names.get(r.getName()), r,
                            P.getResource_Name());
                }
                if (r.getCount() < 1) {
                    report(ModelProblems.badCount(r.getName(), r.getCount()), r, P.getResource_Count());
                } else {
                    inRange("count of resource '" + r.getName() + "'", r.getCount(), 1, ModelLimits.MAX_UNITS, r,
                            P.getResource_Count());
                }
                if (r.isBusy() && r.getCycles() < 1) {
                    report(ModelProblems.badBusy(r.getName(), r.getCycles()), r, P.getResource_Cycles());
                } else if (r.isBusy()) {
                    inRange("busy time of resource '" + r.getName() + "'", r.getCycles(), 1, ModelLimits.MAX_BUSY, r,
                            P.getResource_Cycles());
                }
            } else if (item instanceof Issue i && i.getWidth() < 0) {
                report(ModelProblems.negativeIssueWidth(i.getWidth()), i, P.getIssue_Width());
            } else if (item instanceof Issue i) {
                inRange("issue width", i.getWidth(), 0, ModelLimits.MAX_UNITS, i, P.getIssue_Width());
            }
        }
    }

    @Check
    public void op(Op op) {
        if (op.isHasLatency()) {
            inRange("latency of operation '" + op.getName() + "'", op.getLatency(), 0, ModelLimits.MAX_LATENCY, op,
                    P.getLoopItem_Latency());
        }
        Map<Resource, Set<Integer>> seen = new HashMap<>();
        for (Use u : op.getUses()) {
            int to = u.isRange() ? u.getTo() : u.getFrom();
            if (u.isRange() && to < u.getFrom()) {
                report(ModelProblems.emptyOffsetRange(u.getFrom(), to), u, P.getUse_To());
                continue;
            }
            if (u.getFrom() < 0) {
                report(ModelProblems.negativeOffset(u.getFrom(), op.getName()), u, P.getUse_From());
                continue;
            }
            // bounded before the offsets of the range are enumerated (a range up to 2^31 - 1 would loop that long)
            if (!inRange("reservation offset of '" + op.getName() + "'", to, 0, ModelLimits.MAX_OFFSET, u,
                    u.isRange() ? P.getUse_To() : P.getUse_From())) {
                continue;
            }
            Resource r = u.getResource();
            if (r == null || r.eIsProxy()) {
                continue;
            }
            Set<Integer> s = seen.computeIfAbsent(r, k -> new HashSet<>());
            for (int o = u.getFrom(); o <= to; o++) {
                if (!s.add(o)) {
                    report(ModelProblems.reservedTwice(op.getName(), r.getName(), o), u, P.getUse_Resource());
                    break;
                }
            }
        }
    }

    @Check
    public void edge(Edge e) {
        String edge = "edge " + name(e, P.getEdge_From()) + " -> " + name(e, P.getEdge_To());
        if (e.getDistance() < 0) {
            report(ModelProblems.negativeDistance(e.getDistance(), name(e, P.getEdge_From()), name(e, P.getEdge_To())),
                    e, P.getEdge_Distance());
        } else {
            inRange("distance of " + edge, e.getDistance(), 0, ModelLimits.MAX_DISTANCE, e, P.getEdge_Distance());
        }
        if (e.isHasLatency()) {
            inRange("latency of " + edge, e.getLatency(), 0, ModelLimits.MAX_LATENCY, e, P.getLoopItem_Latency());
        }
    }

    private static String name(Edge e, EStructuralFeature f) {
        Op op = (Op) e.eGet(f, true);
        return op == null || op.eIsProxy() ? "?" : op.getName();
    }

    @Check
    public void loop(Loop l) {
        Map<String, Op> names = new HashMap<>();
        List<Op> ops = new ArrayList<>();
        int edgeCount = 0;
        for (EObject item : l.getItems()) {
            if (item instanceof Op op && op.getName() != null) {
                Op first = names.putIfAbsent(op.getName(), op);
                if (first != null) {
                    duplicate(ModelProblems.duplicateOperation(op.getName()), first, op, P.getOp_Name());
                } else {
                    ops.add(op);
                }
            } else if (item instanceof Edge) {
                edgeCount++;
            }
        }
        if (ops.size() > ModelLimits.MAX_OPERATIONS || edgeCount > ModelLimits.MAX_EDGES) {
            report(ops.size() > ModelLimits.MAX_OPERATIONS
                    ? ModelProblems.tooMany("loop '" + l.getName() + "'", ops.size(), "operations",
                            ModelLimits.MAX_OPERATIONS)
                    : ModelProblems.tooMany("loop '" + l.getName() + "'", edgeCount, "edges", ModelLimits.MAX_EDGES),
                    l, P.getElement_Name());
            return;
        }
        // the zero-distance cycle check of Loop.Builder, on the edges whose ends are known
        Map<Op, Integer> index = new HashMap<>();
        for (Op op : ops) {
            index.put(op, index.size());
        }
        List<Edge> edges = new ArrayList<>();
        for (Edge e : EcoreUtil2.typeSelect(l.getItems(), Edge.class)) {
            if (index.containsKey(e.getFrom()) && index.containsKey(e.getTo()) && e.getDistance() >= 0) {
                edges.add(e);
            }
        }
        int[] s = new int[edges.size()];
        int[] t = new int[edges.size()];
        int[] lat = new int[edges.size()];
        int[] dist = new int[edges.size()];
        for (int i = 0; i < edges.size(); i++) {
            Edge e = edges.get(i);
            s[i] = index.get(e.getFrom());
            t[i] = index.get(e.getTo());
            lat[i] = e.isHasLatency() ? e.getLatency() : e.getFrom().isHasLatency() ? e.getFrom().getLatency() : 1;
            dist[i] = e.getDistance();
        }
        int bad = ModelProblems.zeroDistanceCycleEdge(Digraph.of(ops.size(), s, t), lat, dist);
        if (bad >= 0) {
            Edge e = edges.get(bad);
            report(ModelProblems.zeroDistanceCycle(l.getName(), e.getFrom().getName(), e.getTo().getName()), e, null);
        }
    }
}
