package tessera.regdem.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;

import tessera.regdem.predict.Variant;
import tessera.regdem.predict.VariantGenerator;

/**
 * The variant table of seed 004 §4 (the report of {@link VariantGenerator#table}): variant, demoted words, registers,
 * occupancy, shared memory, predicted stalls, occupancy-adjusted score and the chosen mark. The chosen row is bold on
 * green; selecting a row shows that variant in the other tabs.
 */
public class VariantTable {
    public static final String[] COLUMNS = {"variant", "demoted", "registers", "occupancy", "shared mem (B)",
        "+ dynamic (B)", "predicted stall", "adjusted", "chosen"};

    private final Table table;
    private final Font boldFont;
    private final Color chosenBg;
    private final List<Variant> rows = new ArrayList<>();

    public VariantTable(Composite parent, Consumer<Variant> onSelect) {
        table = new Table(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE | SWT.V_SCROLL | SWT.H_SCROLL);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        int[] widths = {190, 70, 80, 90, 110, 100, 120, 110, 70};
        for (int i = 0; i < COLUMNS.length; i++) {
            TableColumn c = new TableColumn(table, i == 0 ? SWT.LEFT : SWT.RIGHT);
            c.setText(COLUMNS[i]);
            c.setWidth(widths[i]);
        }
        FontData fd = table.getFont().getFontData()[0];
        boldFont = new Font(table.getDisplay(), fd.getName(), fd.getHeight(), SWT.BOLD);
        chosenBg = new Color(table.getDisplay(), 0xD5, 0xF5, 0xE3);
        table.addListener(SWT.Dispose, e -> {
            boldFont.dispose();
            chosenBg.dispose();
        });
        table.addListener(SWT.Selection, e -> {
            int i = table.getSelectionIndex();
            if (i >= 0 && i < rows.size()) {
                onSelect.accept(rows.get(i));
            }
        });
    }

    public Table getTable() {
        return table;
    }

    public void setReport(VariantGenerator.Report r) {
        table.removeAll();
        rows.clear();
        if (r == null) {
            return;
        }
        for (Variant v : r.variants()) {
            rows.add(v);
            TableItem it = new TableItem(table, SWT.NONE);
            it.setText(cells(v));
            if (v.chosen()) {
                it.setFont(boldFont);
                it.setBackground(chosenBg);
            }
        }
        for (TableColumn c : table.getColumns()) {
            int w = c.getWidth();
            c.pack();
            c.setWidth(Math.max(c.getWidth() + 12, Math.min(w, 90)));
        }
    }

    /** The texts of one row (the table's and the tests' single source). */
    public static String[] cells(Variant v) {
        return new String[] {v.name(), String.valueOf(v.demote()), String.valueOf(v.registers()),
            String.format(Locale.ROOT, "%.4f", v.occupancy()), String.format(Locale.ROOT, "%,d", v.sharedBytes()),
            String.format(Locale.ROOT, "%,d", v.dynamicSharedBytes()), String.format(Locale.ROOT, "%,.2f", v.stall()),
            String.format(Locale.ROOT, "%,.2f", v.adjusted()), v.chosen() ? "✔ chosen" : ""};
    }

    /** Selects the row of a variant without notifying. */
    public void select(Variant v) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i) == v) {
                table.setSelection(i);
                table.showSelection();
                return;
            }
        }
    }

    /**
     * Renders every row (not only the visible ones) into a PNG, in the charts' style: bold header, numbers
     * right-aligned, the chosen row bold on green.
     */
    public java.io.File exportPng(java.io.File file) {
        org.eclipse.swt.widgets.Display d = table.getDisplay();
        org.eclipse.swt.graphics.GC m = new org.eclipse.swt.graphics.GC(table);
        int[] w = new int[COLUMNS.length];
        int lh;
        try {
            m.setFont(boldFont);
            lh = m.getFontMetrics().getHeight() + 8;
            for (int c = 0; c < COLUMNS.length; c++) {
                w[c] = m.textExtent(COLUMNS[c]).x + 24;
                for (Variant v : rows) {
                    w[c] = Math.max(w[c], m.textExtent(cells(v)[c]).x + 24);
                }
            }
        } finally {
            m.dispose();
        }
        int width = 0;
        for (int x : w) {
            width += x;
        }
        int height = lh * (rows.size() + 1) + 2;
        org.eclipse.swt.graphics.Image img = new org.eclipse.swt.graphics.Image(d, width + 2, height);
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(img);
        Color ink = new Color(d, 0x34, 0x49, 0x5E);
        Color grid = new Color(d, 0xE5, 0xE8, 0xEC);
        Color head = new Color(d, 0xF4, 0xF7, 0xFB);
        try {
            gc.setAntialias(SWT.ON);
            gc.setTextAntialias(SWT.ON);
            gc.setBackground(d.getSystemColor(SWT.COLOR_WHITE));
            gc.fillRectangle(0, 0, width + 2, height);
            for (int r = -1; r < rows.size(); r++) {
                int y = lh * (r + 1);
                boolean chosen = r >= 0 && rows.get(r).chosen();
                gc.setBackground(r < 0 ? head : chosen ? chosenBg : d.getSystemColor(SWT.COLOR_WHITE));
                gc.fillRectangle(0, y, width + 2, lh);
                gc.setForeground(grid);
                gc.drawLine(0, y + lh - 1, width, y + lh - 1);
                gc.setFont(r < 0 || chosen ? boldFont : table.getFont());
                gc.setForeground(ink);
                String[] cs = r < 0 ? COLUMNS : cells(rows.get(r));
                int x = 0;
                for (int c = 0; c < cs.length; c++) {
                    int tw = gc.textExtent(cs[c]).x;
                    gc.drawText(cs[c], c == 0 ? x + 8 : x + w[c] - tw - 8, y + 4, true);
                    x += w[c];
                }
            }
        } finally {
            gc.dispose();
            ink.dispose();
            grid.dispose();
            head.dispose();
        }
        try {
            org.eclipse.swt.graphics.ImageLoader l = new org.eclipse.swt.graphics.ImageLoader();
            l.data = new org.eclipse.swt.graphics.ImageData[] {img.getImageData()};
            l.save(file.getPath(), SWT.IMAGE_PNG);
        } finally {
            img.dispose();
        }
        return file;
    }

    public List<Variant> rows() {
        return List.copyOf(rows);
    }
}
