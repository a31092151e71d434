package tessera.tcpa.routing;

import java.util.List;
import java.util.Optional;

/**
 * Routes of all channels (seed 003 §5.4). Per channel: the ports from the PE output port to the PE input port
 * (Source and Sink poles left out), {@code outputPort} = i of the first node pe_i▷ (→ od_i, reg^write) and
 * {@code inputPort} = i of the last node pe_i◁ (→ id_i, reg^read). {@code optimal}: the total number of ports used
 * is minimal (false only when the time limit stopped the improvement after a first routing was found).
 */
public record RoutingResult(List<Route> routes, boolean optimal) {
    public record Route(String id, int[] delta, List<Port> nodes, int outputPort, int inputPort) {
        /** Number of leading nodes equal to {@code other}'s (the shared prefix). */
        public int sharedPrefix(Route other) {
            int r = 0;
            while (r < nodes.size() && r < other.nodes.size() && nodes.get(r).equals(other.nodes.get(r))) {
                r++;
            }
            return r;
        }

        @Override
        public String toString() {
            return id + ": " + nodes;
        }
    }

    public RoutingResult {
        routes = List.copyOf(routes);
    }

    public Optional<Route> route(String id) {
        return routes.stream().filter(r -> r.id().equals(id)).findFirst();
    }
}
