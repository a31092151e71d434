package tessera.telamon.ui;

import java.util.List;
import java.util.Locale;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;

import tessera.telamon.pipeline.SearchRun;
import tessera.telamon.search.SearchTree;
import tessera.ui.ChartSurface;

/**
 * Seed 001 §6.1 in Studio: a search's best time (ns, log scale when it spans more than a factor 10) against the
 * evaluations or the wall time in s, as a step line with a dot at every new best; on the project's own
 * {@link ChartSurface} (SWTChart is published only on Eclipse p2 sites, which the build does not use).
 */
final class SearchChart extends ChartSurface {
    static final int LINE = 0x2E86DE, NEW_BEST = 0xC0392B, AXIS = 0x5D6D7E;
    private static final int LEFT = 78, RIGHT = 18, TOP = 30, BOTTOM = 40;

    private List<SearchTree.Point> points = List.of();
    private boolean wallTime;
    private String hint = "Run a search: its best time against the evaluations.";

    SearchChart(Composite parent) {
        super(parent, SWT.NONE);
    }

    /** Shows a trace (empty: the hint). */
    void show(List<SearchTree.Point> trace, String emptyHint) {
        points = trace == null ? List.of() : trace;
        hint = emptyHint;
        redraw();
    }

    /** The x axis: evaluations (false) or wall time in s (true). */
    void setWallTime(boolean w) {
        wallTime = w;
        redraw();
    }

    boolean wallTime() {
        return wallTime;
    }

    /** The points drawn: evaluations with a measured best time. */
    int pointCount() {
        return (int) points.stream().filter(p -> Double.isFinite(p.best())).count();
    }

    @Override
    protected String emptyText() {
        return pointCount() == 0 ? hint : null;
    }

    @Override
    protected int emptyInk() {
        return AXIS;
    }

    @Override
    public Point preferredSize() {
        return new Point(640, 260);
    }

    private double x(SearchTree.Point p) {
        return wallTime ? p.ms() / 1000.0 : p.evaluation();
    }

    @Override
    protected void draw(GC gc, int w, int h) {
        List<SearchTree.Point> pts = points.stream().filter(p -> Double.isFinite(p.best())).toList();
        double xMax = Math.max(wallTime ? 1e-3 : 1, x(points.get(points.size() - 1)));
        double lo = pts.stream().mapToDouble(SearchTree.Point::best).min().orElse(1);
        double hi = pts.stream().mapToDouble(SearchTree.Point::best).max().orElse(1);
        boolean log = hi / lo > 10;
        if (!log && hi - lo < 1e-9 * hi) {
            lo = hi * 0.9;
            hi = hi * 1.1;
        }
        double yLo = log ? Math.log10(lo) : lo, yHi = log ? Math.log10(hi) : hi;
        if (log) {
            yLo = Math.floor(yLo * 4) / 4;
            yHi = Math.ceil(yHi * 4) / 4;
        }
        int pw = Math.max(10, w - LEFT - RIGHT), ph = Math.max(10, h - TOP - BOTTOM);
        double fy0 = yLo, fy1 = yHi;
        java.util.function.DoubleUnaryOperator px = v -> LEFT + v / xMax * pw;
        java.util.function.DoubleUnaryOperator py = v -> {
            double t = log ? Math.log10(v) : v;
            return TOP + ph - (t - fy0) / (fy1 - fy0) * ph;
        };
        gc.setFont(bold);
        text(gc, "Best time against " + (wallTime ? "wall time (s)" : "evaluations") + String.format(Locale.ROOT,
                " — %d evaluations, best %s", points.size(), SearchRun.time(pts.get(pts.size() - 1).best())),
                LEFT, 6);
        gc.setFont(small);
        // grid and ticks
        gc.setForeground(color(GRID));
        gc.drawRectangle(LEFT, TOP, pw, ph);
        for (int i = 0; i <= 4; i++) {
            double v = fy0 + (fy1 - fy0) * i / 4;
            int y = (int) Math.round(TOP + ph - (double) i / 4 * ph);
            gc.setForeground(color(GRID));
            gc.drawLine(LEFT, y, LEFT + pw, y);
            gc.setForeground(color(AXIS));
            textRight(gc, SearchRun.time(log ? Math.pow(10, v) : v), LEFT - 4, y - 6);
        }
        for (int i = 0; i <= 5; i++) {
            double v = xMax * i / 5;
            int x = (int) Math.round(LEFT + (double) i / 5 * pw);
            gc.setForeground(color(GRID));
            gc.drawLine(x, TOP, x, TOP + ph);
            gc.setForeground(color(AXIS));
            textCentered(gc, wallTime ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.0f", v),
                    x, TOP + ph + 3);
        }
        gc.setFont(font);
        textCentered(gc, wallTime ? "wall time since the start (s)" : "evaluations", LEFT + pw / 2, TOP + ph + 18);
        text(gc, log ? "best (log)" : "best", 6, TOP - 16);
        // the step line
        gc.setLineWidth(2);
        gc.setForeground(color(LINE));
        int prevX = -1, prevY = -1;
        double prevBest = Double.POSITIVE_INFINITY;
        for (SearchTree.Point p : pts) {
            int x = (int) Math.round(px.applyAsDouble(x(p)));
            int y = (int) Math.round(py.applyAsDouble(p.best()));
            if (prevX >= 0) {
                gc.drawLine(prevX, prevY, x, prevY);
                gc.drawLine(x, prevY, x, y);
            }
            if (p.best() < prevBest) {
                gc.setBackground(color(NEW_BEST));
                gc.fillOval(x - 3, y - 3, 7, 7);
                prevBest = p.best();
            }
            prevX = x;
            prevY = y;
        }
        int endX = (int) Math.round(px.applyAsDouble(xMax));
        if (prevX >= 0 && endX > prevX) {
            gc.drawLine(prevX, prevY, endX, prevY);
        }
        gc.setLineWidth(1);
    }

    @Override
    protected String tooltipAt(int x, int y) {
        if (pointCount() == 0) {
            return null;
        }
        int pw = Math.max(10, getClientArea().width - LEFT - RIGHT);
        double xMax = Math.max(wallTime ? 1e-3 : 1, x(points.get(points.size() - 1)));
        double v = (x - LEFT) / (double) pw * xMax;
        SearchTree.Point at = null;
        for (SearchTree.Point p : points) {
            if (x(p) <= v) {
                at = p;
            }
        }
        return at == null || !Double.isFinite(at.best()) ? null : String.format(Locale.ROOT,
                "evaluation %d at %.3f s: best %s", at.evaluation(), at.ms() / 1000.0, SearchRun.time(at.best()));
    }
}
