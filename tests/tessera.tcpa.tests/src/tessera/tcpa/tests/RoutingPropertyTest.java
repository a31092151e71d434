package tessera.tcpa.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tessera.core.Deadline;
import tessera.core.DiagnosticException;
import tessera.tcpa.routing.ChannelRequest;
import tessera.tcpa.routing.Port;
import tessera.tcpa.routing.ReducedTopology;
import tessera.tcpa.routing.Router;
import tessera.tcpa.routing.RoutingResult;

/**
 * Random tiny wrappers and channel sets: every routing passes the independent checks, its total length equals the
 * brute-force optimum, and "unroutable" agrees with an exhaustive search over all exact-weight simple paths.
 */
class RoutingPropertyTest {
    static final String[] DIRS = { "north", "east", "south", "west" };

    static ReducedTopology randomWrapper(Random rnd) {
        List<Port> ports = new ArrayList<>();
        int peOut = 1 + rnd.nextInt(3);
        int peIn = 1 + rnd.nextInt(3);
        for (int i = 0; i < peOut; i++) {
            ports.add(new Port("pe", true, i));
        }
        for (int i = 0; i < peIn; i++) {
            ports.add(new Port("pe", false, i));
        }
        for (String d : DIRS) {
            int w = rnd.nextInt(4) == 0 ? 0 : 1;
            for (int i = 0; i < w; i++) {
                ports.add(new Port(d, true, i));
                ports.add(new Port(d, false, i));
            }
        }
        List<Port[]> adj = new ArrayList<>();
        for (Port s : ports) {
            for (Port k : ports) {
                if (s.source() && !k.source() && rnd.nextInt(100) < 60) {
                    adj.add(new Port[] { s, k });
                }
            }
        }
        return ReducedTopology.of(ports, adj);
    }

    static List<ChannelRequest> randomChannels(Random rnd) {
        int k = 1 + rnd.nextInt(3);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            ids.add("c" + i);
        }
        List<ChannelRequest> cs = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            Set<String> share = new HashSet<>();
            for (int j = 0; j < k; j++) {
                if (j != i && rnd.nextBoolean()) {
                    share.add(ids.get(j));
                }
            }
            int kind = rnd.nextInt(4);
            int sign = rnd.nextBoolean() ? 1 : -1;
            int[] delta = kind == 0 ? new int[] { 0, 0 } : kind == 3 ? new int[] { sign, rnd.nextBoolean() ? 1 : -1 }
                    : rnd.nextBoolean() ? new int[] { 0, sign } : new int[] { sign, 0 };
            cs.add(new ChannelRequest(ids.get(i), delta, share));
        }
        return cs;
    }

    /** All simple Source→Sink paths of weight δ (poles left out), by depth-first search. */
    static List<List<Port>> exactPaths(ReducedTopology t, int[] delta) {
        List<List<Port>> all = new ArrayList<>();
        for (ReducedTopology.Edge first : t.out(ReducedTopology.SOURCE)) {
            List<Port> path = new ArrayList<>();
            path.add(t.port(first.to()));
            dfs(t, first.to(), 0, 0, delta, path, all);
        }
        return all;
    }

    private static void dfs(ReducedTopology t, int v, int r, int c, int[] delta, List<Port> path,
            List<List<Port>> all) {
        for (ReducedTopology.Edge e : t.out(v)) {
            if (e.to() == ReducedTopology.SINK) {
                if (r == delta[0] && c == delta[1]) {
                    all.add(List.copyOf(path));
                }
            } else if (!path.contains(t.port(e.to()))) {
                path.add(t.port(e.to()));
                dfs(t, e.to(), r + e.dRow(), c + e.dCol(), delta, path, all);
                path.remove(path.size() - 1);
            }
        }
    }

    /** Minimum total length of a compatible choice of paths, or -1 when none exists (exhaustive). */
    static int bruteForce(ReducedTopology t, List<ChannelRequest> cs) {
        List<List<List<Port>>> options = new ArrayList<>();
        for (ChannelRequest c : cs) {
            options.add(exactPaths(t, c.delta()));
        }
        return search(cs, options, 0, new ArrayList<>(), 0);
    }

    private static int search(List<ChannelRequest> cs, List<List<List<Port>>> options, int i,
            List<List<Port>> chosen, int length) {
        if (i == cs.size()) {
            return length;
        }
        int best = -1;
        for (List<Port> p : options.get(i)) {
            boolean ok = true;
            for (int j = 0; j < i && ok; j++) {
                ok = RoutingProperties.compatible(chosen.get(j), p, RoutingProperties.mayShare(cs.get(j), cs.get(i)));
            }
            if (ok) {
                chosen.add(p);
                int r = search(cs, options, i + 1, chosen, length + p.size());
                chosen.remove(chosen.size() - 1);
                if (r >= 0 && (best < 0 || r < best)) {
                    best = r;
                }
            }
        }
        return best;
    }

    @Test
    void randomInstancesAgreeWithExhaustiveSearch() {
        Random rnd = new Random(20261122);
        int routed = 0;
        int unroutable = 0;
        for (int trial = 0; trial < 250; trial++) {
            ReducedTopology t = randomWrapper(rnd);
            List<ChannelRequest> cs = randomChannels(rnd);
            int oracle = bruteForce(t, cs);
            try {
                RoutingResult r = Router.route(t, cs, Deadline.after(Duration.ofSeconds(60)));
                RoutingProperties.check(t, cs, r);
                int total = r.routes().stream().mapToInt(x -> x.nodes().size()).sum();
                assertTrue(r.optimal());
                assertEquals(oracle, total, "trial " + trial + ": " + r.routes());
                routed++;
            } catch (DiagnosticException e) {
                if (oracle >= 0) {
                    fail("trial " + trial + ": router says unroutable, brute force found length " + oracle + ": "
                            + e.getMessage());
                }
                assertTrue(e.diagnostic().message().startsWith("unroutable propagation channel"), e.getMessage());
                unroutable++;
            }
        }
        System.out.println("RoutingPropertyTest: " + routed + " routed, " + unroutable + " unroutable");
        assertTrue(routed > 40, "routed " + routed);
        assertTrue(unroutable > 40, "unroutable " + unroutable);
    }
}
