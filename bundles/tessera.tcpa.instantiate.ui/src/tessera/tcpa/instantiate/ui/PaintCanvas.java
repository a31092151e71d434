package tessera.tcpa.instantiate.ui;

import java.io.File;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

import tessera.tcpa.diagram.TopologyDiagrams;

/**
 * The drawing surface of the instantiation charts, in {@code tessera.ui.DiagramCanvas}'s style (white, antialiased,
 * system font 9 pt): a chart paints itself into any GC of a given size, so the screen and PNG export share one path.
 */
abstract class PaintCanvas extends Canvas {
    static final int INK = 0x34495E;
    static final int MUTED = 0x7F8C8D;
    static final int GRID = 0xE5E8EC;
    static final int SELECTED = 0x2E86DE;

    static final String HINT = "Open a .pla file in an editor (with tcpa.arch, tcpa.params and tcpa.pes in tessera.properties).";

    protected final Font font;
    protected final Font bold;
    protected final Font small;
    private final Map<Integer, Color> colors = new HashMap<>();

    PaintCanvas(Composite parent, int style) {
        super(parent, style | SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
        FontData fd = getDisplay().getSystemFont().getFontData()[0];
        font = new Font(getDisplay(), fd.getName(), 9, SWT.NORMAL);
        bold = new Font(getDisplay(), fd.getName(), 10, SWT.BOLD);
        small = new Font(getDisplay(), fd.getName(), 8, SWT.NORMAL);
        addPaintListener(e -> {
            Rectangle ca = getClientArea();
            render(e.gc, ca.width, ca.height);
        });
        addListener(SWT.MouseMove, e -> setToolTipText(tooltipAt(e.x, e.y)));
        addListener(SWT.Resize, e -> redraw());
        addListener(SWT.Dispose, e -> {
            font.dispose();
            bold.dispose();
            small.dispose();
            colors.values().forEach(Color::dispose);
        });
    }

    /** Draws the chart into a w × h area at the origin. */
    protected abstract void draw(GC gc, int w, int h);

    private String emptyMessage = HINT;

    /** What to show instead of a chart (a hint or an error), or null when there is a chart. */
    protected abstract String emptyText();

    /** The text shown while there is nothing to draw. */
    void setEmptyMessage(String m) {
        emptyMessage = m;
        redraw();
    }

    String emptyMessage() {
        return emptyMessage;
    }

    /** The size at which everything is readable (export size). */
    abstract Point preferredSize();

    /** Hover text at a point of the current size, or null. */
    protected String tooltipAt(int x, int y) {
        return null;
    }

    private void render(GC gc, int w, int h) {
        gc.setBackground(color(0xFFFFFF));
        gc.fillRectangle(0, 0, w, h);
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        gc.setFont(font);
        gc.setForeground(color(INK));
        String empty = emptyText();
        if (empty != null) {
            gc.drawText(empty, 10, 10, true);
            return;
        }
        draw(gc, w, h);
    }

    @Override
    public Point computeSize(int wHint, int hHint, boolean changed) {
        Point p = preferredSize();
        return new Point(wHint == SWT.DEFAULT ? p.x : wHint, hHint == SWT.DEFAULT ? p.y : hHint);
    }

    /** Renders at max(preferred, current) size into a PNG file. */
    File exportPng(File file) {
        Point pref = preferredSize();
        Rectangle ca = getClientArea();
        int w = Math.max(1, Math.max(pref.x, ca.width));
        int h = Math.max(1, Math.max(pref.y, ca.height));
        Image img = new Image(getDisplay(), w, h);
        GC gc = new GC(img);
        try {
            render(gc, w, h);
        } finally {
            gc.dispose();
        }
        try {
            ImageLoader l = new ImageLoader();
            l.data = new ImageData[] {img.getImageData()};
            l.save(file.getPath(), SWT.IMAGE_PNG);
        } finally {
            img.dispose();
        }
        return file;
    }

    Color color(int rgb) {
        return colors.computeIfAbsent(rgb, c -> new Color(getDisplay(), new RGB((c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF)));
    }

    /** The colour of processor class {@code c} (the palette of the routing diagrams). */
    static int classColor(int c) {
        return TopologyDiagrams.PALETTE[Math.floorMod(c, TopologyDiagrams.PALETTE.length)];
    }

    /** A colour mixed with white: amount 1 = the colour, 0 = white. */
    static int tint(int rgb, double amount) {
        int r = (int) Math.round(255 - (255 - ((rgb >> 16) & 0xFF)) * amount);
        int g = (int) Math.round(255 - (255 - ((rgb >> 8) & 0xFF)) * amount);
        int b = (int) Math.round(255 - (255 - (rgb & 0xFF)) * amount);
        return (r << 16) | (g << 8) | b;
    }

    static void textCentered(GC gc, String s, int x, int y) {
        gc.drawText(s, x - gc.textExtent(s).x / 2, y, true);
    }

    static void textRight(GC gc, String s, int x, int y) {
        gc.drawText(s, x - gc.textExtent(s).x, y, true);
    }
}
