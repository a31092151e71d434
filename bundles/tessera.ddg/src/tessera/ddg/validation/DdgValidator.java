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

    @Check
    public void uniqueMachinesAndLoops(DdgFile f) {
        Set<String> machines = new HashSet<>();
        Set<String> loops = new HashSet<>();
        for (EObject e : f.getElements()) {
            if (e instanceof Machine m && m.getName() != null && !machines.add(m.getName())) {
                report(ModelProblems.duplicateMachine(m.getName()), m, P.getElement_Name());
            } else if (e instanceof Loop l && l.getName() != null && !loops.add(l.getName())) {
                report(ModelProblems.duplicateLoop(l.getName()), l, P.getElement_Name());
            }
        }
    }

    @Check
    public void machine(Machine m) {
        Set<String> names = new HashSet<>();
        for (EObject item : m.getItems()) {
            if (item instanceof Resource r) {
                if (r.getName() != null && !names.add(r.getName())) {
                    report(ModelProblems.duplicateResource(r.getName()), r, P.getResource_Name());
                }
                if (r.getCount() < 1) {
                    report(ModelProblems.badCount(r.getName(), r.getCount()), r, P.getResource_Count());
                }
                if (r.isBusy() && r.getCycles() < 1) {
                    report(ModelProblems.badBusy(r.getName(), r.getCycles()), r, P.getResource_Cycles());
                }
            } else if (item instanceof Issue i && i.getWidth() < 0) {
                report(ModelProblems.negativeIssueWidth(i.getWidth()), i, P.getIssue_Width());
            }
        }
    }

    @Check
    public void op(Op op) {
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
        if (e.getDistance() < 0) {
            report(ModelProblems.negativeDistance(e.getDistance(), name(e, P.getEdge_From()), name(e, P.getEdge_To())),
                    e, P.getEdge_Distance());
        }
    }

    private static String name(Edge e, EStructuralFeature f) {
        Op op = (Op) e.eGet(f, true);
        return op == null || op.eIsProxy() ? "?" : op.getName();
    }

    @Check
    public void loop(Loop l) {
        Set<String> names = new HashSet<>();
        List<Op> ops = new ArrayList<>();
        for (EObject item : l.getItems()) {
            if (item instanceof Op op && op.getName() != null) {
                if (!names.add(op.getName())) {
                    report(ModelProblems.duplicateOperation(op.getName()), op, P.getOp_Name());
                } else {
                    ops.add(op);
                }
            }
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
