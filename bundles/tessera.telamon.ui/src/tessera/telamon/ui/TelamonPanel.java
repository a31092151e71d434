package tessera.telamon.ui;

import java.util.List;
import java.util.Map;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;

import tessera.ui.Layouts;

/**
 * The Telamon view's body (seed 001 §4.5.1, §4.4): the order-domain matrix of Table 4.2 with the other open choices
 * (a click opens the values; a decision propagates, changed cells are marked, a failure names the violated
 * constraint and is not kept; undo, redo, reset), the control-flow tree of Fig. 4.4 beside its PTX with the launch
 * geometry, and the thread nests of Listing 4.7 — of the candidate once it is fixed, else of the decision list beside
 * the kernel — the Bound tab: the current candidate's lower bound with its explanation tree and G^𝒟 (§5.7,
 * Fig. 5.4) — and the Search tab: a TAG search's tree and best-time chart (§6.1).
 */
public class TelamonPanel extends Composite {
    public static final int MATRIX = 0, CODE = 1, NESTS = 2, BOUND = 3, SEARCH = 4;
    /** Matrices of at most this many statements show full value names at first (Table 4.2's five do). */
    static final int FULL_NAMES_UP_TO = 6;
    static final String EMPTY = "Open a .kernel file: its GPU implementation space (order matrix, other choices) and code.";

    private final Font bold;
    private final Label header;
    private final Text message;
    private final Button undo, redo, reset, fullNames;
    private final CTabFolder tabs;
    private final OrderMatrix matrix;
    private final Table others;
    private final CodeTabs code;
    private final BoundTab bound;
    private final SearchTab search;
    private TelamonSession session;
    private List<TelamonSession.Choice> otherRows = List.of();
    private Menu menu;

    public TelamonPanel(Composite parent, int style) {
        super(parent, style);
        setLayout(Layouts.grid(1, 4, 4));
        header = new Label(this, SWT.WRAP);
        header.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        FontData fd = header.getFont().getFontData()[0];
        bold = new Font(getDisplay(), fd.getName(), fd.getHeight(), SWT.BOLD);
        header.setFont(bold);
        header.setText(EMPTY);

        Composite bar = new Composite(this, SWT.NONE);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        bar.setLayout(Layouts.grid(4, 0, 0));
        undo = Layouts.button(bar, "Undo", this::undo);
        redo = Layouts.button(bar, "Redo", this::redo);
        reset = Layouts.button(bar, "Reset", this::reset);
        fullNames = new Button(bar, SWT.CHECK);
        fullNames.setText("full value names (else B before, A after, I in, O out, M merged)");
        fullNames.addListener(SWT.Selection, e -> refresh());
        message = new Text(this, SWT.READ_ONLY | SWT.WRAP | SWT.MULTI);
        message.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));

        tabs = new CTabFolder(this, SWT.BORDER | SWT.TOP);
        tabs.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        SashForm orderTab = new SashForm(tabs, SWT.HORIZONTAL);
        Composite left = new Composite(orderTab, SWT.NONE);
        left.setLayout(Layouts.grid(1, 0, 0));
        matrix = new OrderMatrix(left, bold);
        matrix.table().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        matrix.table().addListener(SWT.MouseDown, e -> clickCell(e.x, e.y));
        Label legend = new Label(left, SWT.WRAP);
        legend.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        legend.setText("Cell (row, column): the values left of order(row, column); IN: the row is nested in the column, OUT: the "
                + "column in the row. Click a cell or a choice to restrict it. Grey: fixed · yellow: changed by the last step · "
                + "blue: decided.");
        others = new Table(orderTab, SWT.BORDER | SWT.SINGLE | SWT.V_SCROLL | SWT.H_SCROLL);
        others.setHeaderVisible(true);
        others.setLinesVisible(true);
        Layouts.column(others, "other choice", 170);
        Layouts.column(others, "values left", 230);
        others.addListener(SWT.Selection, e -> others.deselectAll());
        others.addListener(SWT.MouseDown, e -> clickChoice(e.x, e.y));
        orderTab.setWeights(62, 38);
        Layouts.tab(tabs, "Order matrix (Table 4.2)", orderTab);

        code = new CodeTabs(tabs);
        bound = new BoundTab(tabs, bold, null);
        search = new SearchTab(tabs, bold);
        tabs.setSelection(MATRIX);
        addListener(SWT.Dispose, e -> {
            bold.dispose();
            if (menu != null) {
                menu.dispose();
            }
        });
        refresh();
    }

    /** Shows a session (null: nothing) with {@code text} as the message, not an error. */
    public void setSession(TelamonSession s, String text) {
        setSession(s, text, false);
    }

    /** Shows a session (null: nothing) with {@code text} as the message, in red when it is an {@code error}. */
    public void setSession(TelamonSession s, String text, boolean error) {
        session = s;
        search.setSession(s);
        fullNames.setSelection(s != null && s.statements().size() <= FULL_NAMES_UP_TO);
        refresh();
        showMessage(text, error);
    }

    public void showMessage(String text, boolean error) {
        message.setText(text);
        message.setForeground(getDisplay().getSystemColor(error ? SWT.COLOR_DARK_RED : SWT.COLOR_WIDGET_FOREGROUND));
        layout(true, true);
    }

    // ------------------------------------------------------------------ decisions

    /** Restricts a choice instance to {@code values} (matrix cells in the displayed orientation) and shows the outcome. */
    public TelamonSession.Step decide(String choice, List<String> objects, List<String> values) {
        if (session == null) {
            return null;
        }
        TelamonSession.Step s = session.decide(new TelamonSession.Decision(choice, objects, values));
        refresh();
        if (s.failed()) {
            showMessage("Impossible: " + s.decision() + " — " + s.failure() + ". The decision was not kept.", true);
        } else {
            int removed = s.removed().values().stream().mapToInt(List::size).sum();
            showMessage(s.decision() + ": propagation removed " + removed + " value(s) from " + s.removed().size()
                    + " choice instance(s)" + detail(s.removed()), false);
        }
        return s;
    }

    private static String detail(Map<String, List<String>> removed) {
        StringBuilder sb = new StringBuilder();
        int k = 0;
        for (Map.Entry<String, List<String>> e : removed.entrySet()) {
            if (k++ == 4) {
                return sb.append(", …").toString();
            }
            sb.append(k == 1 ? ": " : ", ").append(e.getKey()).append(" −").append(String.join("|", e.getValue()));
        }
        return sb.toString();
    }

    public void undo() {
        move(session != null && session.undo());
    }

    public void redo() {
        move(session != null && session.redo());
    }

    /** Back to the root candidate (redo replays the decisions). */
    public void reset() {
        move(session != null && session.reset());
    }

    private void move(boolean moved) {
        if (moved) {
            refresh();
            showMessage(session.history().size() + " decision(s) applied; " + session.changed().size()
                    + " choice instance(s) changed (yellow)", false);
        }
    }

    private void clickCell(int x, int y) {
        int[] cell = session == null ? null : matrix.cellAt(x, y);
        if (cell == null || cell[0] == cell[1]) {
            return;
        }
        String row = matrix.statements().get(cell[0]), col = matrix.statements().get(cell[1]);
        List<String> dom = session.order(row, col);
        if (dom != null) {
            openMenu(matrix.table(), x, y, TelamonSession.ORDER, List.of(row, col), dom);
        }
    }

    private void clickChoice(int x, int y) {
        TableItem item = session == null ? null : others.getItem(new Point(x, y));
        if (item != null) {
            TelamonSession.Choice c = otherRows.get(others.indexOf(item));
            openMenu(others, x, y, c.choice(), c.objects(), c.values());
        }
    }

    private void openMenu(org.eclipse.swt.widgets.Control owner, int x, int y, String choice, List<String> objects, List<String> dom) {
        if (menu != null) {
            menu.dispose();
        }
        String instance = choice + "(" + String.join(", ", objects) + ")";
        menu = ValueMenu.open(owner, x, y, instance, session.universe(choice, objects), dom, keep -> {
            menu.setVisible(false);
            decide(choice, objects, keep);
        });
    }

    // ------------------------------------------------------------------ display

    /** Rebuilds every tab from the session's current candidate. */
    public void refresh() {
        undo.setEnabled(session != null && session.canUndo());
        redo.setEnabled(session != null && session.canRedo());
        reset.setEnabled(session != null && session.canUndo());
        TelamonSession.Step last = session == null ? null : session.lastApplied();
        String decided = last == null ? null : key(last.decision());
        matrix.fill(session, fullNames.getSelection(), decided);
        fillOthers(decided);
        code.show(session == null ? null : session.code());
        bound.show(session);
        if (session == null) {
            header.setText(EMPTY);
        } else {
            var k = session.kernel();
            header.setText(TelamonSession.name(session.file()) + " on " + session.target().arch() + ": " + k.dims().size()
                    + " dimensions, " + k.insts().size() + " instructions; " + session.history().size() + " decision(s), "
                    + session.openCount() + " choice instances open" + (session.current().isFixed() ? " — fixed" : ""));
        }
        layout(true, true);
    }

    /** The stored orientation's key of a decision's instance (what the session's change set holds). */
    private String key(TelamonSession.Decision d) {
        if (d.choice().equals(TelamonSession.ORDER) && d.objects().size() == 2) {
            return session.orderKey(d.objects().get(0), d.objects().get(1));
        }
        return d.choice() + "(" + String.join(", ", d.objects()) + ")";
    }

    private void fillOthers(String decided) {
        others.removeAll();
        otherRows = session == null ? List.of() : session.otherChoices();
        for (TelamonSession.Choice c : otherRows) {
            TableItem it = new TableItem(others, SWT.NONE);
            it.setText(new String[] { c.key(), c.values().isEmpty() ? "∅" : String.join(", ", c.values()) });
            if (c.key().equals(decided)) {
                it.setBackground(OrderMatrix.DECIDED);
                it.setFont(bold);
            } else if (session.changed().contains(c.key())) {
                it.setBackground(OrderMatrix.CHANGED);
            } else if (c.fixed()) {
                it.setBackground(OrderMatrix.FIXED);
                it.setForeground(OrderMatrix.FIXED_TEXT);
            }
        }
    }

    // ------------------------------------------------------------------ for tests and the view

    public TelamonSession getSession() {
        return session;
    }

    public String getHeader() {
        return header.getText();
    }

    public String getMessage() {
        return message.getText();
    }

    public Table getMatrixTable() {
        return matrix.table();
    }

    public Table getOtherChoicesTable() {
        return others;
    }

    /** The text of the matrix cell order(row, column) as shown (null when a statement is not shown). */
    public String cellText(String row, String column) {
        int r = matrix.statements().indexOf(row), c = matrix.statements().indexOf(column);
        return r < 0 || c < 0 ? null : matrix.cellText(r, c);
    }

    /** How the cell order(row, column) is marked: decided, changed (by the last step), fixed, open or diagonal. */
    public String cellMark(String row, String column) {
        var bg = matrix.cellBackground(matrix.statements().indexOf(row), matrix.statements().indexOf(column));
        return bg.equals(OrderMatrix.DECIDED) ? "decided" : bg.equals(OrderMatrix.CHANGED) ? "changed"
                : bg.equals(OrderMatrix.FIXED) ? "fixed" : bg.equals(OrderMatrix.OPEN) ? "open" : "diagonal";
    }

    /** Clicks the cell order(row, column) as a mouse would; returns the menu it opened (null: none). */
    public Menu clickCell(String row, String column) {
        int r = matrix.statements().indexOf(row), c = matrix.statements().indexOf(column);
        var b = matrix.cellBounds(r, c);
        menu = null;
        notifyMouse(matrix.table(), b.x + b.width / 2, b.y + b.height / 2);
        return menu;
    }

    /** Clicks the row of another choice instance ({@code dim_kind(d_m0)}); returns the menu it opened. */
    public Menu clickChoice(String key) {
        menu = null;
        for (int i = 0; i < otherRows.size(); i++) {
            if (otherRows.get(i).key().equals(key)) {
                var b = others.getItem(i).getBounds(0);
                notifyMouse(others, b.x + b.width / 2, b.y + b.height / 2);
            }
        }
        return menu;
    }

    private static void notifyMouse(org.eclipse.swt.widgets.Control c, int x, int y) {
        org.eclipse.swt.widgets.Event e = new org.eclipse.swt.widgets.Event();
        e.x = x;
        e.y = y;
        e.button = 1;
        c.notifyListeners(SWT.MouseDown, e);
    }

    /** Selects the enabled item {@code text} ("= OUT", "≠ IN") of a menu a click opened; false when there is none. */
    public static boolean select(Menu m, String text) {
        var it = m == null ? null : ValueMenu.item(m, text);
        if (it == null) {
            return false;
        }
        it.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
        return true;
    }

    public String getTreeText() {
        return code.tree.getText();
    }

    public String getPtxText() {
        return code.ptx.getText();
    }

    public String getLaunchText() {
        return code.launch.getText();
    }

    public String getNestsText() {
        return code.nests.getText();
    }

    /** The bound shown in the Bound tab, in cycles; NaN when there is none (nothing loaded, or the analysis failed). */
    public double getBoundCycles() {
        var a = bound.analysis();
        return a == null ? Double.NaN : a.bound().cycles();
    }

    /** The Bound tab's analysis (null: none), for tests. */
    public tessera.telamon.model.LowerBound.Analysis getBoundAnalysis() {
        return bound.analysis();
    }

    /** The Bound tab's line: the bound in cycles and time, or why there is none. */
    public String getBoundText() {
        return bound.summary.getText();
    }

    /** The explanation tree of the Bound tab (Fig. 5.4). */
    public org.eclipse.swt.widgets.Tree getBoundTree() {
        return bound.tree;
    }

    /** The drawing of G^𝒟 in the Bound tab. */
    public org.eclipse.swt.widgets.Canvas getBoundGraph() {
        return bound.graph;
    }

    /** Picks the Bound tab's GPU ({@code hopper}, {@code kepler}) and ordering as a user would; the tab recomputes. */
    public void setBoundModel(String gpu, tessera.telamon.model.LowerBound.Ordering ordering) {
        int g = BoundTab.GPUS.indexOf(gpu);
        if (g < 0) {
            throw new IllegalArgumentException("no built-in GPU " + gpu + " (" + BoundTab.GPUS + ")");
        }
        bound.gpu.select(g);
        bound.ordering.select(ordering == tessera.telamon.model.LowerBound.Ordering.EMITTED ? 1 : 0);
        bound.gpu.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
    }

    /** The Search tab (seed 001 §6.1): a TAG search's tree and best-time chart. */
    public SearchTab getSearchTab() {
        return search;
    }

    /** Where the Search tab's log evaluator reads the project's files (project-relative names; null: none). */
    public void setProjectFiles(java.util.function.Function<String, java.util.Optional<String>> reader) {
        search.setProjectFiles(reader);
    }

    public void showTab(int index) {
        tabs.setSelection(index);
    }

    public void setFullNames(boolean full) {
        fullNames.setSelection(full);
        refresh();
    }
}
