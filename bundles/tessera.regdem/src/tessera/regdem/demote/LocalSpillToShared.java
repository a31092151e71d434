package tessera.regdem.demote;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassProgram;

/**
 * The local-spill → shared conversion baseline of the closest related work (digest §3.9, "local_shared"): every
 * 32-bit word that nvcc spills through {@code LDL}/{@code STL} relative to the stack pointer (the destination of
 * {@code MOV Rx, c[0x0][0x20]}) gets its own Eq. (1) array; {@code LDL}/{@code STL} become {@code LDS}/{@code STS}
 * with {@code [RDA+offset]}, keeping their barriers (one LDS/STS per word of a 64/128-bit access). RDA is a fresh
 * register (not the released tool's fixed R70).
 */
public final class LocalSpillToShared {
    private LocalSpillToShared() {
    }

    public record Result(SassProgram program, int words, long sharedBytes, List<String> notes) {
    }

    public static Result run(SassProgram p, int threads, int staticSmem) {
        List<String> notes = new ArrayList<>();
        int sp = -1;
        for (Line.Instr i : p.instructions()) {
            if (i.opcode().equals("MOV") && i.operands().size() == 2 && i.operands().get(0) instanceof Operand.Reg r
                    && i.operands().get(1) instanceof Operand.Const c && c.bank() == 0 && c.offset() == 0x20) {
                sp = r.num();
                break;
            }
        }
        if (sp < 0) {
            notes.add("no stack pointer (MOV Rx, c[0x0][0x20]) found: nothing to convert");
            return new Result(p, 0, 0, notes);
        }
        TreeMap<Long, Integer> slot = new TreeMap<>();
        for (Line.Instr i : p.instructions()) {
            Isa.MemSpace m = Isa.memSpace(i.opcode());
            if (m != Isa.MemSpace.LOCAL) {
                continue;
            }
            Operand.Mem mem = (Operand.Mem) (i.opcode().equals("LDL") ? i.operands().get(1) : i.operands().get(0));
            if (mem.base() == null || mem.base().num() != sp) {
                notes.add("local access not relative to the stack pointer: " + i.fullOpcode() + " kept");
                continue;
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
                long off = SharedLayout.registerOffset(slot.get(mem.offset() + 4L * w), threads, staticSmem);
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
        out = RegisterDemotion.prologue(out, rda, rda + 1, RegisterDemotion.usesSpecial(p, "SR_TID.Y"));
        notes.add("converted " + k + " local words to shared memory, RDA = R" + rda);
        return new Result(p.withLines(out), k, SharedLayout.bytes(k, threads), notes);
    }
}
