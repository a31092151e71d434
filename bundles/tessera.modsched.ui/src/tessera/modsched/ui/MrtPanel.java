package tessera.modsched.ui;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.TimeLimitException;
import tessera.ddg.convert.DdgLoader;
import tessera.modsched.io.GccSmsDump;
import tessera.modsched.io.ScheduleCsv;
import tessera.modsched.model.Schedule;
import tessera.modsched.model.Dependence;
import tessera.modsched.model.Loop;
import tessera.modsched.verify.Violation;
import tessera.ui.DiagramCanvas;
import tessera.ui.Layouts;

/**
 * The modulo-schedule editor for a .ddg text or a GCC SMS dump ({@code *.sms}, then with GCC's own result per loop):
 * loop and algorithm choosers, the MRT with live values and lifetimes ({@link MrtCanvas}), the DDG
 * ({@link DiagramCanvas}, ELK layout), the verifier's violations of the (edited) schedule, and exports. Selecting an
 * op anywhere selects it everywhere; moving an op re-verifies at once and marks violated dependences in the DDG and
 * conflicting cells in the MRT.
 */
public class MrtPanel extends Composite {
    private final Combo loopChooser;
    private final Combo algoChooser;
    private final Label status;
    private final Label gccLine;
    private final MrtCanvas mrt;
    private final DiagramCanvas ddg;
    private final org.eclipse.swt.widgets.List violationList;
    private String fileName = "";
    private List<Loop> loops = List.of();
    private List<GccSmsDump.GccLoop> gccLoops = List.of();
    private MrtSession session;
    private boolean syncing;

    public MrtPanel(Composite parent, int style) {
        super(parent, style);
        setLayout(Layouts.grid(8, 2, 2));
        new Label(this, SWT.NONE).setText("Loop:");
        loopChooser = new Combo(this, SWT.READ_ONLY);
        loopChooser.addListener(SWT.Selection, e -> showLoop(loopChooser.getSelectionIndex()));
        new Label(this, SWT.NONE).setText("Algorithm:");
        algoChooser = new Combo(this, SWT.READ_ONLY);
        algoChooser.setItems(MrtSession.ALGORITHMS.toArray(String[]::new));
        algoChooser.select(0);
        algoChooser.addListener(SWT.Selection, e -> setAlgorithm(algoChooser.getText()));
        button("Reset", "Back to the algorithm's schedule", this::reset);
        button("Export PNG/SVG…", "DDG as PNG or SVG (and the MRT as PNG next to it)", this::exportImagesDialog);
        button("Export CSV…", "MRT and schedule as CSV", this::exportCsvDialog);
        status = new Label(this, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        gccLine = new Label(this, SWT.NONE); // GCC's result for the loop, only for a GCC dump
        GridData gccData = new GridData(SWT.FILL, SWT.CENTER, true, false, 8, 1);
        gccData.exclude = true;
        gccLine.setLayoutData(gccData);
        gccLine.setVisible(false);
        SashForm vertical = new SashForm(this, SWT.VERTICAL);
        vertical.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 8, 1));
        SashForm sash = new SashForm(vertical, SWT.HORIZONTAL);
        mrt = new MrtCanvas(sash, SWT.BORDER);
        ddg = new DiagramCanvas(sash, SWT.BORDER);
        ddg.addListener(SWT.Resize, e -> ddg.fit()); // setDiagram fits before the canvas has its size
        sash.setWeights(64, 36);
        violationList = new org.eclipse.swt.widgets.List(vertical, SWT.BORDER | SWT.V_SCROLL | SWT.SINGLE);
        vertical.setWeights(82, 18);
        mrt.addSelectionListener(this::selectOp);
        mrt.addMoveListener(m -> {
            if (session != null) {
                session.moveToCell(m.op(), m.row(), m.instance());
                session.select(m.op());
                refresh(false);
            }
        });
        mrt.addNudgeListener(delta -> moveOp(session.selected(), session.schedule().time(session.selected()) + delta));
        ddg.addSelectionListener(o -> {
            if (!syncing) {
                selectOp(o instanceof DdgDiagram.OpRef r ? r.index() : -1);
            }
        });
        violationList.addListener(SWT.Selection, e -> {
            int i = violationList.getSelectionIndex();
            if (session != null && i >= 0 && i < session.violations().size()) {
                Violation v = session.violations().get(i);
                if (!v.ops().isEmpty()) {
                    selectOp(v.ops().get(v.ops().size() - 1));
                }
            }
        });
    }

    private void button(String text, String tip, Runnable r) {
        Button b = new Button(this, SWT.PUSH);
        b.setText(text);
        b.setToolTipText(tip);
        b.addListener(SWT.Selection, e -> r.run());
    }

    /** Whether {@code file} is a GCC SMS dump ({@code -fdump-rtl-sms-details} writes {@code foo.c.295r.sms}). */
    public static boolean isGccDump(String file) {
        return file.endsWith(".sms");
    }

    /**
     * Reads a .ddg text with the .ddg language, or a GCC SMS dump ({@link #isGccDump}) with {@link GccSmsDump}, and
     * shows its first loop; returns the problems found.
     */
    public List<Diagnostic> show(String file, String text) {
        fileName = file;
        Diagnostics diagnostics;
        if (isGccDump(file)) {
            diagnostics = new Diagnostics();
            gccLoops = GccSmsDump.read(file, text, diagnostics);
            loops = gccLoops.stream().map(GccSmsDump.GccLoop::loop).toList();
        } else {
            DdgLoader.Result r = DdgLoader.load(text, file);
            diagnostics = r.diagnostics();
            gccLoops = List.of();
            loops = r.loops();
        }
        loopChooser.setItems(loops.stream().map(Loop::name).toArray(String[]::new));
        if (diagnostics.hasErrors() || loops.isEmpty()) {
            session = null;
            mrt.setSession(null);
            ddg.setDiagram(null);
            showGccLine(null);
            violationList.removeAll();
            diagnostics.list().stream().filter(Diagnostic::isError).limit(20)
                    .forEach(d -> violationList.add(d.format()));
            boolean gcc = isGccDump(file);
            status.setText(!diagnostics.hasErrors()
                    ? file + ": no loop" + (gcc ? " with a dependence graph (-fdump-rtl-sms-details writes them)" : "")
                    : file + ": " + diagnostics.count(tessera.core.Severity.ERROR) + " error(s); "
                            + (gcc ? "the dump is not as GCC writes it" : "fix them in the editor"));
            layout(true, true);
            return diagnostics.list();
        }
        loopChooser.select(0);
        showLoop(0);
        return diagnostics.list();
    }

    /**
     * Shows a schedule made elsewhere (the TCPA mapping shows a PE's MRT this way): the schedule carries its loop and
     * machine; {@code source} labels it in the status line, Reset returns to it.
     */
    public void showSchedule(Schedule schedule, String source) {
        fileName = source;
        loops = List.of(schedule.loop());
        loopChooser.setItems(new String[] { schedule.loop().name() });
        loopChooser.select(0);
        gccLoops = List.of();
        showGccLine(null);
        session = new MrtSession(schedule, source, Duration.ofSeconds(10));
        algoChooser.deselectAll();
        refresh(true);
    }

    /** Shows loop {@code i} scheduled by the selected algorithm (sms when none is or when exact runs out of time). */
    private void showLoop(int i) {
        if (i < 0 || i >= loops.size()) {
            return;
        }
        String algo = MrtSession.ALGORITHMS.contains(algoChooser.getText()) ? algoChooser.getText() : "sms";
        session = new MrtSession(loops.get(i), Duration.ofSeconds(10));
        String timedOut = null;
        if (!algo.equals("sms")) {
            try {
                session.reschedule(algo);
            } catch (TimeLimitException e) {
                session.reschedule("sms");
                timedOut = e.getMessage();
            }
        }
        algoChooser.select(MrtSession.ALGORITHMS.indexOf(session.algorithm()));
        showGccLine(i < gccLoops.size() ? gccLoops.get(i) : null);
        refresh(true);
        if (timedOut != null) {
            status.setText(timedOut);
        }
    }

    /** The GCC line for a loop of a GCC dump; hidden for anything else (null). */
    private void showGccLine(GccSmsDump.GccLoop gcc) {
        String text = gcc == null ? "" : gccText(gcc);
        gccLine.setText(text);
        gccLine.setToolTipText(text);
        gccLine.setVisible(gcc != null);
        ((GridData) gccLine.getLayoutData()).exclude = gcc == null;
    }

    /** GCC's own result for a loop of its dump: RecMII, MII, and II and stage count, or why GCC failed. */
    public static String gccText(GccSmsDump.GccLoop l) {
        String where = "GCC" + (l.location() == null ? "" : " (" + l.location() + ")") + ": ";
        GccSmsDump.GccResult g = l.gcc();
        if (g == null) {
            return where + "stopped before computing an II";
        }
        String mii = "RecMII " + g.recMii() + " · MII " + g.mii();
        return where + mii + (g.scheduled() ? " · II " + g.ii() + " · SC " + g.stages()
                : " · max II " + g.maxIi() + " · failed: " + g.failure());
    }

    /** Runs another algorithm (sms, topdown, ims, exact) on the current loop. */
    public void setAlgorithm(String algo) {
        if (session == null) {
            return;
        }
        try {
            session.reschedule(algo);
            algoChooser.select(MrtSession.ALGORITHMS.indexOf(algo));
            refresh(true);
        } catch (TimeLimitException e) {
            status.setText(e.getMessage());
        }
    }

    public void reset() {
        if (session != null) {
            session.reset();
            refresh(true);
        }
    }

    /** Selects an op (-1: none) in the MRT, the lifetimes and the DDG. */
    public void selectOp(int op) {
        if (session == null) {
            return;
        }
        session.select(op);
        syncing = true;
        try {
            ddg.select(op < 0 ? null : new DdgDiagram.OpRef(op), false);
        } finally {
            syncing = false;
        }
        mrt.redraw();
        updateStatus();
    }

    /** Moves op {@code op} to issue cycle {@code cycle} and re-verifies. */
    public void moveOp(int op, int cycle) {
        if (session == null || op < 0) {
            return;
        }
        session.moveTo(op, cycle);
        session.select(op);
        refresh(false);
    }

    /** Moves op {@code op} to an MRT cell (row; instance of its own class, -1 to keep), same stage. */
    public void moveOpToCell(int op, int row, int instance) {
        if (session == null || op < 0) {
            return;
        }
        session.moveToCell(op, row, instance);
        session.select(op);
        refresh(false);
    }

    private void refresh(boolean relayout) {
        mrt.setSession(session);
        if (relayout || ddg.getDiagram() == null) {
            ddg.setDiagram(DdgDiagram.of(session.loop(), session.schedule()));
        } else {
            // same graph: keep ELK's placement, update the cycle labels and stage colours
            var fresh = DdgDiagram.of(session.loop(), session.schedule());
            for (var n : ddg.getDiagram().nodes()) {
                var f = fresh.findNode(n.id);
                n.lines.clear();
                n.lines.addAll(f.lines);
                n.fill = f.fill;
                n.tooltip = f.tooltip;
            }
        }
        Set<Object> hi = new HashSet<>();
        Set<Integer> hiOps = new HashSet<>();
        for (int dep : session.violatedDependences()) {
            hi.add(new DdgDiagram.DepRef(dep));
            Dependence d = session.loop().dependence(dep);
            hiOps.add(d.from());
            hiOps.add(d.to());
        }
        for (int op : session.conflictingOps()) {
            hi.add(new DdgDiagram.OpRef(op));
            hiOps.add(op);
        }
        ddg.setHighlighted(hi);
        ddg.select(session.selected() < 0 ? null : new DdgDiagram.OpRef(session.selected()), false);
        mrt.setHighlighted(hiOps);
        violationList.removeAll();
        if (session.violations().isEmpty()) {
            violationList.add(session.schedule() == null ? session.summary()
                    : "No violations: every dependence and resource constraint holds (verifier).");
        }
        for (Violation v : session.violations()) {
            violationList.add(v.kind().name().toLowerCase().replace('_', ' ') + ": " + v.message());
        }
        updateStatus();
        layout(true, true);
    }

    private void updateStatus() {
        if (session == null) {
            return;
        }
        String sel = session.selected() < 0 ? ""
                : " · selected " + session.loop().op(session.selected()).name() + " at cycle "
                        + session.schedule().time(session.selected()) + " (↑/↓ moves it)";
        status.setText(session.summary() + sel);
    }

    public MrtSession getSession() {
        return session;
    }

    public MrtCanvas getMrtCanvas() {
        return mrt;
    }

    public DiagramCanvas getDdgCanvas() {
        return ddg;
    }

    /** The lines of the violations list as shown. */
    public String[] getViolationLines() {
        return violationList.getItems();
    }

    public String getStatusText() {
        return status.getText();
    }

    /** GCC's result for the loop shown ("" unless a GCC dump is shown). */
    public String getGccText() {
        return gccLine.getText();
    }

    /** The names in the loop chooser. */
    public String[] getLoopNames() {
        return loopChooser.getItems();
    }

    /** Shows loop {@code i} of the file (as the loop chooser does). */
    public void selectLoop(int i) {
        loopChooser.select(i);
        showLoop(i);
    }

    /** Writes the MRT (one line per cell) and the schedule (one line per op) as CSV. */
    public void exportCsv(File mrtFile, File scheduleFile) throws IOException {
        if (session == null || session.schedule() == null) {
            return;
        }
        Files.writeString(mrtFile.toPath(), ScheduleCsv.mrt(List.of(session.schedule())), StandardCharsets.UTF_8);
        if (scheduleFile != null) {
            Files.writeString(scheduleFile.toPath(), ScheduleCsv.schedule(List.of(session.schedule())),
                    StandardCharsets.UTF_8);
        }
    }

    private String base() {
        String b = new File(fileName).getName();
        return (b.endsWith(".ddg") || b.endsWith(".sms") ? b.substring(0, b.length() - 4) : b)
                + (session == null ? "" : "-" + session.loop().name());
    }

    /** A save dialog proposing {@code fileName} with the given filters: the chosen path, or null when cancelled. */
    private String askSavePath(String fileName, String... filterExtensions) {
        FileDialog fd = new FileDialog(getShell(), SWT.SAVE);
        fd.setFilterExtensions(filterExtensions);
        fd.setFileName(fileName);
        fd.setOverwrite(true);
        return fd.open();
    }

    private void exportCsvDialog() {
        String path = askSavePath(base() + "-mrt.csv", "*.csv");
        if (path == null) {
            return;
        }
        File f = new File(path);
        String n = f.getName().replace("-mrt.csv", "").replace(".csv", "");
        try {
            exportCsv(f, new File(f.getParentFile(), n + "-schedule.csv"));
            status.setText("wrote " + f + " and " + n + "-schedule.csv");
        } catch (IOException e) {
            status.setText("CSV export failed: " + e.getMessage());
        }
    }

    private void exportImagesDialog() {
        String path = askSavePath(base() + "-ddg.png", "*.png", "*.svg");
        if (path == null) {
            return;
        }
        File f = new File(path);
        try {
            if (path.endsWith(".svg")) {
                ddg.exportSvg(f);
            } else {
                ddg.exportPng(f);
            }
            File m = new File(f.getParentFile(), f.getName().replaceAll("(-ddg)?\\.(png|svg)$", "") + "-mrt.png");
            mrt.exportPng(m);
            status.setText("wrote " + f + " and " + m.getName());
        } catch (IOException e) {
            status.setText("Export failed: " + e.getMessage());
        }
    }
}
