package tessera.palmed.ui;

import java.io.File;
import java.util.List;
import java.util.Map;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;

import tessera.palmed.model.Kernel;
import tessera.palmed.model.Rational;
import tessera.palmed.model.ResourceMapping;
import tessera.palmed.predict.Comparison;
import tessera.ui.Layouts;

/**
 * The PALMED view's content: a status line, then tabs for the mapping table (instructions × resources, ρ as fractions,
 * IPC alone, saturating kernels in the header tooltips), the predicted-vs-reference IPC heatmap (seed 000 Fig. 4a) and
 * the inference log. Independent of the workbench so tests can show it in a plain shell.
 */
public final class PalmedPanel extends Composite {
    private final Label status;
    private final CTabFolder tabs;
    private final Table table;
    private final IpcHeatmap heatmap;
    private final Text log;
    private ResourceMapping mapping;

    public PalmedPanel(Composite parent, int style) {
        super(parent, style);
        setLayout(new GridLayout(1, false));
        status = new Label(this, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        status.setText("Open a .portmap or .mapping file to see its resource mapping.");
        tabs = new CTabFolder(this, SWT.BORDER);
        tabs.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        table = new Table(tabs, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        Layouts.tab(tabs, "Mapping table", table);
        Composite hc = new Composite(tabs, SWT.NONE);
        hc.setLayout(new FillLayout());
        heatmap = new IpcHeatmap(hc, SWT.NONE);
        Layouts.tab(tabs, "IPC heatmap", hc);
        log = new Text(tabs, SWT.MULTI | SWT.READ_ONLY | SWT.V_SCROLL | SWT.H_SCROLL);
        Layouts.tab(tabs, "Inference log", log);
        tabs.setSelection(0);
    }

    public void showMessage(String text) {
        status.setText(text);
        layout(true, true);
    }

    /** Fills the mapping table: one row per instruction, one column per resource. */
    public void setMapping(String title, ResourceMapping m) {
        mapping = m;
        table.setRedraw(false);
        table.removeAll();
        for (TableColumn c : table.getColumns()) {
            c.dispose();
        }
        column("instruction", 190, null);
        column("IPC alone", 80, null);
        for (String r : m.resources()) {
            Kernel sat = m.saturating().get(r);
            column(r, 64, sat == null ? "resource " + r : "resource " + r + ", saturating kernel " + sat);
        }
        for (String i : m.instructions()) {
            TableItem it = new TableItem(table, SWT.NONE);
            it.setText(0, i);
            it.setText(1, Rational.format(Rational.snap(m.ipc(Kernel.single(i)))));
            Map<String, Double> row = m.rho().get(i);
            List<String> res = m.resources();
            for (int k = 0; k < res.size(); k++) {
                double w = row.getOrDefault(res.get(k), 0.0);
                it.setText(k + 2, w > 0 ? Rational.format(w) : "");
            }
        }
        table.setRedraw(true);
        showMessage(title + ": " + m.instructions().size() + " instructions, " + m.resources().size() + " resources");
    }

    private void column(String name, int width, String tooltip) {
        TableColumn c = new TableColumn(table, SWT.LEFT);
        c.setText(name);
        c.setWidth(width);
        if (tooltip != null) {
            c.setToolTipText(tooltip);
        }
    }

    public void setComparison(Comparison.Table t) {
        heatmap.setTable(t);
    }

    public void setLog(List<String> lines) {
        log.setText(String.join("\n", lines));
    }

    public void selectTab(int index) {
        tabs.setSelection(index);
    }

    public ResourceMapping getMapping() {
        return mapping;
    }

    public Table getTable() {
        return table;
    }

    public IpcHeatmap getHeatmap() {
        return heatmap;
    }

    public String getStatus() {
        return status.getText();
    }

    public String getLog() {
        return log.getText();
    }

    /** Saves the heatmap as a PNG (toolbar export). */
    public void exportHeatmap(File out) {
        Rectangle b = heatmap.getBounds();
        int w = Math.max(900, b.width);
        int h = Math.max(420, b.height);
        Image img = new Image(getDisplay(), w, h);
        GC gc = new GC(img);
        try {
            heatmap.draw(gc, w, h);
        } finally {
            gc.dispose();
        }
        ImageLoader l = new ImageLoader();
        l.data = new ImageData[] {img.getImageData()};
        l.save(out.getPath(), SWT.IMAGE_PNG);
        img.dispose();
    }
}
