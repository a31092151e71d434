package tessera.regdem.ui;

import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
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
import org.eclipse.swt.widgets.Display;

/**
 * Base of the RegDem charts, in the visual style of {@code tessera.ui.DiagramCanvas}: white background, antialiased
 * lines and text, the system font at 9 pt (bold for titles), the same ink and highlight colours. A chart draws itself
 * into any GC of a given size, so the screen, PNG export and tests share one code path. Hovering shows
 * {@link #tooltipAt} text.
 */
public abstract class ChartCanvas extends Canvas {
    public static final int INK = 0x34495E;
    public static final int GRID = 0xE5E8EC;
    public static final int AXIS_TEXT = 0x5D6D7E;
    public static final int BLUE = 0x2E86DE;
    public static final int ORANGE = 0xF39C12;
    public static final int DEMOTE = 0xE67E22;
    public static final int GREEN = 0x27AE60;
    public static final int RED = 0xC0392B;
    public static final int LOOP = 0xEAF2FB;

    protected final Font font;
    protected final Font bold;
    protected final Font small;
    private final Map<Integer, Color> colors = new HashMap<>();

    protected ChartCanvas(Composite parent, int style) {
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

    /** Whether there is anything to draw (else a hint is shown). */
    protected abstract boolean hasContent();

    /** What the chart shows when it is empty. */
    protected String emptyText() {
        return "Open a .sass kernel in an editor to see its RegDem analysis.";
    }

    /** The size the chart needs to show everything readably (export size). */
    public abstract Point preferredSize();

    /** Hover text at a screen point of the current size, or null. */
    protected String tooltipAt(int x, int y) {
        return null;
    }

    private void render(GC gc, int w, int h) {
        gc.setBackground(color(0xFFFFFF));
        gc.fillRectangle(0, 0, w, h);
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        gc.setFont(font);
        if (!hasContent()) {
            gc.setForeground(color(AXIS_TEXT));
            gc.drawText(emptyText(), 10, 10, true);
            return;
        }
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
        int w = Math.max(pref.x, ca.width);
        int h = Math.max(pref.y, ca.height);
        Image img = new Image(getDisplay(), Math.max(1, w), Math.max(1, h));
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

    protected Color color(int rgb) {
        return colors.computeIfAbsent(rgb, c -> new Color(getDisplay(), new RGB((c >> 16) & 0xFF, (c >> 8) & 0xFF,
                c & 0xFF)));
    }

    /** A light fill of a colour (mixed with white). */
    protected static int tint(int rgb, double amount) {
        int r = (rgb >> 16) & 0xFF;
        int g = (rgb >> 8) & 0xFF;
        int b = rgb & 0xFF;
        r = (int) Math.round(255 - (255 - r) * amount);
        g = (int) Math.round(255 - (255 - g) * amount);
        b = (int) Math.round(255 - (255 - b) * amount);
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

    /** Text rotated 90° counter-clockwise, its centre at (x, y) (y-axis titles). */
    protected void textVertical(GC gc, String s, int x, int y) {
        Point e = gc.textExtent(s);
        org.eclipse.swt.graphics.Transform t = new org.eclipse.swt.graphics.Transform(getDisplay());
        try {
            t.translate(x, y);
            t.rotate(-90);
            gc.setTransform(t);
            gc.drawText(s, -e.x / 2, -e.y / 2, true);
        } finally {
            gc.setTransform(null);
            t.dispose();
        }
    }

    /** "Nice" tick step for a range (1, 2, 5 × 10^k) giving at most {@code maxTicks} ticks. */
    protected static int tickStep(double range, int maxTicks) {
        int[] bases = {1, 2, 5};
        for (int p = 1; p < 1_000_000_000; p *= 10) {
            for (int b : bases) {
                if (range / (b * p) <= maxTicks) {
                    return b * p;
                }
            }
        }
        return 1_000_000_000;
    }

    /** A legend row: swatches and labels from left to right; returns the x after the last entry. */
    protected int legend(GC gc, int x, int y, List<Object[]> entries) {
        for (Object[] e : entries) {
            int rgb = (Integer) e[0];
            String label = (String) e[1];
            boolean dashed = e.length > 2 && Boolean.TRUE.equals(e[2]);
            gc.setForeground(color(rgb));
            gc.setLineWidth(2);
            gc.setLineStyle(dashed ? SWT.LINE_DASH : SWT.LINE_SOLID);
            int lh = gc.getFontMetrics().getHeight();
            gc.drawLine(x, y + lh / 2, x + 22, y + lh / 2);
            gc.setLineStyle(SWT.LINE_SOLID);
            gc.setLineWidth(1);
            gc.setForeground(color(INK));
            text(gc, label, x + 27, y);
            x += 27 + gc.textExtent(label).x + 18;
        }
        return x;
    }

    protected static List<Object[]> entries() {
        return new ArrayList<>();
    }

    protected static Display display() {
        return Display.getCurrent();
    }
}
