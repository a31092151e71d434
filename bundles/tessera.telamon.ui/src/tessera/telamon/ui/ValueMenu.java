package tessera.telamon.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;

/**
 * The pop-up menu a click on a choice instance opens (a matrix cell or a row of the other choices): its domain as a
 * title, then "= VALUE" for each value left (keep only it) and, when more than two are left, "≠ VALUE" (remove it).
 * Values propagation already removed are listed disabled, so the menu always shows the whole enum.
 */
final class ValueMenu {
    private ValueMenu() {
    }

    /** Text of the item that keeps only {@code value}. */
    static String only(String value) {
        return "= " + value;
    }

    /** Text of the item that removes {@code value}. */
    static String without(String value) {
        return "≠ " + value;
    }

    /**
     * Opens the menu for {@code instance} at ({@code x}, {@code y}) of {@code owner}; {@code keep} receives the values
     * to keep. Returns the menu (tests select its items).
     */
    static Menu open(Control owner, int x, int y, String instance, List<String> universe, List<String> domain,
            Consumer<List<String>> keep) {
        Menu menu = new Menu(owner);
        MenuItem title = new MenuItem(menu, SWT.NONE);
        title.setText(instance + " ∈ {" + String.join(", ", domain) + "}" + (domain.size() == 1 ? " (fixed)" : ""));
        title.setEnabled(false);
        new MenuItem(menu, SWT.SEPARATOR);
        boolean open = domain.size() > 1;
        for (String v : universe) {
            MenuItem it = new MenuItem(menu, SWT.PUSH);
            it.setText(only(v) + (domain.contains(v) ? "" : "   (removed)"));
            it.setEnabled(open && domain.contains(v));
            it.addListener(SWT.Selection, e -> keep.accept(List.of(v)));
        }
        if (domain.size() > 2) {
            new MenuItem(menu, SWT.SEPARATOR);
            for (String v : domain) {
                MenuItem it = new MenuItem(menu, SWT.PUSH);
                it.setText(without(v));
                List<String> rest = new ArrayList<>(domain);
                rest.remove(v);
                it.addListener(SWT.Selection, e -> keep.accept(rest));
            }
        }
        Point p = owner.toDisplay(x, y);
        menu.setLocation(p.x, p.y);
        menu.setVisible(true);
        return menu;
    }

    /** The enabled item of {@code menu} whose text is {@code text}, or null. */
    static MenuItem item(Menu menu, String text) {
        for (MenuItem it : menu.getItems()) {
            if (it.getText().equals(text) && it.isEnabled()) {
                return it;
            }
        }
        return null;
    }
}
