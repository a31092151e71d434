package tessera.diagram;

/** Text extents for layout; the SWT canvas supplies real font metrics, headless export uses {@link #APPROXIMATE}. */
public interface TextMeasure {
    /** A monospace-like estimate for 11 px sans-serif text (headless SVG/DOT export). */
    TextMeasure APPROXIMATE = new TextMeasure() {
        @Override
        public double width(String text) {
            return text.length() * 6.6;
        }

        @Override
        public double lineHeight() {
            return 14;
        }
    };

    double width(String text);

    double lineHeight();
}
