package tessera.regdem.demote;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.isa.Isa;
import tessera.regdem.sass.DemoteTag;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassProgram;

/**
 * The local-spill → shared conversion baseline of the closest related work (digest §3.9, "local_shared"): every
 * 32-bit word that nvcc spills through {@code LDL}/{@code STL} relative to the stack pointer (the destination of
 * {@code MOV Rx, c[0x0][0x20]} on Maxwell/Pascal; {@code c[0x0][0x28]} loaded by MOV, LDC or IMAD.MOV on Volta and
 * later) gets its own Eq. (1) array; {@code LDL}/{@code STL} become {@code LDS}/{@code STS} with {@code [RDA+offset]},
 * keeping their barriers (one LDS/STS per word of a 64/128-bit access). RDA is a fresh register (not the released
 * tool's fixed R70). A kernel with any local access that is not the stack pointer plus a constant (an array indexed at
 * run time) is left alone: converting only part of its local memory would split one array across two memories.
 */
public final class LocalSpillToShared {
    private LocalSpillToShared() {
    }

    public record Result(SassProgram program, int words, long sharedBytes, List<String> notes) {
    }

    /** {@code spillBase}: s of Eq. (1), {@link SharedLayout#spillBase}. */
    public static Result run(SassProgram p, int threads, int spillBase) {
        List<String> notes = new ArrayList<>();
        boolean volta = RegisterDemotion.volta(p);
        int spOffset = volta ? 0x28 : 0x20;
        int sp = stackPointer(p, spOffset);
        if (sp < 0) {
            notes.add("no stack pointer (a load of c[0x0][0x" + Integer.toHexString(spOffset)
                    + "]) found: nothing to convert");
            return new Result(p, 0, 0, notes);
        }
        TreeMap<Long, Integer> slot = new TreeMap<>();
        for (Line.Instr i : p.instructions()) {
            Isa.MemSpace m = Isa.memSpace(i.opcode());
            if (m != Isa.MemSpace.LOCAL) {
                continue;
            }
            Operand.Mem mem = (Operand.Mem) (i.opcode().equals("LDL") ? i.operands().get(1) : i.operands().get(0));
            if (mem.base() == null || mem.base().num() != sp || mem.ubase() != null) {
                notes.add("local memory is addressed at run time (" + i.fullOpcode() + " " + mem.text()
                        + "): not converted");
                return new Result(p, 0, 0, notes);
            }
            for (int w = 0; w < Isa.memWidth(i); w++) {
                slot.putIfAbsent(mem.offset() + 4L * w, 0);
            }
        }
        int k = 0;
        for (var e : slot.entrySet()) {
            e.setValue(k++);
        }
        if (k == 0) {
            return new Result(p, 0, 0, notes);
        }
        if (volta) {
            List<Line> inPlace = inPlace(p, sp, slot, threads, spillBase);
            if (inPlace != null) {
                notes.add("converted " + k + " local words to shared memory in place: the stack pointer R" + sp
                        + " becomes RDA (S2R and IMAD.SHL.U32 replace its load and frame adjustment), so the variant"
                        + " keeps nvcc's instruction count and addresses");
                return new Result(p.withLines(inPlace), k, SharedLayout.bytes(k, threads), notes);
            }
        }
        int rda = RegisterUnits.registerCount(p);
        List<Line> out = new ArrayList<>();
        for (Line l : p.lines()) {
            if (!(l instanceof Line.Instr i) || Isa.memSpace(i.opcode()) != Isa.MemSpace.LOCAL) {
                out.add(l);
                continue;
            }
            boolean load = i.opcode().equals("LDL");
            Operand.Mem mem = (Operand.Mem) (load ? i.operands().get(1) : i.operands().get(0));
            if (mem.base() == null || mem.base().num() != sp) {
                out.add(l);
                continue;
            }
            Operand.Reg data = (Operand.Reg) (load ? i.operands().get(0) : i.operands().get(1));
            int width = Isa.memWidth(i);
            for (int w = 0; w < width; w++) {
                long off = SharedLayout.registerOffset(slot.get(mem.offset() + 4L * w), threads, spillBase);
                Operand.Mem sm = new Operand.Mem("", Operand.Reg.of(rda), null, off);
                Operand.Reg reg = data.isZero() ? data : Operand.Reg.of(data.num() + w);
                var ctrl = i.ctrl();
                if (w < width - 1) {
                    ctrl = ctrl.withStall(1);
                } else if (width > 1) {
                    ctrl = ctrl.withWaitMask(0);
                }
                if (w > 0) {
                    ctrl = ctrl.withWaitMask(0);
                }
                Line.Instr n = Line.Instr.of(ctrl, i.guard(), load ? "LDS" : "STS", List.of(),
                        load ? List.of(reg, sm) : List.of(sm, reg));
                out.add(n);
            }
        }
        out = RegisterDemotion.prologue(out, rda, rda + 1, RegisterDemotion.usesSpecial(p, "SR_TID.Y"), volta);
        notes.add("converted " + k + " local words to shared memory, RDA = R" + rda);
        return new Result(p.withLines(out), k, SharedLayout.bytes(k, threads), notes);
    }

    /**
     * Volta and later, when the stack pointer serves nothing but 32-bit spills at constant offsets (no calls, 1-D
     * block, a frame adjustment {@code IADD3 SP, SP, -size, RZ}): SP itself becomes RDA. Its load turns into
     * {@code S2R SP, SR_TID.X}, the frame adjustment into {@code IMAD.SHL.U32 SP, SP, 0x4, RZ} (both keep their control
     * codes: S2R is variable-latency like the LDC it replaces, IMAD fixed-latency like the IADD3) and each LDL/STL
     * into LDS/STS at its Eq. (1) offset. One instruction for one, so the result can be written into nvcc's cubin.
     * Returns null when a condition does not hold.
     */
    private static List<Line> inPlace(SassProgram p, int sp, TreeMap<Long, Integer> slot, int threads, int base) {
        if (RegisterDemotion.usesSpecial(p, "SR_TID.Y") || RegisterDemotion.usesSpecial(p, "SR_TID.Z")) {
            return null;
        }
        Line.Instr load = null;
        Line.Instr adjust = null;
        for (Line.Instr i : p.instructions()) {
            if (i.opcode().startsWith("CALL") || i.opcode().equals("RET")) {
                return null;
            }
            if (Isa.memSpace(i.opcode()) == Isa.MemSpace.LOCAL) {
                if (Isa.memWidth(i) != 1) {
                    return null;
                }
                continue;
            }
            boolean names = i.operands().stream().anyMatch(o -> o instanceof Operand.Reg r && r.num() == sp
                    && !r.uniform() || o instanceof Operand.Mem m && m.base() != null && m.base().num() == sp);
            if (!names) {
                continue;
            }
            List<Operand> ops = i.operands();
            if (load == null && i.guard() == null && stackLoad(i, 0x28) == sp) {
                load = i;
            } else if (adjust == null && load != null && i.guard() == null && i.fullOpcode().equals("IADD3")
                    && ops.size() == 4 && ops.get(0) instanceof Operand.Reg d && d.num() == sp
                    && ops.get(1) instanceof Operand.Reg a && a.num() == sp && ops.get(2) instanceof Operand.Imm
                    && ops.get(3) instanceof Operand.Reg z && z.isZero()) {
                adjust = i;
            } else {
                return null;
            }
        }
        if (load == null || adjust == null) {
            return null;
        }
        Operand.Reg rda = Operand.Reg.of(sp);
        List<Line> out = new ArrayList<>();
        for (Line l : p.lines()) {
            if (l == load) {
                out.add(Line.Instr.of(load.ctrl(), null, "S2R", List.of(),
                        List.of(rda, new Operand.SpecialReg("SR_TID.X"))).withTag(DemoteTag.PROLOGUE));
            } else if (l == adjust) {
                out.add(Line.Instr.of(adjust.ctrl(), null, "IMAD", List.of("SHL", "U32"),
                        List.of(rda, rda, Operand.Imm.hex(4), Operand.Reg.of(Operand.RZ)))
                        .withTag(DemoteTag.PROLOGUE));
            } else if (l instanceof Line.Instr i && Isa.memSpace(i.opcode()) == Isa.MemSpace.LOCAL) {
                boolean ld = i.opcode().equals("LDL");
                Operand.Mem mem = (Operand.Mem) (ld ? i.operands().get(1) : i.operands().get(0));
                long off = SharedLayout.registerOffset(slot.get(mem.offset()), threads, base);
                Operand.Mem sm = new Operand.Mem("", rda, null, off);
                Operand data = ld ? i.operands().get(0) : i.operands().get(1);
                out.add(Line.Instr.of(i.ctrl(), i.guard(), ld ? "LDS" : "STS", List.of(),
                        ld ? List.of(data, sm) : List.of(sm, data)));
            } else {
                out.add(l);
            }
        }
        return out;
    }

    /** The register loaded with the stack top {@code c[0x0][spOffset]} at entry, or -1. */
    private static int stackPointer(SassProgram p, int spOffset) {
        for (Line.Instr i : p.instructions()) {
            int r = stackLoad(i, spOffset);
            if (r >= 0) {
                return r;
            }
        }
        return -1;
    }

    /** The destination of {@code MOV/LDC/IMAD.MOV.U32 Rx, c[0x0][spOffset]}, or -1 for another instruction. */
    private static int stackLoad(Line.Instr i, int spOffset) {
        List<Operand> ops = i.operands();
        boolean load = switch (i.opcode()) {
            case "MOV", "LDC" -> ops.size() == 2;
            case "IMAD" -> i.fullOpcode().equals("IMAD.MOV.U32") && ops.size() == 4;
            default -> false;
        };
        return load && ops.get(0) instanceof Operand.Reg r && ops.get(ops.size() - 1) instanceof Operand.Const c
                && c.bank() == 0 && c.offset() == spOffset && c.index() == null ? r.num() : -1;
    }
}
