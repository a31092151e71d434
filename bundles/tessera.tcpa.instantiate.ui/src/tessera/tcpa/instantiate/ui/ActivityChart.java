package tessera.tcpa.instantiate.ui;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;

/**
 * Per-PE activity over cycles (a Gantt chart): one row per PE and FU, one column per cycle; a cycle in which the FU
 * executes an operation is filled with its processor class's colour, a nop is grey, before the PE's start and after
 * its halt the cell stays white. Hovering shows the instruction executed.
 */
final class ActivityChart extends PaintCanvas {
    private static final int ROW = 16;
    private static final int HEADER = 64;
    private static final int NOP_GREY = 0xCCD1D5;

    private Simulation sim;
    private int labelW;
    private double cellW;

    ActivityChart(Composite parent) {
        super(parent, SWT.NONE);
    }

    void setSimulation(Simulation s) {
        sim = s;
        redraw();
    }

    @Override
    protected String emptyText() {
        return sim == null ? emptyMessage() : sim.ok() ? null : "No simulation: see the message above.";
    }

    private int cycles() {
        return sim.activity().isEmpty() ? 0 : sim.activity().get(0).state().length;
    }

    @Override
    public Point preferredSize() {
        if (sim == null || !sim.ok()) {
            return new Point(500, 120);
        }
        return new Point(200 + Math.max(600, cycles() * 8), HEADER + sim.activity().size() * ROW + 30);
    }

    @Override
    protected void draw(GC gc, int w, int h) {
        gc.setFont(bold);
        gc.drawText("PE activity of " + sim.instantiation().headline() + " over " + sim.cycles() + " cycles", 10, 6, true);
        gc.setFont(font);
        labelW = 10;
        for (Simulation.Row r : sim.activity()) {
            labelW = Math.max(labelW, gc.textExtent(r.name() + "  " + r.busyCycles()).x + 24);
        }
        int n = Math.max(1, cycles());
        cellW = Math.max(1.0, Math.min(16.0, (w - labelW - 16) / (double) n));
        legend(gc, 10, 26);
        int top = HEADER;
        // cycle axis: a tick every k cycles where labels do not collide
        int step = 1;
        while (step * cellW < 28) {
            step = step < 5 ? 5 : step * 2;
        }
        gc.setFont(small);
        for (int c = 0; c < n; c += step) {
            int x = labelW + (int) Math.round(c * cellW);
            gc.setForeground(color(GRID));
            gc.drawLine(x, top - 2, x, top + sim.activity().size() * ROW);
            gc.setForeground(color(MUTED));
            gc.drawText(Integer.toString(c), x + 1, top - 16, true);
        }
        gc.setFont(font);
        int y = top;
        int prevPe = Integer.MIN_VALUE;
        for (Simulation.Row r : sim.activity()) {
            int pe = r.peRow() * 100_000 + r.peCol();
            if (pe != prevPe && prevPe != Integer.MIN_VALUE) {
                gc.setForeground(color(0xAAB7B8));
                gc.drawLine(4, y, labelW + (int) Math.round(n * cellW), y);
            }
            prevPe = pe;
            gc.setForeground(color(INK));
            gc.drawText(r.name(), 8, y + 1, true);
            gc.setForeground(color(MUTED));
            gc.setFont(small);
            textRight(gc, Integer.toString(r.busyCycles()), labelW - 8, y + 2);
            gc.setFont(font);
            int busy = classColor(r.classIndex());
            for (int c = 0; c < r.state().length; c++) {
                if (r.state()[c] == Simulation.IDLE) {
                    continue;
                }
                int x0 = labelW + (int) Math.round(c * cellW);
                int x1 = labelW + (int) Math.round((c + 1) * cellW);
                gc.setBackground(color(r.state()[c] == Simulation.BUSY ? busy : NOP_GREY));
                gc.fillRectangle(x0, y + 2, Math.max(1, x1 - x0 - (cellW >= 4 ? 1 : 0)), ROW - 4);
            }
            y += ROW;
        }
        if (!sim.traceComplete()) {
            gc.setForeground(color(0xC0392B));
            gc.drawText("(trace limited to " + Simulation.TRACE_LIMIT + " steps: later cycles are not shown)", 10, y + 6, true);
        }
    }

    private void legend(GC gc, int x, int y) {
        Object[][] entries = {{classColor(0), "operation (colour of the PE's class)"}, {NOP_GREY, "nop"}, {0xFFFFFF, "not started / halted"}};
        for (Object[] e : entries) {
            gc.setBackground(color((Integer) e[0]));
            gc.fillRectangle(x, y + 3, 14, 11);
            gc.setForeground(color(MUTED));
            gc.drawRectangle(x, y + 3, 14, 11);
            gc.setForeground(color(INK));
            gc.drawText((String) e[1], x + 20, y, true);
            x += 20 + gc.textExtent((String) e[1]).x + 24;
        }
        gc.drawText("the number after a row's name: its cycles with an operation", x, y, true);
    }

    @Override
    protected String tooltipAt(int x, int y) {
        if (sim == null || !sim.ok() || cellW <= 0 || x < labelW || y < HEADER) {
            return null;
        }
        int row = (y - HEADER) / ROW;
        int c = (int) ((x - labelW) / cellW);
        if (row >= sim.activity().size()) {
            return null;
        }
        Simulation.Row r = sim.activity().get(row);
        if (c >= r.state().length) {
            return null;
        }
        String what = r.state()[c] == Simulation.IDLE ? "not executing" : r.text() == null ? (r.state()[c] == Simulation.BUSY ? "operation" : "nop")
                : r.text()[c];
        return r.name() + ", cycle " + c + ": " + what;
    }
}
