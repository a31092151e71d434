package tessera.telamon.ptx;

import java.util.List;
import java.util.Map;

/**
 * A parsed PTX kernel: its entry, parameters (with their offsets in the parameter space), registers (typed by
 * declaration, {@code %r<4>} expanded), {@code .shared} arrays (laid out from shared address 0), the decoded
 * instructions and the labels resolved to instruction indexes.
 */
public record PtxProgram(String file, String entry, List<Param> params, List<Register> registers, List<Shared> shared,
        List<Insn> code, Map<String, Integer> labels) {

    /** A kernel parameter at byte {@code offset} of the parameter space. */
    public record Param(String name, PtxType type, int offset) {
    }

    /** A register and its declared type. */
    public record Register(String name, PtxType type) {
    }

    /** A {@code .shared} array of {@code bytes} at shared address {@code address}. */
    public record Shared(String name, int align, int bytes, long address) {
    }

    public PtxProgram {
        params = List.copyOf(params);
        registers = List.copyOf(registers);
        shared = List.copyOf(shared);
        code = List.copyOf(code);
        labels = Map.copyOf(labels);
    }

    /** Bytes of shared memory per block. */
    public int sharedBytes() {
        long end = 0;
        for (Shared s : shared) {
            end = Math.max(end, s.address() + s.bytes());
        }
        return (int) end;
    }

    /** Bytes of the parameter space. */
    public int paramBytes() {
        int end = 0;
        for (Param p : params) {
            end = Math.max(end, p.offset() + p.type().bytes());
        }
        return end;
    }
}
