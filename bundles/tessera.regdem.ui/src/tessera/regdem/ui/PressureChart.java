package tessera.regdem.ui;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;

import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassPrinter;
import tessera.regdem.sass.SassProgram;

/**
 * Register pressure per instruction (seed 004 §3.4 liveness; {@link PressureSeries}): the original kernel and a
 * variant as step curves on the original instruction order, loop bodies shaded, the register counts as dashed lines,
 * and the demote code the variant inserted as orange ticks (with the pressure at that code as dots).
 */
public class PressureChart extends ChartCanvas {
    private static final Margins MARGINS = new Margins(64, 24, 64, 56);

    private PressureSeries series;
    private String title = "";
    private String variantName = "";
    private SassProgram program;

    public PressureChart(Composite parent, int style) {
        super(parent, style);
    }

    public void show(PressureSeries s, String chartTitle, String variantLabel, SassProgram original) {
        series = s;
        title = chartTitle;
        variantName = variantLabel;
        program = original;
        redraw();
    }

    public PressureSeries getSeries() {
        return series;
    }

    @Override
    protected boolean hasContent() {
        return series != null && series.size() > 0;
    }

    @Override
    public Point preferredSize() {
        int n = series == null ? 100 : series.size();
        return new Point(Math.max(960, MARGINS.left() + MARGINS.right() + n * 6), 440);
    }

    private int yMax() {
        int m = Math.max(series.originalRegisters(), series.variantRegisters());
        m = Math.max(m, Math.max(series.maxOriginal(), series.maxVariant()));
        int step = tickStep(m, 10);
        return (m / step + 1) * step;
    }

    @Override
    protected void draw(GC gc, int w, int h) {
        int n = series.size();
        int px = MARGINS.left();
        int pw = MARGINS.width(w);
        int py = MARGINS.top();
        int ph = MARGINS.height(h);
        double dx = pw / (double) n;
        int ymax = yMax();
        gc.setFont(bold);
        gc.setForeground(color(INK));
        text(gc, title, 10, 8);
        gc.setFont(font);
        List<Object[]> le = entries();
        le.add(new Object[] {INK, "original (" + series.originalRegisters() + " registers)"});
        if (series.variant() != null) {
            le.add(new Object[] {BLUE, variantName + " (" + series.variantRegisters() + " registers)"});
        }
        le.add(new Object[] {DEMOTE, "demote code inserted before the instruction (dot: its pressure)"});
        int lx = legend(gc, 10, 32, le);
        gc.setBackground(color(LOOP));
        gc.fillRectangle(lx, 34, 22, 12);
        gc.setForeground(color(INK));
        text(gc, "loop body", lx + 27, 32);
        // loop shading (deeper loops darker)
        for (int i = 0; i < n; i++) {
            int d = series.loopDepth()[i];
            if (d > 0) {
                gc.setBackground(color(tint(0x9CC3EA, Math.min(1, 0.22 * d))));
                gc.fillRectangle(px + (int) Math.floor(i * dx), py, (int) Math.ceil(dx) + 1, ph);
            }
        }
        // grid and y axis
        int step = tickStep(ymax, 10);
        gc.setLineWidth(1);
        for (int v = 0; v <= ymax; v += step) {
            int y = py + ph - (int) Math.round(v * ph / (double) ymax);
            gc.setForeground(color(GRID));
            gc.drawLine(px, y, px + pw, y);
            gc.setForeground(color(AXIS_TEXT));
            textRight(gc, String.valueOf(v), px - 6, y - gc.getFontMetrics().getHeight() / 2);
        }
        int xs = tickStep(n, Math.max(2, pw / 70));
        for (int i = 0; i < n; i += xs) {
            int x = px + (int) Math.round((i + 0.5) * dx);
            gc.setForeground(color(INK));
            gc.drawLine(x, py + ph, x, py + ph + 4);
            gc.setForeground(color(AXIS_TEXT));
            textCentered(gc, String.valueOf(i), x, py + ph + 6);
        }
        gc.setForeground(color(INK));
        gc.drawRectangle(px, py, pw, ph);
        textCentered(gc, "instruction (original program order; the variant's inserted demote code sits between)",
                px + pw / 2, h - 24);
        textVertical(gc, "live registers", 16, py + ph / 2);
        // register counts
        refLine(gc, series.originalRegisters(), INK, "original: " + series.originalRegisters() + " registers", px, pw,
                py, ph, ymax, true);
        if (series.variant() != null && series.variantRegisters() != series.originalRegisters()) {
            refLine(gc, series.variantRegisters(), BLUE, "variant: " + series.variantRegisters() + " registers", px,
                    pw, py, ph, ymax, false);
        }
        // the original wider underneath, so both stay visible where they coincide
        steps(gc, series.original(), INK, 4, px, py, ph, dx, ymax);
        if (series.variant() != null) {
            steps(gc, series.variant(), BLUE, 2, px, py, ph, dx, ymax);
        }
        // demote ticks and their pressure
        for (int i = 0; i < n; i++) {
            if (series.insertedBefore()[i] > 0) {
                int x = px + (int) Math.round(i * dx);
                gc.setForeground(color(DEMOTE));
                gc.setLineWidth(2);
                gc.drawLine(x, py + ph, x, py + ph - Math.min(18, 5 + 3 * series.insertedBefore()[i]));
                gc.setBackground(color(DEMOTE));
                int y = py + ph - (int) Math.round(series.maxInserted()[i] * ph / (double) ymax);
                gc.fillOval(x - 3, y - 3, 6, 6);
            }
        }
        if (!series.note().isEmpty()) {
            gc.setForeground(color(RED));
            text(gc, series.note(), px + 8, py + 6);
        }
        gc.setLineWidth(1);
    }

    private void refLine(GC gc, int v, int rgb, String label, int px, int pw, int py, int ph, int ymax, boolean above) {
        int y = py + ph - (int) Math.round(v * ph / (double) ymax);
        gc.setForeground(color(rgb));
        gc.setLineWidth(1);
        gc.setLineStyle(SWT.LINE_DASH);
        gc.drawLine(px, y, px + pw, y);
        gc.setLineStyle(SWT.LINE_SOLID);
        int th = gc.getFontMetrics().getHeight();
        String s = label;
        int tw = gc.textExtent(s).x;
        gc.setBackground(color(0xFFFFFF));
        int ty = above ? y - th - 1 : y + 2;
        gc.fillRectangle(px + pw - tw - 8, ty, tw + 4, th);
        textRight(gc, s, px + pw - 6, ty);
    }

    private void steps(GC gc, int[] v, int rgb, int width, int px, int py, int ph, double dx, int ymax) {
        gc.setForeground(color(rgb));
        gc.setLineWidth(width);
        int[] pts = new int[v.length * 4];
        for (int i = 0; i < v.length; i++) {
            int y = py + ph - (int) Math.round(v[i] * ph / (double) ymax);
            pts[4 * i] = px + (int) Math.round(i * dx);
            pts[4 * i + 1] = y;
            pts[4 * i + 2] = px + (int) Math.round((i + 1) * dx);
            pts[4 * i + 3] = y;
        }
        gc.drawPolyline(pts);
        gc.setLineWidth(1);
    }

    @Override
    protected String tooltipAt(int x, int y) {
        if (!hasContent()) {
            return null;
        }
        int w = getClientArea().width;
        int pw = MARGINS.width(w);
        int i = (int) Math.floor((x - MARGINS.left()) / (pw / (double) series.size()));
        if (i < 0 || i >= series.size()) {
            return null;
        }
        StringBuilder sb = new StringBuilder("instruction " + i);
        if (program != null && program.lines().get(series.lineOf()[i]) instanceof Line.Instr ins) {
            sb.append(": ").append(SassPrinter.withGuard(ins));
        }
        sb.append("\noriginal: ").append(series.original()[i]).append(" live registers");
        if (series.variant() != null) {
            sb.append("\n").append(variantName).append(": ").append(series.variant()[i]).append(" live registers");
        }
        if (series.insertedBefore()[i] > 0) {
            sb.append("\n").append(series.insertedBefore()[i]).append(" demote instructions inserted before it (max ")
                    .append(series.maxInserted()[i]).append(" live)");
        }
        if (series.loopDepth()[i] > 0) {
            sb.append("\nloop depth ").append(series.loopDepth()[i]);
        }
        return sb.toString();
    }
}
