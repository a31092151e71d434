package tessera.telamon.ui;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;

/**
 * The order-domain matrix of seed 001 §4.5.1 (Table 4.2) as a table: a row and a column per statement, cell (r, c)
 * the domain of order(r, c) read in that orientation, "/" on the diagonal; fixed cells grey, the instances the last
 * step changed yellow, the decided one blue and bold.
 */
final class OrderMatrix {
    static final Color FIXED = new Color(0xE4, 0xE4, 0xE4), CHANGED = new Color(0xFF, 0xE8, 0x8C),
            DECIDED = new Color(0xAE, 0xD6, 0xF1), HEADER = new Color(0xF0, 0xF0, 0xF0), OPEN = new Color(0xFF, 0xFF, 0xFF),
            FIXED_TEXT = new Color(0x55, 0x55, 0x55);

    private final Table table;
    private final Font bold;
    private List<String> statements = List.of();

    OrderMatrix(Composite parent, Font bold) {
        this.bold = bold;
        table = new Table(parent, SWT.BORDER | SWT.H_SCROLL | SWT.V_SCROLL | SWT.SINGLE);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        // the table has no cell selection: a selected row would hide the colours of its cells
        table.addListener(SWT.Selection, e -> table.deselectAll());
    }

    Table table() {
        return table;
    }

    List<String> statements() {
        return statements;
    }

    /** Abbreviations of the order values: their first letters (BEFORE B, AFTER A, IN I, OUT O, MERGED M). */
    static String text(List<String> domain, boolean fullNames) {
        if (domain == null) {
            return "/";
        }
        if (domain.isEmpty()) {
            return "∅";
        }
        return fullNames ? String.join(", ", domain) : domain.stream().map(v -> v.substring(0, 1)).collect(Collectors.joining(" "));
    }

    /** Rebuilds the table from the session's current candidate. */
    void fill(TelamonSession s, boolean fullNames, String decided) {
        table.setRedraw(false);
        try {
            table.removeAll();
            for (TableColumn c : table.getColumns()) {
                c.dispose();
            }
            statements = s == null ? List.of() : s.statements();
            if (s == null) {
                return;
            }
            TableColumn corner = new TableColumn(table, SWT.LEFT);
            corner.setText("row \\ column");
            for (String st : statements) {
                TableColumn c = new TableColumn(table, SWT.CENTER);
                c.setText(st);
                c.setToolTipText(st + (s.isDimension(st) ? " (dimension)" : " (instruction)"));
            }
            Set<String> changed = s.changed();
            for (String row : statements) {
                TableItem it = new TableItem(table, SWT.NONE);
                it.setText(0, label(s, row));
                it.setBackground(0, HEADER);
                it.setFont(0, bold);
                for (int j = 0; j < statements.size(); j++) {
                    String col = statements.get(j);
                    List<String> dom = row.equals(col) ? null : s.order(row, col);
                    String key = dom == null ? null : s.orderKey(row, col);
                    it.setText(j + 1, text(dom, fullNames));
                    if (dom == null) {
                        it.setBackground(j + 1, HEADER);
                    } else if (key.equals(decided)) {
                        it.setBackground(j + 1, DECIDED);
                        it.setFont(j + 1, bold);
                    } else if (changed.contains(key)) {
                        it.setBackground(j + 1, CHANGED);
                    } else if (dom.size() == 1) {
                        it.setBackground(j + 1, FIXED);
                        it.setForeground(j + 1, FIXED_TEXT);
                    } else {
                        it.setBackground(j + 1, OPEN);
                    }
                }
            }
            for (TableColumn c : table.getColumns()) {
                c.pack();
                c.setWidth(Math.max(c.getWidth() + 8, fullNames ? 64 : 44));
            }
            new TableColumn(table, SWT.LEFT).setWidth(1); // GTK stretches the last column: let it be an empty one
        } finally {
            table.setRedraw(true);
        }
    }

    /** A row's label: the statement, with its operation for an instruction. */
    private static String label(TelamonSession s, String st) {
        var inst = s.kernel().inst(st);
        return inst == null ? st : st + " = " + inst.op().name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The (row, column) statement indices of the cell at (x, y) of the table, or null (row header, outside). */
    int[] cellAt(int x, int y) {
        TableItem item = table.getItem(new Point(x, y));
        if (item == null) {
            return null;
        }
        int row = table.indexOf(item);
        for (int j = 1; j <= statements.size(); j++) {
            if (item.getBounds(j).contains(x, y)) {
                return new int[] { row, j - 1 };
            }
        }
        return null;
    }

    /** The bounds of the cell of order(statement {@code row}, statement {@code col}) in table coordinates. */
    Rectangle cellBounds(int row, int col) {
        return table.getItem(row).getBounds(col + 1);
    }

    /** The text of a cell as shown. */
    String cellText(int row, int col) {
        return table.getItem(row).getText(col + 1);
    }

    /** The background of a cell as shown. */
    Color cellBackground(int row, int col) {
        return table.getItem(row).getBackground(col + 1);
    }
}
