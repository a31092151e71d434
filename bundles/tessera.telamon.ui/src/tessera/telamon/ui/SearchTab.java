package tessera.telamon.ui;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.ITableColorProvider;
import org.eclipse.jface.viewers.ITableFontProvider;
import org.eclipse.jface.viewers.ITableLabelProvider;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeColumn;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.core.pass.GenPaths;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.gpu.CudaDriver;
import tessera.telamon.gpu.GpuEvaluator;
import tessera.telamon.gpu.GpuException;
import tessera.telamon.model.Hardware;
import tessera.telamon.pipeline.SearchRun;
import tessera.telamon.search.Evaluator;
import tessera.telamon.search.SearchLog;
import tessera.telamon.search.SearchTree;
import tessera.telamon.search.SyntheticEvaluator;
import tessera.telamon.search.TagSearch;
import tessera.ui.Layouts;
import tessera.ui.Monitors;

/**
 * Seed 001 §6.1 in Studio: a bound-guided search (TAG, the thesis's order, non-strict cuts) below the Telamon view's
 * current candidate with the synthetic evaluator — or the event log {@code gen/telamon/NAME.search.jsonl} the builder
 * pass {@code telamon.search} wrote — shown as its {@link SearchTree} (decision, bound, n, s, best below, status; cut
 * branches grey, the best leaf's path bold) above a chart of the best time against the evaluations or the wall time.
 * The run is a background job; Cancel stops it and drops its result. Nothing is written to the project.
 */
public final class SearchTab {
    /** The evaluators the combo offers. */
    public static final String SYNTHETIC = "synthetic", LOG = "log", GPU = "gpu";
    public static final int DEFAULT_BUDGET = 200;
    static final Color GREY = new Color(150, 150, 150), DEAD = new Color(170, 90, 40), FAILED = new Color(160, 30, 30);
    static final String[] COLUMNS = { "decision", "bound", "n", "s", "best below", "status" };

    final Text budget, seed, rollouts;
    final Combo evaluator, gpu, xAxis;
    final Button run, cancel;
    final Label summary;
    final TreeViewer viewer;
    final SearchChart chart;
    private final Font bold;
    private TelamonSession session;
    private Function<String, Optional<String>> projectFiles;
    private Job job;
    private SearchTree tree;

    SearchTab(CTabFolder tabs, Font bold) {
        this.bold = bold;
        Composite tab = new Composite(tabs, SWT.NONE);
        tab.setLayout(Layouts.grid(1, 2, 2));
        Composite bar = new Composite(tab, SWT.NONE);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        bar.setLayout(Layouts.grid(15, 0, 0));
        new Label(bar, SWT.NONE).setText("budget");
        budget = new Text(bar, SWT.BORDER);
        budget.setText(Integer.toString(DEFAULT_BUDGET));
        budget.setLayoutData(new GridData(60, SWT.DEFAULT));
        new Label(bar, SWT.NONE).setText("  seed");
        seed = new Text(bar, SWT.BORDER);
        seed.setText("1");
        seed.setLayoutData(new GridData(40, SWT.DEFAULT));
        new Label(bar, SWT.NONE).setText("  rollouts");
        rollouts = new Text(bar, SWT.BORDER);
        rollouts.setText("1");
        rollouts.setToolTipText("rounds of R rollouts run at once on the worker threads (1: the sequential search)");
        rollouts.setLayoutData(new GridData(30, SWT.DEFAULT));
        new Label(bar, SWT.NONE).setText("  evaluator");
        evaluator = new Combo(bar, SWT.READ_ONLY);
        evaluator.setItems(SYNTHETIC, LOG + " (the builder's)", GPU + " (device 0)");
        evaluator.select(0);
        new Label(bar, SWT.NONE).setText("  GPU");
        gpu = new Combo(bar, SWT.READ_ONLY);
        gpu.setItems(BoundTab.GPUS.toArray(new String[0]));
        gpu.select(0);
        run = Layouts.button(bar, "Run", this::run);
        run.setEnabled(false);
        cancel = Layouts.button(bar, "Cancel", this::cancel);
        cancel.setEnabled(false);
        new Label(bar, SWT.NONE).setText("  chart x");
        xAxis = new Combo(bar, SWT.READ_ONLY);
        xAxis.setItems("evaluations", "wall time (s)");
        xAxis.select(0);
        new Label(bar, SWT.NONE);
        summary = new Label(tab, SWT.WRAP);
        summary.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));

        SashForm split = new SashForm(tab, SWT.VERTICAL);
        split.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        viewer = new TreeViewer(split, SWT.BORDER | SWT.SINGLE | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        Tree t = viewer.getTree();
        t.setHeaderVisible(true);
        t.setLinesVisible(true);
        int[] widths = { 330, 90, 60, 40, 100, 80 };
        for (int i = 0; i < COLUMNS.length; i++) {
            TreeColumn c = new TreeColumn(t, i == 0 ? SWT.LEFT : SWT.RIGHT);
            c.setText(COLUMNS[i]);
            c.setWidth(widths[i]);
        }
        viewer.setContentProvider(new Content());
        viewer.setLabelProvider(new Labels());
        viewer.setUseHashlookup(true);
        chart = new SearchChart(split);
        xAxis.addListener(SWT.Selection, e -> chart.setWallTime(xAxis.getSelectionIndex() == 1));
        split.setWeights(60, 40);
        Layouts.tab(tabs, "Search (§6.1)", tab);
        tab.addListener(SWT.Dispose, e -> cancel());
        show(null, "Open a .kernel file, then Run: a TAG search with the synthetic evaluator (nothing is written).");
    }

    /** The Telamon view's session (null: none); a running search is cancelled. */
    void setSession(TelamonSession s) {
        if (s == session) {
            return;
        }
        if (job != null) {
            cancel();
        }
        session = s;
        run.setEnabled(s != null);
        show(null, s == null ? "Open a .kernel file, then Run: a TAG search with the synthetic evaluator."
                : "Run: a TAG search below the current candidate of " + s.kernel().name() + " (synthetic evaluator), "
                        + "or the builder's log of it.");
    }

    /** Where the log evaluator reads the project's files (project-relative names). */
    void setProjectFiles(Function<String, Optional<String>> reader) {
        projectFiles = reader;
    }

    /** The builder pass's log of the session's kernel (project-relative). */
    String logFile() {
        return GenPaths.GEN_FOLDER + "/telamon/" + GenPaths.baseName(session.file()) + ".search.jsonl";
    }

    /** What a finished job shows. */
    private record Outcome(SearchTree tree, String text, boolean error) {
    }

    /** Starts a run with the bar's settings; returns its job (null when the settings are bad or nothing is loaded). */
    public Job run() {
        if (session == null) {
            return null;
        }
        if (job != null) {
            cancel();
        }
        boolean fromLog = evaluator.getSelectionIndex() == 1, onGpu = evaluator.getSelectionIndex() == 2;
        int b, r;
        long sd;
        try {
            b = Integer.parseInt(budget.getText().trim());
            sd = Long.parseLong(seed.getText().trim());
            r = Integer.parseInt(rollouts.getText().trim());
            if (b < 1 || b > SearchRun.MAX_BUDGET || r < 1 || r > SearchRun.MAX_ROLLOUTS) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            message("Budget: an integer from 1 to " + SearchRun.MAX_BUDGET + "; seed: an integer; rollouts: 1 to "
                    + SearchRun.MAX_ROLLOUTS + ".", true);
            return null;
        }
        TelamonSession s = session;
        String logFile = logFile();
        Function<String, Optional<String>> files = projectFiles;
        Hardware hw = Hardware.builtIn(BoundTab.GPUS.get(Math.max(0, gpu.getSelectionIndex())));
        Candidate from = s.current().copy();
        TagSearch.Settings settings = TagSearch.Settings.defaults().withBudget(b).withSeed(sd).withRollouts(r);
        String name = "Telamon search: " + s.kernel().name();
        Job j = new Job(name) {
            @Override
            protected IStatus run(IProgressMonitor pm) {
                Job self = this;
                Outcome o;
                try {
                    o = fromLog ? load(files, logFile) : search(s, from, hw, settings, onGpu, progress(self, pm));
                } catch (RuntimeException e) {
                    o = new Outcome(null, name + " failed: " + e, true);
                }
                Outcome shown = o;
                ui(self, () -> finished(self, shown));
                return pm.isCanceled() ? Status.CANCEL_STATUS : Status.OK_STATUS;
            }
        };
        job = j;
        run.setEnabled(false);
        cancel.setEnabled(true);
        message(fromLog ? "Reading " + logFile + " …" : "Searching " + s.kernel().name() + ": budget " + b
                + ", seed " + sd + " …", false);
        j.schedule();
        return j;
    }

    /** Cancels the running search; its result, when it comes, is dropped. */
    public void cancel() {
        Job j = job;
        if (j == null) {
            return;
        }
        job = null;
        j.cancel();
        if (!summary.isDisposed()) {
            run.setEnabled(session != null);
            cancel.setEnabled(false);
            message("Search cancelled (the run's result is dropped). Run again with other settings.", false);
        }
    }

    private static Outcome search(TelamonSession s, Candidate from, Hardware hw, TagSearch.Settings settings,
            boolean onGpu, Monitor monitor) {
        var bound = SearchRun.bound(s.kernel(), hw);
        SearchLog log = SearchLog.memory();
        Evaluator ev;
        try {
            ev = onGpu ? new GpuEvaluator(CudaDriver.open(), s.kernel(), s.target(), settings.seed())
                    : new SyntheticEvaluator(bound, settings.seed());
        } catch (GpuException e) {
            return new Outcome(null, e.getMessage() + " (choose the synthetic evaluator)", true);
        }
        TagSearch.Result r;
        try {
            r = SearchRun.run(s.kernel(), from, bound, ev, settings, log, Deadline.never(), monitor);
        } finally {
            if (ev instanceof GpuEvaluator g) {
                g.close();
            }
        }
        if (r.stop() == TagSearch.Stop.CANCELLED) {
            return new Outcome(null, "Search cancelled.", false);
        }
        SearchTree t = SearchTree.of(log.lines());
        List<String> lines = SearchRun.summary(s.kernel(), hw, ev, settings, r, null);
        return new Outcome(t, String.join("\n", lines).replace("\n  ", "\n"), false);
    }

    private static Outcome load(Function<String, Optional<String>> files, String logFile) {
        Optional<String> text = files == null ? Optional.empty() : files.apply(logFile);
        if (text.isEmpty()) {
            return new Outcome(null, "No " + logFile + ": set telamon.search.budget=N in tessera.properties and build "
                    + "the project (or choose the synthetic evaluator).", true);
        }
        SearchTree t;
        try {
            t = SearchTree.parse(text.get());
        } catch (RuntimeException e) {
            return new Outcome(null, logFile + " is not an event log of tessera telamon search: " + e.getMessage()
                    + " (rebuild the project)", true);
        }
        return new Outcome(t, String.format(Locale.ROOT, "%s (evaluator %s, seed %s): %d evaluations (%d failed), "
                + "%d cuts, %d dead ends, best %s; stopped: %s", logFile, t.setting("evaluator"), t.setting("seed"),
                t.evaluations(), t.failures(), t.cuts(), t.deadEnds(),
                Double.isInfinite(t.best()) ? "-" : SearchRun.time(t.best()),
                t.stop() == null ? "the log stops short" : t.stop()), false);
    }

    /** The job's monitor: cancel from the job, the progress line (at most every 150 ms) to the summary. */
    private Monitor progress(Job self, IProgressMonitor pm) {
        Monitor m = Monitors.of(pm);
        long[] last = { 0 };
        return new Monitor() {
            @Override
            public void subTask(String name) {
                m.subTask(name);
                long now = System.nanoTime();
                if (now - last[0] > 150_000_000L) {
                    last[0] = now;
                    ui(self, () -> message("Searching: " + name + " …", false));
                }
            }

            @Override
            public boolean isCanceled() {
                return m.isCanceled();
            }
        };
    }

    private void ui(Job self, Runnable r) {
        if (!summary.isDisposed()) {
            summary.getDisplay().asyncExec(() -> {
                if (!summary.isDisposed() && job == self) {
                    r.run();
                }
            });
        }
    }

    private void finished(Job self, Outcome o) {
        job = null;
        run.setEnabled(session != null);
        cancel.setEnabled(false);
        if (o.tree() == null) {
            message(o.text(), o.error());
            return;
        }
        show(o.tree(), o.text());
    }

    private void show(SearchTree t, String text) {
        tree = t;
        viewer.setInput(t == null ? null : new Object[] { t.root() });
        if (t != null) {
            List<Object> open = new ArrayList<>();
            for (SearchTree.Node x = t.bestLeaf(); x != null; x = x.parent()) {
                open.add(0, x);
            }
            open.add(t.root());
            viewer.setExpandedElements(open.toArray());
        }
        chart.show(t == null ? List.of() : t.trace(), "Run a search: its best time against the evaluations.");
        message(text, false);
    }

    private void message(String text, boolean error) {
        summary.setText(text);
        summary.setForeground(summary.getDisplay().getSystemColor(error ? SWT.COLOR_DARK_RED
                : SWT.COLOR_WIDGET_FOREGROUND));
        summary.getParent().layout(true, true);
    }

    // ------------------------------------------------------------------ for tests

    /** The tree shown (null: none). */
    public SearchTree tree() {
        return tree;
    }

    /** The running job (null: none). */
    public Job job() {
        return job;
    }

    /** The line above the tree: the search's summary, its progress, "cancelled" or a problem. */
    public String summaryText() {
        return summary.getText();
    }

    public Tree treeControl() {
        return viewer.getTree();
    }

    /** The chart's points (evaluations with a measured best time). */
    public int chartPoints() {
        return chart.pointCount();
    }

    /** Sets the bar as a user would: budget, seed, evaluator ({@link #SYNTHETIC}, {@link #LOG} or {@link #GPU}). */
    public void setSettings(int b, long s, String ev) {
        budget.setText(Integer.toString(b));
        seed.setText(Long.toString(s));
        evaluator.select(LOG.equals(ev) ? 1 : GPU.equals(ev) ? 2 : 0);
    }

    /** The chart's x axis: wall time in s (true) or evaluations. */
    public void setWallTime(boolean w) {
        xAxis.select(w ? 1 : 0);
        chart.setWallTime(w);
    }

    public boolean canRun() {
        return run.isEnabled();
    }

    // ------------------------------------------------------------------ the tree

    /** Children sorted by bound (unknown last), then as the log names them. */
    private static final class Content implements ITreeContentProvider {
        @Override
        public Object[] getElements(Object input) {
            return input instanceof Object[] a ? a : new Object[0];
        }

        @Override
        public Object[] getChildren(Object parent) {
            List<SearchTree.Node> cs = new ArrayList<>(((SearchTree.Node) parent).children());
            cs.sort(Comparator.comparingDouble(n -> Double.isNaN(n.bound()) ? Double.MAX_VALUE : n.bound()));
            return cs.toArray();
        }

        @Override
        public Object getParent(Object element) {
            return ((SearchTree.Node) element).parent();
        }

        @Override
        public boolean hasChildren(Object element) {
            return !((SearchTree.Node) element).children().isEmpty();
        }
    }

    /** The columns' texts; cut nodes grey, dead ends brown, failures red, the best leaf's path bold. */
    private final class Labels extends LabelProvider
            implements ITableLabelProvider, ITableColorProvider, ITableFontProvider {
        @Override
        public Image getColumnImage(Object element, int column) {
            return null;
        }

        @Override
        public String getColumnText(Object element, int column) {
            SearchTree.Node x = (SearchTree.Node) element;
            return switch (column) {
                case 0 -> x.decision() == null ? "(searched candidate)" : (x.onBestPath() && x.children().isEmpty()
                        ? "★ " : "") + x.decision();
                case 1 -> Double.isNaN(x.bound()) ? "" : SearchRun.time(x.bound());
                case 2 -> Integer.toString(x.n());
                case 3 -> x.parent() == null ? "" : Integer.toString(x.s());
                case 4 -> Double.isInfinite(x.best()) ? "-" : SearchRun.time(x.best());
                case 5 -> x.cut() ? "cut (best " + (Double.isInfinite(x.cutBest()) ? "-"
                        : SearchRun.time(x.cutBest())) + ")" : x.failure() != null ? "failed: " + x.failure()
                        : x.status().word();
                default -> "";
            };
        }

        @Override
        public Color getForeground(Object element, int column) {
            SearchTree.Node x = (SearchTree.Node) element;
            return switch (x.status()) {
                case CUT -> GREY;
                case DEAD_END -> DEAD;
                case FAILED -> FAILED;
                default -> null;
            };
        }

        @Override
        public Color getBackground(Object element, int column) {
            return null;
        }

        @Override
        public Font getFont(Object element, int column) {
            return ((SearchTree.Node) element).onBestPath() ? bold : null;
        }
    }
}
