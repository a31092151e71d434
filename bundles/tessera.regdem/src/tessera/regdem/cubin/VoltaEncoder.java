package tessera.regdem.cubin;

import java.util.List;
import java.util.Map;

import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;

/**
 * The 128-bit Volta-and-later (sm_70 … sm_90) encodings of the instructions RegDem writes, so that a variant can be
 * patched into nvcc's cubin: {@code LDS}/{@code STS} (32, 64, 128 bits, {@code [Ra+imm24]}), {@code S2R} of the
 * thread index and {@code IMAD.SHL.U32 Rd, Ra, imm32, RZ}. Field positions were read off nvcc's own encodings
 * (corpus data/nvcc, CuAssembler's field layout, digest §2.3 [EXT]); {@code VoltaEncoderTest} re-encodes every such
 * instruction of the corpus and compares with nvcc's bits. Control codes use {@link tessera.regdem.sass.ControlCode}.
 */
public final class VoltaEncoder {

    /** An instruction this encoder does not cover (the message says which and why). */
    public static final class Unsupported extends Exception {
        private static final long serialVersionUID = 1L;

        public Unsupported(String message) {
            super(message);
        }
    }

    private static final Map<String, Integer> SPECIAL = Map.of("SR_TID.X", 0x21, "SR_TID.Y", 0x22, "SR_TID.Z", 0x23,
            "SR_CTAID.X", 0x25, "SR_CTAID.Y", 0x26, "SR_CTAID.Z", 0x27, "SR_LANEID", 0x00);

    private VoltaEncoder() {
    }

    /** The two 64-bit words (low first, as stored little-endian in the cubin) of {@code i}. */
    public static long[] encode(Line.Instr i) throws Unsupported {
        long lo;
        long hi;
        List<Operand> ops = i.operands();
        switch (i.fullOpcode()) {
            case "LDS", "LDS.64", "LDS.128" -> {
                Operand.Mem m = mem(i, ops, 1);
                lo = 0x984 | reg(i, ops.get(0)) << 16 | base(i, m) << 24 | imm24(i, m) << 40;
                hi = size(i) << 9;
            }
            case "STS", "STS.64", "STS.128" -> {
                Operand.Mem m = mem(i, ops, 0);
                lo = 0x388 | base(i, m) << 24 | reg(i, ops.get(1)) << 32 | imm24(i, m) << 40;
                hi = size(i) << 9;
            }
            case "S2R" -> {
                if (ops.size() != 2 || !(ops.get(1) instanceof Operand.SpecialReg s) || !SPECIAL.containsKey(s.name())) {
                    throw new Unsupported(i.fullOpcode() + " " + ops + ": only S2R Rd, SR_TID/SR_CTAID/SR_LANEID");
                }
                lo = 0x919 | reg(i, ops.get(0)) << 16;
                hi = (long) SPECIAL.get(s.name()) << 8;
            }
            case "IMAD.SHL.U32" -> {
                if (ops.size() != 4 || !(ops.get(2) instanceof Operand.Imm im) || im.isFloat()
                        || !(ops.get(3) instanceof Operand.Reg z) || !z.isZero()) {
                    throw new Unsupported("IMAD.SHL.U32 with operands " + ops + ": only Rd, Ra, imm32, RZ");
                }
                lo = 0x824 | reg(i, ops.get(0)) << 16 | reg(i, ops.get(1)) << 24 | (im.value() & 0xffffffffL) << 32;
                hi = 0x078e00ffL;
            }
            default -> throw new Unsupported(i.fullOpcode() + " is not an instruction RegDem writes (LDS, STS, S2R,"
                    + " IMAD.SHL.U32)");
        }
        lo |= (long) guard(i) << 12;
        return new long[] {lo, i.ctrl().encodeVolta(hi)};
    }

    /** The 4-bit predicate field: P0…P6, 7 = PT; bit 3 negates. */
    static int guard(Line.Instr i) {
        Operand.Pred g = i.guard();
        if (g == null) {
            return 7;
        }
        return (g.negated() ? 8 : 0) | (g.num() & 7);
    }

    private static long size(Line.Instr i) {
        return switch (i.mods().isEmpty() ? "32" : i.mods().get(0)) {
            case "64" -> 5;
            case "128" -> 6;
            default -> 4;
        };
    }

    private static Operand.Mem mem(Line.Instr i, List<Operand> ops, int at) throws Unsupported {
        if (ops.size() != 2 || !(ops.get(at) instanceof Operand.Mem m) || !m.prefix().isEmpty() || m.ubase() != null
                || m.base() == null || m.base().uniform()) {
            throw new Unsupported(i.fullOpcode() + " " + ops + ": only [Ra+imm] addresses");
        }
        return m;
    }

    private static long base(Line.Instr i, Operand.Mem m) throws Unsupported {
        return reg(i, m.base());
    }

    private static long imm24(Line.Instr i, Operand.Mem m) throws Unsupported {
        if (m.offset() < -(1 << 23) || m.offset() >= (1 << 23)) {
            throw new Unsupported(i.fullOpcode() + ": offset " + m.offset() + " does not fit 24 bits");
        }
        return m.offset() & 0xffffffL;
    }

    private static long reg(Line.Instr i, Operand o) throws Unsupported {
        if (!(o instanceof Operand.Reg r) || r.uniform() || r.neg() || r.not() || r.abs()
                || r.ext().stream().anyMatch(e -> !e.equals("reuse"))) {
            throw new Unsupported(i.fullOpcode() + ": operand " + o.text() + " is not a plain register");
        }
        return r.num() & 0xff;
    }
}
