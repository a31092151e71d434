package tessera.ddg.lang;

import org.eclipse.xtext.common.services.DefaultTerminalConverters;
import org.eclipse.xtext.conversion.IValueConverter;
import org.eclipse.xtext.conversion.ValueConverter;
import org.eclipse.xtext.conversion.ValueConverterException;
import org.eclipse.xtext.conversion.impl.AbstractLexerBasedConverter;
import org.eclipse.xtext.nodemodel.INode;

import tessera.modsched.model.ModelProblems;

/** INT is signed in .ddg (latencies may be negative); a number beyond 32 bits is reported, not thrown. */
public class DdgValueConverters extends DefaultTerminalConverters {
    private final IValueConverter<Integer> signedInt = new AbstractLexerBasedConverter<Integer>() {
        @Override
        public Integer toValue(String string, INode node) {
            if (string == null || string.isEmpty()) {
                throw new ValueConverterException("expected a number", node, null);
            }
            try {
                return Integer.parseInt(string);
            } catch (NumberFormatException e) {
                throw new ValueConverterException(ModelProblems.numberTooLarge(string).message(), node, null);
            }
        }

        @Override
        protected String toEscapedString(Integer value) {
            return String.valueOf(value);
        }

        @Override
        protected void assertValidValue(Integer value) {
            if (value == null) {
                throw new ValueConverterException("a number is required", null, null);
            }
        }
    };

    @Override
    @ValueConverter(rule = "INT")
    public IValueConverter<Integer> INT() {
        return signedInt;
    }
}
