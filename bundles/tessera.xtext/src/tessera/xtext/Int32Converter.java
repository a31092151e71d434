package tessera.xtext;

import org.eclipse.xtext.conversion.IValueConverter;
import org.eclipse.xtext.conversion.ValueConverterException;
import org.eclipse.xtext.nodemodel.INode;

/**
 * The value converter of a 32-bit number token or rule ({@code INT}, {@code '-'? INT}) shared by the Tessera languages:
 * a number that does not fit is a diagnostic at its line and column naming the range, never a raw
 * {@code For input string} or a wrapped value (issue 22). A plain converter rather than a lexer-based one, so that a
 * parser rule can use it too (lexer-based converters log a warning there). Per-field maximums are each validator's.
 */
public final class Int32Converter implements IValueConverter<Integer> {
    private final String hint;

    /** @param hint where the fields' own limits are documented, appended to the message ("" for none) */
    public Int32Converter(String hint) {
        this.hint = hint;
    }

    @Override
    public Integer toValue(String string, INode node) {
        String s = string == null ? "" : string.replaceAll("\\s+", ""); // '-' INT may have layout between
        if (s.isEmpty()) {
            throw new ValueConverterException("expected a number", node, null);
        }
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            String shown = s.length() > 24 ? s.substring(0, 20) + "..." : s;
            throw new ValueConverterException("the number " + shown + " does not fit in 32 bits (" + Integer.MIN_VALUE + " to "
                    + Integer.MAX_VALUE + ")" + (hint.isEmpty() ? "" : "; " + hint), node, null);
        }
    }

    @Override
    public String toString(Integer value) {
        if (value == null) {
            throw new ValueConverterException("a number is required", null, null);
        }
        return String.valueOf(value);
    }
}
