package tessera.diagram;

/** Writes a {@link Diagram} in Graphviz DOT (no layout needed), for `--dot` output and external tools. */
public final class DotWriter {
    private DotWriter() {
    }

    public static String write(Diagram d) {
        StringBuilder sb = new StringBuilder("digraph \"").append(q(d.title.isEmpty() ? "tessera" : d.title))
                .append("\" {\n");
        sb.append("  rankdir=").append(d.direction == Diagram.Direction.RIGHT ? "LR" : "TB").append(";\n");
        sb.append("  node [fontname=\"sans-serif\", fontsize=10];\n  edge [fontname=\"sans-serif\", fontsize=9];\n");
        for (Diagram.Node n : d.nodes()) {
            String shape = switch (n.shape) {
                case RECTANGLE -> "box";
                case ROUNDED -> "box, style=rounded";
                case CIRCLE -> "circle";
                case ELLIPSE -> "ellipse";
                case DIAMOND -> "diamond";
            };
            sb.append("  \"").append(q(n.id)).append("\" [shape=").append(shape).append(", label=\"")
                    .append(q(String.join("\n", n.lines))).append("\"];\n");
        }
        for (Diagram.Edge e : d.edges()) {
            sb.append("  \"").append(q(e.source.id)).append("\" -> \"").append(q(e.target.id)).append('"');
            StringBuilder attrs = new StringBuilder();
            if (!e.label.isEmpty()) {
                attrs.append("label=\"").append(q(e.label)).append('"');
            }
            if (e.dashed) {
                attrs.append(attrs.isEmpty() ? "" : ", ").append("style=dashed");
            }
            if (e.sourcePort != null && !e.sourcePort.label.isEmpty()) {
                attrs.append(attrs.isEmpty() ? "" : ", ").append("taillabel=\"").append(q(e.sourcePort.label)).append('"');
            }
            if (e.targetPort != null && !e.targetPort.label.isEmpty()) {
                attrs.append(attrs.isEmpty() ? "" : ", ").append("headlabel=\"").append(q(e.targetPort.label)).append('"');
            }
            if (!attrs.isEmpty()) {
                sb.append(" [").append(attrs).append(']');
            }
            sb.append(";\n");
        }
        return sb.append("}\n").toString();
    }

    private static String q(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
