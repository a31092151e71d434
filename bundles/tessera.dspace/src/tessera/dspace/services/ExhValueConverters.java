package tessera.dspace.services;

import org.eclipse.xtext.common.services.DefaultTerminalConverters;
import org.eclipse.xtext.conversion.IValueConverter;
import org.eclipse.xtext.conversion.ValueConverter;
import org.eclipse.xtext.conversion.ValueConverterException;
import org.eclipse.xtext.conversion.impl.AbstractLexerBasedConverter;
import org.eclipse.xtext.nodemodel.INode;

/**
 * Code strings as telamon-gen reads them (its lexer {@code exh.l}, state {@code LINE_CODE}): the text between the quotes
 * as written, except that a backslash at the end of a line joins it with the next one, whose leading blanks are
 * dropped ({@code "$dim.logical_dim()\} + newline + {@code  .map(..)"} is one line of code). There are no other escapes:
 * a backslash elsewhere is itself, as in the Rust snippets the strings hold.
 */
public class ExhValueConverters extends DefaultTerminalConverters {
    private final IValueConverter<String> code = new AbstractLexerBasedConverter<String>() {
        @Override
        public String toValue(String string, INode node) {
            if (string == null || string.length() < 2 || string.charAt(0) != '"' || string.charAt(string.length() - 1) != '"') {
                throw new ValueConverterException("a string is written between double quotes", node, null);
            }
            return string.substring(1, string.length() - 1).replaceAll("\\\\\\r?\\n[ \\t]*", "");
        }

        @Override
        protected String toEscapedString(String value) {
            return '"' + value + '"';
        }

        @Override
        protected void assertValidValue(String value) {
            if (value == null || value.contains("\"")) {
                throw new ValueConverterException("a code string cannot contain a double quote", null, null);
            }
        }
    };

    @Override
    @ValueConverter(rule = "STRING")
    public IValueConverter<String> STRING() {
        return code;
    }
}
