package tessera.telamon.ptx;

import java.util.List;

import tessera.telamon.ptx.Insn.Cmp;
import tessera.telamon.ptx.Insn.Mode;
import tessera.telamon.ptx.Insn.Opcode;
import tessera.telamon.ptx.Insn.Round;
import tessera.telamon.ptx.Insn.Space;
import tessera.telamon.ptx.PtxType.Kind;

/**
 * The PTX ISA's per-opcode rules (instruction set chapter) for the interpreted subset: allowed types and modifiers,
 * rounding modes that are required or illegal, the operand list and the type each operand is read or written as.
 */
final class OpcodeRules {
    private final RawInsn r;
    private final OperandDecoder od;
    private final Modifiers m;
    private final List<Operand> ops;
    private PtxType t;

    OpcodeRules(RawInsn r, OperandDecoder od, Modifiers m, List<Operand> ops) {
        this.r = r;
        this.od = od;
        this.m = m;
        this.ops = ops;
        this.t = m.types.isEmpty() ? null : m.types.get(0);
    }

    void check(Opcode op) {
        od.specials = op == Opcode.MOV || op == Opcode.CVT;
        if (op != Opcode.LD && op != Opcode.ST && m.vector > 1) {
            fail("only ld and st take .v2/.v4");
        }
        if (op != Opcode.LD && op != Opcode.ST && op != Opcode.CVTA && m.space != Space.NONE) {
            fail(r.opcode() + " takes no state space");
        }
        if (t == PtxType.PRED && !List.of(Opcode.MOV, Opcode.AND, Opcode.OR, Opcode.XOR, Opcode.NOT).contains(op)) {
            fail(r.opcode() + " does not take .pred");
        }
        switch (op) {
            case LD, ST -> memory(op);
            case CVTA -> {
                if (m.space == Space.SHARED) {
                    fail("cvta with .shared is not supported: address shared memory with ld.shared/st.shared");
                }
                need(m.space == Space.GLOBAL && (t == PtxType.U64 || t == PtxType.U32), "cvta needs .global and .u64");
                count(2);
                ops.add(new Operand.Reg(od.reg(arg(0), t, false)));
                ops.add(new Operand.Reg(od.reg(arg(1), t, false)));
            }
            case MOV -> mov();
            case CVT -> cvt();
            case ADD, SUB, MIN, MAX -> {
                arith(false);
                binary(t, t, t);
            }
            case MUL, MAD -> mul(op);
            case FMA -> {
                need(t.isFloat(), "fma takes .f32 or .f64");
                need(m.round != Round.NONE, "fma needs a rounding mode (.rn)");
                arith(true);
                ternary(t);
            }
            case DIV -> {
                arith(t.isFloat());
                need(!t.isFloat() || m.round == Round.RN, "div on floats needs .rn (div.approx and div.full are not supported)");
                binary(t, t, t);
            }
            case REM -> {
                need(t.isInteger() && t.kind() != Kind.BIT, "rem takes a signed or unsigned integer type");
                binary(t, t, t);
            }
            case NEG, ABS -> {
                need(t.isSigned() || t.isFloat(), r.opcode() + " takes a signed integer or float type");
                arith(false);
                count(2);
                ops.add(new Operand.Reg(od.reg(arg(0), t, false)));
                ops.add(od.src(arg(1), t, false, 1));
            }
            case AND, OR, XOR -> {
                need(t.kind() == Kind.BIT || t == PtxType.PRED, r.opcode() + " takes .b16, .b32, .b64 or .pred");
                binary(t, t, t);
            }
            case NOT -> {
                need(t.kind() == Kind.BIT || t == PtxType.PRED, "not takes .b16, .b32, .b64 or .pred");
                count(2);
                ops.add(new Operand.Reg(od.reg(arg(0), t, false)));
                ops.add(od.src(arg(1), t, false, 1));
            }
            case SHL, SHR -> {
                need(t.bytes() >= 2 && t.isInteger() && (op == Opcode.SHR || t.kind() == Kind.BIT),
                        op == Opcode.SHL ? "shl takes .b16, .b32 or .b64" : "shr takes a 16-, 32- or 64-bit integer type");
                binary(t, t, PtxType.U32);
            }
            case SETP -> setp();
            case SELP -> {
                need(t.bytes() >= 2, "selp takes a 16-, 32- or 64-bit type");
                count(4);
                ops.add(new Operand.Reg(od.reg(arg(0), t, false)));
                ops.add(od.src(arg(1), t, false, 1));
                ops.add(od.src(arg(2), t, false, 1));
                ops.add(od.src(arg(3), PtxType.PRED, false, 1));
            }
            case BRA -> {
                count(1);
                ops.add(od.label(arg(0)));
            }
            case BAR -> {
                need(m.other.contains("sync"), "only bar.sync (barrier.sync) is supported");
                if (r.operands().size() == 2) {
                    fail("bar.sync with a thread count is not supported: every thread of the block takes part");
                }
                count(1);
                need(arg(0) instanceof RawInsn.Num, "bar.sync needs a barrier number (an immediate)");
                long id = od.immediate((RawInsn.Num) arg(0), PtxType.U32);
                need(id < 16, "barrier numbers are 0..15");
                ops.add(new Operand.Imm(id));
            }
            case RET -> count(0);
        }
    }

    private void memory(Opcode op) {
        if (m.space == Space.NONE) {
            m.space = Space.GENERIC;
        }
        need(t != PtxType.PRED, r.opcode() + " does not take .pred");
        need(!(m.space == Space.PARAM && (op == Opcode.ST || m.vector > 1)), "only scalar ld.param is supported");
        need(m.vector == 1 || t.bytes() * m.vector <= 16, ".v" + m.vector + "." + t.ptx() + " exceeds 16 bytes");
        count(2);
        if (op == Opcode.LD) {
            ops.add(od.dest(arg(0), t, true, m.vector));
            ops.add(od.address(arg(1), m.space));
        } else {
            ops.add(od.address(arg(0), m.space));
            ops.add(od.src(arg(1), t, true, m.vector));
        }
    }

    private void mov() {
        count(2);
        ops.add(new Operand.Reg(od.reg(arg(0), t, false)));
        if (arg(1) instanceof RawInsn.Name n && od.sharedArray(n.name()) != null) {
            need(t.isInteger() && (t.bytes() == 8 || t.bytes() == 4), "the address of a .shared array needs mov.u64 or mov.u32");
            ops.add(new Operand.Imm(od.sharedArray(n.name()).address()));
        } else {
            ops.add(od.src(arg(1), t, false, 1));
        }
    }

    private void cvt() {
        PtxType d = m.types.get(0);
        PtxType s = m.types.get(1);
        need(d != PtxType.PRED && s != PtxType.PRED, "cvt does not take .pred");
        Round rnd = m.round;
        String name = "cvt." + d.ptx() + "." + s.ptx();
        if (d.isFloat() && s.isFloat()) {
            if (d.bytes() < s.bytes()) {
                need(rnd != Round.NONE && !rnd.isInteger(), name + " needs a float rounding mode (.rn, .rz, .rm or .rp)");
            } else if (d.bytes() > s.bytes()) {
                need(rnd == Round.NONE, name + " takes no rounding mode (the conversion is exact)");
            } else {
                need(rnd == Round.NONE || rnd.isInteger(), name + " takes only an integer rounding mode (.rni, .rzi, …)");
            }
        } else if (d.isFloat()) {
            need(rnd != Round.NONE && !rnd.isInteger(), name + " needs a float rounding mode (.rn, .rz, .rm or .rp)");
        } else if (s.isFloat()) {
            need(rnd.isInteger(), name + " needs an integer rounding mode (.rni, .rzi, .rmi or .rpi)");
        } else {
            need(rnd == Round.NONE, name + " takes no rounding mode");
        }
        count(2);
        ops.add(new Operand.Reg(od.reg(arg(0), d, true)));
        ops.add(od.src(arg(1), s, true, 1));
    }

    private void mul(Opcode op) {
        if (t.isFloat()) {
            need(m.mode == Mode.NONE, r.opcode() + ": .lo/.hi/.wide are for integers");
            need(op == Opcode.MUL || m.round != Round.NONE, "mad on floats needs a rounding mode (.rn)");
            arith(true);
        } else {
            need(t.bytes() >= 2 && t.kind() != Kind.BIT, r.opcode() + " takes a signed or unsigned integer or float type");
            need(m.mode != Mode.NONE, r.opcode() + " on integers needs .lo, .hi or .wide");
            need(m.mode != Mode.WIDE || t.bytes() <= 4, ".wide takes a 16- or 32-bit type");
            need(!m.sat || (t == PtxType.S32 && m.mode == Mode.HI && op == Opcode.MAD), ".sat is only for mad.hi.sat.s32");
            need(m.round == Round.NONE, "integer " + r.opcode().split("\\.")[0] + " takes no rounding mode");
        }
        PtxType d = m.mode == Mode.WIDE ? wide(t) : t;
        if (op == Opcode.MUL) {
            binary(d, t, t);
        } else {
            count(4);
            ops.add(new Operand.Reg(od.reg(arg(0), d, false)));
            ops.add(od.src(arg(1), t, false, 1));
            ops.add(od.src(arg(2), t, false, 1));
            ops.add(od.src(arg(3), d, false, 1));
        }
    }

    private void setp() {
        need(m.cmp != Cmp.NONE, "setp needs a comparison (.eq, .lt, …)");
        boolean unordered = m.cmp.ordinal() >= Cmp.EQU.ordinal();
        boolean unsignedOnly = m.cmp == Cmp.LO || m.cmp == Cmp.LS || m.cmp == Cmp.HI || m.cmp == Cmp.HS;
        need(!unordered || t.isFloat(), "setp." + m.cmp.name().toLowerCase() + " is for floats");
        need(!unsignedOnly || t.isInteger(), "setp." + m.cmp.name().toLowerCase() + " is for integers");
        need(t.bytes() >= 2, "setp takes a 16-, 32- or 64-bit type");
        need(t.kind() != Kind.BIT || m.cmp == Cmp.EQ || m.cmp == Cmp.NE, "setp on a bit-size type compares only with .eq or .ne");
        need(r.operands().size() == 3, "setp takes 3 operands (combining with a predicate is not supported)");
        if (arg(0) instanceof RawInsn.Pair pair) {
            ops.add(new Operand.Vec(new int[] {od.reg(pair.first(), PtxType.PRED, false), od.reg(pair.second(), PtxType.PRED, false)}));
        } else {
            ops.add(new Operand.Reg(od.reg(arg(0), PtxType.PRED, false)));
        }
        ops.add(od.src(arg(1), t, false, 1));
        ops.add(od.src(arg(2), t, false, 1));
    }

    /** Rounding and flags of add/sub/min/max/mul/mad/fma/div/neg/abs: only .rn is interpreted; .sat on s32 and floats. */
    private void arith(boolean roundAllowed) {
        if (t.isFloat()) {
            need(m.round == Round.NONE || m.round == Round.RN, "only the .rn rounding mode is supported on float arithmetic");
            need(m.round == Round.NONE || roundAllowed || List.of("add", "sub").contains(r.opcode().split("\\.")[0]),
                    r.opcode().split("\\.")[0] + " takes no rounding mode");
        } else {
            need(m.round == Round.NONE, "integer " + r.opcode().split("\\.")[0] + " takes no rounding mode");
            need(!m.ftz, ".ftz is for .f32");
            need(!m.sat || t == PtxType.S32, ".sat on integers is only for .s32");
            need(t.bytes() >= 2, r.opcode() + " takes a 16-, 32- or 64-bit type");
        }
        need(!m.ftz || t == PtxType.F32, ".ftz is for .f32");
    }

    private void binary(PtxType d, PtxType a, PtxType b) {
        count(3);
        ops.add(new Operand.Reg(od.reg(arg(0), d, false)));
        ops.add(od.src(arg(1), a, false, 1));
        ops.add(od.src(arg(2), b, false, 1));
    }

    private void ternary(PtxType x) {
        count(4);
        ops.add(new Operand.Reg(od.reg(arg(0), x, false)));
        for (int i = 1; i < 4; i++) {
            ops.add(od.src(arg(i), x, false, 1));
        }
    }

    static PtxType wide(PtxType t) {
        return switch (t) {
            case S16 -> PtxType.S32;
            case U16 -> PtxType.U32;
            case S32 -> PtxType.S64;
            default -> PtxType.U64;
        };
    }

    private RawInsn.Raw arg(int i) {
        return r.operands().get(i);
    }

    private void count(int n) {
        if (r.operands().size() != n) {
            fail(r.opcode() + " takes " + n + " operand(s), found " + r.operands().size());
        }
    }

    private void need(boolean ok, String message) {
        if (!ok) {
            fail(message);
        }
    }

    private void fail(String message) {
        throw PtxException.at(od.file(), r.line(), r.column(), message);
    }
}
