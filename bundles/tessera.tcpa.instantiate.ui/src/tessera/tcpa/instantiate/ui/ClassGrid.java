package tessera.tcpa.instantiate.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.stream.Collectors;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;

import tessera.tcpa.concrete.Processor;
import tessera.tcpa.concrete.ProcessorClass;

/**
 * Seed 003 Fig. 5: the PE region as a grid, each PE filled with the colour of its processor class, and a legend with
 * each class's tile domain 𝒫_pc. Hovering shows a PE's tile and class; clicking selects its class.
 */
final class ClassGrid extends PaintCanvas {
    private static final int MARGIN = 16;
    private static final int TITLE = 30;
    private static final int LEGEND_ROW = 20;

    private Instantiation in;
    private int selectedClass = -1;
    private final List<IntConsumer> listeners = new ArrayList<>();
    // geometry of the last draw, for hit tests
    private int cell;
    private int x0;
    private int y0;

    ClassGrid(Composite parent) {
        super(parent, SWT.NONE);
        addListener(SWT.MouseUp, e -> {
            Processor p = peAt(e.x, e.y);
            if (p != null && p.getProcessorClass() != null) {
                select(in.classIndex(p.getProcessorClass()));
                listeners.forEach(l -> l.accept(selectedClass));
            }
        });
    }

    void setInstantiation(Instantiation in) {
        this.in = in;
        this.selectedClass = -1;
        redraw();
    }

    void select(int c) {
        selectedClass = c;
        redraw();
    }

    int getSelectedClass() {
        return selectedClass;
    }

    void addClassListener(IntConsumer l) {
        listeners.add(l);
    }

    @Override
    protected String emptyText() {
        return in == null ? emptyMessage() : null;
    }

    private int legendHeight() {
        return in == null ? 0 : 10 + LEGEND_ROW * in.config().getProcessorClasses().size();
    }

    @Override
    public Point preferredSize() {
        if (in == null || in.config() == null) {
            return new Point(400, 100);
        }
        int c = Math.min(96, Math.max(18, 600 / Math.max(in.cols(), in.rows())));
        return new Point(Math.max(2 * MARGIN + in.cols() * c, 640), TITLE + in.rows() * c + legendHeight() + 2 * MARGIN);
    }

    @Override
    protected void draw(GC gc, int w, int h) {
        var cfg = in.config();
        gc.setFont(bold);
        gc.drawText("Processor classes of " + in.headline(), MARGIN, 8, true);
        gc.setFont(font);
        int availW = w - 2 * MARGIN;
        int availH = h - TITLE - legendHeight() - 2 * MARGIN;
        cell = Math.max(14, Math.min(120, Math.min(availW / Math.max(1, in.cols()), availH / Math.max(1, in.rows()))));
        x0 = MARGIN;
        y0 = TITLE + MARGIN / 2;
        for (Processor p : cfg.getProcessors()) {
            int c = p.getProcessorClass() == null ? -1 : in.classIndex(p.getProcessorClass());
            int x = x0 + p.getCol() * cell;
            int y = y0 + p.getRow() * cell;
            int rgb = c < 0 ? MUTED : classColor(c);
            gc.setBackground(color(tint(rgb, selectedClass < 0 || selectedClass == c ? 0.55 : 0.2)));
            gc.fillRectangle(x + 1, y + 1, cell - 2, cell - 2);
            gc.setForeground(color(selectedClass == c ? SELECTED : rgb));
            gc.setLineWidth(selectedClass == c ? 3 : 1);
            gc.drawRectangle(x + 1, y + 1, cell - 3, cell - 3);
            gc.setLineWidth(1);
            gc.setForeground(color(INK));
            if (cell >= 36) {
                gc.setFont(bold);
                textCentered(gc, c < 0 ? "–" : cfg.getProcessorClasses().get(c).getName(), x + cell / 2, y + cell / 2 - 16);
                gc.setFont(small);
                textCentered(gc, "(" + p.getRow() + "," + p.getCol() + ")", x + cell / 2, y + cell / 2 + 2);
                gc.setFont(font);
            }
        }
        int ly = y0 + in.rows() * cell + 14;
        for (int c = 0; c < cfg.getProcessorClasses().size(); c++) {
            ProcessorClass pc = cfg.getProcessorClasses().get(c);
            gc.setBackground(color(tint(classColor(c), 0.55)));
            gc.fillRectangle(MARGIN, ly + 2, 14, 14);
            gc.setForeground(color(selectedClass == c ? SELECTED : classColor(c)));
            gc.drawRectangle(MARGIN, ly + 2, 14, 14);
            gc.setForeground(color(INK));
            gc.setFont(selectedClass == c ? bold : font);
            gc.drawText(legend(c), MARGIN + 22, ly, true);
            gc.setFont(font);
            ly += LEGEND_ROW;
        }
    }

    /** "P1 = { [k] : k <= 1 }: 2 PEs, FUs alu0 alu1, kernel space { [j] : … }". */
    String legend(int c) {
        ProcessorClass pc = in.config().getProcessorClasses().get(c);
        long pes = in.config().getProcessors().stream().filter(p -> p.getProcessorClass() == pc).count();
        return pc.getName() + " = " + pc.getDomain() + ":  " + pes + " PE" + (pes == 1 ? "" : "s") + ", kernel space " + pc.getKernelSpace()
                + ", FUs " + String.join(" ", in.fus(c));
    }

    Processor peAt(int x, int y) {
        if (in == null || in.config() == null || cell == 0 || x < x0 || y < y0) {
            return null;
        }
        int col = (x - x0) / cell;
        int row = (y - y0) / cell;
        return in.config().getProcessors().stream().filter(p -> p.getRow() == row && p.getCol() == col).findFirst().orElse(null);
    }

    @Override
    protected String tooltipAt(int x, int y) {
        Processor p = peAt(x, y);
        if (p == null) {
            return null;
        }
        String tile = p.getTile().stream().map(String::valueOf).collect(Collectors.joining(", ", "(", ")"));
        ProcessorClass pc = p.getProcessorClass();
        return "PE (" + p.getRow() + "," + p.getCol() + "): tile K = " + tile + "\nclass " + (pc == null ? "none" : pc.getName() + " = "
                + pc.getDomain());
    }
}
