package tessera.regdem.demote;

import java.util.ArrayList;
import java.util.List;

import tessera.regdem.isa.Isa;
import tessera.regdem.sass.ControlCode;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassProgram;

/**
 * Seed 004 §3.4.2 "Updating instruction schedule" (digest §3.8 item 3): every demoted LDS moves up within its basic
 * block to just after the latest earlier instruction that references its value register, is another demote load or a
 * demote store of the same slot, writes its address register or its guard predicate, or is a control instruction
 * (else to the block start). It then waits for an earlier asynchronous reader/writer of the value register, and its
 * barriers are re-picked so that no instruction between it and its consumer sets or waits on them.
 */
public final class DemoteHoisting {
    private DemoteHoisting() {
    }

    public record Result(SassProgram program, int hoisted) {
    }

    public static Result run(SassProgram p) {
        List<Line> lines = new ArrayList<>(p.lines());
        int hoisted = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (!(lines.get(i) instanceof Line.Instr lds) || !lds.isDemoteLoad()) {
                continue;
            }
            int value = DemoteEdit.valueReg(lds);
            int addr = ((Operand.Mem) lds.operands().get(1)).base().num();
            int j = i - 1;
            while (j >= 0) {
                Line l = lines.get(j);
                if (l instanceof Line.Label) {
                    break;
                }
                if (l instanceof Line.Instr x && stops(x, lds, value, addr)) {
                    break;
                }
                j--;
            }
            int at = j + 1;
            while (at < i && !(lines.get(at) instanceof Line.Instr)) {
                at++;
            }
            if (at >= i) {
                continue;
            }
            lines.remove(i);
            // the waits it carried may protect instructions after its old place (e.g. an earlier STS's read barrier)
            for (int k = i; k < lines.size() && lds.ctrl().waitMask() != 0; k++) {
                if (lines.get(k) instanceof Line.Instr n) {
                    lines.set(k, n.withCtrl(n.ctrl().withWaitMask(n.ctrl().waitMask() | lds.ctrl().waitMask())));
                    break;
                }
            }
            ControlCode c = lds.ctrl();
            Line.Instr before = j >= 0 && lines.get(j) instanceof Line.Instr x ? x : null;
            if (before != null) {
                if (RegisterDemotion.asyncReads(before, value)) {
                    c = c.withWait(before.ctrl().readBarrier() > 0 ? before.ctrl().readBarrier()
                            : before.ctrl().writeBarrier());
                }
                if (RegisterDemotion.asyncWrites(before, value)) {
                    c = c.withWait(before.ctrl().writeBarrier());
                }
            }
            lines.add(at, lds.withCtrl(c));
            hoisted++;
            repick(lines, at);
        }
        return new Result(WaitCleanup.run(p.withLines(lines)), hoisted);
    }

    private static boolean stops(Line.Instr x, Line.Instr lds, int value, int addr) {
        if (x.isDemoteLoad()) {
            return true;
        }
        if (x.isDemoteStore() && x.tag().offset() == lds.tag().offset()) {
            return true;
        }
        Isa.Info info = Isa.info(x);
        if (info.references(value) || info.writes(addr)) {
            return true;
        }
        if (lds.guard() != null && info.predWrites().contains(lds.guard().num())) {
            return true;
        }
        return Isa.resetsTracker(x) || x.opcode().equals("BAR");
    }

    /** Gives the hoisted load barriers untouched between it and its consumer (the next reader of its value). */
    private static void repick(List<Line> lines, int at) {
        Line.Instr lds = (Line.Instr) lines.get(at);
        int value = DemoteEdit.valueReg(lds);
        int consumer = -1;
        int used = 0;
        for (int k = at + 1; k < lines.size(); k++) {
            if (!(lines.get(k) instanceof Line.Instr x)) {
                break;
            }
            if (Isa.info(x).reads(value)) {
                consumer = k;
                break;
            }
            used |= x.ctrl().waitMask() | x.ctrl().setMask();
        }
        if (consumer < 0) {
            return;
        }
        // barriers possibly pending at the new position (set earlier in the block and not yet waited)
        int pending = 0;
        for (int k = at - 1; k >= 0 && lines.get(k) instanceof Line.Instr; k--) {
            Line.Instr x = (Line.Instr) lines.get(k);
            int set = x.ctrl().setMask();
            pending |= set;
        }
        Line.Instr cons = (Line.Instr) lines.get(consumer);
        ControlCode lc = lds.ctrl();
        ControlCode cc = cons.ctrl();
        int avoid = used | pending;
        for (int which = 0; which < 2; which++) {
            int b = which == 0 ? lc.readBarrier() : lc.writeBarrier();
            if (b == 0 || (avoid & (1 << (b - 1))) == 0) {
                continue;
            }
            for (int nb = 1; nb <= 6; nb++) {
                int bit = 1 << (nb - 1);
                if ((avoid & bit) == 0 && nb != lc.readBarrier() && nb != lc.writeBarrier()) {
                    lc = which == 0 ? lc.withReadBarrier(nb) : lc.withWriteBarrier(nb);
                    cc = cc.withWait(nb); // the old bit stays; WaitCleanup drops it if nothing else set it
                    break;
                }
            }
        }
        lines.set(at, lds.withCtrl(lc));
        lines.set(consumer, cons.withCtrl(cc));
    }
}
