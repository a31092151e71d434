package tessera.regdem.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;

import tessera.regdem.occupancy.DemotionTargets;
import tessera.regdem.occupancy.Occupancy;
import tessera.regdem.occupancy.OccupancyCalculator;

/**
 * Occupancy versus registers per thread ({@link OccupancyCurve}) for the kernel's architecture and block size: the
 * calculator's step curve with every cliff marked and numbered, the curve RegDem can reach (spill shared memory
 * included), the kernel's register count, the demotion targets of the automatic utility and the shown variant.
 */
public class OccupancyChart extends ChartCanvas {
    private static final Margins MARGINS = new Margins(64, 28, 92, 56);

    private OccupancyCurve curve;
    private String variantName;
    private int variantRegisters = -1;
    private double variantOccupancy;
    private double kernelOccupancy;

    public OccupancyChart(Composite parent, int style) {
        super(parent, style);
    }

    /**
     * @param kernelOcc occupancy of the original kernel (static shared memory)
     * @param vName     variant to mark (null for none), with its registers and occupancy (spill memory included)
     */
    public void show(OccupancyCurve c, double kernelOcc, String vName, int vRegs, double vOcc) {
        curve = c;
        kernelOccupancy = kernelOcc;
        variantName = vName;
        variantRegisters = vRegs;
        variantOccupancy = vOcc;
        redraw();
    }

    public OccupancyCurve getCurve() {
        return curve;
    }

    @Override
    protected boolean hasContent() {
        return curve != null;
    }

    @Override
    public Point preferredSize() {
        return new Point(1080, 500);
    }

    private int xOf(int r, int px, int pw) {
        return px + (int) Math.round(r * pw / (double) curve.maxRegisters());
    }

    private static int yOf(double occ, int py, int ph) {
        return py + ph - (int) Math.round(occ * ph);
    }

    @Override
    protected void draw(GC gc, int w, int h) {
        int px = MARGINS.left();
        int pw = MARGINS.width(w);
        int py = MARGINS.top();
        int ph = MARGINS.height(h);
        int max = curve.maxRegisters();
        int th = gc.getFontMetrics().getHeight();
        gc.setFont(bold);
        gc.setForeground(color(INK));
        text(gc, String.format(Locale.ROOT, "Occupancy vs. registers per thread — %s, %d threads/block, %d B static"
                + " shared memory", curve.arch().name(), curve.threads(), curve.staticSmem()), 10, 8);
        gc.setFont(font);
        List<Object[]> le = entries();
        le.add(new Object[] {INK, "occupancy (NVIDIA calculator rule)"});
        le.add(new Object[] {GREEN, "reachable by demotion (k·n·4 B spill shared memory added)", true});
        int lx = legend(gc, 10, 32, le);
        gc.setBackground(color(RED));
        gc.fillOval(lx, 36, 7, 7);
        gc.setForeground(color(INK));
        text(gc, "cliff (last register count before a drop)", lx + 12, 32);
        String cl = "cliffs at " + curve.cliffs().stream().map(String::valueOf).collect(Collectors.joining(", "))
                + " registers";
        gc.setForeground(color(AXIS_TEXT));
        text(gc, cl, 10, 32 + th + 4);
        // grid
        for (int k = 0; k <= 10; k++) {
            double o = k / 10.0;
            int y = yOf(o, py, ph);
            gc.setForeground(color(GRID));
            gc.drawLine(px, y, px + pw, y);
            gc.setForeground(color(AXIS_TEXT));
            textRight(gc, String.format(Locale.ROOT, "%.1f", o), px - 6, y - th / 2);
        }
        for (int r = 0; r <= max; r += 16) {
            int x = xOf(r, px, pw);
            gc.setForeground(color(GRID));
            gc.drawLine(x, py, x, py + ph);
            gc.setForeground(color(AXIS_TEXT));
            textCentered(gc, String.valueOf(r), x, py + ph + 6);
        }
        gc.setForeground(color(INK));
        gc.drawRectangle(px, py, pw, ph);
        textCentered(gc, "registers per thread", px + pw / 2, h - 24);
        textVertical(gc, "occupancy (active warps ÷ maximum)", 16, py + ph / 2);
        // curves
        stepCurve(gc, curve.plain(), 1, max, INK, false, px, pw, py, ph);
        stepCurve(gc, curve.withSpill(), 1, curve.registers() - 1, GREEN, true, px, pw, py, ph);
        // cliffs with their numbers, staggered so neighbours do not overlap
        gc.setFont(small);
        int sth = gc.getFontMetrics().getHeight();
        List<int[]> placed = new ArrayList<>();
        for (int r : curve.cliffs()) {
            int x = xOf(r, px, pw);
            int y = yOf(curve.plain()[r], py, ph);
            gc.setBackground(color(RED));
            gc.fillOval(x - 3, y - 3, 7, 7);
            String s = String.valueOf(r);
            int tw = gc.textExtent(s).x;
            int row = 0;
            boolean clash = true;
            while (clash && row < 3) {
                clash = false;
                for (int[] p : placed) {
                    if (p[2] == row && Math.abs(p[0] - x) < (tw + p[1]) / 2 + 3 && Math.abs(p[3] - y) < 3 * sth) {
                        clash = true;
                    }
                }
                if (clash) {
                    row++;
                }
            }
            placed.add(new int[] {x, tw, row, y});
            gc.setForeground(color(RED));
            textCentered(gc, s, x, y - 4 - sth * (row + 1));
        }
        gc.setFont(font);
        // markers: kernel, targets, variant
        marker(gc, curve.registers(), kernelOccupancy, INK, String.format(Locale.ROOT, "kernel: %d registers, %.3f",
                curve.registers(), kernelOccupancy), px, pw, py, ph, 0);
        int i = 1;
        for (DemotionTargets.Target t : curve.targets()) {
            int x = xOf(t.targetRegisters(), px, pw);
            int y = yOf(t.occupancy().occupancy(), py, ph);
            gc.setBackground(color(GREEN));
            gc.fillPolygon(new int[] {x, y - 6, x + 6, y, x, y + 6, x - 6, y});
            gc.setForeground(color(GREEN));
            String s = String.format(Locale.ROOT, "target %d (demote %d): %.3f", t.targetRegisters(), t.demote(),
                    t.occupancy().occupancy());
            text(gc, s, x + 9, y + 4 + (i - 1) * th);
            i++;
        }
        if (variantName != null && variantRegisters > 0 && variantRegisters != curve.registers()) {
            marker(gc, variantRegisters, variantOccupancy, BLUE, String.format(Locale.ROOT, "%s: %d registers, %.3f",
                    variantName, variantRegisters, variantOccupancy), px, pw, py, ph, 1);
        }
    }

    private void marker(GC gc, int r, double occ, int rgb, String label, int px, int pw, int py, int ph, int slot) {
        int x = xOf(r, px, pw);
        gc.setForeground(color(rgb));
        gc.setLineWidth(2);
        gc.setLineStyle(SWT.LINE_DOT);
        gc.drawLine(x, py, x, py + ph);
        gc.setLineStyle(SWT.LINE_SOLID);
        gc.setLineWidth(1);
        gc.setBackground(color(rgb));
        int y = yOf(occ, py, ph);
        gc.fillOval(x - 4, y - 4, 9, 9);
        int th = gc.getFontMetrics().getHeight();
        int tw = gc.textExtent(label).x;
        // label inside the plot, near the bottom, on the side with room
        int lx = x + 6 + tw < px + pw ? x + 6 : x - 6 - tw;
        int ly = py + ph - (2 + slot) * (th + 4);
        gc.setBackground(color(0xFFFFFF));
        gc.fillRectangle(lx - 2, ly, tw + 4, th);
        gc.setForeground(color(rgb));
        text(gc, label, lx, ly);
    }

    private void stepCurve(GC gc, double[] v, int from, int to, int rgb, boolean dashed, int px, int pw, int py,
            int ph) {
        if (to < from) {
            return;
        }
        List<Integer> pts = new ArrayList<>();
        for (int r = from; r <= to; r++) {
            if (Double.isNaN(v[r])) {
                continue;
            }
            int y = yOf(v[r], py, ph);
            int x0 = xOf(r - 1, px, pw) + (xOf(r, px, pw) - xOf(r - 1, px, pw)) / 2;
            int x1 = xOf(r, px, pw) + (xOf(r + 1 > curve.maxRegisters() ? r : r + 1, px, pw) - xOf(r, px, pw)) / 2;
            pts.add(x0);
            pts.add(y);
            pts.add(x1);
            pts.add(y);
        }
        gc.setForeground(color(rgb));
        gc.setLineWidth(2);
        gc.setLineStyle(dashed ? SWT.LINE_DASH : SWT.LINE_SOLID);
        gc.drawPolyline(pts.stream().mapToInt(Integer::intValue).toArray());
        gc.setLineStyle(SWT.LINE_SOLID);
        gc.setLineWidth(1);
    }

    @Override
    protected String tooltipAt(int x, int y) {
        if (curve == null) {
            return null;
        }
        int pw = MARGINS.width(getClientArea().width);
        int r = (int) Math.round((x - MARGINS.left()) * curve.maxRegisters() / (double) pw);
        if (r < 1 || r > curve.maxRegisters()) {
            return null;
        }
        Occupancy o = OccupancyCalculator.compute(curve.arch(), r, curve.threads(), curve.staticSmem());
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%d registers: occupancy %.4f (%d blocks/SM; limits: warps %d, registers %d, shared memory %d)", r,
                o.occupancy(), o.blocksPerSM(), o.limitByWarps(), o.limitByRegisters(), o.limitBySharedMemory()));
        if (!Double.isNaN(curve.withSpill()[r])) {
            sb.append(String.format(Locale.ROOT, "\nafter demoting %d registers: %.4f", curve.registers() - r + 2,
                    curve.withSpill()[r]));
        }
        return sb.toString();
    }
}
