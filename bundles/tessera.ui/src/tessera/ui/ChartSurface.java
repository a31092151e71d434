package tessera.ui;

import java.io.File;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/**
 * Base of the Studio charts, in {@link DiagramCanvas}'s style (white, antialiased, system font 9 pt, bold 10 pt for
 * titles): a chart paints itself into any GC of a given size, so the screen, the PNG export and tests share one path.
 * Hovering shows {@link #tooltipAt} text; while there is no chart, {@link #emptyText} is shown instead.
 */
public abstract class ChartSurface extends Canvas {
    public static final int INK = 0x34495E;
    public static final int GRID = 0xE5E8EC;

    protected final Font font;
    protected final Font bold;
    protected final Font small;
    private final Map<Integer, Color> colors = new HashMap<>();

    protected ChartSurface(Composite parent, int style) {
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

    /** Draws the whole chart into a w × h area at the origin. */
    protected abstract void draw(GC gc, int w, int h);

    /** What to show instead of a chart (a hint or an error), or null when there is a chart. */
    protected abstract String emptyText();

    /** The colour of {@link #emptyText}. */
    protected int emptyInk() {
        return INK;
    }

    /** The size at which everything is readable (export size). */
    public abstract Point preferredSize();

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
        String empty = emptyText();
        if (empty != null) {
            gc.setForeground(color(emptyInk()));
            gc.drawText(empty, 10, 10, true);
            return;
        }
        gc.setForeground(color(INK));
        draw(gc, w, h);
    }

    @Override
    public Point computeSize(int wHint, int hHint, boolean changed) {
        Point p = preferredSize();
        return new Point(wHint == SWT.DEFAULT ? p.x : wHint, hHint == SWT.DEFAULT ? p.y : hHint);
    }

    /** Renders the chart at {@code max(preferred, current)} size into a PNG file. */
    public File exportPng(File file) {
        Point pref = preferredSize();
        Rectangle ca = getClientArea();
        int w = Math.max(1, Math.max(pref.x, ca.width));
        int h = Math.max(1, Math.max(pref.y, ca.height));
        return Screenshots.paintPng(getDisplay(), w, h, gc -> render(gc, w, h), file);
    }

    /** The colour 0xRRGGBB (created once per chart, disposed with it). */
    protected Color color(int rgb) {
        return colors.computeIfAbsent(rgb, c -> new Color(getDisplay(), new RGB((c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF)));
    }

    /** A colour mixed with white: amount 1 = the colour, 0 = white. */
    public static int tint(int rgb, double amount) {
        int r = (int) Math.round(255 - (255 - ((rgb >> 16) & 0xFF)) * amount);
        int g = (int) Math.round(255 - (255 - ((rgb >> 8) & 0xFF)) * amount);
        int b = (int) Math.round(255 - (255 - (rgb & 0xFF)) * amount);
        return (r << 16) | (g << 8) | b;
    }

    protected static void text(GC gc, String s, int x, int y) {
        gc.drawText(s, x, y, true);
    }

    /** Text centred on x. */
    protected static void textCentered(GC gc, String s, int x, int y) {
        gc.drawText(s, x - gc.textExtent(s).x / 2, y, true);
    }

    /** Text right-aligned at x. */
    protected static void textRight(GC gc, String s, int x, int y) {
        gc.drawText(s, x - gc.textExtent(s).x, y, true);
    }
}
