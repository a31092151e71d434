package tessera.modsched.io;

import java.util.ArrayList;
import java.util.List;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.modsched.model.Dependence;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.model.Operation;
import tessera.modsched.model.Reservation;
import tessera.modsched.model.ResourceClass;

/**
 * The JSON form of a loop with its machine (Gson), used to save failing random cases:
 * <pre>
 * {"machine": {"name": "m", "issue": 0, "resources": [{"name": "alu", "count": 2, "busy": 1}]},
 *  "loop": {"name": "l", "ops": [{"name": "n1", "resource": "alu", "latency": 1,
 *                                  "reserve": [{"resource": "alu", "offsets": [0]}]}],
 *           "edges": [{"from": "n1", "to": "n1", "latency": 1, "distance": 1, "kind": "flow"}]}}
 * </pre>
 * {@code reserve} is omitted for the standard pattern; edge latency is always written. Payloads are not saved.
 */
public final class LoopJson {
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private LoopJson() {
    }

    /** Gson shape of the document. */
    static final class Doc {
        MachineDoc machine;
        LoopDoc loop;
    }

    static final class MachineDoc {
        String name;
        int issue;
        List<ResDoc> resources = new ArrayList<>();
    }

    static final class ResDoc {
        String name;
        int count;
        int busy = 1;
    }

    static final class LoopDoc {
        String name;
        List<OpDoc> ops = new ArrayList<>();
        List<EdgeDoc> edges = new ArrayList<>();
        /** Mutually exclusive pairs of op names; absent when there are none. */
        List<String[]> exclusive;
    }

    static final class OpDoc {
        String name;
        String resource;
        int latency;
        List<UseDoc> reserve;
    }

    static final class UseDoc {
        String resource;
        int[] offsets;
    }

    static final class EdgeDoc {
        String from;
        String to;
        Integer latency;
        int distance;
        String kind;
    }

    /** One-line JSON of the loop and its machine. */
    public static String write(Loop loop) {
        Machine m = loop.machine();
        Doc d = new Doc();
        d.machine = new MachineDoc();
        d.machine.name = m.name();
        d.machine.issue = m.issueWidth();
        for (ResourceClass r : m.declaredResources()) {
            ResDoc rd = new ResDoc();
            rd.name = r.name();
            rd.count = r.count();
            rd.busy = r.busy();
            d.machine.resources.add(rd);
        }
        d.loop = new LoopDoc();
        d.loop.name = loop.name();
        for (Operation op : loop.operations()) {
            OpDoc od = new OpDoc();
            od.name = op.name();
            od.resource = m.resource(op.resource()).name();
            od.latency = op.latency();
            Reservation standard = Reservation.standard(op.resource(), m.resource(op.resource()).busy());
            if (m.issueResource() >= 0) {
                standard = standard.plus(new Reservation.Use(m.issueResource(), new int[] { 0 }));
            }
            if (!standard.equals(op.reservation())) {
                od.reserve = new ArrayList<>();
                for (Reservation.Use u : op.reservation().uses()) {
                    if (m.resource(u.resource()).implicit()) {
                        continue;
                    }
                    UseDoc ud = new UseDoc();
                    ud.resource = m.resource(u.resource()).name();
                    ud.offsets = u.offsets();
                    od.reserve.add(ud);
                }
            }
            d.loop.ops.add(od);
        }
        for (Dependence e : loop.dependences()) {
            EdgeDoc ed = new EdgeDoc();
            ed.from = loop.op(e.from()).name();
            ed.to = loop.op(e.to()).name();
            ed.latency = e.latency();
            ed.distance = e.distance();
            ed.kind = e.kind().word();
            d.loop.edges.add(ed);
        }
        for (int u = 0; u < loop.size() && loop.hasExclusions(); u++) {
            for (int v = u + 1; v < loop.size(); v++) {
                if (loop.exclusive(u, v)) {
                    if (d.loop.exclusive == null) {
                        d.loop.exclusive = new ArrayList<>();
                    }
                    d.loop.exclusive.add(new String[] { loop.op(u).name(), loop.op(v).name() });
                }
            }
        }
        return GSON.toJson(d);
    }

    /** The loop, or null after reporting problems (malformed JSON, unknown names, ...) into {@code diagnostics}. */
    public static Loop read(String json, String fileName, Diagnostics diagnostics) {
        Doc d;
        try {
            d = GSON.fromJson(json, Doc.class);
        } catch (JsonParseException e) {
            diagnostics.add(Diagnostic.error(fileName, 0, "malformed loop JSON: " + e.getMessage(),
                    "see docs/modsched.md for the JSON form"));
            return null;
        }
        if (d == null || d.machine == null || d.loop == null) {
            diagnostics.add(Diagnostic.error(fileName, 0, "loop JSON needs a 'machine' and a 'loop' object",
                    "see docs/modsched.md for the JSON form"));
            return null;
        }
        Machine.Builder mb = Machine.builder(d.machine.name).file(fileName);
        for (ResDoc r : d.machine.resources) {
            mb.resource(r.name, r.count, r.busy);
        }
        mb.issueWidth(d.machine.issue);
        Machine m = mb.build(diagnostics);
        if (m == null) {
            return null;
        }
        Loop.Builder lb = Loop.builder(d.loop.name, m).at(fileName, 0);
        for (OpDoc o : d.loop.ops) {
            List<Loop.Use> reserve = null;
            if (o.reserve != null) {
                reserve = new ArrayList<>();
                for (UseDoc u : o.reserve) {
                    for (int off : u.offsets == null ? new int[0] : u.offsets) {
                        reserve.add(new Loop.Use(u.resource, off));
                    }
                }
            }
            lb.op(o.name, o.resource, o.latency, reserve, null, 0);
        }
        for (EdgeDoc e : d.loop.edges) {
            DependenceKind k = e.kind == null ? DependenceKind.FLOW : DependenceKind.ofWord(e.kind);
            if (k == null) {
                diagnostics.add(Diagnostic.error(fileName, 0, "unknown dependence kind '" + e.kind + "'",
                        "use flow, anti, output or memory"));
                return null;
            }
            lb.edge(e.from, e.to, e.latency, e.distance, k, 0);
        }
        for (String[] pair : d.loop.exclusive == null ? List.<String[]>of() : d.loop.exclusive) {
            if (pair == null || pair.length != 2) {
                diagnostics.add(Diagnostic.error(fileName, 0, "an exclusive pair needs two op names",
                        "write \"exclusive\": [[\"a\", \"b\"], ...]"));
                return null;
            }
            lb.exclusive(pair[0], pair[1]);
        }
        return lb.build(diagnostics);
    }
}
