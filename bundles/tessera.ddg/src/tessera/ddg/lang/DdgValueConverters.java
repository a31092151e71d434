package tessera.ddg.lang;

import org.eclipse.xtext.common.services.DefaultTerminalConverters;
import org.eclipse.xtext.conversion.IValueConverter;
import org.eclipse.xtext.conversion.ValueConverter;

import tessera.xtext.Int32Converter;

/** INT of .ddg is a signed 32-bit number; one beyond 32 bits is reported at its token, not thrown (issue 22). */
public class DdgValueConverters extends DefaultTerminalConverters {
    private final IValueConverter<Integer> int32 = new Int32Converter("latencies and distances are 0..100,000 (docs/modsched.md)");

    @Override
    @ValueConverter(rule = "INT")
    public IValueConverter<Integer> INT() {
        return int32;
    }
}
