package tessera.tcpa.sim;

import java.util.List;
import java.util.Map;

import tessera.core.Diagnostics;
import tessera.rdg.interp.ArrayData;

/**
 * What a {@link Simulator} run produced: the output arrays (keyed like the PLA interpreter's), the number of cycles
 * until the last FU halted, the problems, and the per-cycle trace (empty unless requested).
 */
public record SimResult(Map<String, ArrayData> outputs, long cycles, Diagnostics diagnostics, List<String> trace) {
    public boolean ok() {
        return !diagnostics.hasErrors();
    }
}
