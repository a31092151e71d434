package tessera.ui;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.graphics.Transform;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;

import tessera.diagram.Diagram;
import tessera.diagram.ElkLayout;
import tessera.diagram.SvgWriter;
import tessera.diagram.TextMeasure;

/**
 * The one diagram renderer of Studio: draws a {@link Diagram} laid out by ELK, with zoom (Ctrl+wheel, +/-/0 keys),
 * pan (drag the background), selection (click), tooltips (hover), highlighting of model objects, and PNG/SVG export.
 * Every graphical view of Tessera uses it.
 */
public class DiagramCanvas extends Canvas {
    private static final int SELECTED = 0x2E86DE;
    private static final int HIGHLIGHT = 0xF39C12;

    private Diagram diagram;
    private double zoom = 1.0;
    private double panX;
    private double panY;
    private Object selected;
    private final Set<Object> highlighted = new HashSet<>();
    private final List<Consumer<Object>> selectionListeners = new ArrayList<>();
    private final Font font;
    private final Font boldFont;
    private Point dragStart;
    private double dragPanX;
    private double dragPanY;

    public DiagramCanvas(Composite parent, int style) {
        super(parent, style | SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
        FontData fd = getDisplay().getSystemFont().getFontData()[0];
        font = new Font(getDisplay(), fd.getName(), 9, SWT.NORMAL);
        boldFont = new Font(getDisplay(), fd.getName(), 9, SWT.BOLD);
        addPaintListener(e -> paint(e.gc, true));
        addListener(SWT.Dispose, e -> {
            font.dispose();
            boldFont.dispose();
        });
        addListener(SWT.MouseVerticalWheel, e -> {
            if ((e.stateMask & SWT.MOD1) != 0) {
                zoomAt(e.count > 0 ? 1.15 : 1 / 1.15, e.x, e.y);
                e.doit = false;
            } else {
                panY += e.count * 20;
                redraw();
            }
        });
        addListener(SWT.MouseDown, e -> {
            dragStart = new Point(e.x, e.y);
            dragPanX = panX;
            dragPanY = panY;
            setFocus();
        });
        addListener(SWT.MouseUp, e -> {
            if (dragStart != null && Math.abs(e.x - dragStart.x) + Math.abs(e.y - dragStart.y) < 4) {
                select(hit(e.x, e.y), true);
            }
            dragStart = null;
        });
        addListener(SWT.MouseMove, e -> {
            if (dragStart != null && (e.stateMask & SWT.BUTTON1) != 0) {
                panX = dragPanX + (e.x - dragStart.x);
                panY = dragPanY + (e.y - dragStart.y);
                redraw();
            } else {
                setToolTipText(tooltipAt(e.x, e.y));
            }
        });
        addListener(SWT.KeyDown, e -> {
            switch (e.character) {
                case '+', '=' -> zoomAt(1.2, getSize().x / 2, getSize().y / 2);
                case '-' -> zoomAt(1 / 1.2, getSize().x / 2, getSize().y / 2);
                case '0' -> fit();
                default -> {
                    // other keys are not ours
                }
            }
        });
    }

    /** Shows a diagram; lays it out with real font metrics and fits it into the canvas. */
    public void setDiagram(Diagram d) {
        this.diagram = d;
        this.selected = null;
        if (d != null) {
            SwtTextMeasure tm = new SwtTextMeasure(getDisplay(), font);
            try {
                ElkLayout.layout(d, tm);
            } finally {
                tm.dispose();
            }
        }
        fit();
    }

    public Diagram getDiagram() {
        return diagram;
    }

    public double getZoom() {
        return zoom;
    }

    public void setZoom(double z) {
        zoom = Math.max(0.05, Math.min(8, z));
        redraw();
    }

    public void zoomAt(double factor, int cx, int cy) {
        double nz = Math.max(0.05, Math.min(8, zoom * factor));
        panX = cx - (cx - panX) * nz / zoom;
        panY = cy - (cy - panY) * nz / zoom;
        zoom = nz;
        redraw();
    }

    /** The smallest zoom {@link #fit()} uses: below it labels are unreadable, so large diagrams are panned instead. */
    public static final double MIN_FIT_ZOOM = 0.6;

    /** Zooms so the whole diagram is visible (never above 100%, never below {@link #MIN_FIT_ZOOM}). */
    public void fit() {
        Rectangle ca = getClientArea();
        if (diagram != null && diagram.width > 0 && ca.width > 0 && ca.height > 0) {
            double all = Math.min(1.0, Math.min(ca.width / diagram.width, ca.height / diagram.height));
            zoom = Math.max(MIN_FIT_ZOOM, all);
            // centred when it fits, else from the top-left corner (drag or scroll to see the rest)
            panX = diagram.width * zoom <= ca.width ? (ca.width - diagram.width * zoom) / 2 : 0;
            panY = diagram.height * zoom <= ca.height ? (ca.height - diagram.height * zoom) / 2 : 0;
        } else {
            zoom = 1;
            panX = 0;
            panY = 0;
        }
        redraw();
    }

    public void addSelectionListener(Consumer<Object> l) {
        selectionListeners.add(l);
    }

    /** The payload (or the node/edge itself when it has none) of the selected element, or null. */
    public Object getSelection() {
        return selected;
    }

    /** Selects the element showing {@code payload}; listeners are told only when {@code notify}. */
    public void select(Object payload, boolean notify) {
        selected = payload;
        redraw();
        if (notify) {
            selectionListeners.forEach(l -> l.accept(payload));
        }
    }

    /** Pans (zoom unchanged) so the node or edge label showing {@code payload} is inside the visible area. */
    public void reveal(Object payload) {
        Rectangle ca = getClientArea();
        Object el = diagram == null ? null : diagram.elementOf(payload);
        double x, y, w, h;
        if (el instanceof Diagram.Node n) {
            x = n.x; y = n.y; w = n.width; h = n.height;
        } else if (el instanceof Diagram.Edge e && !e.route.isEmpty()) {
            double[] mid = e.route.get(e.route.size() / 2);
            x = mid[0]; y = mid[1]; w = 1; h = 1;
        } else {
            return;
        }
        double sx = panX + x * zoom, sy = panY + y * zoom, sw = w * zoom, sh = h * zoom;
        if (sx < 0 || sx + sw > ca.width) {
            panX += ca.width / 2.0 - (sx + sw / 2);
        }
        if (sy < 0 || sy + sh > ca.height) {
            panY += ca.height / 2.0 - (sy + sh / 2);
        }
        redraw();
    }

    /** Marks elements (by payload) to draw highlighted, e.g. the dependences a move would violate. */
    public void setHighlighted(Set<?> payloads) {
        highlighted.clear();
        highlighted.addAll(payloads);
        redraw();
    }

    Object hit(int sx, int sy) {
        if (diagram == null) {
            return null;
        }
        double x = (sx - panX) / zoom;
        double y = (sy - panY) / zoom;
        List<Diagram.Node> nodes = diagram.nodes();
        for (int i = nodes.size() - 1; i >= 0; i--) {
            if (nodes.get(i).contains(x, y)) {
                return key(nodes.get(i));
            }
        }
        for (Diagram.Edge e : diagram.edges()) {
            if (!e.label.isEmpty() && x >= e.labelX && x <= e.labelX + e.labelWidth && y >= e.labelY
                    && y <= e.labelY + e.labelHeight) {
                return key(e);
            }
            for (int i = 0; i + 1 < e.route.size(); i++) {
                if (distance(x, y, e.route.get(i), e.route.get(i + 1)) < 4 / zoom) {
                    return key(e);
                }
            }
        }
        return null;
    }

    private String tooltipAt(int sx, int sy) {
        Object k = hit(sx, sy);
        if (diagram == null || k == null) {
            return null;
        }
        for (Diagram.Node n : diagram.nodes()) {
            if (key(n) == k) {
                return n.tooltip.isEmpty() ? String.join("\n", n.lines) : n.tooltip;
            }
        }
        for (Diagram.Edge e : diagram.edges()) {
            if (key(e) == k) {
                return e.tooltip.isEmpty() ? e.label : e.tooltip;
            }
        }
        return null;
    }

    static Object key(Diagram.Node n) {
        return n.payload != null ? n.payload : n;
    }

    static Object key(Diagram.Edge e) {
        return e.payload != null ? e.payload : e;
    }

    private static double distance(double x, double y, double[] a, double[] b) {
        double dx = b[0] - a[0];
        double dy = b[1] - a[1];
        double len2 = dx * dx + dy * dy;
        double t = len2 == 0 ? 0 : Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / len2));
        double px = a[0] + t * dx - x;
        double py = a[1] + t * dy - y;
        return Math.sqrt(px * px + py * py);
    }

    private void paint(GC gc, boolean onScreen) {
        Rectangle ca = getClientArea();
        gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
        gc.fillRectangle(ca);
        if (diagram == null) {
            gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
            gc.drawText("No diagram: open a Tessera file (.pla, .ddg, .sass, ...) in an editor.", 10, 10, true);
            return;
        }
        Transform t = new Transform(getDisplay());
        if (onScreen) {
            t.translate((float) panX, (float) panY);
            t.scale((float) zoom, (float) zoom);
        }
        gc.setTransform(t);
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        draw(gc);
        gc.setTransform(null);
        t.dispose();
    }

    private void draw(GC gc) {
        Display d = getDisplay();
        List<Color> colors = new ArrayList<>();
        try {
            gc.setFont(font);
            double lh = gc.getFontMetrics().getHeight() + 2;
            for (Diagram.Edge e : diagram.edges()) {
                if (e.route.size() < 2) {
                    continue;
                }
                Object k = key(e);
                int rgb = k.equals(selected) ? SELECTED : highlighted.contains(k) ? HIGHLIGHT : e.color;
                gc.setForeground(color(d, rgb, colors));
                gc.setBackground(color(d, rgb, colors));
                gc.setLineWidth((int) Math.round(k.equals(selected) || highlighted.contains(k) ? e.width + 1.5 : e.width));
                gc.setLineStyle(e.dashed ? SWT.LINE_DASH : SWT.LINE_SOLID);
                int[] pts = new int[e.route.size() * 2];
                for (int i = 0; i < e.route.size(); i++) {
                    pts[2 * i] = (int) Math.round(e.route.get(i)[0]);
                    pts[2 * i + 1] = (int) Math.round(e.route.get(i)[1]);
                }
                gc.drawPolyline(pts);
                gc.setLineStyle(SWT.LINE_SOLID);
                arrow(gc, e.route.get(e.route.size() - 2), e.route.get(e.route.size() - 1));
                if (!e.label.isEmpty()) {
                    gc.drawText(e.label, (int) Math.round(e.labelX + 2), (int) Math.round(e.labelY), true);
                }
            }
            for (Diagram.Node n : diagram.nodes()) {
                Object k = key(n);
                boolean sel = k.equals(selected);
                boolean hi = highlighted.contains(k);
                gc.setBackground(color(d, hi ? 0xFDEBD0 : n.fill, colors));
                gc.setForeground(color(d, sel ? SELECTED : hi ? HIGHLIGHT : n.stroke, colors));
                gc.setLineWidth(sel || hi || n.bold ? 3 : 1);
                int x = (int) Math.round(n.x);
                int y = (int) Math.round(n.y);
                int w = (int) Math.round(n.width);
                int h = (int) Math.round(n.height);
                switch (n.shape) {
                    case CIRCLE, ELLIPSE -> {
                        gc.fillOval(x, y, w, h);
                        gc.drawOval(x, y, w, h);
                    }
                    case DIAMOND -> {
                        int[] p = {x + w / 2, y, x + w, y + h / 2, x + w / 2, y + h, x, y + h / 2};
                        gc.fillPolygon(p);
                        gc.drawPolygon(p);
                    }
                    case ROUNDED -> {
                        int r = Math.min(h, 28);
                        gc.fillRoundRectangle(x, y, w, h, r, r);
                        gc.drawRoundRectangle(x, y, w, h, r, r);
                    }
                    case RECTANGLE -> {
                        gc.fillRectangle(x, y, w, h);
                        gc.drawRectangle(x, y, w, h);
                    }
                }
                gc.setForeground(d.getSystemColor(SWT.COLOR_BLACK));
                gc.setFont(n.bold ? boldFont : font);
                double top = n.y + (n.height - n.lines.size() * lh) / 2;
                for (int i = 0; i < n.lines.size(); i++) {
                    String s = n.lines.get(i);
                    int tw = gc.textExtent(s).x;
                    gc.drawText(s, (int) Math.round(n.x + (n.width - tw) / 2), (int) Math.round(top + i * lh), true);
                }
                gc.setFont(font);
                gc.setBackground(color(d, n.stroke, colors));
                for (Diagram.Port p : n.ports) {
                    gc.fillRectangle((int) p.x, (int) p.y, (int) p.size, (int) p.size);
                }
            }
        } finally {
            colors.forEach(Color::dispose);
        }
    }

    private static void arrow(GC gc, double[] from, double[] to) {
        double ang = Math.atan2(to[1] - from[1], to[0] - from[0]);
        double len = 8;
        int[] p = {(int) Math.round(to[0]), (int) Math.round(to[1]),
                (int) Math.round(to[0] - len * Math.cos(ang - 0.4)), (int) Math.round(to[1] - len * Math.sin(ang - 0.4)),
                (int) Math.round(to[0] - len * Math.cos(ang + 0.4)), (int) Math.round(to[1] - len * Math.sin(ang + 0.4))};
        gc.fillPolygon(p);
    }

    private static Color color(Display d, int rgb, List<Color> keep) {
        Color c = new Color(d, new RGB((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF));
        keep.add(c);
        return c;
    }

    /** Renders the whole diagram at 100% into a PNG file. */
    public void exportPng(File file) {
        if (diagram == null) {
            return;
        }
        Screenshots.paintPng(getDisplay(), (int) Math.ceil(diagram.width), (int) Math.ceil(diagram.height), gc -> {
            gc.setAntialias(SWT.ON);
            draw(gc);
        }, file);
    }

    /** Writes the diagram in Graphviz DOT (no layout: Graphviz lays it out itself). */
    public void exportDot(File file) throws IOException {
        if (diagram != null) {
            Files.writeString(file.toPath(), tessera.diagram.DotWriter.write(diagram), StandardCharsets.UTF_8);
        }
    }

    /** Writes the diagram as SVG (same geometry as on screen). */
    public void exportSvg(File file) throws IOException {
        if (diagram == null) {
            return;
        }
        SwtTextMeasure tm = new SwtTextMeasure(getDisplay(), font);
        try {
            TextMeasure m = tm;
            Files.writeString(file.toPath(), SvgWriter.write(diagram, m), StandardCharsets.UTF_8);
        } finally {
            tm.dispose();
        }
    }
}
