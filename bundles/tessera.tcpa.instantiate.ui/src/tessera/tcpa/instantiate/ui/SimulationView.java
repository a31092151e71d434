package tessera.tcpa.instantiate.ui;

import java.io.File;

import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;

import tessera.core.Monitor;

/**
 * The TCPA Simulation view: simulates the active .pla's concrete configuration cycle by cycle on random inputs (a
 * background job with progress and cancel), shows each PE's FU activity over the cycles and every output element
 * against the PLA interpreter, mismatches first in the summary.
 */
public class SimulationView extends PlaView<Simulation> {
    public static final String ID = "tessera.tcpa.instantiate.ui.simulationView";
    /** Table rows shown at most (the summary counts all). */
    public static final int MAX_ROWS = 5000;

    private Spinner seed;
    private Label summary;
    private ActivityChart chart;
    private ScrolledComposite scroller;
    private Table table;
    private volatile long requestedSeed = 1; // read by the job; the spinner is the UI thread's

    @Override
    protected Control createBody(Composite parent) {
        Composite body = new Composite(parent, SWT.NONE);
        GridLayout gl = new GridLayout(3, false);
        gl.marginHeight = 2;
        body.setLayout(gl);
        new Label(body, SWT.NONE).setText("Inputs seed:");
        seed = new Spinner(body, SWT.BORDER);
        seed.setValues(1, 0, 1_000_000, 0, 1, 10);
        seed.addListener(SWT.Selection, e -> requestedSeed = seed.getSelection());
        seed.addListener(SWT.DefaultSelection, e -> showActiveEditor());
        summary = new Label(body, SWT.WRAP);
        summary.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        SashForm sash = new SashForm(body, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 3, 1));
        scroller = new ScrolledComposite(sash, SWT.V_SCROLL | SWT.BORDER);
        chart = new ActivityChart(scroller);
        scroller.setContent(chart);
        scroller.setExpandHorizontal(true);
        scroller.setExpandVertical(true);
        scroller.addListener(SWT.Resize, e -> fitChart());
        table = new Table(sash, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        for (String[] c : new String[][] {{"array", "90"}, {"index", "110"}, {"simulated", "110"}, {"interpreted", "110"}, {"match", "70"}}) {
            TableColumn col = new TableColumn(table, SWT.LEFT);
            col.setText(c[0]);
            col.setWidth(Integer.parseInt(c[1]));
        }
        sash.setWeights(62, 38);
        return body;
    }

    private void fitChart() {
        var ca = scroller.getClientArea();
        scroller.setMinSize(chart.computeSize(Math.max(ca.width, 10), SWT.DEFAULT));
    }

    @Override
    protected void contributeActions(IToolBarManager tb) {
        tb.add(action("Run Simulation", this::showActiveEditor));
    }

    @Override
    protected String what() {
        return "its cycle-level simulation against the PLA interpreter";
    }

    @Override
    protected Simulation compute(Instantiation in, Monitor monitor) {
        return Simulation.run(in, seedValue(), monitor);
    }

    private long seedValue() {
        return requestedSeed;
    }

    /** Sets the inputs seed (as the spinner does) without running. */
    public void setSeed(int s) {
        seed.setSelection(s);
        requestedSeed = s;
    }

    @Override
    protected String errorOf(Simulation s) {
        return s.error();
    }

    @Override
    protected String statusOf(Simulation s) {
        return s.instantiation().headline() + ": simulated " + s.cycles() + " cycles on " + s.instantiation().config().getProcessors().size()
                + " PEs";
    }

    @Override
    protected void display(Simulation s) {
        chart.setSimulation(s);
        fitChart();
        summary.setText(s.ok() ? s.summary() : "no simulation");
        summary.setForeground(summary.getDisplay().getSystemColor(s.ok() && s.mismatches() == 0 ? SWT.COLOR_DARK_GREEN : SWT.COLOR_DARK_RED));
        summary.getParent().layout(true);
        table.setRedraw(false);
        table.removeAll();
        int n = 0;
        for (Simulation.Output o : s.outputs()) {
            if (n++ >= MAX_ROWS) {
                break;
            }
            TableItem it = new TableItem(table, SWT.NONE);
            it.setText(new String[] {o.array(), o.index().toString(), o.simulated() == null ? "—" : o.simulated().toString(),
                    o.interpreted() == null ? "—" : o.interpreted().toString(), o.match() ? "yes" : "NO"});
            if (!o.match()) {
                it.setBackground(table.getDisplay().getSystemColor(SWT.COLOR_YELLOW));
            }
        }
        table.setRedraw(true);
    }

    @Override
    public File exportPng(File file) {
        return chart.exportPng(file);
    }

    public String getSummary() {
        return summary.getText();
    }

    public Table getTable() {
        return table;
    }

    @Override
    public void setFocus() {
        table.setFocus();
    }
}
