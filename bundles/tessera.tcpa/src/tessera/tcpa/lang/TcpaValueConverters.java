package tessera.tcpa.lang;

import org.eclipse.xtext.common.services.DefaultTerminalConverters;
import org.eclipse.xtext.conversion.IValueConverter;
import org.eclipse.xtext.conversion.ValueConverter;

import tessera.xtext.Int32Converter;

/**
 * INT of .tcpa is a signed 32-bit number; one that does not fit is a diagnostic at its line and column naming the
 * range, never a raw {@code For input string} or a wrapped value (issue 22). Documented maximums per field are checked
 * by {@link tessera.tcpa.validation.TcpaValidator} against {@link tessera.tcpa.arch.TcpaLimits}.
 */
public class TcpaValueConverters extends DefaultTerminalConverters {
    private final IValueConverter<Integer> int32 = new Int32Converter("see docs/tcpa.md for each field's maximum");

    @Override
    @ValueConverter(rule = "INT")
    public IValueConverter<Integer> INT() {
        return int32;
    }
}
