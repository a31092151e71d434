package tessera.telamon.ptx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.telamon.ptx.Insn.Space;
import tessera.telamon.ptx.RawInsn.Raw;

/**
 * Resolves and type-checks the operands of one instruction (PTX ISA: operand type checking, addresses): registers
 * against their declared type, immediates turned into the bits of the type they are read as, special registers,
 * addresses and labels.
 */
final class OperandDecoder {
    private final String file;
    private final Map<String, Integer> regIds = new HashMap<>();
    private final List<PtxProgram.Register> regs;
    private final Map<String, PtxProgram.Param> params = new HashMap<>();
    private final Map<String, PtxProgram.Shared> shared = new HashMap<>();
    private final Map<String, Integer> labels;
    String what = "";
    /** Whether sources may be special registers (PTX allows them in mov and cvt only). */
    boolean specials;

    OperandDecoder(String file, List<PtxProgram.Param> params, List<PtxProgram.Register> regs, List<PtxProgram.Shared> shared,
            Map<String, Integer> labels) {
        this.file = file;
        this.regs = regs;
        this.labels = labels;
        for (int i = 0; i < regs.size(); i++) {
            regIds.put(regs.get(i).name(), i);
        }
        params.forEach(p -> this.params.put(p.name(), p));
        shared.forEach(s -> this.shared.put(s.name(), s));
    }

    String file() {
        return file;
    }

    PtxException error(Raw at, String message) {
        return PtxException.at(file, at.line(), at.column(), message);
    }

    /** A register of a type that instruction type {@code type} accepts ({@code wider}: an integer register may be wider). */
    int reg(Raw r, PtxType type, boolean wider) {
        if (!(r instanceof RawInsn.Name n)) {
            throw error(r, what + " needs a register here");
        }
        Integer id = regIds.get(n.name());
        if (id == null) {
            if (special(n.name()) != null) {
                throw error(r, "special register " + n.name() + " is read-only");
            }
            throw error(r, n.name().startsWith("%") ? "undeclared register " + n.name()
                    : what + " needs a register here, found " + n.name());
        }
        PtxType declared = regs.get(id).type();
        if (!type.accepts(declared, wider)) {
            throw error(r, "type mismatch: register " + n.name() + " is ." + declared.ptx() + " (" + declared.bytes() * 8
                    + "-bit) but " + what + " reads or writes a ." + type.ptx() + " (" + type.bytes() * 8 + "-bit) value");
        }
        return id;
    }

    /** A destination: a register, or {@code {…}} of {@code vector} registers when vector > 1. */
    Operand dest(Raw r, PtxType type, boolean wider, int vector) {
        if (vector > 1) {
            return vec(r, type, vector);
        }
        return new Operand.Reg(reg(r, type, wider));
    }

    private Operand vec(Raw r, PtxType type, int vector) {
        if (!(r instanceof RawInsn.Vector v)) {
            throw error(r, what + " needs a vector {…} of " + vector + " registers here");
        }
        if (v.names().size() != vector) {
            throw error(r, what + " needs " + vector + " registers in the vector, found " + v.names().size());
        }
        int[] ids = new int[vector];
        for (int i = 0; i < vector; i++) {
            ids[i] = reg(v.names().get(i), type, true);
        }
        return new Operand.Vec(ids);
    }

    /** A source value of type {@code type}: register, immediate or special register (vector when vector > 1). */
    Operand src(Raw r, PtxType type, boolean wider, int vector) {
        if (vector > 1) {
            return vec(r, type, vector);
        }
        if (r instanceof RawInsn.Num num) {
            return new Operand.Imm(immediate(num, type));
        }
        if (r instanceof RawInsn.Name n && special(n.name()) != null) {
            if (!specials) {
                throw error(r, "special register " + n.name() + " not allowed in " + what + " (copy it with mov first)");
            }
            if (!type.accepts(PtxType.U32, wider)) {
                throw error(r, "type mismatch: " + n.name() + " is .u32 but " + what + " reads a ." + type.ptx() + " value");
            }
            return special(n.name());
        }
        return new Operand.Reg(reg(r, type, wider));
    }

    long immediate(RawInsn.Num num, PtxType type) {
        if (type.isFloat()) {
            if (!Literals.isFloat(num.text())) {
                throw error(num, "an integer constant where a ." + type.ptx() + " value is needed (write a float such as "
                        + (type == PtxType.F32 ? "0f3F800000" : "0d3FF0000000000000") + ")");
            }
            Long bits = Literals.floatLiteralBits(num.text(), num.negative(), type);
            if (bits == null) {
                throw error(num, "malformed float constant " + num.text());
            }
            return bits;
        }
        if (Literals.isFloat(num.text())) {
            throw error(num, "a float constant where a ." + type.ptx() + " value is needed");
        }
        Long v = Literals.integer(num.text(), num.negative());
        if (v == null) {
            throw error(num, "malformed integer constant " + num.text());
        }
        return Literals.intBits(v, type);
    }

    /** The special register named {@code name}, or null. */
    static Operand.Special special(String name) {
        String[] p = name.split("\\.");
        Operand.Sreg s = switch (p[0]) {
            case "%tid" -> Operand.Sreg.TID;
            case "%ntid" -> Operand.Sreg.NTID;
            case "%ctaid" -> Operand.Sreg.CTAID;
            case "%nctaid" -> Operand.Sreg.NCTAID;
            case "%laneid" -> Operand.Sreg.LANEID;
            default -> null;
        };
        if (s == null) {
            return null;
        }
        if (s == Operand.Sreg.LANEID) {
            return p.length == 1 ? new Operand.Special(s, 0) : null;
        }
        int axis = p.length == 2 ? "xyz".indexOf(p[1]) : -1;
        return axis < 0 || p[1].length() != 1 ? null : new Operand.Special(s, axis);
    }

    /** The address of a {@code .shared} array named {@code name}, or null. */
    PtxProgram.Shared sharedArray(String name) {
        return shared.get(name);
    }

    /** {@code [base+offset]} in state space {@code space}. */
    Operand.Addr address(Raw r, Space space) {
        if (!(r instanceof RawInsn.Mem m)) {
            throw error(r, what + " needs an address [ … ] here");
        }
        if (m.base() == null) {
            return new Operand.Addr(-1, m.offset());
        }
        String name = m.base().name();
        if (space == Space.PARAM) {
            PtxProgram.Param p = params.get(name);
            if (p == null) {
                throw error(m.base(), "unknown parameter " + name);
            }
            return new Operand.Addr(-1, p.offset() + m.offset());
        }
        if (space == Space.SHARED && shared.containsKey(name)) {
            return new Operand.Addr(-1, shared.get(name).address() + m.offset());
        }
        if (!name.startsWith("%")) {
            throw error(m.base(), "unknown " + (space == Space.SHARED ? ".shared array " : "symbol ") + name
                    + (space == Space.GLOBAL || space == Space.GENERIC ? " (only registers address global memory)" : ""));
        }
        Integer id = regIds.get(name);
        if (id == null) {
            throw error(m.base(), "undeclared register " + name);
        }
        PtxType t = regs.get(id).type();
        boolean ok = t.isInteger() && (t.bytes() == 8 || (space == Space.SHARED && t.bytes() == 4));
        if (!ok) {
            throw error(m.base(), "type mismatch: the address register " + name + " is ." + t.ptx() + "; "
                    + (space == Space.SHARED ? "a 32- or 64-bit" : "a 64-bit") + " integer register is needed");
        }
        return new Operand.Addr(id, m.offset());
    }

    Operand.Target label(Raw r) {
        if (!(r instanceof RawInsn.Name n)) {
            throw error(r, what + " needs a label");
        }
        Integer at = labels.get(n.name());
        if (at == null) {
            throw error(r, "unknown label " + n.name());
        }
        return new Operand.Target(at, n.name());
    }

    int guard(RawInsn r) {
        RawInsn.Name n = new RawInsn.Name(r.guard(), r.line(), r.guardColumn());
        String saved = what;
        what = "the guard";
        int id = reg(n, PtxType.PRED, false);
        what = saved;
        return id;
    }
}
