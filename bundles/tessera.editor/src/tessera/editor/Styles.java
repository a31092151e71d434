package tessera.editor;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Display;

/** Colours of highlighting style ids (Xtext's default ids and the semantic ids Tessera languages use). */
final class Styles {
    private Styles() {
    }

    static StyleRange style(Display d, String id, int offset, int length) {
        StyleRange s = new StyleRange();
        s.start = offset;
        s.length = length;
        switch (id) {
            case "keyword" -> {
                s.foreground = new Color(d, 0x7F, 0x00, 0x55);
                s.fontStyle = SWT.BOLD;
            }
            case "comment" -> s.foreground = new Color(d, 0x3F, 0x7F, 0x5F);
            case "string" -> s.foreground = new Color(d, 0x2A, 0x00, 0xFF);
            case "number" -> s.foreground = new Color(d, 0x12, 0x5A, 0x8A);
            case "task" -> {
                s.foreground = new Color(d, 0x7F, 0x9F, 0xBF);
                s.fontStyle = SWT.BOLD;
            }
            case "default", "punctuation" -> s.foreground = null;
            default -> {
                // a semantic style of a language (e.g. input/output/internal variables): a stable colour per id
                int h = Math.abs(id.hashCode());
                float hue = (h % 360);
                org.eclipse.swt.graphics.RGB rgb = new org.eclipse.swt.graphics.RGB(hue, 0.75f, 0.55f);
                s.foreground = new Color(d, rgb);
                if (id.contains("output") || id.contains("definition")) {
                    s.fontStyle = SWT.BOLD;
                }
                if (id.contains("input") || id.contains("param")) {
                    s.fontStyle |= SWT.ITALIC;
                }
            }
        }
        return s;
    }
}
