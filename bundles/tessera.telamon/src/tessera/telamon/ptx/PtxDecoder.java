package tessera.telamon.ptx;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import tessera.telamon.ptx.Insn.Cmp;
import tessera.telamon.ptx.Insn.Mode;
import tessera.telamon.ptx.Insn.Opcode;
import tessera.telamon.ptx.Insn.Round;
import tessera.telamon.ptx.Insn.Space;
import tessera.telamon.ptx.PtxType.Kind;
import tessera.telamon.ptx.RawInsn.Raw;

/**
 * Checks each instruction against the PTX ISA's rules for its opcode (modifiers, types, required rounding modes,
 * operand count and register widths) and turns it into an {@link Insn}; errors name line:column and what is wrong.
 */
final class PtxDecoder {
    private final String file;
    private final List<PtxProgram.Param> params;
    private final List<PtxProgram.Register> regs;
    private final List<PtxProgram.Shared> shared;
    private final Map<String, Integer> labels;
    private final OperandDecoder od;

    PtxDecoder(String file, List<PtxProgram.Param> params, List<PtxProgram.Register> regs, List<PtxProgram.Shared> shared,
            Map<String, Integer> labels) {
        this.file = file;
        this.params = params;
        this.regs = regs;
        this.shared = shared;
        this.labels = labels;
        this.od = new OperandDecoder(file, params, regs, shared, labels);
    }

    PtxProgram decode(String entry, List<RawInsn> raw) {
        List<Insn> code = new ArrayList<>();
        for (RawInsn r : raw) {
            code.add(insn(r));
        }
        return new PtxProgram(file, entry, params, regs, shared, code, labels);
    }

    private Insn insn(RawInsn r) {
        String[] parts = r.opcode().split("\\.", -1);
        String base = parts[0];
        Opcode op = opcode(base);
        if (op == null) {
            throw PtxException.at(file, r.line(), r.column(), "unknown instruction " + r.opcode());
        }
        od.what = r.opcode();
        Modifiers m = new Modifiers();
        for (int i = 1; i < parts.length; i++) {
            modifier(r, op, parts[i], m);
        }
        int guard = r.guard() == null ? -1 : od.guard(r);
        List<Operand> ops = new ArrayList<>();
        PtxType type = m.types.isEmpty() ? null : m.types.get(0);
        PtxType source = m.types.size() > 1 ? m.types.get(1) : type;
        int expectedTypes = switch (op) {
            case CVT -> 2;
            case BRA, BAR, RET -> 0;
            default -> 1;
        };
        if (m.types.size() != expectedTypes) {
            throw at(r, r.opcode() + " needs " + (expectedTypes == 0 ? "no type" : expectedTypes + " type(s)")
                    + ", found " + m.types.size());
        }
        new OpcodeRules(r, od, m, ops).check(op);
        return new Insn(r.line(), r.column(), r.text(), op, type, source, m.space, m.vector, m.mode, m.cmp, m.round, m.sat,
                m.ftz, guard, r.guardNegated(), ops);
    }

    private void modifier(RawInsn r, Opcode op, String p, Modifiers m) {
        PtxType t = PtxType.of(p);
        if (t != null) {
            m.types.add(t);
            return;
        }
        switch (p) {
            case "param" -> m.space = Space.PARAM;
            case "global" -> m.space = Space.GLOBAL;
            case "shared" -> m.space = Space.SHARED;
            case "local", "const" -> throw at(r, "the ." + p + " state space is not supported");
            case "v2" -> m.vector = 2;
            case "v4" -> m.vector = 4;
            case "sat" -> m.sat = true;
            case "ftz" -> m.ftz = true;
            case "lo" -> m.mode = op == Opcode.SETP ? cmpMode(m, Cmp.LO) : Mode.LO;
            case "hi" -> m.mode = op == Opcode.SETP ? cmpMode(m, Cmp.HI) : Mode.HI;
            case "wide" -> m.mode = Mode.WIDE;
            case "rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi" -> m.round = Round.valueOf(p.toUpperCase(Locale.ROOT));
            default -> {
                if (op == Opcode.SETP && cmpOf(p) != null) {
                    m.cmp = cmpOf(p);
                } else if (known(op, p)) {
                    m.other.add(p);
                } else {
                    throw at(r, "unknown or unsupported modifier ." + p + " of " + r.opcode().split("\\.")[0]);
                }
            }
        }
    }

    private static Mode cmpMode(Modifiers m, Cmp c) {
        m.cmp = c;
        return Mode.NONE;
    }

    private static boolean known(Opcode op, String p) {
        return switch (op) {
            case LD -> List.of("ca", "cg", "cs", "lu", "cv", "nc", "volatile").contains(p);
            case ST -> List.of("wb", "cg", "cs", "wt", "volatile").contains(p);
            case CVTA -> p.equals("to");
            case BRA, RET -> p.equals("uni");
            case BAR -> List.of("sync", "cta", "aligned").contains(p);
            default -> false;
        };
    }

    private static Cmp cmpOf(String p) {
        for (Cmp c : Cmp.values()) {
            if (c != Cmp.NONE && c.name().toLowerCase(Locale.ROOT).equals(p)) {
                return c;
            }
        }
        return null;
    }

    private static Opcode opcode(String base) {
        return switch (base) {
            case "ld" -> Opcode.LD;
            case "st" -> Opcode.ST;
            case "cvta" -> Opcode.CVTA;
            case "mov" -> Opcode.MOV;
            case "cvt" -> Opcode.CVT;
            case "add" -> Opcode.ADD;
            case "sub" -> Opcode.SUB;
            case "mul" -> Opcode.MUL;
            case "mad" -> Opcode.MAD;
            case "fma" -> Opcode.FMA;
            case "div" -> Opcode.DIV;
            case "rem" -> Opcode.REM;
            case "min" -> Opcode.MIN;
            case "max" -> Opcode.MAX;
            case "neg" -> Opcode.NEG;
            case "abs" -> Opcode.ABS;
            case "and" -> Opcode.AND;
            case "or" -> Opcode.OR;
            case "xor" -> Opcode.XOR;
            case "not" -> Opcode.NOT;
            case "shl" -> Opcode.SHL;
            case "shr" -> Opcode.SHR;
            case "setp" -> Opcode.SETP;
            case "selp" -> Opcode.SELP;
            case "bra" -> Opcode.BRA;
            case "bar", "barrier" -> Opcode.BAR;
            case "ret", "exit" -> Opcode.RET;
            default -> null;
        };
    }

    private PtxException at(RawInsn r, String message) {
        return PtxException.at(file, r.line(), r.column(), message);
    }

    static boolean isFloat(PtxType t) {
        return t.kind() == Kind.FLOAT;
    }

    static Raw operand(RawInsn r, int i) {
        return r.operands().get(i);
    }
}
