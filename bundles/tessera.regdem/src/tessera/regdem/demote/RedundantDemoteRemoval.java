package tessera.regdem.demote;

import java.util.ArrayList;
import java.util.List;

import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassProgram;

/**
 * Seed 004 §3.4.2 "Eliminating redundant demote code" (digest §3.8 item 2). Within a basic block (reset at labels,
 * jumps and SSY/PBK/PCNT), with {@code prev} the previous demote instruction, both unpredicated and to the same
 * offset: STS after STS deletes the earlier store (the slot is rewritten before anyone reads it); LDS after STS or
 * LDS after LDS into the same value register deletes the load (the register still holds the value), unless an
 * instruction in between wrote that register.
 */
public final class RedundantDemoteRemoval {
    private RedundantDemoteRemoval() {
    }

    public record Result(SassProgram program, int removedLoads, int removedStores) {
    }

    public static Result run(SassProgram p) {
        List<Line> lines = new ArrayList<>(p.lines());
        int prev = -1;
        boolean valueIntact = false;
        int loads = 0;
        int stores = 0;
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            if (l instanceof Line.Label) {
                prev = -1;
                continue;
            }
            if (!(l instanceof Line.Instr ins)) {
                continue;
            }
            if (ins.isDemoteLoad() || ins.isDemoteStore()) {
                if (prev >= 0 && lines.get(prev) instanceof Line.Instr pi && pi.guard() == null && ins.guard() == null
                        && pi.tag().offset() == ins.tag().offset()) {
                    if (pi.isDemoteStore() && ins.isDemoteStore()) {
                        DemoteEdit.remove(lines, prev);
                        stores++;
                        i--;
                        prev = i;
                        valueIntact = true;
                        continue;
                    }
                    if (ins.isDemoteLoad() && valueIntact && DemoteEdit.valueReg(pi) == DemoteEdit.valueReg(ins)) {
                        DemoteEdit.remove(lines, i);
                        loads++;
                        i--;
                        continue;
                    }
                }
                prev = i;
                valueIntact = true;
                continue;
            }
            if (prev >= 0 && Isa.info(ins).writes(DemoteEdit.valueReg((Line.Instr) lines.get(prev)))) {
                valueIntact = false;
            }
            if (Isa.resetsTracker(ins)) {
                prev = -1;
            }
        }
        return new Result(WaitCleanup.run(p.withLines(lines)), loads, stores);
    }
}
