package tessera.ui;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;

/** SWT set-up steps the Studio views and panels share. */
public final class Layouts {
    private Layouts() {
    }

    /** A grid layout of {@code columns} columns (not of equal width) with the given margins in pixels. */
    public static GridLayout grid(int columns, int marginWidth, int marginHeight) {
        GridLayout gl = new GridLayout(columns, false);
        gl.marginWidth = marginWidth;
        gl.marginHeight = marginHeight;
        return gl;
    }

    /** Adds a tab titled {@code title} showing {@code body} (a child of {@code tabs}) at the end of {@code tabs}. */
    public static CTabItem tab(CTabFolder tabs, String title, Control body) {
        CTabItem item = new CTabItem(tabs, SWT.NONE);
        item.setText(title);
        item.setControl(body);
        return item;
    }

    /** A push button labelled {@code text} that runs {@code action} when selected. */
    public static Button button(Composite parent, String text, Runnable action) {
        Button b = new Button(parent, SWT.PUSH);
        b.setText(text);
        b.addListener(SWT.Selection, e -> action.run());
        return b;
    }

    /** Adds a left-aligned column titled {@code name}, {@code width} pixels wide, to {@code table}. */
    public static void column(Table table, String name, int width) {
        TableColumn c = new TableColumn(table, SWT.LEFT);
        c.setText(name);
        c.setWidth(width);
    }
}
