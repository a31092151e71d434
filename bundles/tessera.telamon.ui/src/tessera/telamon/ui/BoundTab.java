package tessera.telamon.ui;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;

import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.model.Domains;
import tessera.telamon.model.ExecutionGraph;
import tessera.telamon.model.Explanation;
import tessera.telamon.model.Hardware;
import tessera.telamon.model.LowerBound;
import tessera.ui.Layouts;

/**
 * Seed 001 §5.7 (Fig. 5.4) in Studio: the lower bound B(c) of the Telamon view's current candidate for a chosen GPU
 * and program ordering, its explanation as a tree, and G^𝒟 drawn with the program points ℙ_0 left to right, the edges
 * as arcs labelled with their weight in cycles, and the critical path E_∅ → X_∅ of B_0 in red.
 */
final class BoundTab {
    /** The built-in GPUs ({@link Hardware#BUILT_IN}) as the combo lists them. */
    static final List<String> GPUS = List.of("hopper", "kepler");
    static final Color CRITICAL = new Color(200, 30, 30), OTHER = new Color(120, 140, 175),
            NODE = new Color(235, 240, 250),
            NODE_CRITICAL = new Color(255, 225, 220), TEXT = new Color(40, 40, 40), WEIGHT = new Color(90, 100, 120);
    static final int GAP = 14, MARGIN = 16, NODE_H = 22, MAX_ARC = 150;

    final Combo gpu, ordering;
    final Label summary, legend;
    final Tree tree;
    final Canvas graph;
    private final ScrolledComposite scroller;
    private final Font bold;
    private final Runnable onChange;
    private TelamonSession session;
    private Candidate analysedFor;
    private String analysedWith;
    private LowerBound.Analysis analysis;
    private String failure;

    BoundTab(CTabFolder tabs, Font bold, Runnable onChange) {
        this.bold = bold;
        this.onChange = onChange;
        Composite tab = new Composite(tabs, SWT.NONE);
        tab.setLayout(Layouts.grid(1, 2, 2));
        Composite bar = new Composite(tab, SWT.NONE);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        bar.setLayout(Layouts.grid(4, 0, 0));
        new Label(bar, SWT.NONE).setText("GPU");
        gpu = new Combo(bar, SWT.READ_ONLY);
        gpu.setItems("Hopper (sm_90)", "Kepler (Quadro K4000)");
        gpu.select(0);
        new Label(bar, SWT.NONE).setText("  ordering");
        ordering = new Combo(bar, SWT.READ_ONLY);
        ordering.setItems("compiled (what survives ptxas)", "emitted (the thesis's)");
        ordering.select(0);
        summary = new Label(tab, SWT.WRAP);
        summary.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        summary.setFont(bold);
        gpu.addListener(SWT.Selection, e -> show(session));
        ordering.addListener(SWT.Selection, e -> show(session));

        SashForm split = new SashForm(tab, SWT.VERTICAL);
        split.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        tree = new Tree(split, SWT.BORDER | SWT.SINGLE | SWT.V_SCROLL | SWT.H_SCROLL);
        Composite bottom = new Composite(split, SWT.NONE);
        bottom.setLayout(Layouts.grid(1, 0, 0));
        scroller = new ScrolledComposite(bottom, SWT.BORDER | SWT.H_SCROLL | SWT.V_SCROLL);
        scroller.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        graph = new Canvas(scroller, SWT.DOUBLE_BUFFERED);
        graph.setBackground(graph.getDisplay().getSystemColor(SWT.COLOR_WHITE));
        graph.addListener(SWT.Paint, e -> paint(e.gc));
        graph.addListener(SWT.MouseMove, e -> hover(e.x, e.y));
        scroller.addListener(SWT.Resize, e -> {
            scroller.setMinSize(graphSize());
            graph.redraw();
        });
        scroller.setContent(graph);
        scroller.setExpandHorizontal(true);
        scroller.setExpandVertical(true);
        legend = new Label(bottom, SWT.WRAP);
        legend.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        legend.setText("G^𝒟 (eq. 5.40–5.46): the program points ℙ_0 left to right in program order. Red above: the "
                + "critical path E∅ → X∅ of B_0 (dashed: a program-order step, 0 cycles). Grey below: the other "
                + "weighted edges (the heaviest of parallel ones). Weights in cycles; a point's full name as its "
                + "tooltip.");
        split.setWeights(38, 62);
        Layouts.tab(tabs, "Bound (Fig. 5.4)", tab);
    }

    /** Shows the bound of the session's current candidate (null: nothing loaded); recomputes only when it changed. */
    void show(TelamonSession s) {
        session = s;
        Candidate c = s == null ? null : s.current();
        String with = gpuKey() + "/" + ordering();
        if (c == analysedFor && with.equals(analysedWith) && c != null) {
            return;
        }
        analysedFor = c;
        analysedWith = with;
        analysis = null;
        failure = null;
        if (c != null) {
            try {
                analysis = LowerBound.analyse(Domains.of(s.kernel(), c), Hardware.builtIn(gpuKey()), ordering());
            } catch (RuntimeException | StackOverflowError e) {
                failure = "No bound for this candidate: " + (e.getMessage() == null ? e.toString() : e.getMessage());
            }
        }
        fill();
        if (onChange != null) {
            onChange.run();
        }
    }

    String gpuKey() {
        return GPUS.get(Math.max(0, gpu.getSelectionIndex()));
    }

    LowerBound.Ordering ordering() {
        return ordering.getSelectionIndex() == 1 ? LowerBound.Ordering.EMITTED : LowerBound.Ordering.COMPILED;
    }

    /** The bound shown, or null (nothing loaded, or the candidate has none). */
    LowerBound.Analysis analysis() {
        return analysis;
    }

    private void fill() {
        tree.removeAll();
        int colour = failure != null ? SWT.COLOR_DARK_RED : SWT.COLOR_WIDGET_FOREGROUND;
        summary.setForeground(summary.getDisplay().getSystemColor(colour));
        if (analysis == null) {
            summary.setText(failure != null ? failure : "Open a .kernel file: the lower bound of its candidate.");
        } else {
            LowerBound.Bound b = analysis.bound();
            double path = 0;
            for (ExecutionGraph.Edge e : analysis.criticalPath()) {
                path += e.why() == null ? 0 : e.why().value();
            }
            summary.setText(String.format(Locale.ROOT,
                    "B = %s cycles = %s on %s (%s); critical path of B_0: %d edge(s), %s cycles",
                    cycles(b.cycles()), time(b.nanoseconds()), Hardware.builtIn(gpuKey()).name(),
                    ordering().name().toLowerCase(Locale.ROOT), analysis.criticalPath().size(), cycles(path)));
            TreeItem root = new TreeItem(tree, SWT.NONE);
            add(root, b.why());
            root.setFont(bold);
            expand(root, 2);
        }
        summary.getParent().layout(true, true);
        Point size = graphSize();
        scroller.setMinSize(size);
        graph.redraw();
    }

    static String cycles(double v) {
        return String.format(Locale.ROOT, "%,.1f", v);
    }

    static String time(double ns) {
        return ns >= 1e6 ? String.format(Locale.ROOT, "%,.2f ms", ns / 1e6)
                : ns >= 1e3 ? String.format(Locale.ROOT, "%,.2f µs", ns / 1e3)
                : String.format(Locale.ROOT, "%,.1f ns", ns);
    }

    /** A node's text: "value cycles — kind: what". */
    static String text(Explanation x) {
        return cycles(x.value()) + " cycles — " + x.kind() + ": " + x.what();
    }

    private static void add(TreeItem item, Explanation x) {
        item.setText(text(x));
        item.setData(x);
        for (Explanation p : x.parts()) {
            add(new TreeItem(item, SWT.NONE), p);
        }
    }

    private static void expand(TreeItem item, int depth) {
        if (depth > 0) {
            item.setExpanded(true);
            for (TreeItem c : item.getItems()) {
                expand(c, depth - 1);
            }
        }
    }

    // ------------------------------------------------------------------ G^𝒟

    /** The x of each point's centre, its label width, and the drawing's size. */
    private record Layout(int[] x, int[] w, int width, int height, int mid, int maxArc) {
    }

    /** A point's label as drawn: a level with more than two dimensions shows its first and how many more. */
    static String shortLabel(String label) {
        int open = label.indexOf('{');
        if (open < 0 || label.length() <= 18) {
            return label;
        }
        String[] dims = label.substring(open + 1, label.length() - 1).split(",");
        return label.substring(0, open + 1) + dims[0] + ",…+" + (dims.length - 1) + "}";
    }

    private Layout layout(GC gc) {
        List<String> pts = analysis == null ? List.of() : analysis.points();
        int[] x = new int[pts.size()], w = new int[pts.size()];
        int at = MARGIN;
        for (int i = 0; i < pts.size(); i++) {
            w[i] = gc.textExtent(shortLabel(pts.get(i))).x + 10;
            x[i] = at + w[i] / 2;
            at += w[i] + GAP;
        }
        int fh = gc.getFontMetrics().getHeight();
        // arcs as high as the visible area allows (scrolling is horizontal only), at least 30 pixels
        int room = (scroller.getClientArea().height - NODE_H - 2 * fh - 2 * MARGIN) / 2;
        int up = Math.max(30, Math.min(MAX_ARC, room));
        int height = NODE_H + 2 * up + 2 * fh + 2 * MARGIN;
        return new Layout(x, w, at + MARGIN, height, MARGIN + up + fh + NODE_H / 2, up);
    }

    /** The height of an arc over {@code dx} pixels. */
    private static int arcHeight(int dx, int max) {
        return Math.min(max, 10 + dx / 4);
    }

    /** The full label of the point under the mouse as the tooltip. */
    private void hover(int x, int y) {
        String tip = null;
        if (analysis != null) {
            GC gc = new GC(graph);
            try {
                Layout l = layout(gc);
                for (int i = 0; i < l.x().length; i++) {
                    if (Math.abs(x - l.x()[i]) <= l.w()[i] / 2 && Math.abs(y - l.mid()) <= NODE_H / 2) {
                        tip = analysis.points().get(i);
                    }
                }
            } finally {
                gc.dispose();
            }
        }
        if (!java.util.Objects.equals(tip, graph.getToolTipText())) {
            graph.setToolTipText(tip);
        }
    }

    private Point graphSize() {
        GC gc = new GC(graph);
        try {
            Layout l = layout(gc);
            return analysis == null ? new Point(1, 1) : new Point(l.width(), l.height());
        } finally {
            gc.dispose();
        }
    }

    /** The weighted edges not on the critical path, one per pair of points (the heaviest). */
    private Map<Long, ExecutionGraph.Edge> others(Set<ExecutionGraph.Edge> critical) {
        Map<Long, ExecutionGraph.Edge> r = new LinkedHashMap<>();
        for (ExecutionGraph.Edge e : analysis.edges()) {
            if (e.why() == null || e.why().value() <= 0 || critical.contains(e)) {
                continue;
            }
            long k = (long) e.from() << 32 | e.to();
            ExecutionGraph.Edge old = r.get(k);
            if (old == null || old.why().value() < e.why().value()) {
                r.put(k, e);
            }
        }
        return r;
    }

    private void paint(GC gc) {
        if (analysis == null) {
            return;
        }
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        Layout l = layout(gc);
        int mid = l.mid(), top = mid - NODE_H / 2, bottom = mid + NODE_H / 2;
        Set<ExecutionGraph.Edge> critical = new HashSet<>(analysis.criticalPath());
        Set<Integer> onPath = new HashSet<>();
        for (ExecutionGraph.Edge e : analysis.criticalPath()) {
            onPath.add(e.from());
            onPath.add(e.to());
        }
        // the other weighted edges below the line, thin
        gc.setLineStyle(SWT.LINE_SOLID);
        gc.setLineWidth(1);
        gc.setForeground(OTHER);
        List<int[]> labels = new ArrayList<>();
        for (ExecutionGraph.Edge e : others(critical).values()) {
            int x1 = l.x()[e.from()], x2 = l.x()[e.to()], h = arcHeight(x2 - x1, l.maxArc());
            gc.drawArc(x1, bottom - h, x2 - x1, 2 * h, 180, 180);
            arrow(gc, x2, bottom, false);
            labels.add(new int[] { (x1 + x2) / 2, bottom + h, (int) Math.round(e.why().value() * 10) });
        }
        gc.setForeground(WEIGHT);
        List<org.eclipse.swt.graphics.Rectangle> drawn = new ArrayList<>();
        for (int[] t : labels) {
            String s = cycles(t[2] / 10.0);
            Point ext = gc.textExtent(s);
            // below the arc's lowest point, else inside it (nearer the line) when that spot is taken
            for (int k = 0; k < 3; k++) {
                int y = t[1] + 1 - k * (ext.y + 1);
                var r = new org.eclipse.swt.graphics.Rectangle(t[0] - ext.x / 2 - 2, y, ext.x + 4, ext.y);
                if (r.y > bottom && drawn.stream().noneMatch(r::intersects)) {
                    drawn.add(r);
                    gc.drawString(s, r.x + 2, r.y, true);
                    break;
                }
            }
        }
        // the critical path above the line, thick red (program-order steps dashed)
        gc.setForeground(CRITICAL);
        for (ExecutionGraph.Edge e : analysis.criticalPath()) {
            int x1 = l.x()[e.from()], x2 = l.x()[e.to()], h = arcHeight(x2 - x1, l.maxArc());
            boolean order = e.why() == null;
            gc.setLineWidth(order ? 1 : 3);
            gc.setLineStyle(order ? SWT.LINE_DASH : SWT.LINE_SOLID);
            gc.drawArc(x1, top - h, x2 - x1, 2 * h, 0, 180);
            gc.setLineStyle(SWT.LINE_SOLID);
            arrow(gc, x2, top, true);
            if (!order && e.why().value() > 0) {
                String s = cycles(e.why().value());
                Point ext = gc.textExtent(s);
                gc.setFont(bold);
                gc.drawString(s, (x1 + x2) / 2 - gc.textExtent(s).x / 2, top - h - ext.y - 1, true);
                gc.setFont(null);
            }
        }
        // the points
        gc.setLineWidth(1);
        gc.setLineStyle(SWT.LINE_SOLID);
        for (int i = 0; i < l.x().length; i++) {
            int x = l.x()[i] - l.w()[i] / 2;
            boolean on = onPath.contains(i);
            gc.setBackground(on ? NODE_CRITICAL : NODE);
            gc.fillRoundRectangle(x, top, l.w()[i], NODE_H, 8, 8);
            gc.setForeground(on ? CRITICAL : OTHER);
            gc.drawRoundRectangle(x, top, l.w()[i], NODE_H, 8, 8);
            gc.setForeground(TEXT);
            String s = shortLabel(analysis.points().get(i));
            Point ext = gc.textExtent(s);
            gc.drawString(s, l.x()[i] - ext.x / 2, mid - ext.y / 2, true);
        }
    }

    /** A small arrowhead at (x, y) pointing down (an arc above the line) or up (below). */
    private static void arrow(GC gc, int x, int y, boolean down) {
        int d = down ? -1 : 1;
        Color c = gc.getForeground();
        gc.setBackground(c);
        gc.fillPolygon(new int[] { x, y, x - 4, y + 7 * d, x + 4, y + 7 * d });
    }
}
