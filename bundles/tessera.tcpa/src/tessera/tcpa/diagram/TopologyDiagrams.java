package tessera.tcpa.diagram;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.diagram.Diagram;
import tessera.tcpa.routing.ReducedTopology;
import tessera.tcpa.routing.RoutingResult;

/**
 * Seed 003 Fig. 4: the reduced topology graph (ports as nodes, Source/Sink poles, sibling edges labelled with their
 * (row, col) weight) and, for a routing, each channel in its own colour with shared prefixes drawn once, thick, and
 * their ports highlighted. Node payloads are the {@link tessera.tcpa.routing.Port}s (or "Source"/"Sink").
 */
public final class TopologyDiagrams {
    /** Channel colours, in channel order (the first two are Fig. 4's blue and red). */
    public static final int[] PALETTE = { 0x1F5FD0, 0xD62728, 0x2CA02C, 0xFF7F0E, 0x9467BD, 0x8C564B, 0xE377C2,
            0x17BECF };
    static final int GREY = 0xA0A8B0;
    static final int SHARED_FILL = 0xFFF3B0;

    private TopologyDiagrams() {
    }

    public static int color(int channel) {
        return PALETTE[channel % PALETTE.length];
    }

    private static Map<Integer, Diagram.Node> nodes(Diagram d, ReducedTopology t) {
        Map<Integer, Diagram.Node> m = new LinkedHashMap<>();
        for (int v = 0; v < t.nodeCount(); v++) {
            Diagram.Node n = d.node("n" + v);
            if (v == ReducedTopology.SOURCE || v == ReducedTopology.SINK) {
                n.lines(t.name(v)).shape(Diagram.Shape.ELLIPSE).colors(0xE8EEF5, 0x34495E).payload(t.name(v));
                n.bold = true;
            } else {
                var p = t.port(v);
                n.lines(p.paper(), p.ascii()).shape(Diagram.Shape.ROUNDED).payload(p)
                        .tooltip((p.source() ? "source" : "sink") + " port " + p.ascii());
                if (p.isPe()) {
                    n.colors(0xEAF4EA, 0x2E7D32);
                }
            }
            m.put(v, n);
        }
        return m;
    }

    static String weight(ReducedTopology.Edge e) {
        return "(" + e.dRow() + "," + e.dCol() + ")";
    }

    /** The reduced topology graph T alone. */
    public static Diagram topology(ReducedTopology t, String title) {
        Diagram d = new Diagram();
        d.title = title;
        Map<Integer, Diagram.Node> n = nodes(d, t);
        for (ReducedTopology.Edge e : t.edges()) {
            Diagram.Edge de = d.edge(n.get(e.from()), n.get(e.to())).property("weight", weight(e));
            if (e.sibling()) {
                de.label(weight(e)).tooltip("sibling edge, weight " + weight(e) + " (row, col)");
            } else {
                de.tooltip("weight (0,0)");
            }
        }
        return d;
    }

    /**
     * T with the routes of {@code r}: edges no channel uses in grey; each used edge once, in the colour of the first
     * channel using it, labelled with the channels (and the weight for sibling edges); an edge used by several
     * channels (a shared prefix) is thick and its ports are highlighted.
     */
    public static Diagram routing(ReducedTopology t, RoutingResult r, String title) {
        Diagram d = new Diagram();
        d.title = title;
        Map<Integer, Diagram.Node> n = nodes(d, t);
        Map<ReducedTopology.Edge, List<Integer>> users = new HashMap<>();
        for (int c = 0; c < r.routes().size(); c++) {
            List<Integer> path = new ArrayList<>();
            path.add(ReducedTopology.SOURCE);
            r.routes().get(c).nodes().forEach(p -> path.add(t.node(p)));
            path.add(ReducedTopology.SINK);
            for (int i = 0; i + 1 < path.size(); i++) {
                int from = path.get(i);
                int to = path.get(i + 1);
                for (ReducedTopology.Edge e : t.out(from)) {
                    if (e.to() == to) {
                        users.computeIfAbsent(e, k -> new ArrayList<>()).add(c);
                    }
                }
            }
        }
        for (ReducedTopology.Edge e : t.edges()) {
            List<Integer> us = users.getOrDefault(e, List.of());
            Diagram.Edge de = d.edge(n.get(e.from()), n.get(e.to())).property("weight", weight(e));
            String w = e.sibling() ? weight(e) : "";
            if (us.isEmpty()) {
                de.color(GREY).label(w);
                continue;
            }
            List<String> ids = us.stream().map(c -> r.routes().get(c).id()).toList();
            de.color(color(us.get(0))).label(String.join("+", ids) + (w.isEmpty() ? "" : " " + w))
                    .property("channels", String.join(", ", ids));
            de.width = us.size() > 1 ? 4.0 : 2.2;
            if (us.size() > 1) {
                de.tooltip("shared prefix of " + String.join(", ", ids));
                for (int v : new int[] { e.from(), e.to() }) {
                    if (v != ReducedTopology.SOURCE) {
                        n.get(v).colors(SHARED_FILL, 0xB8860B);
                        n.get(v).bold = true;
                        n.get(v).property("shared by", String.join(", ", ids));
                    }
                }
            }
        }
        for (int c = 0; c < r.routes().size(); c++) {
            RoutingResult.Route rt = r.routes().get(c);
            Diagram.Node first = n.get(t.node(rt.nodes().get(0)));
            first.property("channel " + rt.id(), "writes od" + rt.outputPort());
            Diagram.Node last = n.get(t.node(rt.nodes().get(rt.nodes().size() - 1)));
            last.property("channel " + rt.id(), "reads id" + rt.inputPort());
        }
        return d;
    }
}
