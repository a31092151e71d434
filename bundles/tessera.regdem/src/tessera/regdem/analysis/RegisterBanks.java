package tessera.regdem.analysis;

import java.util.ArrayList;
import java.util.List;

import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassProgram;

/**
 * Register-bank conflicts (seed §3.1(6), §3.4.1): two or more distinct source registers of one instruction in the same
 * bank ({@code id mod banks}; 4 banks on Maxwell/Pascal, 2 on Volta+ [EXT]). Operands marked {@code .reuse} come
 * from the reuse cache and do not conflict.
 */
public final class RegisterBanks {
    private RegisterBanks() {
    }

    /** Number of extra bank accesses of one instruction (0 when its sources are in distinct banks). */
    public static int conflicts(Line.Instr ins, int banks) {
        int[] count = new int[banks];
        List<Integer> seen = new ArrayList<>();
        for (Operand o : ins.operands().subList(Math.min(firstSource(ins), ins.operands().size()), ins.operands().size())) {
            if (o instanceof Operand.Reg r && r.isGpr() && !r.hasExt("reuse") && !seen.contains(r.num())) {
                seen.add(r.num());
                count[Isa.bank(r.num(), banks)]++;
            }
        }
        int c = 0;
        for (int x : count) {
            c += Math.max(0, x - 1);
        }
        return c;
    }

    private static int firstSource(Line.Instr ins) {
        return Isa.info(ins).writes().isEmpty() ? 0 : Isa.info(ins).writes().get(0).operand() + 1;
    }

    /** Total conflicts over the program, counting only instructions of the x32/x64 classes (ALU operand reads). */
    public static int total(SassProgram p, int banks) {
        int c = 0;
        for (Line.Instr i : p.instructions()) {
            Isa.InstrClass k = Isa.classOf(i.opcode());
            if (k == Isa.InstrClass.X32 || k == Isa.InstrClass.X64 || k == Isa.InstrClass.SHFT
                    || k == Isa.InstrClass.CMP) {
                c += conflicts(i, banks);
            }
        }
        return c;
    }
}
