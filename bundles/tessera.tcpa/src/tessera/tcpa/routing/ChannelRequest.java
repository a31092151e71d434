package tessera.tcpa.routing;

import java.util.Set;

/**
 * A propagation channel to route (seed 003 §5.4): {@code delta} = δ[e] = (Δrow, Δcol) from the writing to the
 * reading PE; {@code mayShareWith} = ids of channels never alive at the same time as this one (the relation is
 * made symmetric by the router).
 */
public record ChannelRequest(String id, int[] delta, Set<String> mayShareWith) {
    public ChannelRequest {
        if (id == null || delta == null || delta.length != 2) {
            throw new IllegalArgumentException("a channel needs an id and a 2-D displacement (row, col)");
        }
        delta = delta.clone();
        mayShareWith = mayShareWith == null ? Set.of() : Set.copyOf(mayShareWith);
    }

    public ChannelRequest(String id, int dRow, int dCol) {
        this(id, new int[] { dRow, dCol }, Set.of());
    }

    @Override
    public int[] delta() {
        return delta.clone();
    }
}
