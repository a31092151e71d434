package tessera.palmed.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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

import tessera.palmed.predict.Comparison;

/**
 * Seed 000 Fig. 4(a): one heatmap per tool, x = reference IPC (native or the simulated machine), y = predicted IPC /
 * reference IPC; the darker a cell, the more blocks fall into it; the red line is a perfect prediction (ratio 1).
 * Ratios outside [0, 2] are drawn in the border rows. Each panel's title carries the tool's RMS error and Kendall τ.
 */
public final class IpcHeatmap extends Canvas {
    static final int BINS_X = 24;
    static final int BINS_Y = 20;
    static final double MAX_RATIO = 2;
    private Comparison.Table table;
    private final Font font;
    private final Font bold;

    public IpcHeatmap(Composite parent, int style) {
        super(parent, style | SWT.DOUBLE_BUFFERED);
        FontData fd = getDisplay().getSystemFont().getFontData()[0];
        font = new Font(getDisplay(), fd.getName(), 9, SWT.NORMAL);
        bold = new Font(getDisplay(), fd.getName(), 10, SWT.BOLD);
        addPaintListener(e -> {
            Rectangle ca = getClientArea();
            draw(e.gc, ca.width, ca.height);
        });
        addListener(SWT.Resize, e -> redraw());
        addListener(SWT.Dispose, e -> {
            font.dispose();
            bold.dispose();
        });
    }

    public void setTable(Comparison.Table t) {
        table = t;
        redraw();
    }

    public Comparison.Table getTable() {
        return table;
    }

    /** One tool's grid: counts[x][y] of blocks per (reference IPC bin, ratio bin). */
    static int[][] histogram(double[] reference, double[] predicted, double maxIpc) {
        int[][] c = new int[BINS_X][BINS_Y + 1];
        for (int i = 0; i < reference.length; i++) {
            if (!(reference[i] > 0) || Double.isNaN(predicted[i])) {
                continue;
            }
            int x = Math.min(BINS_X - 1, (int) (reference[i] / maxIpc * BINS_X));
            double ratio = predicted[i] / reference[i];
            // bins centred on multiples of 0.1 so that a perfect prediction (ratio 1) sits on the red line
            int y = Math.max(0, Math.min(BINS_Y, (int) Math.floor(ratio / MAX_RATIO * BINS_Y + 0.5)));
            c[x][y]++;
        }
        return c;
    }

    /** Tools with predictions: Palmed always, llvm-mca when it ran. */
    List<String> tools() {
        List<String> t = new ArrayList<>();
        t.add("Palmed");
        if (table != null && table.hasMca()) {
            t.add("llvm-mca");
        }
        return t;
    }

    void draw(GC gc, int w, int h) {
        Color white = new Color(getDisplay(), new RGB(255, 255, 255));
        gc.setBackground(white);
        gc.fillRectangle(0, 0, w, h);
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        gc.setFont(font);
        if (table == null) {
            gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
            gc.drawText("Run \"Infer and compare\" on a .portmap (or palmed compare) to see predicted vs. measured IPC.",
                    12, 12, true);
            white.dispose();
            return;
        }
        double maxIpc = 0;
        for (double r : table.reference()) {
            maxIpc = Math.max(maxIpc, r);
        }
        maxIpc = Math.max(1, Math.ceil(maxIpc));
        List<String> tools = tools();
        int pw = (w - 20) / tools.size();
        for (int t = 0; t < tools.size(); t++) {
            boolean palmed = t == 0;
            double[] pred = palmed ? table.palmed() : table.mca();
            double err = palmed ? table.palmedError() : table.mcaError();
            double tau = palmed ? table.palmedTau() : table.mcaTau();
            panel(gc, 10 + t * pw, 0, pw, h, tools.get(t), histogram(table.reference(), pred, maxIpc), maxIpc,
                    String.format(Locale.ROOT, "%s — RMS error %.1f %%, Kendall τ %.3f", tools.get(t), 100 * err,
                            tau));
        }
        white.dispose();
    }

    private void panel(GC gc, int x0, int y0, int w, int h, String tool, int[][] c, double maxIpc, String title) {
        int left = x0 + 52;
        int top = y0 + 48;
        int gw = w - 70;
        int gh = h - 96;
        gc.setFont(bold);
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
        gc.drawText(title, x0 + 4, y0 + 6, true);
        gc.setFont(font);
        int max = 1;
        for (int[] col : c) {
            for (int v : col) {
                max = Math.max(max, v);
            }
        }
        double cw = (double) gw / BINS_X;
        double ch = (double) gh / BINS_Y;
        for (int x = 0; x < BINS_X; x++) {
            for (int y = 0; y <= BINS_Y; y++) {
                if (c[x][y] == 0) {
                    continue;
                }
                // log scale: a single block stays visible next to dense cells
                double f = Math.log1p(c[x][y]) / Math.log1p(max);
                int shade = (int) Math.round(235 - 200 * f);
                Color col = new Color(getDisplay(), new RGB(shade, shade, Math.min(255, shade + 30)));
                gc.setBackground(col);
                int px = left + (int) Math.round(x * cw);
                int py = top + gh - (int) Math.round((y + 0.5) * ch);
                gc.fillRectangle(px, Math.max(top, py), (int) Math.ceil(cw), (int) Math.ceil(ch) - Math.max(0, top - py));
                col.dispose();
            }
        }
        Color ink = new Color(getDisplay(), new RGB(0x34, 0x49, 0x5E));
        gc.setForeground(ink);
        gc.drawRectangle(left, top, gw, gh);
        for (int k = 0; k <= 4; k++) {
            double ratio = MAX_RATIO * k / 4;
            int py = top + gh - (int) Math.round(ratio / MAX_RATIO * gh);
            gc.drawLine(left - 4, py, left, py);
            String s = String.format(Locale.ROOT, "%.1f", ratio);
            gc.drawText(s, left - 8 - gc.textExtent(s).x, py - 7, true);
        }
        for (int k = 0; k <= (int) maxIpc; k++) {
            int px = left + (int) Math.round(k / maxIpc * gw);
            gc.drawLine(px, top + gh, px, top + gh + 4);
            String s = Integer.toString(k);
            gc.drawText(s, px - gc.textExtent(s).x / 2, top + gh + 6, true);
        }
        String xl = "reference IPC (" + table.referenceName() + ")";
        Point e = gc.textExtent(xl);
        gc.drawText(xl, left + (gw - e.x) / 2, top + gh + 24, true);
        gc.drawText("predicted / reference IPC", x0 + 4, y0 + 26, true);
        Color red = new Color(getDisplay(), new RGB(0xC0, 0x39, 0x2B));
        gc.setForeground(red);
        gc.setLineWidth(2);
        int one = top + gh - (int) Math.round(1 / MAX_RATIO * gh);
        gc.drawLine(left, one, left + gw, one);
        gc.setLineWidth(1);
        red.dispose();
        ink.dispose();
    }

    @Override
    public Point computeSize(int wHint, int hHint, boolean changed) {
        return new Point(wHint > 0 ? wHint : 900, hHint > 0 ? hHint : 420);
    }
}
