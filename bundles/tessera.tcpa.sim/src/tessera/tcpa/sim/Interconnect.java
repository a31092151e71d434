package tessera.tcpa.sim;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import tessera.tcpa.concrete.BankKind;
import tessera.tcpa.concrete.Connection;
import tessera.tcpa.concrete.Layer;
import tessera.tcpa.concrete.Side;
import tessera.tcpa.concrete.Wrapper;
import tessera.tcpa.sim.Machine.BankState;
import tessera.tcpa.sim.Machine.Dest;
import tessera.tcpa.sim.Machine.Pe;

/**
 * Routing through the wrapper switches of a {@link Machine} (seed 003 §3.1, §6): where a value entering a PE's wrapper
 * at a source port ends up, ID ports of PEs or output banks, and after how many hops. A loop, an unconnected port, an
 * unknown sink port or a border port without an output bank stops the run ({@link Problems#fail}).
 */
record Interconnect(Machine machine, Problems problems) {
    /** Where a value entering {@code pe}'s wrapper at source port {@code source} ends up (seed 003 §3.1). */
    List<Dest> route(Pe pe, String source, String what) {
        List<Dest> out = new ArrayList<>();
        follow(pe, source, 0, out, new HashSet<>(), what);
        return out;
    }

    private void follow(Pe pe, String source, int hops, List<Dest> out, Set<String> seen, String what) {
        if (!seen.add(pe.row + "," + pe.col + "," + source)) {
            throw problems.fail(what + ": the wrapper connections form a loop through port " + source + " of " + pe.name(),
                    "remove the cyclic switch setting");
        }
        Wrapper w = machine.wrappers.get(Machine.key(pe.row, pe.col));
        boolean any = false;
        for (Connection c : w == null ? List.<Connection>of() : w.getConnections()) {
            if (c.getLayer() != Layer.DATA || !source.equals(c.getSource())) {
                continue;
            }
            any = true;
            String sink = c.getSink();
            String loc = sink.replaceAll("\\d+$", "");
            int idx = sink.length() > loc.length() ? Integer.parseInt(sink.substring(loc.length())) : -1;
            Side s = side(loc);
            if (loc.equals("pe") && idx >= 0) {
                out.add(new Dest(pe, idx, null, hops));
            } else if (s != null && idx >= 0) {
                int[] d = delta(s);
                Pe next = machine.pes.get(Machine.key(pe.row + d[0], pe.col + d[1]));
                if (next != null) {
                    follow(next, opposite(s).getLiteral() + idx, hops + 1, out, seen, what);
                } else {
                    BankState b = machine.banks.stream()
                            .filter(x -> x.pe == pe && x.model.getSide() == s && x.model.getPort() == idx)
                            .findFirst().orElse(null);
                    if (b == null || b.model.getKind() != BankKind.OUTPUT) {
                        throw problems.fail(what + " reaches border port " + sink + " of " + pe.name()
                                + ", where no output bank is configured",
                                "configure an output bank there, or fix the wrapper connections");
                    }
                    out.add(new Dest(null, 0, b, hops));
                }
            } else {
                throw problems.fail(pe.name() + ": wrapper connection " + c.getSource() + " -> " + sink
                        + " names an unknown sink port", "ports are pe0, north0, east1, …");
            }
        }
        if (!any) {
            throw problems.fail(what + " arrives at port " + source + " of " + pe.name()
                    + ", which its wrapper connects to nothing",
                    "add a wrapper connection from " + source + " (seed 003 §3.1: unconnected port)");
        }
    }

    /** The (row, column) step from a PE to its neighbour on side {@code s}. */
    static int[] delta(Side s) {
        return switch (s) {
            case NORTH -> new int[] {-1, 0};
            case SOUTH -> new int[] {1, 0};
            case WEST -> new int[] {0, -1};
            case EAST -> new int[] {0, 1};
        };
    }

    private static Side side(String location) {
        return switch (location) {
            case "north" -> Side.NORTH;
            case "south" -> Side.SOUTH;
            case "west" -> Side.WEST;
            case "east" -> Side.EAST;
            default -> null;
        };
    }

    private static Side opposite(Side s) {
        return Side.get((s.getValue() + 2) % 4);
    }
}
