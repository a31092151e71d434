package tessera.modsched.ui;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

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

import tessera.modsched.io.ScheduleCsv;
import tessera.modsched.metrics.RegisterPressure;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.model.Schedule;

/**
 * Draws the modulo reservation table (II rows × one column per resource instance; each cell shows the op, its stage
 * and the iteration it belongs to), the live values per row (MaxLive) beside it and the register lifetimes below,
 * in the visual style of the DiagramCanvas (same fonts, fills, selection blue and highlight orange). Click selects an
 * op, dragging an op to another cell moves it there (same stage), Up/Down move the selected op by one cycle.
 */
public class MrtCanvas extends Canvas {
    static final int SELECTED = 0x2E86DE;
    static final int HIGHLIGHT = 0xF39C12;
    static final int CONFLICT = 0xE74C3C;
    static final int STROKE = 0x34495E;
    static final int GRID = 0xBDC3C7;
    private static final int MARGIN = 12;
    private static final int ROW_LABEL = 48;
    private static final int HEADER = 40;
    private static final int CELL_H = 40;
    private static final int LIVE_W = 150;
    private static final int CYCLE_W = 20;
    private static final int LIFE_H = 16;

    /** A user move: op to row and instance (of its own resource class). */
    public record Move(int op, int row, int instance) {
    }

    private MrtSession session;
    private final Font font;
    private final Font boldFont;
    private final Font titleFont;
    private final List<Consumer<Integer>> selectionListeners = new ArrayList<>();
    private final List<Consumer<Move>> moveListeners = new ArrayList<>();
    private final List<Consumer<Integer>> nudgeListeners = new ArrayList<>();
    /** Column i: {resource, instance}. */
    private final List<int[]> columns = new ArrayList<>();
    private int cellW = 96;
    private int dragOp = -1;
    private Point dragStart;
    private Point dragNow;
    private Set<Integer> highlighted = Set.of();

    public MrtCanvas(Composite parent, int style) {
        super(parent, style | SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND | SWT.V_SCROLL | SWT.H_SCROLL);
        FontData fd = getDisplay().getSystemFont().getFontData()[0];
        font = new Font(getDisplay(), fd.getName(), 9, SWT.NORMAL);
        boldFont = new Font(getDisplay(), fd.getName(), 9, SWT.BOLD);
        titleFont = new Font(getDisplay(), fd.getName(), 10, SWT.BOLD);
        addListener(SWT.Dispose, e -> {
            font.dispose();
            boldFont.dispose();
            titleFont.dispose();
        });
        addPaintListener(e -> {
            Rectangle ca = getClientArea();
            e.gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
            e.gc.fillRectangle(ca);
            org.eclipse.swt.graphics.Transform t = new org.eclipse.swt.graphics.Transform(getDisplay());
            t.translate(-getHorizontalBar().getSelection(), -getVerticalBar().getSelection());
            e.gc.setTransform(t);
            draw(e.gc);
            e.gc.setTransform(null);
            t.dispose();
        });
        getVerticalBar().addListener(SWT.Selection, e -> redraw());
        getHorizontalBar().addListener(SWT.Selection, e -> redraw());
        addListener(SWT.Resize, e -> updateScrollBars());
        addListener(SWT.MouseDown, e -> {
            setFocus();
            Point p = model(e.x, e.y);
            int[] c = cellAt(p.x, p.y);
            dragOp = c == null ? -1 : opIn(c);
            dragStart = p;
            dragNow = p;
        });
        addListener(SWT.MouseMove, e -> {
            if (dragOp >= 0 && (e.stateMask & SWT.BUTTON1) != 0) {
                dragNow = model(e.x, e.y);
                redraw();
            } else {
                Point p = model(e.x, e.y);
                int[] c = cellAt(p.x, p.y);
                setToolTipText(c == null ? null : tooltip(c));
            }
        });
        addListener(SWT.MouseUp, e -> {
            Point p = model(e.x, e.y);
            int[] target = cellAt(p.x, p.y);
            boolean dragged = dragStart != null && Math.abs(p.x - dragStart.x) + Math.abs(p.y - dragStart.y) >= 6;
            if (dragged && dragOp >= 0 && target != null) {
                int[] col = columns.get(target[0]);
                int inst = col[0] == session.loop().op(dragOp).resource() ? col[1] : -1;
                Move m = new Move(dragOp, target[1], inst);
                moveListeners.forEach(l -> l.accept(m));
            } else if (!dragged) {
                int op = target == null ? lifetimeAt(p.x, p.y) : opIn(target);
                selectionListeners.forEach(l -> l.accept(op));
            }
            dragOp = -1;
            dragStart = null;
            dragNow = null;
            redraw();
        });
        addListener(SWT.KeyDown, e -> {
            if (session != null && session.selected() >= 0 && (e.keyCode == SWT.ARROW_UP || e.keyCode == SWT.ARROW_DOWN)) {
                int delta = e.keyCode == SWT.ARROW_UP ? -1 : 1;
                nudgeListeners.forEach(l -> l.accept(delta));
            }
        });
    }

    public void setSession(MrtSession s) {
        session = s;
        columns.clear();
        if (s != null) {
            Machine m = s.loop().machine();
            for (int r = 0; r < m.resources().size(); r++) {
                for (int i = 0; i < m.resource(r).count(); i++) {
                    columns.add(new int[] { r, i });
                }
            }
            GC gc = new GC(getDisplay());
            gc.setFont(boldFont);
            int w = 80;
            for (var op : s.loop().operations()) {
                w = Math.max(w, gc.textExtent(op.name() + " / " + op.name()).x + 16);
            }
            for (int[] c : columns) {
                w = Math.max(w, gc.textExtent(header(c)).x + 16);
            }
            gc.setFont(font);
            w = Math.max(w, gc.textExtent("stage 99 · iter i−99" + (s.loop().hasExclusions() ? " · exclusive" : ""))
                    .x + 14);
            gc.dispose();
            cellW = w;
        }
        updateScrollBars();
        redraw();
    }

    /** Ops to draw highlighted (e.g. the ends of a violated dependence). */
    public void setHighlighted(Set<Integer> ops) {
        highlighted = Set.copyOf(ops);
        redraw();
    }

    public void addSelectionListener(Consumer<Integer> l) {
        selectionListeners.add(l);
    }

    public void addMoveListener(Consumer<Move> l) {
        moveListeners.add(l);
    }

    /** Called with -1/+1 when the user presses Up/Down on the selected op. */
    public void addNudgeListener(Consumer<Integer> l) {
        nudgeListeners.add(l);
    }

    private Point model(int x, int y) {
        return new Point(x + getHorizontalBar().getSelection(), y + getVerticalBar().getSelection());
    }

    private String header(int[] c) {
        Machine m = session.loop().machine();
        return m.resource(c[0]).name() + (m.resource(c[0]).count() > 1 ? "." + c[1] : "");
    }

    /** Left edge of column {@code i} / top of row {@code r} of the MRT, in content coordinates. */
    public int cellX(int col) {
        return MARGIN + ROW_LABEL + col * cellW;
    }

    public int cellY(int row) {
        return MARGIN + HEADER + row * CELL_H;
    }

    public int cellWidth() {
        return cellW;
    }

    public int cellHeight() {
        return CELL_H;
    }

    /** Index of the MRT column of a resource instance. */
    public int columnOf(int resource, int instance) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i)[0] == resource && columns.get(i)[1] == instance) {
                return i;
            }
        }
        return -1;
    }

    private int ii() {
        return session == null || session.schedule() == null ? 0 : session.schedule().ii();
    }

    private int[] cellAt(int x, int y) {
        if (ii() == 0 || x < cellX(0) || y < cellY(0)) {
            return null;
        }
        int col = (x - cellX(0)) / cellW;
        int row = (y - cellY(0)) / CELL_H;
        return col < columns.size() && row < ii() ? new int[] { col, row } : null;
    }

    private MrtSession.Cell cell(int[] colRow) {
        int[] c = columns.get(colRow[0]);
        for (MrtSession.Cell cell : session.cells()) {
            if (cell.resource() == c[0] && cell.instance() == c[1] && cell.row() == colRow[1]) {
                return cell;
            }
        }
        return null;
    }

    private int opIn(int[] colRow) {
        MrtSession.Cell c = cell(colRow);
        if (c == null || c.ops().isEmpty()) {
            return -1;
        }
        // a click on a shared cell cycles to the op that is not selected yet
        return c.ops().size() > 1 && c.ops().get(0) == session.selected() ? c.ops().get(1) : c.ops().get(0);
    }

    private String tooltip(int[] colRow) {
        MrtSession.Cell c = cell(colRow);
        if (c == null || c.ops().isEmpty()) {
            return header(columns.get(colRow[0])) + ", row " + colRow[1] + ": free";
        }
        StringBuilder sb = new StringBuilder();
        Schedule s = session.schedule();
        for (int op : c.ops()) {
            sb.append(sb.length() == 0 ? "" : "\n").append(session.loop().op(op).name()).append(": cycle ")
                    .append(s.time(op)).append(", stage ").append(s.stage(op)).append(", iteration ")
                    .append(ScheduleCsv.iteration(s.stage(op)));
        }
        if (c.conflict()) {
            sb.append("\nconflict: ").append(c.ops().size()).append(" ops hold this cell");
        } else if (c.ops().size() > 1) {
            sb.append("\nshared by mutually exclusive ops");
        }
        return sb.toString();
    }

    private int lifetimesTop() {
        return cellY(Math.max(ii(), 1)) + 36;
    }

    private int lifetimeAt(int x, int y) {
        if (session == null || session.pressure() == null) {
            return -1;
        }
        int i = (y - lifetimesTop() - 22) / LIFE_H;
        List<RegisterPressure.Lifetime> ls = session.pressure().lifetimes();
        return y >= lifetimesTop() + 22 && i >= 0 && i < ls.size() ? ls.get(i).producer() : -1;
    }

    /** Size of everything drawn. */
    public Point contentSize() {
        if (session == null || session.schedule() == null) {
            return new Point(400, 120);
        }
        int w = cellX(columns.size()) + 24 + LIVE_W + MARGIN;
        int cycles = maxCycle() + 1;
        w = Math.max(w, MARGIN + ROW_LABEL + cycles * CYCLE_W + MARGIN);
        int n = session.pressure().lifetimes().size();
        int h = lifetimesTop() + 22 + n * LIFE_H + 24 + MARGIN;
        return new Point(w, h);
    }

    private int maxCycle() {
        int m = session.schedule().length();
        for (RegisterPressure.Lifetime l : session.pressure().lifetimes()) {
            m = Math.max(m, l.end());
        }
        return m;
    }

    private void updateScrollBars() {
        Point size = contentSize();
        Rectangle ca = getClientArea();
        getHorizontalBar().setMaximum(size.x);
        getHorizontalBar().setThumb(Math.min(size.x, Math.max(1, ca.width)));
        getHorizontalBar().setVisible(size.x > ca.width);
        getVerticalBar().setMaximum(size.y);
        getVerticalBar().setThumb(Math.min(size.y, Math.max(1, ca.height)));
        getVerticalBar().setVisible(size.y > ca.height);
    }

    private void draw(GC gc) {
        Display d = getDisplay();
        List<Color> colors = new ArrayList<>();
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        gc.setFont(font);
        try {
            if (session == null) {
                gc.setForeground(d.getSystemColor(SWT.COLOR_DARK_GRAY));
                gc.drawText("No loop: open a .ddg file and choose Open MRT.", MARGIN, MARGIN, true);
                return;
            }
            Loop loop = session.loop();
            Schedule s = session.schedule();
            if (s == null) {
                gc.setForeground(d.getSystemColor(SWT.COLOR_DARK_GRAY));
                gc.drawText(session.summary(), MARGIN, MARGIN, true);
                return;
            }
            int ii = s.ii();
            gc.setFont(titleFont);
            gc.setForeground(color(d, STROKE, colors));
            gc.drawText("Modulo reservation table: II = " + ii + " rows × " + columns.size() + " resource units",
                    MARGIN, MARGIN, true);
            gc.setFont(boldFont);
            for (int c = 0; c < columns.size(); c++) {
                String h = header(columns.get(c));
                gc.drawText(h, cellX(c) + (cellW - gc.textExtent(h).x) / 2, cellY(0) - 18, true);
            }
            gc.setFont(font);
            List<MrtSession.Cell> cells = session.cells();
            for (MrtSession.Cell cell : cells) {
                int col = columnOf(cell.resource(), cell.instance());
                int x = cellX(col);
                int y = cellY(cell.row());
                boolean conflict = cell.conflict();
                boolean sel = cell.ops().contains(session.selected());
                boolean hi = cell.ops().stream().anyMatch(highlighted::contains);
                int fill = conflict ? 0xFADBD8 : cell.ops().isEmpty() ? 0xFFFFFF
                        : DdgDiagram.stageFill(s.stage(cell.ops().get(0)));
                gc.setBackground(color(d, hi && !conflict ? 0xFDEBD0 : fill, colors));
                gc.fillRectangle(x, y, cellW, CELL_H);
                gc.setForeground(color(d, GRID, colors));
                gc.setLineWidth(1);
                gc.drawRectangle(x, y, cellW, CELL_H);
                if (!cell.ops().isEmpty()) {
                    String name = String.join(" / ", cell.ops().stream().map(o -> loop.op(o).name()).toList());
                    int first = cell.ops().get(0);
                    String sub = conflict ? "conflict" : "stage " + s.stage(first) + " · iter "
                            + ScheduleCsv.iteration(s.stage(first)).replace("-", "−")
                            + (cell.ops().size() > 1 ? " · exclusive" : "");
                    gc.setFont(boldFont);
                    gc.setForeground(color(d, conflict ? CONFLICT : 0x000000, colors));
                    gc.drawText(name, x + (cellW - gc.textExtent(name).x) / 2, y + 4, true);
                    gc.setFont(font);
                    gc.setForeground(color(d, conflict ? CONFLICT : 0x566573, colors));
                    gc.drawText(sub, x + (cellW - gc.textExtent(sub).x) / 2, y + 21, true);
                }
                if (conflict) {
                    gc.setForeground(color(d, CONFLICT, colors));
                    gc.setLineWidth(3);
                    gc.drawRectangle(x + 1, y + 1, cellW - 2, CELL_H - 2);
                } else if (sel || hi) {
                    gc.setForeground(color(d, sel ? SELECTED : HIGHLIGHT, colors));
                    gc.setLineWidth(3);
                    gc.drawRectangle(x + 1, y + 1, cellW - 2, CELL_H - 2);
                }
                gc.setLineWidth(1);
            }
            gc.setForeground(color(d, STROKE, colors));
            for (int row = 0; row < ii; row++) {
                String r = "row " + row;
                gc.drawText(r, MARGIN + ROW_LABEL - gc.textExtent(r).x - 8, cellY(row) + (CELL_H - 14) / 2, true);
            }
            gc.setLineWidth(1);
            gc.drawRectangle(cellX(0), cellY(0), columns.size() * cellW, ii * CELL_H);
            drawLive(gc, d, colors, s);
            drawLifetimes(gc, d, colors, s);
            if (dragOp >= 0 && dragNow != null) {
                gc.setForeground(color(d, SELECTED, colors));
                gc.setLineStyle(SWT.LINE_DASH);
                gc.setLineWidth(2);
                gc.drawRectangle(dragNow.x - cellW / 2, dragNow.y - CELL_H / 2, cellW, CELL_H);
                gc.setLineStyle(SWT.LINE_SOLID);
                gc.drawText(loop.op(dragOp).name(), dragNow.x - cellW / 2 + 6, dragNow.y - 8, true);
            }
        } finally {
            colors.forEach(Color::dispose);
        }
    }

    private void drawLive(GC gc, Display d, List<Color> colors, Schedule s) {
        RegisterPressure p = session.pressure();
        int[] live = p.livePerRow();
        int x0 = cellX(columns.size()) + 24;
        int max = Math.max(1, p.maxLive());
        gc.setFont(boldFont);
        gc.setForeground(color(d, STROKE, colors));
        gc.drawText("Live values (MaxLive " + p.maxLive() + ")", x0, cellY(0) - 18, true);
        gc.setFont(font);
        for (int row = 0; row < live.length; row++) {
            int y = cellY(row) + 8;
            int w = (int) Math.round((LIVE_W - 30) * live[row] / (double) max);
            gc.setBackground(color(d, live[row] == p.maxLive() ? 0xF5B041 : 0xAED6F1, colors));
            gc.fillRectangle(x0, y, w, CELL_H - 16);
            gc.setForeground(color(d, STROKE, colors));
            gc.drawRectangle(x0, y, w, CELL_H - 16);
            gc.drawText(String.valueOf(live[row]), x0 + w + 5, y + 4, true);
        }
    }

    private void drawLifetimes(GC gc, Display d, List<Color> colors, Schedule s) {
        RegisterPressure p = session.pressure();
        int top = lifetimesTop();
        int x0 = MARGIN + ROW_LABEL;
        int cycles = maxCycle();
        gc.setFont(titleFont);
        gc.setForeground(color(d, STROKE, colors));
        gc.drawText("Register lifetimes (cycles 0.." + cycles + ", stages of II = " + s.ii() + ")", MARGIN, top - 22,
                true);
        gc.setFont(font);
        List<RegisterPressure.Lifetime> ls = p.lifetimes();
        int bottom = top + 22 + ls.size() * LIFE_H;
        // stage bands and cycle ticks
        for (int c = 0; c <= cycles; c++) {
            int x = x0 + c * CYCLE_W;
            gc.setForeground(color(d, c % s.ii() == 0 ? 0x7F8C8D : 0xE5E8E8, colors));
            gc.drawLine(x, top + 18, x, bottom);
            if (c % s.ii() == 0) {
                gc.setForeground(color(d, 0x566573, colors));
                gc.drawText(String.valueOf(c), x + 2, top + 2, true);
            }
        }
        for (int i = 0; i < ls.size(); i++) {
            RegisterPressure.Lifetime l = ls.get(i);
            int y = top + 22 + i * LIFE_H;
            String name = session.loop().op(l.producer()).name();
            boolean sel = l.producer() == session.selected();
            gc.setForeground(color(d, sel ? SELECTED : STROKE, colors));
            gc.drawText(name, x0 - gc.textExtent(name).x - 6, y, true);
            if (l.end() > l.start()) {
                int bx = x0 + l.start() * CYCLE_W;
                int bw = (l.end() - l.start()) * CYCLE_W;
                gc.setBackground(color(d, BAR[Math.floorMod(s.stage(l.producer()), BAR.length)], colors));
                gc.fillRoundRectangle(bx, y + 2, bw, LIFE_H - 4, 6, 6);
                gc.setForeground(color(d, sel ? SELECTED : highlighted.contains(l.producer()) ? HIGHLIGHT : STROKE,
                        colors));
                gc.setLineWidth(sel ? 2 : 1);
                gc.drawRoundRectangle(bx, y + 2, bw, LIFE_H - 4, 6, 6);
                gc.setLineWidth(1);
            }
        }
        gc.setForeground(color(d, 0x566573, colors));
        gc.drawText("total lifetime " + p.totalLifetime() + " cycles, MaxLive " + p.maxLive() + ", AvgLive "
                + p.avgLive() + ", register replication " + p.replicationFactor(), x0, bottom + 4, true);
    }

    /** Lifetime bars coloured by the producer's stage (the hues of the stage fills, stronger). */
    private static final int[] BAR = { 0xAED6F1, 0xA9DFBF, 0xFAD7A0, 0xD7BDE2, 0xF5B7B1, 0xA3E4D7 };

    private static Color color(Display d, int rgb, List<Color> keep) {
        Color c = new Color(d, new RGB((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF));
        keep.add(c);
        return c;
    }

    /** Renders the whole table and charts (not just the visible part) into a PNG file. */
    public void exportPng(File file) {
        Point size = contentSize();
        Image img = new Image(getDisplay(), Math.max(1, size.x), Math.max(1, size.y));
        GC gc = new GC(img);
        try {
            gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
            gc.fillRectangle(img.getBounds());
            draw(gc);
        } finally {
            gc.dispose();
        }
        try {
            ImageLoader l = new ImageLoader();
            l.data = new ImageData[] { img.getImageData() };
            l.save(file.getPath(), SWT.IMAGE_PNG);
        } finally {
            img.dispose();
        }
    }
}
