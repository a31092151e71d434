package tessera.regdem.demote;

import java.util.List;

import tessera.regdem.sass.Line;

/** Small list edits shared by the post-passes of seed 004 §3.4.2. */
final class DemoteEdit {
    private DemoteEdit() {
    }

    /**
     * Deletes the demote instruction at {@code idx}; its waits move to the next instruction so every ordering it
     * enforced still holds (stalls are not merged: the original schedule never depended on inserted code).
     */
    static void remove(List<Line> lines, int idx) {
        Line.Instr d = (Line.Instr) lines.remove(idx);
        if (d.ctrl().waitMask() == 0) {
            return;
        }
        for (int k = idx; k < lines.size(); k++) {
            if (lines.get(k) instanceof Line.Instr n) {
                lines.set(k, n.withCtrl(n.ctrl().withWaitMask(n.ctrl().waitMask() | d.ctrl().waitMask())));
                return;
            }
        }
    }

    static int valueReg(Line.Instr demote) {
        int k = demote.isDemoteLoad() ? 0 : 1;
        return ((tessera.regdem.sass.Operand.Reg) demote.operands().get(k)).num();
    }
}
