package tessera.telamon.kernel;

import java.util.List;

/**
 * An instruction with its iteration space {@code dims} (§4.2.1). Loads and stores carry an {@link Access}; the value
 * of a store is its one operand. {@code type} is the type of the result (of the stored value for a store).
 */
public record Inst(String name, Op op, Type type, List<Operand> operands, List<String> dims, Access access) {
    public Inst {
        operands = List.copyOf(operands);
        dims = List.copyOf(dims);
    }
}
