package tessera.regdem.demote;

import java.util.ArrayList;
import java.util.List;

import tessera.regdem.analysis.Cfg;
import tessera.regdem.sass.ControlCode;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassProgram;

/**
 * Removes wait-mask bits on barriers that cannot be pending (no setter reaches the wait without an intervening wait),
 * found by a forward may-dataflow over the CFG. Waiting on an idle barrier is a no-op, so this never changes
 * behaviour; post-passes that delete demote code (seed 004 §3.4.2) rely on it to drop the then useless waits.
 */
public final class WaitCleanup {
    private WaitCleanup() {
    }

    public static SassProgram run(SassProgram p) {
        Cfg cfg = Cfg.build(p);
        int n = cfg.blocks().size();
        if (n == 0) {
            return p;
        }
        int[] in = new int[n];
        boolean[] seen = new boolean[n];
        seen[0] = true;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int b = 0; b < n; b++) {
                if (!seen[b]) {
                    continue;
                }
                int s = in[b];
                for (int li : cfg.block(b).lines) {
                    s = transfer(s, ((Line.Instr) p.lines().get(li)).ctrl());
                }
                for (int succ : cfg.block(b).succ) {
                    int j = in[succ] | s;
                    if (!seen[succ] || j != in[succ]) {
                        seen[succ] = true;
                        in[succ] = j;
                        changed = true;
                    }
                }
            }
        }
        List<Line> out = new ArrayList<>(p.lines());
        for (int b = 0; b < n; b++) {
            int s = in[b];
            for (int li : cfg.block(b).lines) {
                Line.Instr ins = (Line.Instr) out.get(li);
                ControlCode c = ins.ctrl();
                int keep = c.waitMask() & s;
                if (keep != c.waitMask()) {
                    out.set(li, ins.withCtrl(c.withWaitMask(keep)));
                }
                s = transfer(s, c);
            }
        }
        return p.withLines(out);
    }

    private static int transfer(int pending, ControlCode c) {
        return pending & ~c.waitMask() | c.setMask();
    }
}
