package tessera.tcpa.routing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

import tessera.tcpa.arch.Arch;
import tessera.tcpa.tcpa.Adjacency;
import tessera.tcpa.tcpa.Architecture;
import tessera.tcpa.tcpa.Layer;
import tessera.tcpa.tcpa.LayerKind;
import tessera.tcpa.tcpa.Location;
import tessera.tcpa.tcpa.PortGroup;
import tessera.tcpa.tcpa.PortRef;

/**
 * The reduced topology graph T of a homogeneous wrapper (seed 003 §5.4, Definition 5.4): one node per port, an
 * edge of weight (0,0) from each source port to each adjacent sink port, an edge from each wrapper sink port to its
 * sibling weighted by the direction, and the poles Source (→ every PE output port) and Sink (← every PE input port).
 * Weights are (row, col) vectors: east (0,1), west (0,−1), south (1,0), north (−1,0) — Fig. 4's order and
 * pe(K) = (k_r, k_c); the definition's text writes (x, y) instead (pitfall P6).
 */
public final class ReducedTopology {
    /** An edge of T; {@code from}/{@code to} are node indices, 0 = Source, 1 = Sink. */
    public record Edge(int from, int to, int dRow, int dCol) {
        public boolean sibling() {
            return dRow != 0 || dCol != 0;
        }
    }

    public static final int SOURCE = 0;
    public static final int SINK = 1;

    private final List<Port> ports;
    private final Map<Port, Integer> index = new LinkedHashMap<>();
    private final List<Edge> edges = new ArrayList<>();
    private final List<List<Edge>> out = new ArrayList<>();
    private final List<List<Edge>> in = new ArrayList<>();
    private final String file;
    private final int line;

    private ReducedTopology(List<Port> ports, Set<List<Port>> adjacency, String file, int line) {
        this.ports = List.copyOf(ports);
        this.file = file;
        this.line = line;
        for (int i = 0; i < ports.size() + 2; i++) {
            out.add(new ArrayList<>());
            in.add(new ArrayList<>());
        }
        for (int i = 0; i < ports.size(); i++) {
            index.put(ports.get(i), i + 2);
        }
        for (Port p : ports) {
            if (p.isPe() && p.source()) {
                add(new Edge(SOURCE, node(p), 0, 0));
            }
        }
        for (List<Port> a : adjacency) {
            Integer s = index.get(a.get(0));
            Integer t = index.get(a.get(1));
            if (s == null || t == null || !a.get(0).source() || a.get(1).source()) {
                throw new IllegalArgumentException("adjacency " + a + " needs a declared source and sink port");
            }
            add(new Edge(s, t, 0, 0));
        }
        for (Port p : ports) {
            if (!p.isPe() && !p.source()) {
                Integer sib = index.get(sibling(p));
                if (sib != null) {
                    int[] w = weight(p.location());
                    add(new Edge(node(p), sib, w[0], w[1]));
                }
            } else if (p.isPe() && !p.source()) {
                add(new Edge(node(p), SINK, 0, 0));
            }
        }
    }

    private void add(Edge e) {
        edges.add(e);
        out.get(e.from()).add(e);
        in.get(e.to()).add(e);
    }

    /** The displacement of leaving through a wrapper output port toward {@code location}, as (row, col). */
    public static int[] weight(String location) {
        return switch (location) {
            case "east" -> new int[] { 0, 1 };
            case "west" -> new int[] { 0, -1 };
            case "south" -> new int[] { 1, 0 };
            case "north" -> new int[] { -1, 0 };
            default -> new int[] { 0, 0 };
        };
    }

    /** The hard-wired partner of a wrapper port on the neighbouring wrapper (§3.1): east0◁ ↔ west0▷. */
    public static Port sibling(Port p) {
        String opp = switch (p.location()) {
            case "east" -> "west";
            case "west" -> "east";
            case "north" -> "south";
            case "south" -> "north";
            default -> throw new IllegalArgumentException("PE ports have no sibling");
        };
        return new Port(opp, !p.source(), p.index());
    }

    /** Builds T from explicit ports and adjacencies (source, sink); used for synthetic wrappers in tests. */
    public static ReducedTopology of(List<Port> ports, List<Port[]> adjacency) {
        Set<List<Port>> adj = new LinkedHashSet<>();
        for (Port[] a : adjacency) {
            adj.add(List.of(a[0], a[1]));
        }
        return new ReducedTopology(ports, adj, "", 0);
    }

    /** T of the data layer of a loaded (valid) architecture; an absent data layer gives the poles only. */
    public static ReducedTopology of(Architecture a) {
        List<Port> ports = new ArrayList<>();
        Set<List<Port>> adj = new LinkedHashSet<>();
        Layer data = Arch.layer(a, LayerKind.DATA).orElse(null);
        String file = fileName(a);
        int line = 0;
        if (data != null) {
            var node = NodeModelUtils.getNode(data);
            line = node == null ? 0 : node.getStartLine();
            for (Location l : List.of(Location.PE, Location.NORTH, Location.EAST, Location.SOUTH, Location.WEST)) {
                for (PortGroup g : data.getPorts()) {
                    if (g.getLocation() == l) {
                        for (int i = 0; i < g.getInputs(); i++) {
                            ports.add(new Port(l.getLiteral(), Arch.isSource(l, true), i));
                        }
                        for (int i = 0; i < g.getOutputs(); i++) {
                            ports.add(new Port(l.getLiteral(), Arch.isSource(l, false), i));
                        }
                    }
                }
            }
            for (Adjacency ad : data.getAdjacencies()) {
                Port s = port(ad.getSource());
                for (PortRef r : ad.getSinks()) {
                    adj.add(List.of(s, port(r)));
                }
            }
        }
        return new ReducedTopology(ports, adj, file, line);
    }

    /**
     * The file name an architecture was loaded under, as the user wrote it: its resource URI's path is
     * percent-encoded (ArchitectureLoader encodes the name as one segment), so it is decoded ("my arch.tcpa", not
     * "my%20arch.tcpa").
     */
    static String fileName(Architecture a) {
        String path = a.eResource() == null ? null : a.eResource().getURI().path();
        if (path == null) {
            return "";
        }
        String decoded = URI.decode(path);
        return decoded.startsWith("/") ? decoded.substring(1) : decoded;
    }

    private static Port port(PortRef r) {
        Arch.PortName n = Arch.portName(r.getPort()).orElseThrow(
                () -> new IllegalArgumentException("invalid port " + r.getPort()));
        return new Port(r.getLocation().getLiteral(), Arch.isSource(r.getLocation(), n.input()), n.index());
    }

    /** Ports in node order (node index = position + 2). */
    public List<Port> ports() {
        return ports;
    }

    public int nodeCount() {
        return ports.size() + 2;
    }

    public int node(Port p) {
        Integer i = index.get(p);
        if (i == null) {
            throw new IllegalArgumentException("no port " + p.paper() + " in this wrapper");
        }
        return i;
    }

    public boolean has(Port p) {
        return index.containsKey(p);
    }

    public Port port(int node) {
        return ports.get(node - 2);
    }

    /** "Source", "Sink" or the paper name of the port. */
    public String name(int node) {
        return node == SOURCE ? "Source" : node == SINK ? "Sink" : port(node).paper();
    }

    public List<Edge> edges() {
        return Collections.unmodifiableList(edges);
    }

    public List<Edge> out(int node) {
        return Collections.unmodifiableList(out.get(node));
    }

    public List<Edge> in(int node) {
        return Collections.unmodifiableList(in.get(node));
    }

    /** The architecture file T was built from ("" for synthetic wrappers) and the line of its data layer. */
    public String file() {
        return file;
    }

    public int line() {
        return line;
    }
}
