package tessera.regdem.demote;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassProgram;

/**
 * Renames registers by operand position, simultaneously (digest P23): the new operand list is built from the old one,
 * each GPR looked up in the map once. This avoids the released tool's bug of renaming "the first operand with the
 * same name", which miscompiles chains ({R4→R3, R8→R4}) and swaps. RZ, uniform and special registers never change.
 */
public final class RegisterRenamer {
    private RegisterRenamer() {
    }

    public static Line.Instr rename(Line.Instr ins, Map<Integer, Integer> map) {
        if (map.isEmpty()) {
            return ins;
        }
        boolean changed = false;
        List<Operand> ops = new ArrayList<>(ins.operands().size());
        for (Operand o : ins.operands()) {
            Operand n = renameOperand(o, map);
            changed |= n != o;
            ops.add(n);
        }
        return changed ? ins.withOperands(ops) : ins;
    }

    static Operand renameOperand(Operand o, Map<Integer, Integer> map) {
        if (o instanceof Operand.Reg r) {
            return renameReg(r, map);
        }
        if (o instanceof Operand.Mem m && m.base() != null) {
            Operand.Reg b = renameReg(m.base(), map);
            return b == m.base() ? m : m.withBase(b);
        }
        if (o instanceof Operand.Const c && c.index() != null) {
            Operand.Reg b = renameReg(c.index(), map);
            return b == c.index() ? c : c.withIndex(b);
        }
        return o;
    }

    static Operand.Reg renameReg(Operand.Reg r, Map<Integer, Integer> map) {
        if (!r.isGpr()) {
            return r;
        }
        Integer to = map.get(r.num());
        return to == null || to == r.num() ? r : r.withNum(to);
    }

    public static SassProgram rename(SassProgram p, Map<Integer, Integer> map) {
        List<Line> out = new ArrayList<>(p.lines().size());
        for (Line l : p.lines()) {
            out.add(l instanceof Line.Instr i ? rename(i, map) : l);
        }
        return p.withLines(out);
    }
}
