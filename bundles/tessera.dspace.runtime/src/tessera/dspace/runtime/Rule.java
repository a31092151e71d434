package tessera.dspace.runtime;

import java.util.List;

import tessera.dspace.runtime.Program.Binder;
import tessera.dspace.runtime.Program.Input;
import tessera.dspace.runtime.Program.NumLit;
import tessera.dspace.runtime.Program.Pattern;

/**
 * Seed 001a §3.5 step 2, one propagator before grouping (telamon-gen's flat filter): on the binding of
 * {@code binders}, when every premise is false, a conclusion on {@code target} holds. Premises and conclusions are
 * {"is", input, mask}, {"cmp", input, op, input} / {"cmp", op, input} and {"num", literal[, target on the left]}.
 */
record Rule(String origin, Binder[] binders, Pattern target, List<Input> inputs, List<NumLit> nums,
        List<Object[]> premises, List<Object[]> conclusions) {
}
