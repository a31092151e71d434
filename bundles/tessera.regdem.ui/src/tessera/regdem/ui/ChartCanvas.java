package tessera.regdem.ui;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;

import tessera.ui.ChartSurface;

/**
 * Base of the RegDem charts on {@link ChartSurface} (the Studio chart style): the RegDem palette, axis ticks, legends
 * and vertical axis titles; an empty chart shows {@link #hint}.
 */
public abstract class ChartCanvas extends ChartSurface {
    public static final int AXIS_TEXT = 0x5D6D7E;
    public static final int BLUE = 0x2E86DE;
    public static final int ORANGE = 0xF39C12;
    public static final int DEMOTE = 0xE67E22;
    public static final int GREEN = 0x27AE60;
    public static final int RED = 0xC0392B;
    public static final int LOOP = 0xEAF2FB;

    /** The margins around a chart's plot area, in pixels. */
    protected record Margins(int left, int right, int top, int bottom) {
        /** The plot area's width in a chart {@code w} pixels wide (at least 10). */
        public int width(int w) {
            return Math.max(10, w - left - right);
        }

        /** The plot area's height in a chart {@code h} pixels high (at least 10). */
        public int height(int h) {
            return Math.max(10, h - top - bottom);
        }
    }

    protected ChartCanvas(Composite parent, int style) {
        super(parent, style);
    }

    /** Whether there is anything to draw (else {@link #hint} is shown). */
    protected abstract boolean hasContent();

    @Override
    protected final String emptyText() {
        return hasContent() ? null : hint();
    }

    @Override
    protected int emptyInk() {
        return AXIS_TEXT;
    }

    /** What the chart shows when it is empty. */
    protected String hint() {
        return "Open a .sass kernel in an editor to see its RegDem analysis.";
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
