package tessera.regdem.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;

/**
 * The operand shape of a Volta+ instruction as cuobjdump prints it: predicate outputs and the destination register
 * first ({@code IADD3 R4, P0, R2, R3, RZ}, {@code LOP3.LUT P0, R4, ...}, {@code ISETP.GE.AND P0, PT, ...}), then the
 * value operands, then the predicate inputs ({@code IADD3.X ..., P0, !PT}, {@code SEL R0, R1, R2, !P0}). Decoded once
 * per instruction by {@link SassSimulator}.
 */
record Form(Operand.Reg dest, List<Operand.Pred> outs, List<Operand> vals, List<Operand.Pred> ins) {

    Form {
        outs = List.copyOf(outs);
        vals = List.copyOf(vals);
        ins = List.copyOf(ins);
    }

    /** Opcodes (uniform ones without their {@code U}) whose leading operands are predicates only. */
    private static final Set<String> NO_DEST = Set.of("ISETP", "FSETP", "DSETP", "HSETP2", "PSETP", "FCHK", "PLOP3",
            "VOTE", "VOTEU", "BRA");

    static Form of(Line.Instr i) {
        List<Operand> ops = i.operands();
        Operand.Reg dest = null;
        List<Operand.Pred> outs = new ArrayList<>();
        boolean noDest = NO_DEST.contains(VoltaSemantics.base(i.opcode()));
        int k = 0;
        while (k < ops.size() && (ops.get(k) instanceof Operand.Pred
                || !noDest && dest == null && ops.get(k) instanceof Operand.Reg)) {
            if (ops.get(k) instanceof Operand.Pred p) {
                outs.add(p);
            } else {
                dest = (Operand.Reg) ops.get(k);
            }
            k++;
        }
        int end = ops.size();
        while (end > k && ops.get(end - 1) instanceof Operand.Pred) {
            end--;
        }
        List<Operand.Pred> ins = new ArrayList<>();
        for (int j = end; j < ops.size(); j++) {
            ins.add((Operand.Pred) ops.get(j));
        }
        return new Form(dest, outs, ops.subList(k, end), ins);
    }

    /** Value operand {@code i}, or an exception naming the instruction when it has fewer. */
    Operand val(Line.Instr ins, int i) {
        if (i >= vals.size()) {
            throw new SimulationException(ins.fullOpcode() + " needs at least " + (i + 1) + " source operands");
        }
        return vals.get(i);
    }

    Operand.Reg dest(Line.Instr ins) {
        if (dest == null) {
            throw new SimulationException("expected a destination register in " + ins.fullOpcode());
        }
        return dest;
    }

    Operand.Pred out(int i) {
        return i < outs.size() ? outs.get(i) : null;
    }

    Operand.Pred in(int i) {
        return i < ins.size() ? ins.get(i) : null;
    }
}
