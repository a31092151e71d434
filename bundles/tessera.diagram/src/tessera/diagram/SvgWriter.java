package tessera.diagram;

import java.util.Locale;

/** Writes a laid-out {@link Diagram} as standalone SVG (used by the CLI and by the canvas's "Export SVG"). */
public final class SvgWriter {
    private SvgWriter() {
    }

    public static String write(Diagram d, TextMeasure tm) {
        StringBuilder sb = new StringBuilder();
        sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\""
                        + " font-family=\"sans-serif\" font-size=\"11\">\n",
                d.width, d.height, d.width, d.height));
        if (!d.title.isEmpty()) {
            sb.append("  <title>").append(esc(d.title)).append("</title>\n");
        }
        sb.append("  <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\""
                + " markerHeight=\"8\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\"/></marker></defs>\n");
        sb.append("  <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        for (Diagram.Edge e : d.edges()) {
            if (e.route.size() < 2) {
                continue;
            }
            sb.append("  <polyline fill=\"none\" stroke=\"").append(rgb(e.color)).append('"');
            sb.append(String.format(Locale.ROOT, " stroke-width=\"%.1f\"", e.width));
            if (e.dashed) {
                sb.append(" stroke-dasharray=\"6 4\"");
            }
            sb.append(" marker-end=\"url(#arrow)\" points=\"");
            for (double[] p : e.route) {
                sb.append(String.format(Locale.ROOT, "%.1f,%.1f ", p[0], p[1]));
            }
            sb.append("\">");
            if (!e.tooltip.isEmpty()) {
                sb.append("<title>").append(esc(e.tooltip)).append("</title>");
            }
            sb.append("</polyline>\n");
            if (!e.label.isEmpty()) {
                sb.append(String.format(Locale.ROOT, "  <text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%s</text>\n",
                        e.labelX + 2, e.labelY + tm.lineHeight() - 3, rgb(e.color), esc(e.label)));
            }
        }
        for (Diagram.Node n : d.nodes()) {
            sb.append("  <g>");
            if (!n.tooltip.isEmpty()) {
                sb.append("<title>").append(esc(n.tooltip)).append("</title>");
            }
            String style = String.format(Locale.ROOT, " fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"", rgb(n.fill),
                    rgb(n.stroke), n.bold ? "2.5" : "1.2");
            switch (n.shape) {
                case CIRCLE, ELLIPSE -> sb.append(String.format(Locale.ROOT,
                        "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"%.1f\" ry=\"%.1f\"%s/>", n.x + n.width / 2,
                        n.y + n.height / 2, n.width / 2, n.height / 2, style));
                case DIAMOND -> sb.append(String.format(Locale.ROOT,
                        "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\"%s/>", n.x + n.width / 2, n.y,
                        n.x + n.width, n.y + n.height / 2, n.x + n.width / 2, n.y + n.height, n.x, n.y + n.height / 2,
                        style));
                case ROUNDED -> sb.append(String.format(Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"%.1f\"%s/>", n.x, n.y, n.width,
                        n.height, Math.min(n.height / 2, 14), style));
                case RECTANGLE -> sb.append(String.format(Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"%s/>", n.x, n.y, n.width, n.height,
                        style));
            }
            double lh = tm.lineHeight();
            double top = n.y + (n.height - n.lines.size() * lh) / 2;
            for (int i = 0; i < n.lines.size(); i++) {
                sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>",
                        n.x + n.width / 2, top + (i + 1) * lh - 3, esc(n.lines.get(i))));
            }
            for (Diagram.Port p : n.ports) {
                sb.append(String.format(Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>", p.x, p.y, p.size,
                        p.size, rgb(n.stroke)));
            }
            sb.append("</g>\n");
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    static String rgb(int c) {
        return String.format("#%06X", c & 0xFFFFFF);
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
