package tessera.pla.lang;

import org.eclipse.xtext.common.services.DefaultTerminalConverters;
import org.eclipse.xtext.conversion.IValueConverter;
import org.eclipse.xtext.conversion.ValueConverter;

import tessera.xtext.Int32Converter;

/**
 * Numbers of a .pla are 32-bit (docs/pla.md: 32-bit wrap-around integers); one that does not fit is a diagnostic at its
 * line and column naming the range, never a raw {@code For input string} (issue 22). Used for INT and SignedInt.
 */
public class PlaValueConverters extends DefaultTerminalConverters {
    private final IValueConverter<Integer> int32 = new Int32Converter("");

    @Override
    @ValueConverter(rule = "INT")
    public IValueConverter<Integer> INT() {
        return int32;
    }

    @ValueConverter(rule = "SignedInt")
    public IValueConverter<Integer> SignedInt() {
        return int32;
    }
}
