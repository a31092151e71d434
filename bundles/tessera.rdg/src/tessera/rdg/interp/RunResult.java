package tessera.rdg.interp;

import java.util.Map;

import tessera.core.Diagnostics;

/**
 * What a {@link Interpreter} run produced: the output variables (empty when the run failed), the problems, and the
 * number of evaluated equation instances.
 */
public record RunResult(Map<String, ArrayData> outputs, Diagnostics diagnostics, long instances) {
    public boolean ok() {
        return !diagnostics.hasErrors();
    }
}
