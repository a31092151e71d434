package tessera.tcpa.mapping.ui;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeColumn;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.part.ViewPart;
import org.eclipse.ui.texteditor.ITextEditor;

import tessera.core.CancelledException;
import tessera.core.Monitor;
import tessera.diagram.Diagram;
import tessera.modsched.model.Schedule;
import tessera.modsched.ui.MrtPanel;
import tessera.tcpa.mapping.MappedRdgDiagramProvider;
import tessera.tcpa.mapping.passes.SymbolicScheduling;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.ui.DiagramCanvas;
import tessera.ui.Monitors;

/**
 * Studio view of seed 003 §5 for the .pla file of the active editor, compiled onto the project's {@code tcpa.arch}
 * in a background job (progress, cancel): the annotated RDG of Fig. 3, the polyhedral syntax tree of §5.5 (symbolic
 * or specialised to one tile K), and one PE's modulo reservation table (§5.2) in tessera.modsched.ui's MRT editor.
 * Follows the active .pla editor, its saves and the project's tessera.properties; errors are the status text.
 */
public class MappingView extends ViewPart {
    public static final String ID = "tessera.tcpa.mapping.ui.mappingView";
    public static final int RDG = 0;
    public static final int PST = 1;
    public static final int MRT = 2;

    /** What the job computes: the mapping and, when it succeeded, the engine's view of its schedule. */
    public record Shown(Mapping mapping, Diagram rdg, Schedule schedule) {
    }

    private Text status;
    private CTabFolder tabs;
    private DiagramCanvas rdgCanvas;
    private Button specialise;
    private Composite tileSpinners;
    private final List<Spinner> spinners = new ArrayList<>();
    private Label peLabel;
    private Tree pstTree;
    private MrtPanel mrt;
    private IFile file;
    private Job job;
    private Shown shown;

    private final IPartListener2 partListener = new IPartListener2() {
        @Override
        public void partActivated(IWorkbenchPartReference ref) {
            if (ref.getPart(false) instanceof IEditorPart editor) {
                IFile f = editor.getEditorInput().getAdapter(IFile.class);
                if (f != null && "pla".equals(f.getFileExtension()) && !f.equals(file)) {
                    showFile(f);
                }
            }
        }
    };

    private final IResourceChangeListener resourceListener = (IResourceChangeEvent event) -> {
        IFile f = file;
        if (f == null || event.getDelta() == null || status == null || status.isDisposed()) {
            return;
        }
        IResourceDelta d = event.getDelta().findMember(f.getFullPath());
        IResourceDelta s = event.getDelta().findMember(f.getProject().getFullPath().append(Mapping.SETTINGS_FILE));
        if (d != null && (d.getFlags() & IResourceDelta.CONTENT) != 0 || s != null) {
            status.getDisplay().asyncExec(() -> {
                if (!status.isDisposed()) {
                    showFile(f);
                }
            });
        }
    };

    @Override
    public void createPartControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        GridLayout gl = new GridLayout(1, false);
        gl.marginWidth = 0;
        gl.marginHeight = 0;
        gl.verticalSpacing = 2;
        c.setLayout(gl);
        status = new Text(c, SWT.READ_ONLY | SWT.WRAP | SWT.MULTI);
        status.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        tabs = new CTabFolder(c, SWT.BORDER | SWT.TOP);
        tabs.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        rdgCanvas = new DiagramCanvas(tabs, SWT.NONE);
        rdgCanvas.addListener(SWT.Resize, e -> rdgCanvas.fit());
        rdgCanvas.addSelectionListener(this::revealInEditor);
        tab("Mapped RDG (Fig. 3)", rdgCanvas);
        tab("PST (§5.5)", createPstTab(tabs));
        mrt = new MrtPanel(tabs, SWT.NONE);
        tab("PE MRT (§5.2)", mrt);
        tabs.setSelection(0);
        IToolBarManager tb = getViewSite().getActionBars().getToolBarManager();
        tb.add(action("Show for Active Editor", this::showActiveEditor));
        tb.add(action("Export PNG…", () -> {
            FileDialog fd = new FileDialog(status.getShell(), SWT.SAVE);
            fd.setFilterExtensions(new String[] {"*.png"});
            fd.setOverwrite(true);
            String path = fd.open();
            if (path != null) {
                exportPng(new File(path));
            }
        }));
        getSite().getPage().addPartListener(partListener);
        ResourcesPlugin.getWorkspace().addResourceChangeListener(resourceListener, IResourceChangeEvent.POST_CHANGE);
        setStatus("Open a .pla file in an editor: its symbolic mapping onto the project's tcpa.arch (annotated RDG, PST, PE MRT).", false);
        showActiveEditor();
    }

    private void tab(String title, org.eclipse.swt.widgets.Control body) {
        CTabItem item = new CTabItem(tabs, SWT.NONE);
        item.setText(title);
        item.setControl(body);
    }

    private Composite createPstTab(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        GridLayout gl = new GridLayout(3, false);
        gl.marginWidth = 2;
        gl.marginHeight = 2;
        c.setLayout(gl);
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

    private static Action action(String text, Runnable r) {
        return new Action(text) {
            @Override
            public void run() {
                r.run();
            }
        };
    }

    /** Shows the active editor's .pla file (its current text), if any. */
    public void showActiveEditor() {
        IEditorPart active = getSite().getPage().getActiveEditor();
        IFile f = active == null ? null : active.getEditorInput().getAdapter(IFile.class);
        if (f == null || !"pla".equals(f.getFileExtension())) {
            return;
        }
        ITextEditor te = active instanceof ITextEditor t ? t : active.getAdapter(ITextEditor.class);
        var doc = te == null ? null : te.getDocumentProvider().getDocument(te.getEditorInput());
        if (doc != null) {
            show(f, doc.get());
        } else {
            showFile(f);
        }
    }

    /** Shows a saved workspace .pla file. */
    public void showFile(IFile f) {
        try {
            show(f, read(f));
        } catch (IOException | CoreException e) {
            setStatus("Cannot read " + f.getFullPath() + ": " + e.getMessage(), true);
        }
    }

    /** Maps a workspace .pla with the given text; settings and the architecture are read from its project. */
    public Job show(IFile f, String text) {
        file = f;
        return show(f.getProjectRelativePath().toString(), text, rel -> {
            IResource r = f.getProject().findMember(rel);
            if (r instanceof IFile other) {
                try {
                    return Optional.of(read(other));
                } catch (IOException | CoreException e) {
                    return Optional.empty();
                }
            }
            return Optional.empty();
        });
    }

    /** Maps a PLA text in a background job and shows the result. */
    public Job show(String fileName, String text, Function<String, Optional<String>> reader) {
        if (job != null) {
            job.cancel();
        }
        setStatus(fileName + ": mapping …", false);
        Job j = new Job("Symbolic mapping of " + fileName) {
            @Override
            protected IStatus run(IProgressMonitor pm) {
                Job self = this;
                try {
                    Monitor m = Monitors.of(pm);
                    Shown r = compute(Mapping.of(fileName, text, reader, m));
                    asyncUi(() -> {
                        if (job == self) {
                            display(r);
                        }
                    });
                    return Status.OK_STATUS;
                } catch (CancelledException | OperationCanceledException e) {
                    asyncUi(() -> {
                        if (job == self) {
                            setStatus(fileName + ": canceled", false);
                        }
                    });
                    return Status.CANCEL_STATUS;
                }
            }
        };
        j.setUser(false);
        job = j;
        j.schedule();
        return j;
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
        setStatus(m.ok() ? m.headline() : m.error(), !m.ok());
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
        for (org.eclipse.swt.widgets.Control ch : tileSpinners.getChildren()) {
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
        IEditorPart ed = src == null || file == null ? null : getSite().getPage().findEditor(new org.eclipse.ui.part.FileEditorInput(file));
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

    private void asyncUi(Runnable r) {
        if (status != null && !status.isDisposed()) {
            status.getDisplay().asyncExec(() -> {
                if (!status.isDisposed()) {
                    r.run();
                }
            });
        }
    }

    private void setStatus(String text, boolean error) {
        status.setText(text);
        status.setForeground(status.getDisplay().getSystemColor(error ? SWT.COLOR_DARK_RED : SWT.COLOR_WIDGET_FOREGROUND));
        status.getParent().layout(true, true);
    }

    public String getStatusText() {
        return status.getText();
    }

    public Shown getShown() {
        return shown;
    }

    public IFile getFile() {
        return file;
    }

    public Job getJob() {
        return job;
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

    private static String read(IFile f) throws IOException, CoreException {
        try (InputStream in = f.getContents(true)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Override
    public void setFocus() {
        tabs.setFocus();
    }

    @Override
    public void dispose() {
        if (job != null) {
            job.cancel();
        }
        getSite().getPage().removePartListener(partListener);
        ResourcesPlugin.getWorkspace().removeResourceChangeListener(resourceListener);
        super.dispose();
    }
}
