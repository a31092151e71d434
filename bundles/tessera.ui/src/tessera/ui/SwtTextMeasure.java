package tessera.ui;

import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.widgets.Display;

import tessera.diagram.TextMeasure;

/** Real font metrics for ELK node and label sizes. */
final class SwtTextMeasure implements TextMeasure {
    private final GC gc;

    SwtTextMeasure(Display display, Font font) {
        gc = new GC(display);
        gc.setFont(font);
    }

    @Override
    public double width(String text) {
        return gc.textExtent(text).x;
    }

    @Override
    public double lineHeight() {
        return gc.getFontMetrics().getHeight() + 2;
    }

    void dispose() {
        gc.dispose();
    }
}
