package tessera.tcpa.mapping.ui;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeColumn;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.texteditor.ITextEditor;

import tessera.diagram.Diagram;
import tessera.modsched.model.Schedule;
import tessera.modsched.ui.MrtPanel;
import tessera.tcpa.pipeline.MappedRdgDiagramProvider;
import tessera.tcpa.mapping.passes.SymbolicScheduling;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.ui.DiagramCanvas;
import tessera.ui.EditorFileView;
import tessera.ui.Layouts;

/**
 * Studio view of seed 003 §5 for the .pla file of the active editor, compiled onto the project's {@code tcpa.arch}
 * in a background job (progress, cancel): the annotated RDG of Fig. 3, the polyhedral syntax tree of §5.5 (symbolic
 * or specialised to one tile K), and one PE's modulo reservation table (§5.2) in tessera.modsched.ui's MRT editor.
 * Follows the active .pla editor, its saves and the project's tessera.properties; errors are the status text.
 */
public class MappingView extends EditorFileView {
    public static final String ID = "tessera.tcpa.mapping.ui.mappingView";
    public static final int RDG = 0;
    public static final int PST = 1;
    public static final int MRT = 2;

    /** What the job computes: the mapping and, when it succeeded, the engine's view of its schedule. */
    public record Shown(Mapping mapping, Diagram rdg, Schedule schedule) {
    }

    private CTabFolder tabs;
    private DiagramCanvas rdgCanvas;
    private Button specialise;
    private Composite tileSpinners;
    private final List<Spinner> spinners = new ArrayList<>();
    private Label peLabel;
    private Tree pstTree;
    private MrtPanel mrt;
    private Shown shown;

    @Override
    protected Control createContents(Composite parent) {
        Composite c = withStatus(parent, this::createTabs);
        IToolBarManager tb = getViewSite().getActionBars().getToolBarManager();
        tb.add(action("Show for Active Editor", this::showActiveEditor));
        tb.add(exportPngAction("Export PNG…", this::exportPng));
        return c;
    }

    @Override
    protected void opened() {
        showMessage("Open a .pla file in an editor: its symbolic mapping onto the project's tcpa.arch (annotated RDG, PST, PE MRT).", false);
        showActiveEditor();
    }

    @Override
    protected boolean accepts(IFile f) {
        return "pla".equals(f.getFileExtension());
    }

    private Control createTabs(Composite c) {
        tabs = new CTabFolder(c, SWT.BORDER | SWT.TOP);
        rdgCanvas = new DiagramCanvas(tabs, SWT.NONE);
        rdgCanvas.addListener(SWT.Resize, e -> rdgCanvas.fit());
        rdgCanvas.addSelectionListener(this::revealInEditor);
        Layouts.tab(tabs, "Mapped RDG (Fig. 3)", rdgCanvas);
        Layouts.tab(tabs, "PST (§5.5)", createPstTab(tabs));
        mrt = new MrtPanel(tabs, SWT.NONE);
        Layouts.tab(tabs, "PE MRT (§5.2)", mrt);
        tabs.setSelection(0);
        return tabs;
    }

    private Composite createPstTab(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(Layouts.grid(3, 2, 2));
        specialise = new Button(c, SWT.CHECK);
        specialise.setText("Specialise to tile K =");
        specialise.setToolTipText("Def. 6.2: the PST evaluated at one tile (the program of one PE), nodes empty there removed");
        specialise.addListener(SWT.Selection, e -> fillPst());
        tileSpinners = new Composite(c, SWT.NONE);
        RowLayout rl = new RowLayout(SWT.HORIZONTAL);
        rl.marginTop = 0;
        rl.marginBottom = 0;
        rl.center = true;
        tileSpinners.setLayout(rl);
        peLabel = new Label(c, SWT.NONE);
        peLabel.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        pstTree = new Tree(c, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        pstTree.setHeaderVisible(true);
        pstTree.setLinesVisible(true);
        pstTree.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 3, 1));
        TreeColumn node = new TreeColumn(pstTree, SWT.LEFT);
        node.setText("PST node");
        node.setWidth(420);
        TreeColumn dom = new TreeColumn(pstTree, SWT.LEFT);
        dom.setText("condition space");
        dom.setWidth(700);
        return c;
    }

    @Override
    protected void showText(IFile f, String text) {
        showInProject(f, text, this::show);
    }


    /** Maps a PLA text in a background job and shows the result. */
    public Job show(String fileName, String text, Function<String, Optional<String>> reader) {
        showMessage(fileName + ": mapping …", false);
        return startJob("Symbolic mapping of " + fileName, false, m -> compute(Mapping.of(fileName, text, reader, m)), this::display);
    }

    private static Shown compute(Mapping m) {
        if (!m.ok()) {
            return new Shown(m, null, null);
        }
        SymbolicConfiguration c = m.config();
        Diagram d = MappedRdgDiagramProvider.diagram(m.compiled().mapping().annotatedRdg(), m.arch().getName());
        return new Shown(m, d, SymbolicScheduling.intraTileSchedule(c, m.arch()));
    }

    private void display(Shown r) {
        shown = r;
        Mapping m = r.mapping();
        showMessage(m.ok() ? m.headline() : m.error(), !m.ok());
        rdgCanvas.setDiagram(r.rdg());
        buildSpinners(m.ok() ? m.config() : null);
        fillPst();
        if (r.schedule() != null) {
            mrt.showSchedule(r.schedule(), m.fileName() + " on " + m.arch().getName() + " (symbolic schedule, one PE)");
        }
        mrt.setVisible(r.schedule() != null);
    }

    private void buildSpinners(SymbolicConfiguration c) {
        spinners.forEach(Spinner::dispose);
        spinners.clear();
        for (Control ch : tileSpinners.getChildren()) {
            ch.dispose();
        }
        if (c != null) {
            var t = c.getTiling();
            for (int x = 0; x < t.getInterIndices().size(); x++) {
                Label l = new Label(tileSpinners, SWT.NONE);
                l.setText(t.getInterIndices().get(x) + ":");
                Spinner s = new Spinner(tileSpinners, SWT.BORDER);
                s.setMinimum(0);
                s.setMaximum(t.getTileCounts().get(x).equals("1") ? 0 : 63); // a non-distributed dim has the one tile k = 0
                s.addListener(SWT.Selection, e -> fillPst());
                spinners.add(s);
            }
        }
        specialise.setEnabled(c != null);
        tileSpinners.getParent().layout(true, true);
    }

    private void fillPst() {
        pstTree.removeAll();
        peLabel.setText("");
        if (shown == null || !shown.mapping().ok()) {
            return;
        }
        SymbolicConfiguration c = shown.mapping().config();
        PstTree.Node root;
        if (specialise.getSelection()) {
            long[] k = tile();
            long[] pe = PstTree.pe(c.getTiling(), k);
            root = PstTree.at(c, k);
            peLabel.setText("PE (row, col) = Φ·K = (" + pe[0] + ", " + pe[1] + ")" + (root == null ? ": no instruction runs on this tile" : ""));
        } else {
            root = PstTree.of(c);
            peLabel.setText("symbolic: domains over (J, K) as LOCAL @ GLOBAL (I = P·K + J)");
        }
        if (root != null) {
            add(null, root);
        }
        peLabel.getParent().layout(true, true);
    }

    private void add(TreeItem parent, PstTree.Node n) {
        TreeItem it = parent == null ? new TreeItem(pstTree, SWT.NONE) : new TreeItem(parent, SWT.NONE);
        it.setText(new String[] {n.label(), n.domain()});
        it.setData(n);
        n.children().forEach(ch -> add(it, ch));
        it.setExpanded(true);
    }

    /** The tile K chosen with the spinners. */
    public long[] tile() {
        return spinners.stream().mapToLong(Spinner::getSelection).toArray();
    }

    /** Specialises the PST to tile {@code k} (null: back to the symbolic PST). */
    public void specialiseTo(long[] k) {
        specialise.setSelection(k != null);
        for (int i = 0; k != null && i < k.length && i < spinners.size(); i++) {
            spinners.get(i).setSelection((int) k[i]);
        }
        fillPst();
    }

    public void selectTab(int index) {
        tabs.setSelection(index);
    }

    /** Diagram → text: selects the clicked node's or edge's source range in the file's open editor. */
    private void revealInEditor(Object key) {
        Diagram d = rdgCanvas.getDiagram();
        Object el = d == null ? null : d.elementOf(key);
        Diagram.SourceRange src = el instanceof Diagram.Node n ? n.sourceRange : el instanceof Diagram.Edge e ? e.sourceRange : null;
        IEditorPart ed = src == null || getFile() == null ? null : getSite().getPage().findEditor(new org.eclipse.ui.part.FileEditorInput(getFile()));
        ITextEditor te = ed == null ? null : ed instanceof ITextEditor t ? t : ed.getAdapter(ITextEditor.class);
        if (te != null) {
            te.selectAndReveal(src.offset(), src.length());
        }
    }

    /** Exports the visible tab: the RDG diagram or the MRT (the PST tree is text: see {@link #pstText()}). */
    public File exportPng(File out) {
        if (tabs.getSelectionIndex() == MRT) {
            mrt.getMrtCanvas().exportPng(out);
        } else {
            rdgCanvas.exportPng(out);
        }
        return out;
    }

    /** The tree as shown, one line per row indented by depth ("label  domain"). */
    public String pstText() {
        StringBuilder sb = new StringBuilder();
        for (TreeItem it : pstTree.getItems()) {
            text(it, 0, sb);
        }
        return sb.toString();
    }

    private static void text(TreeItem it, int depth, StringBuilder sb) {
        sb.append("  ".repeat(depth)).append(it.getText(0)).append("  ").append(it.getText(1)).append('\n');
        for (TreeItem ch : it.getItems()) {
            text(ch, depth + 1, sb);
        }
    }

    public Shown getShown() {
        return shown;
    }

    public DiagramCanvas getRdgCanvas() {
        return rdgCanvas;
    }

    public MrtPanel getMrtPanel() {
        return mrt;
    }

    public Tree getPstTree() {
        return pstTree;
    }

    @Override
    public void setFocus() {
        tabs.setFocus();
    }
}
