package tessera.kernel.lang;

import org.eclipse.xtext.common.services.DefaultTerminalConverters;
import org.eclipse.xtext.conversion.IValueConverter;
import org.eclipse.xtext.conversion.ValueConverter;
import org.eclipse.xtext.conversion.ValueConverterException;
import org.eclipse.xtext.conversion.impl.AbstractValueConverter;
import org.eclipse.xtext.nodemodel.INode;

/**
 * Numbers of the .kernel language: a count is a non-negative integer or a power ({@code 2^26}) that fits 63 bits; a
 * constant operand is a decimal number. Too large a number is reported, not thrown.
 */
public class KernelValueConverters extends DefaultTerminalConverters {
    private final IValueConverter<Long> count = new AbstractValueConverter<Long>() {
        @Override
        public Long toValue(String string, INode node) {
            String s = string == null ? "" : string.replaceAll("\\s+", "");
            if (s.isEmpty()) {
                throw new ValueConverterException("expected a number", node, null);
            }
            try {
                int hat = s.indexOf('^');
                if (hat < 0) {
                    return Long.parseLong(s);
                }
                long base = Long.parseLong(s.substring(0, hat));
                int exp = Integer.parseInt(s.substring(hat + 1));
                long r = 1;
                for (int i = 0; i < exp; i++) {
                    r = Math.multiplyExact(r, base);
                }
                return r;
            } catch (NumberFormatException | ArithmeticException e) {
                throw new ValueConverterException("the number " + s + " is too large (at most 2^63 - 1)", node, null);
            }
        }

        @Override
        public String toString(Long value) {
            return String.valueOf(value);
        }
    };

    private final IValueConverter<Double> number = new AbstractValueConverter<Double>() {
        @Override
        public Double toValue(String string, INode node) {
            String s = string == null ? "" : string.replaceAll("\\s+", "");
            try {
                return Double.parseDouble(s);
            } catch (NumberFormatException e) {
                throw new ValueConverterException("expected a number, not " + s, node, null);
            }
        }

        @Override
        public String toString(Double value) {
            return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString(value.longValue())
                    : Double.toString(value);
        }
    };

    @ValueConverter(rule = "Count")
    public IValueConverter<Long> Count() {
        return count;
    }

    @ValueConverter(rule = "Number")
    public IValueConverter<Double> Number() {
        return number;
    }
}
