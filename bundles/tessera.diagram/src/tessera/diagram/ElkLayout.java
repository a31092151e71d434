package tessera.diagram;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.math.ElkPadding;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.EdgeLabelPlacement;
import org.eclipse.elk.core.options.PortConstraints;
import org.eclipse.elk.core.options.PortSide;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkBendPoint;
import org.eclipse.elk.graph.ElkConnectableShape;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkLabel;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.ElkPort;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/** Places a {@link Diagram} with ELK Layered (orthogonal edges, ports on fixed sides, labels placed by ELK). */
public final class ElkLayout {
    private static volatile boolean registered;

    private ElkLayout() {
    }

    private static void register() {
        if (!registered) {
            synchronized (ElkLayout.class) {
                if (!registered) {
                    // ServiceLoader discovery of layout providers does not cross OSGi bundles: register explicitly.
                    LayoutMetaDataService.getInstance().registerLayoutMetaDataProviders(new LayeredMetaDataProvider());
                    registered = true;
                }
            }
        }
    }

    /** Computes sizes from the text, lays out, and writes positions and routes back into the diagram. */
    public static Diagram layout(Diagram d, TextMeasure tm) {
        register();
        ElkNode root = ElkGraphUtil.createGraph();
        root.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
        root.setProperty(CoreOptions.DIRECTION, d.direction == Diagram.Direction.RIGHT
                ? org.eclipse.elk.core.options.Direction.RIGHT : org.eclipse.elk.core.options.Direction.DOWN);
        root.setProperty(CoreOptions.EDGE_ROUTING, org.eclipse.elk.core.options.EdgeRouting.ORTHOGONAL);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 50.0);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE, 30.0);
        root.setProperty(LayeredOptions.SPACING_EDGE_LABEL, 4.0);
        root.setProperty(CoreOptions.PADDING, new ElkPadding(20));
        Map<Diagram.Node, ElkNode> nodeMap = new HashMap<>();
        Map<Diagram.Port, ElkPort> portMap = new HashMap<>();
        for (Diagram.Node n : d.nodes()) {
            ElkNode en = ElkGraphUtil.createNode(root);
            double w = 0;
            for (String l : n.lines) {
                w = Math.max(w, tm.width(l));
            }
            double h = Math.max(1, n.lines.size()) * tm.lineHeight();
            switch (n.shape) {
                case CIRCLE -> {
                    double s = Math.max(w, h) + 16;
                    w = s;
                    h = s;
                }
                case ELLIPSE, DIAMOND -> {
                    w = w * 1.4 + 20;
                    h = h * 1.4 + 12;
                }
                default -> {
                    w += 20;
                    h += 12;
                }
            }
            en.setDimensions(Math.max(w, 30), Math.max(h, 24));
            if (!n.ports.isEmpty()) {
                en.setProperty(CoreOptions.PORT_CONSTRAINTS, PortConstraints.FIXED_SIDE);
                for (Diagram.Port p : n.ports) {
                    ElkPort ep = ElkGraphUtil.createPort(en);
                    ep.setDimensions(p.size, p.size);
                    ep.setProperty(CoreOptions.PORT_SIDE, switch (p.side) {
                        case NORTH -> PortSide.NORTH;
                        case EAST -> PortSide.EAST;
                        case SOUTH -> PortSide.SOUTH;
                        case WEST -> PortSide.WEST;
                        case ANY -> PortSide.UNDEFINED;
                    });
                    portMap.put(p, ep);
                }
            }
            nodeMap.put(n, en);
        }
        Map<Diagram.Edge, ElkEdge> edgeMap = new HashMap<>();
        for (Diagram.Edge e : d.edges()) {
            ElkConnectableShape s = e.sourcePort != null ? portMap.get(e.sourcePort) : nodeMap.get(e.source);
            ElkConnectableShape t = e.targetPort != null ? portMap.get(e.targetPort) : nodeMap.get(e.target);
            ElkEdge ee = ElkGraphUtil.createSimpleEdge(s, t);
            if (!e.label.isEmpty()) {
                ElkLabel l = ElkGraphUtil.createLabel(e.label, ee);
                l.setDimensions(tm.width(e.label) + 4, tm.lineHeight());
                l.setProperty(CoreOptions.EDGE_LABELS_PLACEMENT, EdgeLabelPlacement.CENTER);
            }
            edgeMap.put(e, ee);
        }
        new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());
        for (Map.Entry<Diagram.Node, ElkNode> m : nodeMap.entrySet()) {
            Diagram.Node n = m.getKey();
            ElkNode en = m.getValue();
            n.x = en.getX();
            n.y = en.getY();
            n.width = en.getWidth();
            n.height = en.getHeight();
        }
        for (Map.Entry<Diagram.Port, ElkPort> m : portMap.entrySet()) {
            ElkPort ep = m.getValue();
            m.getKey().x = ep.getParent().getX() + ep.getX();
            m.getKey().y = ep.getParent().getY() + ep.getY();
        }
        for (Map.Entry<Diagram.Edge, ElkEdge> m : edgeMap.entrySet()) {
            Diagram.Edge e = m.getKey();
            ElkEdge ee = m.getValue();
            e.route.clear();
            // Edge coordinates are relative to the edge's containing node (the root here).
            double ox = ee.getContainingNode() == root ? 0 : ee.getContainingNode().getX();
            double oy = ee.getContainingNode() == root ? 0 : ee.getContainingNode().getY();
            List<ElkEdgeSection> sections = ee.getSections();
            if (!sections.isEmpty()) {
                ElkEdgeSection sec = sections.get(0);
                e.route.add(new double[] {ox + sec.getStartX(), oy + sec.getStartY()});
                for (ElkBendPoint bp : sec.getBendPoints()) {
                    e.route.add(new double[] {ox + bp.getX(), oy + bp.getY()});
                }
                e.route.add(new double[] {ox + sec.getEndX(), oy + sec.getEndY()});
            }
            if (!ee.getLabels().isEmpty()) {
                ElkLabel l = ee.getLabels().get(0);
                e.labelX = ox + l.getX();
                e.labelY = oy + l.getY();
                e.labelWidth = l.getWidth();
                e.labelHeight = l.getHeight();
            }
        }
        d.width = root.getWidth();
        d.height = root.getHeight();
        return d;
    }
}
