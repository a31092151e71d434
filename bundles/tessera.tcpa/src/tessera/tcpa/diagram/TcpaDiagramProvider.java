package tessera.tcpa.diagram;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import tessera.core.Deadline;
import tessera.core.DiagnosticException;
import tessera.diagram.Diagram;
import tessera.diagram.DiagramProvider;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.routing.ChannelRequest;
import tessera.tcpa.routing.ReducedTopology;
import tessera.tcpa.routing.Router;
import tessera.tcpa.routing.RoutingResult;
import tessera.tcpa.tcpa.Architecture;

/**
 * The reduced topology routing view (seed 003 Fig. 4) of a .tcpa file: T of its data layer and, when the file
 * declares channels, their routing (within 10 s; an unroutable set shows T only, the problem is in the editor).
 */
public class TcpaDiagramProvider implements DiagramProvider {
    static final Duration ROUTING_LIMIT = Duration.ofSeconds(10);

    @Override
    public boolean accepts(String fileName) {
        return fileName.endsWith(".tcpa");
    }

    @Override
    public List<Named> diagrams(String fileName, String text, Function<String, Optional<String>> reader) {
        ArchitectureLoader.Result r = ArchitectureLoader.load(text, fileName);
        if (!r.ok()) {
            return List.of();
        }
        Architecture a = r.architecture();
        ReducedTopology t = ReducedTopology.of(a);
        List<Named> out = new ArrayList<>();
        List<ChannelRequest> cs = Router.declaredChannels(a);
        String note = "";
        if (!cs.isEmpty()) {
            try {
                RoutingResult routes = Router.route(t, cs, Deadline.after(ROUTING_LIMIT));
                out.add(new Named("Routing of the declared channels",
                        TopologyDiagrams.routing(t, routes, "Routing on the reduced topology of " + a.getName())));
            } catch (DiagnosticException e) {
                // unroutable or out of time: the topology alone is shown, its title says why
                note = " (channels not routed: " + e.diagnostic().message() + ")";
            }
        }
        out.add(new Named("Reduced topology graph",
                TopologyDiagrams.topology(t, "Reduced topology graph of " + a.getName() + note)));
        return out;
    }

    /** For part B and other callers: the routing view of computed routes. */
    public static Diagram routingDiagram(Architecture a, RoutingResult routes) {
        return TopologyDiagrams.routing(ReducedTopology.of(a), routes, "Routing on the reduced topology of "
                + a.getName());
    }
}
