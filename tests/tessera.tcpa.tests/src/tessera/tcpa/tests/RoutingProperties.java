package tessera.tcpa.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import tessera.tcpa.routing.ChannelRequest;
import tessera.tcpa.routing.Port;
import tessera.tcpa.routing.ReducedTopology;
import tessera.tcpa.routing.RoutingResult;

/** Independent checks of a routing: paths in T, exact weights, disjointness up to permitted shared prefixes. */
final class RoutingProperties {
    private RoutingProperties() {
    }

    static boolean mayShare(ChannelRequest a, ChannelRequest b) {
        return a.mayShareWith().contains(b.id()) || b.mayShareWith().contains(a.id());
    }

    /** Weight of a port sequence if it is a Source→Sink path of T, else null. */
    static int[] weight(ReducedTopology t, List<Port> nodes) {
        if (nodes.isEmpty() || !t.out(ReducedTopology.SOURCE).stream().anyMatch(e -> e.to() == t.node(nodes.get(0)))
                || !t.out(t.node(nodes.get(nodes.size() - 1))).stream().anyMatch(e -> e.to() == ReducedTopology.SINK)) {
            return null;
        }
        int[] w = new int[2];
        for (int i = 0; i + 1 < nodes.size(); i++) {
            int from = t.node(nodes.get(i));
            int to = t.node(nodes.get(i + 1));
            ReducedTopology.Edge e = t.out(from).stream().filter(x -> x.to() == to).findFirst().orElse(null);
            if (e == null) {
                return null;
            }
            w[0] += e.dRow();
            w[1] += e.dCol();
        }
        return w;
    }

    /** Whether two routes are compatible: no common port, or common ports = their common prefix and may share. */
    static boolean compatible(List<Port> p, List<Port> q, boolean share) {
        Set<Port> common = new HashSet<>(p);
        common.retainAll(new HashSet<>(q));
        if (common.isEmpty()) {
            return true;
        }
        if (!share) {
            return false;
        }
        int r = 0;
        while (r < p.size() && r < q.size() && p.get(r).equals(q.get(r))) {
            r++;
        }
        return common.equals(new HashSet<>(p.subList(0, r)));
    }

    static void check(ReducedTopology t, List<ChannelRequest> cs, RoutingResult r) {
        assertEquals(cs.size(), r.routes().size());
        for (int i = 0; i < cs.size(); i++) {
            RoutingResult.Route route = r.routes().get(i);
            assertEquals(cs.get(i).id(), route.id());
            int[] w = weight(t, route.nodes());
            assertTrue(w != null, "not a Source→Sink path: " + route);
            assertEquals(cs.get(i).delta()[0], w[0], route.toString());
            assertEquals(cs.get(i).delta()[1], w[1], route.toString());
            assertEquals(new HashSet<>(route.nodes()).size(), route.nodes().size(), "repeats a port: " + route);
            assertEquals(route.nodes().get(0).index(), route.outputPort());
            assertEquals(route.nodes().get(route.nodes().size() - 1).index(), route.inputPort());
            for (int j = i + 1; j < cs.size(); j++) {
                assertTrue(compatible(route.nodes(), r.routes().get(j).nodes(), mayShare(cs.get(i), cs.get(j))),
                        route + " vs " + r.routes().get(j));
            }
        }
    }
}
