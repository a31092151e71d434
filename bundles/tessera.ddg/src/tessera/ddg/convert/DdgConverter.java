package tessera.ddg.convert;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

import tessera.core.Diagnostics;
import tessera.ddg.ddg.DdgFile;
import tessera.ddg.ddg.Edge;
import tessera.ddg.ddg.Issue;
import tessera.ddg.ddg.Op;
import tessera.ddg.ddg.Resource;
import tessera.ddg.ddg.Use;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;

/**
 * The syntax tree of a {@code .ddg} file as engine objects: each machine through {@link Machine.Builder}, each loop
 * through {@link Loop.Builder} (which repeats the semantic checks, so a tree that skipped validation still cannot
 * produce an invalid loop). Defaults of docs/modsched.md: op latency 1, edge latency = producer's, distance 0,
 * kind flow, resources pipelined; a reservation range FROM..TO lists every offset in it.
 */
public final class DdgConverter {
    /** Machines by name and loops in file order; a loop whose machine or content is broken is left out. */
    public record Model(Map<String, Machine> machines, List<Loop> loops) {
    }

    private DdgConverter() {
    }

    public static Model convert(DdgFile file, String fileName, Diagnostics diagnostics) {
        Map<String, Machine> machines = new LinkedHashMap<>();
        List<Loop> loops = new ArrayList<>();
        if (file == null) {
            return new Model(machines, loops);
        }
        for (EObject e : file.getElements()) {
            if (e instanceof tessera.ddg.ddg.Machine m && m.getName() != null && !machines.containsKey(m.getName())) {
                Machine built = machine(m, fileName, diagnostics);
                if (built != null) {
                    machines.put(m.getName(), built);
                }
            }
        }
        java.util.Set<String> names = new java.util.HashSet<>();
        for (EObject e : file.getElements()) {
            if (e instanceof tessera.ddg.ddg.Loop l && l.getName() != null && names.add(l.getName())) {
                tessera.ddg.ddg.Machine m = l.getMachine();
                Machine machine = m == null || m.eIsProxy() ? null : machines.get(m.getName());
                if (machine == null) {
                    continue;
                }
                Loop loop = loop(l, machine, fileName, diagnostics);
                if (loop != null) {
                    loops.add(loop);
                }
            }
        }
        return new Model(machines, loops);
    }

    /** 1-based line of an element, 0 when it has no node. */
    public static int line(EObject o) {
        ICompositeNode n = NodeModelUtils.findActualNodeFor(o);
        return n == null ? 0 : n.getStartLine();
    }

    public static Machine machine(tessera.ddg.ddg.Machine m, String fileName, Diagnostics diagnostics) {
        Machine.Builder b = Machine.builder(m.getName()).file(fileName);
        for (EObject item : m.getItems()) {
            if (item instanceof Resource r) {
                b.resource(r.getName(), r.getCount(), r.isBusy() ? r.getCycles() : 1, line(r));
            } else if (item instanceof Issue i) {
                b.issueWidth(i.getWidth(), line(i)); // the last 'issue' line wins
            }
        }
        return b.build(diagnostics);
    }

    public static Loop loop(tessera.ddg.ddg.Loop l, Machine machine, String fileName, Diagnostics diagnostics) {
        Loop.Builder b = Loop.builder(l.getName(), machine).at(fileName, line(l));
        for (EObject item : l.getItems()) {
            if (item instanceof Op op) {
                List<Loop.Use> reserve = null;
                if (!op.getUses().isEmpty()) {
                    reserve = new ArrayList<>();
                    for (Use u : op.getUses()) {
                        int to = u.isRange() ? u.getTo() : u.getFrom();
                        for (int o = u.getFrom(); o <= to; o++) {
                            reserve.add(new Loop.Use(name(u.getResource()), o));
                        }
                    }
                }
                b.op(op.getName(), name(op.getResource()), op.isHasLatency() ? op.getLatency() : 1, reserve, null,
                        line(op));
            } else if (item instanceof Edge e) {
                b.edge(opName(e.getFrom()), opName(e.getTo()), e.isHasLatency() ? Integer.valueOf(e.getLatency()) : null,
                        e.getDistance(), DependenceKind.ofWord(e.getKind().getLiteral()), line(e));
            }
        }
        return b.build(diagnostics);
    }

    private static String name(Resource r) {
        return r == null || r.eIsProxy() ? "?" : r.getName();
    }

    private static String opName(Op o) {
        return o == null || o.eIsProxy() ? "?" : o.getName();
    }
}
