package tessera.regdem.ui;

import java.io.File;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;

import tessera.diagram.DiagramProvider;
import tessera.regdem.predict.Variant;
import tessera.ui.DiagramCanvas;
import tessera.ui.Layouts;

/**
 * The body of the RegDem view, usable without a workbench (tests): a status line and five tabs — CFG (the one
 * diagram renderer, {@link DiagramCanvas}), register pressure, occupancy versus registers, shared-memory layout and
 * the variant table. Selecting a variant in the table shows it in the other tabs; at first the tabs show
 * {@link RegdemAnalysis#shownByDefault()}.
 */
public class RegdemPanel extends Composite {
    public static final String[] TABS = {"CFG", "Register pressure", "Occupancy", "Shared memory", "Variants"};

    private final Label status;
    private final CTabFolder tabs;
    private final Combo cfgChooser;
    private final DiagramCanvas cfgCanvas;
    private final PressureChart pressure;
    private final OccupancyChart occupancy;
    private final SharedLayoutChart shared;
    private final Spinner warp;
    private final Label notes;
    private final VariantTable table;
    private RegdemAnalysis analysis;
    private Variant shown;

    public RegdemPanel(Composite parent, int style) {
        super(parent, style);
        setLayout(Layouts.grid(1, 0, 0));
        status = new Label(this, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        status.setText("Open a .sass kernel in an editor to see its RegDem analysis.");
        tabs = new CTabFolder(this, SWT.BORDER | SWT.TOP);
        tabs.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));

        Composite cfgTab = new Composite(tabs, SWT.NONE);
        cfgTab.setLayout(Layouts.grid(1, 0, 2));
        cfgChooser = new Combo(cfgTab, SWT.READ_ONLY);
        cfgChooser.setLayoutData(new GridData(SWT.LEFT, SWT.CENTER, false, false));
        cfgChooser.addListener(SWT.Selection, e -> showCfg());
        cfgCanvas = new DiagramCanvas(cfgTab, SWT.NONE);
        cfgCanvas.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        Layouts.tab(tabs, TABS[0], cfgTab);

        pressure = new PressureChart(scrolled(TABS[1]), SWT.NONE);
        finishScrolled(pressure);
        occupancy = new OccupancyChart(scrolled(TABS[2]), SWT.NONE);
        finishScrolled(occupancy);

        Composite smTab = new Composite(tabs, SWT.NONE);
        smTab.setLayout(Layouts.grid(2, 4, 2));
        new Label(smTab, SWT.NONE).setText("Warp:");
        warp = new Spinner(smTab, SWT.BORDER);
        ScrolledComposite ssc = new ScrolledComposite(smTab, SWT.H_SCROLL | SWT.V_SCROLL);
        ssc.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        shared = new SharedLayoutChart(ssc, SWT.NONE);
        finishScrolled(shared);
        warp.addListener(SWT.Selection, e -> shared.setWarp(warp.getSelection()));
        Layouts.tab(tabs, TABS[3], smTab);

        Composite vTab = new Composite(tabs, SWT.NONE);
        vTab.setLayout(Layouts.grid(1, 0, 2));
        notes = new Label(vTab, SWT.WRAP);
        notes.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        table = new VariantTable(vTab, this::showVariant);
        table.getTable().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        Layouts.tab(tabs, TABS[4], vTab);
        tabs.setSelection(0);
    }

    private ScrolledComposite scrolled(String name) {
        ScrolledComposite sc = new ScrolledComposite(tabs, SWT.H_SCROLL | SWT.V_SCROLL);
        Layouts.tab(tabs, name, sc);
        return sc;
    }

    private static void finishScrolled(ChartCanvas chart) {
        ScrolledComposite sc = (ScrolledComposite) chart.getParent();
        sc.setContent(chart);
        sc.setExpandHorizontal(true);
        sc.setExpandVertical(true);
        sc.setMinSize(minSize(chart));
    }

    private static void resize(ChartCanvas chart) {
        ((ScrolledComposite) chart.getParent()).setMinSize(minSize(chart));
    }

    /** Curves stay readable when squeezed into a short view; the layout grid has fixed cells. */
    private static Point minSize(ChartCanvas chart) {
        Point p = chart.preferredSize();
        return chart instanceof SharedLayoutChart ? p : new Point(Math.min(p.x, 760), 340);
    }

    /** Shows a message instead of an analysis (no kernel, computing...). */
    public void showMessage(String text) {
        status.setText(text);
        layout(true);
    }

    /** Shows a whole analysis, starting with {@link RegdemAnalysis#shownByDefault()}. */
    public void setAnalysis(RegdemAnalysis a) {
        analysis = a;
        if (!a.ok()) {
            status.setText(a.summary());
            shown = null;
            table.setReport(null);
            notes.setText("");
            cfgChooser.setItems();
            cfgCanvas.setDiagram(null);
            pressure.show(null, "", "", null);
            occupancy.show(null, 0, null, 0, 0);
            shared.show(null, "");
            layout(true, true);
            return;
        }
        table.setReport(a.report());
        StringBuilder n = new StringBuilder();
        n.append(a.report().variants().size()).append(" variants spill_K_STRATEGY_AC_SW_OA (K registers demoted,")
                .append(" candidate strategy, avoid_conflict, swap_spill_reg, opt_access); the lowest adjusted score")
                .append(" = stall × (occupancy ÷ best occupancy)^−0.86281 is chosen. Select a row to show that")
                .append(" variant in the other tabs.");
        for (String s : a.report().notes()) {
            n.append('\n').append(s);
        }
        notes.setText(n.toString());
        occupancy.show(OccupancyCurve.of(a.arch(), a.threads(), a.kernelSmem(), a.registers()),
                a.original().occupancy(), null, -1, 0);
        resize(occupancy);
        showVariant(a.shownByDefault());
        table.select(shown);
    }

    /** Shows one variant in the CFG, pressure, occupancy and shared-memory tabs. */
    public void showVariant(Variant v) {
        if (analysis == null || !analysis.ok() || v == null) {
            return;
        }
        shown = v;
        RegdemAnalysis a = analysis;
        String label = label(v);
        status.setText(a.summary() + "\nShowing " + label + (a.launch().source().startsWith("#")
                ? "  (block size from the kernel's # Launch line: set regdem.block in tessera.properties)" : ""));
        cfgChooser.setItems(SassCfgDiagrams.name(a, v), SassCfgDiagrams.name(a, a.original()));
        cfgChooser.select(0);
        showCfg();
        pressure.show(PressureSeries.of(a.detail(a.original()), a.detail(v)),
                "Register pressure — " + a.fileName() + ": original vs. " + label, v.name(), a.original().program());
        resize(pressure);
        OccupancyCurve c = occupancy.getCurve();
        occupancy.show(c, a.original().occupancy(), v == a.original() ? null : v.name(), v.registers(),
                v.occupancy());
        shared.show(SmemLayout.of(v, a.threads(), a.spillBase()), v.name());
        warp.setValues(shared.getWarp(), 0, Math.max(0, shared.warps() - 1), 0, 1, 4);
        resize(shared);
        layout(true, true);
    }

    private String label(Variant v) {
        if (v.chosen()) {
            return v.name() + " (chosen)";
        }
        return v.name() + (v == analysis.original() ? " (original, not chosen)" : " (not chosen: " + analysis.chosen()
                .name() + " wins)");
    }

    private void showCfg() {
        if (analysis == null || shown == null) {
            return;
        }
        Variant v = cfgChooser.getSelectionIndex() == 1 ? analysis.original() : shown;
        DiagramProvider.Named d = SassCfgDiagrams.named(analysis, v);
        cfgCanvas.setDiagram(d.diagram());
        readableZoom(cfgCanvas);
    }

    /**
     * A kernel's CFG rarely fits the view; fit() would then shrink it to 60 %, where instruction text is hard to read:
     * show it at 100 %, top edge and horizontal centre kept (Fit: key 0, zoom: Ctrl+wheel or +/-).
     */
    static void readableZoom(DiagramCanvas c) {
        var d = c.getDiagram();
        Rectangle ca = c.getClientArea();
        double z = c.getZoom();
        if (d == null || z >= 1 || ca.height <= 0) {
            return;
        }
        // fit() put the top at (ca.height - h·z)/2 when it fits vertically, else at 0
        int top = d.height * z <= ca.height ? (int) ((ca.height - d.height * z) / 2) : 0;
        c.zoomAt(1 / z, ca.width / 2, top);
    }

    public RegdemAnalysis getAnalysis() {
        return analysis;
    }

    public Variant getShownVariant() {
        return shown;
    }

    public CTabFolder getTabs() {
        return tabs;
    }

    public void selectTab(int i) {
        tabs.setSelection(i);
    }

    public DiagramCanvas getCfgCanvas() {
        return cfgCanvas;
    }

    public PressureChart getPressureChart() {
        return pressure;
    }

    public OccupancyChart getOccupancyChart() {
        return occupancy;
    }

    public SharedLayoutChart getSharedLayoutChart() {
        return shared;
    }

    public VariantTable getVariantTable() {
        return table;
    }

    public Label getStatus() {
        return status;
    }

    /** Writes the selected tab as PNG: charts and the CFG at full size, the table as shown. */
    public File exportSelectedTab(File file) {
        switch (tabs.getSelectionIndex()) {
            case 0 -> cfgCanvas.exportPng(file);
            case 1 -> pressure.exportPng(file);
            case 2 -> occupancy.exportPng(file);
            case 3 -> shared.exportPng(file);
            default -> table.exportPng(file);
        }
        return file;
    }
}
