package tessera.dspace.ui;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TabFolder;
import org.eclipse.swt.widgets.TabItem;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;
import tessera.dspace.runtime.explore.Explorer;
import tessera.ui.DiagramCanvas;
import tessera.ui.Layouts;

/**
 * The candidate explorer (seed 001a §3.1.2, issue 7): the decision vector as a table (choice instance × remaining
 * values), a decision editor (tick the values to keep, Apply), the values propagation removed highlighted, undo/redo,
 * the history of decisions, the search tree below the current candidate, solution count and dead-end rate for small
 * instances, and the graph of choices and the constraints linking them.
 */
public class ExplorerPanel extends Composite {
    /** Row highlights. */
    static final RGB REMOVED = new RGB(0xFF, 0xF0, 0xB3), DECIDED = new RGB(0xD6, 0xEA, 0xF8), FAILED = new RGB(0xC0, 0x39, 0x2B),
            FIXED = new RGB(0x7F, 0x8C, 0x8D), SOLUTION = new RGB(0x1E, 0x84, 0x49);
    static final int TREE_NODES = 400;
    static final long COUNT_LIMIT = 100_000;
    static final double SECONDS = 2;

    private final Label header;
    private final Label status;
    private final Button undo, redo, hidden, apply;
    private final Table vector, values, history;
    private final Tree tree;
    private final Label selectedLabel;
    private final TabFolder tabs;
    private final DiagramCanvas graph;
    private final Font bold;
    private ExplorerSession session;
    private List<Explorer.Entry> rows = List.of();
    private Explorer.Entry selected;
    private ExplorerSession.Stats stats;
    private final Set<String> highlighted = new HashSet<>();

    public ExplorerPanel(Composite parent, int style) {
        super(parent, style);
        setLayout(new GridLayout(1, false));
        header = new Label(this, SWT.NONE);
        header.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        FontData fd = header.getFont().getFontData()[0];
        bold = new Font(getDisplay(), fd.getName(), fd.getHeight(), SWT.BOLD);
        header.setFont(bold);
        header.setText("Open a .exh decision space (with a JSON instance next to it) to explore its candidates.");

        Composite bar = new Composite(this, SWT.NONE);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        bar.setLayout(new GridLayout(3, false));
        undo = Layouts.button(bar, "Undo", this::undo);
        redo = Layouts.button(bar, "Redo", this::redo);
        hidden = new Button(bar, SWT.CHECK);
        hidden.setText("compiler choices (counter δ, quotient representatives)");
        hidden.addListener(SWT.Selection, e -> refresh());
        status = new Label(this, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));

        SashForm sash = new SashForm(this, SWT.HORIZONTAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        Composite left = new Composite(sash, SWT.NONE);
        left.setLayout(new GridLayout(1, false));
        vector = new Table(left, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE);
        vector.setHeaderVisible(true);
        vector.setLinesVisible(true);
        vector.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        Layouts.column(vector, "choice instance", 190);
        Layouts.column(vector, "kind", 60);
        Layouts.column(vector, "remaining values", 240);
        Layouts.column(vector, "removed by the last decision", 170);
        vector.addListener(SWT.Selection, e -> {
            int i = vector.getSelectionIndex();
            select(i < 0 ? null : rows.get(i));
        });

        Group decide = new Group(left, SWT.NONE);
        decide.setText("Decide: keep the ticked values");
        decide.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, false));
        decide.setLayout(new GridLayout(2, false));
        selectedLabel = new Label(decide, SWT.NONE);
        selectedLabel.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        selectedLabel.setText("select an open choice instance in the table");
        values = new Table(decide, SWT.BORDER | SWT.CHECK | SWT.V_SCROLL);
        GridData vd = new GridData(SWT.FILL, SWT.FILL, true, false);
        vd.heightHint = 70;
        values.setLayoutData(vd);
        apply = Layouts.button(decide, "Apply", this::applyChecked);
        apply.setLayoutData(new GridData(SWT.BEGINNING, SWT.BEGINNING, false, false));

        tabs = new TabFolder(sash, SWT.TOP);
        TabItem ht = new TabItem(tabs, SWT.NONE);
        ht.setText("History");
        history = new Table(tabs, SWT.BORDER | SWT.FULL_SELECTION);
        history.setHeaderVisible(true);
        history.setLinesVisible(true);
        Layouts.column(history, "#", 30);
        Layouts.column(history, "decision", 220);
        Layouts.column(history, "propagation", 320);
        ht.setControl(history);
        TabItem tt = new TabItem(tabs, SWT.NONE);
        tt.setText("Search tree");
        tree = new Tree(tabs, SWT.BORDER);
        tt.setControl(tree);
        TabItem gt = new TabItem(tabs, SWT.NONE);
        gt.setText("Choice graph");
        graph = new DiagramCanvas(tabs, SWT.NONE);
        gt.setControl(graph);
        sash.setWeights(new int[] { 55, 45 });
        // fit the graph once its tab has a size (it is laid out while hidden)
        tabs.addListener(SWT.Selection, e -> {
            if (tabs.getSelectionIndex() == 2) {
                graph.fit();
            }
        });
        graph.addListener(SWT.Resize, e -> graph.fit());
        addListener(SWT.Dispose, e -> bold.dispose());
        refresh();
    }

    /** Shows a session (null: the empty state with {@code message}). */
    public void setSession(ExplorerSession s, String message) {
        session = s;
        selected = null;
        if (s == null) {
            header.setText(message);
            graph.setDiagram(null);
        } else {
            header.setText(name(s.spaceFile()) + " on " + name(s.instanceFile()) + ":  " + count(s.program().choices.stream()
                    .filter(c -> !c.hidden()).count(), "choice") + ", " + count(s.program().groups.size(), "propagator group"));
            graph.setDiagram(ChoiceGraph.build(name(s.spaceFile()), s.program()));
        }
        highlighted.clear();
        refresh();
        layout(true, true); // the header may have several lines (diagnostics)
    }

    static String count(long n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    private static String name(String path) {
        return path.substring(path.replace('\\', '/').lastIndexOf('/') + 1);
    }

    public ExplorerSession getSession() {
        return session;
    }

    /** Selects the row of a choice instance, e.g. {@code order(i0, i1)}; false when it is not shown. */
    public boolean selectInstance(String instance) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).instance().equals(instance)) {
                vector.setSelection(i);
                vector.showSelection();
                select(rows.get(i));
                return true;
            }
        }
        return false;
    }

    /** Ticks exactly the given values of the selected instance. */
    public void check(List<String> keep) {
        for (TableItem it : values.getItems()) {
            it.setChecked(keep.contains(it.getText()));
        }
    }

    private void select(Explorer.Entry e) {
        selected = e;
        values.removeAll();
        boolean decidable = e != null && !e.kind().equals("counter") && e.values().size() > 1 && !current().failed();
        if (e == null) {
            selectedLabel.setText("select an open choice instance in the table");
        } else if (e.kind().equals("counter")) {
            selectedLabel.setText(e.instance() + " is a counter: it follows the choices it counts");
        } else {
            selectedLabel.setText(e.instance() + (decidable ? "" : " is fixed"));
            for (String v : e.values()) {
                TableItem it = new TableItem(values, SWT.NONE);
                it.setText(v);
                it.setChecked(true);
            }
        }
        values.setEnabled(decidable);
        apply.setEnabled(decidable);
    }

    private tessera.dspace.runtime.csp.Candidate current() {
        return session.explorer().current();
    }

    /** Applies the ticked values of the selected instance as a decision. */
    public Explorer.Step applyChecked() {
        if (session == null || selected == null) {
            return null;
        }
        List<String> keep = new ArrayList<>();
        for (TableItem it : values.getItems()) {
            if (it.getChecked()) {
                keep.add(it.getText());
            }
        }
        return apply(new Explorer.Decision(selected.choice(), selected.objects(), keep));
    }

    public Explorer.Step apply(Explorer.Decision d) {
        Explorer.Step s = session.explorer().apply(d);
        markLast();
        refresh();
        return s;
    }

    public void undo() {
        if (session != null && session.explorer().undo()) {
            markLast();
            refresh();
        }
    }

    public void redo() {
        if (session != null && session.explorer().redo()) {
            markLast();
            refresh();
        }
    }

    /** The instances the last decision touched (the decided one and those propagation restricted). */
    private void markLast() {
        highlighted.clear();
        List<Explorer.Step> h = session.explorer().history();
        if (!h.isEmpty()) {
            highlighted.addAll(h.get(h.size() - 1).removed().keySet());
        }
    }

    private Explorer.Step last() {
        List<Explorer.Step> h = session == null ? List.of() : session.explorer().history();
        return h.isEmpty() ? null : h.get(h.size() - 1);
    }

    /** Rebuilds every part from the explorer's current candidate. */
    public void refresh() {
        vector.removeAll();
        history.removeAll();
        tree.removeAll();
        undo.setEnabled(session != null && session.explorer().canUndo());
        redo.setEnabled(session != null && session.explorer().canRedo());
        if (session == null) {
            rows = List.of();
            status.setText("");
            select(null);
            return;
        }
        Explorer ex = session.explorer();
        Explorer.Step last = last();
        rows = ex.vector(hidden.getSelection());
        Color removedBg = new Color(getDisplay(), REMOVED), decidedBg = new Color(getDisplay(), DECIDED),
                fixedFg = new Color(getDisplay(), FIXED);
        String decidedKey = last == null ? null
                : last.decision().choice() + "(" + String.join(", ", last.decision().objects()) + ")";
        for (Explorer.Entry e : rows) {
            TableItem it = new TableItem(vector, SWT.NONE);
            String vals = e.kind().equals("counter") ? "[" + e.min() + ", " + bound(e.max()) + "]"
                    : e.values().isEmpty() ? "∅ (no value left)" : String.join(" | ", e.values());
            List<String> gone = last == null ? null : last.removed().get(e.instance());
            it.setText(new String[] { e.instance(), e.kind(), vals, gone == null ? "" : "− " + String.join(" | ", gone) });
            if (e.instance().equals(decidedKey)) {
                it.setBackground(decidedBg);
                it.setFont(bold);
            } else if (highlighted.contains(e.instance())) {
                it.setBackground(removedBg);
            }
            if (e.fixed() && !e.instance().equals(decidedKey)) {
                it.setForeground(fixedFg);
            }
        }
        int n = 1;
        for (Explorer.Step s : ex.history()) {
            TableItem it = new TableItem(history, SWT.NONE);
            int removedValues = s.removed().values().stream().mapToInt(List::size).sum();
            it.setText(new String[] { Integer.toString(n++), s.decision().toString(), s.failed() ? "dead end: " + s.failure()
                    : count(removedValues, "value") + " removed from " + count(s.removed().size(), "instance") + detail(s.removed()) });
            if (s.failed()) {
                it.setForeground(new Color(getDisplay(), FAILED));
            }
        }
        fillTree();
        updateStatus();
        select(null);
    }

    private static String detail(Map<String, List<String>> removed) {
        StringBuilder sb = new StringBuilder();
        int k = 0;
        for (Map.Entry<String, List<String>> e : removed.entrySet()) {
            if (k++ == 3) {
                return sb.append(", …").toString();
            }
            sb.append(k == 1 ? ": " : ", ").append(e.getKey()).append(" −").append(String.join("|", e.getValue()));
        }
        return sb.toString();
    }

    private static String bound(long max) {
        return max >= Long.MAX_VALUE / 8 ? "∞" : Long.toString(max);
    }

    private void fillTree() {
        Explorer.Node root;
        try {
            root = session.explorer().tree(TREE_NODES, Deadline.after(java.time.Duration.ofMillis((long) (SECONDS * 1000))),
                    Monitor.NULL);
        } catch (TimeLimitException e) {
            new TreeItem(tree, SWT.NONE).setText("the search tree takes more than " + SECONDS + " s to expand here");
            return;
        }
        TreeItem top = new TreeItem(tree, SWT.NONE);
        fill(top, root, "current candidate");
        top.setExpanded(true);
        expandSome(top, 3);
    }

    private void fill(TreeItem item, Explorer.Node node, String label) {
        String state = node.failed() ? "  ✗ dead end" : node.fixed() ? "  ✓ fixed candidate"
                : node.children().isEmpty() ? "  … (not expanded)"
                : node.complete() ? "  (" + count(node.leaves(), "solution") + " below)" : "  (partly expanded)";
        item.setText(label + state);
        if (node.failed()) {
            item.setForeground(new Color(getDisplay(), FAILED));
        } else if (node.fixed()) {
            item.setForeground(new Color(getDisplay(), SOLUTION));
        }
        for (Explorer.Node k : node.children()) {
            fill(new TreeItem(item, SWT.NONE), k, k.decision());
        }
    }

    private static void expandSome(TreeItem item, int depth) {
        if (depth == 0) {
            return;
        }
        item.setExpanded(true);
        for (TreeItem k : item.getItems()) {
            expandSome(k, depth - 1);
        }
    }

    private void updateStatus() {
        Explorer ex = session.explorer();
        var c = ex.current();
        long open = rows.stream().filter(e -> !e.fixed()).count();
        StringBuilder sb = new StringBuilder();
        if (c.failed()) {
            sb.append("DEAD END: ").append(c.failure()).append(" — undo the last decision");
            stats = null;
        } else {
            stats = session.stats(COUNT_LIMIT, SECONDS, Monitor.NULL);
            sb.append(count(rows.size(), "choice instance")).append(", ").append(open).append(" open · ");
            if (stats.note().startsWith("not counted")) {
                sb.append(stats.note());
            } else {
                sb.append(stats.complete() ? "" : "≥ ").append(count(stats.solutions(), "solution")).append(" below the current candidate, ")
                        .append(count(stats.deadEnds(), "dead end")).append(" (")
                        .append(String.format(Locale.ROOT, "%.1f", stats.deadEndRate())).append(" % dead-end rate)");
            }
        }
        status.setText(sb.toString());
        status.setForeground(c.failed() ? new Color(getDisplay(), FAILED) : null);
        layout(true, true);
    }

    // ------------------------------------------------------------------ for tests and the view

    public Table getVectorTable() {
        return vector;
    }

    public Table getValueTable() {
        return values;
    }

    public Table getHistoryTable() {
        return history;
    }

    public Tree getSearchTree() {
        return tree;
    }

    public DiagramCanvas getGraph() {
        return graph;
    }

    public String getStatus() {
        return status.getText();
    }

    public String getHeader() {
        return header.getText();
    }

    public ExplorerSession.Stats getStats() {
        return stats;
    }

    /** Instances highlighted as restricted by the last decision. */
    public Set<String> getHighlighted() {
        return Set.copyOf(highlighted);
    }

    public void showTab(int index) {
        tabs.setSelection(index);
        if (index == 2) {
            graph.fit();
        }
    }

    public void setShowHidden(boolean show) {
        hidden.setSelection(show);
        refresh();
    }
}
