package tessera.tcpa.mapping.passes;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import tessera.core.poly.TiledSet;
import tessera.rdg.support.Annotations;
import tessera.tcpa.mapping.Domains;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.routing.ChannelRequest;
import tessera.tcpa.routing.Router;
import tessera.tcpa.routing.RoutingResult;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.EdgeKind;
import tessera.tcpa.symconf.Route;
import tessera.tcpa.symconf.SymconfFactory;

/**
 * Seed 003 §5.4: one propagation channel per split edge with δ ≠ 0, routed on the reduced topology graph by part A's
 * exact SAT4J router ({@link Router}). Convention (P19, seed silent): split edges of one variable with the same δ whose
 * producers' write domains are provably disjoint (exclusive definers such as S1/S2) use one channel; channels whose
 * write domains are all disjoint may share a prefix (never alive at the same time). Unroutable → error.
 */
public final class Routing {
    private static TiledSet write(MappingState s, DataEdge e) {
        return Domains.parse(s.config.getTiling(), e.getWriteDomain());
    }

    public void apply(MappingState s) {
        List<DataEdge> channels = s.config.getEdges().stream()
                .filter(e -> e.getKind() == EdgeKind.DEPENDENCE && e.getDelta().stream().anyMatch(v -> v != 0)).toList();
        if (channels.isEmpty()) {
            return;
        }
        // one channel per group: same variable and δ from mutually exclusive definers (S1/S2-style) = one physical channel
        List<List<DataEdge>> groups = new ArrayList<>();
        for (DataEdge e : channels) {
            List<DataEdge> home = null;
            for (List<DataEdge> g : groups) {
                if (g.get(0).getVariable().equals(e.getVariable()) && g.get(0).getDelta().equals(e.getDelta())
                        && g.stream().allMatch(x -> write(s, x).isProvablyDisjointFrom(write(s, e)))) {
                    home = g;
                    break;
                }
            }
            if (home == null) {
                groups.add(new ArrayList<>(List.of(e)));
            } else {
                home.add(e);
            }
        }
        List<ChannelRequest> requests = new ArrayList<>();
        for (List<DataEdge> a : groups) {
            Set<String> share = new LinkedHashSet<>();
            for (List<DataEdge> b : groups) {
                // P19 with FIFO IDs: a prefix that diverges would multicast each value to both consumers (FIR 2-D: v south
                // and s east on one od), so only channels with the same δ, whose routes can coincide entirely, may share
                if (a != b && a.get(0).getDelta().equals(b.get(0).getDelta())
                        && a.stream().allMatch(x -> b.stream().allMatch(y -> write(s, x).isProvablyDisjointFrom(write(s, y))))) {
                    share.add(b.get(0).getId());
                }
            }
            DataEdge first = a.get(0);
            requests.add(new ChannelRequest(first.getId(), new int[] {first.getDelta().get(0), first.getDelta().get(1)}, share));
        }
        RoutingResult result = Router.route(s.arch, requests, s.options.deadline()); // DiagnosticException when unroutable; δ is (Δrow, Δcol) on both sides
        for (DataEdge e : channels) {
            String rep = groups.stream().filter(g -> g.contains(e)).findFirst().orElseThrow().get(0).getId();
            RoutingResult.Route ch = result.route(rep).orElseThrow(() -> new IllegalStateException("the router left out " + e.getId()));
            Route r = SymconfFactory.eINSTANCE.createRoute();
            r.setEdge(e.getId());
            r.getDelta().addAll(e.getDelta());
            ch.nodes().forEach(p -> r.getPorts().add(p.ascii())); // pe.out0, east.out0, west.in0, pe.in0 = (pe0▷, east0◁, west0▷, pe0◁)
            r.setOutputPort(ch.outputPort());
            r.setInputPort(ch.inputPort());
            requests.stream().filter(q -> q.id().equals(rep)).findFirst().ifPresent(q -> r.getSharesWith().addAll(q.mayShareWith()));
            groups.stream().filter(g -> g.contains(e)).findFirst().orElseThrow().stream().filter(x -> x != e).forEach(x -> r.getSharesWith().add(x.getId()));
            s.config.getRoutes().add(r);
            s.rdg.getEdges().stream().filter(x -> x.getId().equals(e.getId())).findFirst()
                    .ifPresent(x -> Annotations.setStrings(x, Annotations.Keys.ROUTE, List.copyOf(r.getPorts())));
        }
    }
}
