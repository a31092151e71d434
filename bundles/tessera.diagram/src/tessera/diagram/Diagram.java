package tessera.diagram;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A graph to draw: nodes with text lines and optional ports, edges with labels. Views build one from their model,
 * {@link ElkLayout} places it, and the SWT canvas (tessera.ui), {@link SvgWriter} and {@link DotWriter} render it.
 * Every element may carry a {@code payload} (the model object it shows) for selection and properties.
 */
public final class Diagram {
    public enum Direction { RIGHT, DOWN }

    public enum Shape { RECTANGLE, ROUNDED, CIRCLE, ELLIPSE, DIAMOND }

    public enum Side { ANY, NORTH, EAST, SOUTH, WEST }

    /** Colours are 0xRRGGBB. */
    public static final int BLACK = 0x000000;
    public static final int WHITE = 0xFFFFFF;

    /** The range of the diagram's source text an element shows (0-based offset, length, 1-based line). */
    public record SourceRange(int offset, int length, int line) {
        public boolean contains(int off) {
            return off >= offset && off <= offset + length; // the caret just after the range still belongs to it
        }
    }

    public static final class Port {
        public final String id;
        public final Side side;
        public String label = "";
        public double x;
        public double y;
        public double size = 6;

        Port(String id, Side side) {
            this.id = id;
            this.side = side;
        }
    }

    /** What nodes and edges share: tooltip, payload, source range and Properties-view rows, with fluent setters. */
    public abstract static class Element<T extends Element<T>> {
        public String tooltip = "";
        public Object payload;
        /** Where the element comes from in the source text (null: not linked), for editor linking. */
        public SourceRange sourceRange;
        /** Name → value rows for the Properties view (insertion order). */
        public final Map<String, String> properties = new LinkedHashMap<>();

        Element() {
        }

        abstract T self();

        public T tooltip(String t) {
            tooltip = t;
            return self();
        }

        public T payload(Object p) {
            payload = p;
            return self();
        }

        public T sourceRange(SourceRange s) {
            sourceRange = s;
            return self();
        }

        public T property(String name, String value) {
            properties.put(name, value);
            return self();
        }

        /** The payload, or the element itself without one: the key of {@link Diagram#elementOf}. */
        Object key() {
            return payload != null ? payload : this;
        }
    }

    public static final class Node extends Element<Node> {
        public final String id;
        public Shape shape = Shape.RECTANGLE;
        public final List<String> lines = new ArrayList<>();
        public int fill = 0xF4F7FB;
        public int stroke = 0x34495E;
        public boolean bold;
        public final List<Port> ports = new ArrayList<>();
        public double x;
        public double y;
        public double width;
        public double height;

        Node(String id) {
            this.id = id;
        }

        @Override
        Node self() {
            return this;
        }

        public Node lines(String... ls) {
            lines.addAll(List.of(ls));
            return this;
        }

        public Node shape(Shape s) {
            shape = s;
            return this;
        }

        public Node colors(int fillRgb, int strokeRgb) {
            fill = fillRgb;
            stroke = strokeRgb;
            return this;
        }

        public Port port(String portId, Side side) {
            for (Port p : ports) {
                if (p.id.equals(portId)) {
                    return p;
                }
            }
            Port p = new Port(portId, side);
            ports.add(p);
            return p;
        }

        public boolean contains(double px, double py) {
            return px >= x && px <= x + width && py >= y && py <= y + height;
        }
    }

    public static final class Edge extends Element<Edge> {
        public final String id;
        public final Node source;
        public final Node target;
        public Port sourcePort;
        public Port targetPort;
        public String label = "";
        public boolean dashed;
        public int color = 0x34495E;
        public double width = 1.2;
        /** Layout result: start, bend points, end. */
        public final List<double[]> route = new ArrayList<>();
        /** Layout result: top-left of the label box. */
        public double labelX;
        public double labelY;
        public double labelWidth;
        public double labelHeight;

        Edge(String id, Node source, Node target) {
            this.id = id;
            this.source = source;
            this.target = target;
        }

        @Override
        Edge self() {
            return this;
        }

        public Edge label(String l) {
            label = l;
            return this;
        }

        public Edge dashed(boolean d) {
            dashed = d;
            return this;
        }

        public Edge color(int rgb) {
            color = rgb;
            return this;
        }

        public Edge ports(Port from, Port to) {
            sourcePort = from;
            targetPort = to;
            return this;
        }

    }

    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final List<Edge> edges = new ArrayList<>();
    public String title = "";
    public Direction direction = Direction.RIGHT;
    /** Layout result: total size. */
    public double width;
    public double height;

    public Node node(String id) {
        return nodes.computeIfAbsent(id, Node::new);
    }

    public Node findNode(String id) {
        return nodes.get(id);
    }

    public Edge edge(Node from, Node to) {
        Edge e = new Edge("e" + edges.size(), from, to);
        edges.add(e);
        return e;
    }

    public List<Node> nodes() {
        return List.copyOf(nodes.values());
    }

    public List<Edge> edges() {
        return List.copyOf(edges);
    }

    /** The nodes whose source range contains {@code offset}, innermost (shortest range) first. */
    public List<Node> nodesAt(int offset) {
        return at(nodes.values(), offset);
    }

    /** The edges whose source range contains {@code offset}, innermost (shortest range) first. */
    public List<Edge> edgesAt(int offset) {
        return at(edges, offset);
    }

    private static <T extends Element<T>> List<T> at(Collection<T> elements, int offset) {
        return elements.stream().filter(x -> x.sourceRange != null && x.sourceRange.contains(offset))
                .sorted(Comparator.comparingInt(x -> x.sourceRange.length())).toList();
    }

    /** The node or edge whose payload (or itself, without payload) is {@code key}; null if none. */
    public Object elementOf(Object key) {
        if (key == null) {
            return null;
        }
        for (Node n : nodes.values()) {
            if (key.equals(n.key())) {
                return n;
            }
        }
        for (Edge e : edges) {
            if (key.equals(e.key())) {
                return e;
            }
        }
        return null;
    }
}
