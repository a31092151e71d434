package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Seed 003 §6.1: kernel classes QC_{pc,fu} = Algorithm 1 over 𝓙_{pc,fu} = 𝓙 ∪ ℰ with the folded leaf domains as
 * conditions, and the kernel q = f′(𝒬) evaluated at a representative iteration (empty slot = implied nop).
 */
public final class KernelClasses {
    /** A kernel class with its kernel: one instruction text per slot ("nop" when empty), mnemonic first. */
    public record KernelClass(BitSet iterations, List<List<String>> kernel) {
    }

    private KernelClasses() {
    }

    /** {@code length}: |𝓙_{pc,fu}|, the iterations 0 … length − 1 in λ^J order. */
    public static List<KernelClass> compute(Folding.FoldedProgram f, int pi, int length, String where) {
        BitSet space = new BitSet();
        space.set(0, length);
        List<BitSet> conditions = new ArrayList<>();
        for (Folding.Slot s : f.slots()) {
            conditions.add(s.domain());
            for (Folding.Role r : s.roles()) {
                for (Folding.Operand o : r.operands()) {
                    conditions.add(o.domain());
                }
            }
        }
        List<KernelClass> r = new ArrayList<>();
        for (BitSet q : DomainPartition.partition(space, conditions)) {
            r.add(new KernelClass(q, kernel(f, pi, q.nextSetBit(0), where)));
        }
        return r;
    }

    /** f′(n): per slot the active instruction with the operand leaf of each role that contains n. */
    static List<List<String>> kernel(Folding.FoldedProgram f, int pi, int n, String where) {
        List<List<String>> k = new ArrayList<>();
        for (int slot = 0; slot < pi; slot++) {
            List<String> instr = List.of("nop");
            for (Folding.Slot s : f.slots()) {
                if (s.slot() != slot || !s.domain().get(n)) {
                    continue;
                }
                if (!instr.get(0).equals("nop")) {
                    // P13: two τ with equal τ mod π active in one kernel = the modulo schedule is invalid
                    throw new InstantiationException(where + ": slot " + slot + " holds both " + instr.get(0) + " and " + s.mnemonic()
                            + " in iteration " + n, "the modulo reservation table of the symbolic schedule is inconsistent; re-run compile");
                }
                List<String> dests = new ArrayList<>();
                List<String> srcs = new ArrayList<>();
                boolean readsFifo = false;
                for (Folding.Role r : s.roles()) {
                    String op = null;
                    for (Folding.Operand o : r.operands()) {
                        if (o.domain().get(n)) {
                            op = o.text();
                        }
                    }
                    if (r.name().startsWith("dest")) {
                        if (op != null) {
                            dests.add(op);
                        }
                    } else if (op == null) {
                        throw new InstantiationException(where + ": operand " + r.name() + " of " + s.mnemonic() + " is undefined in iteration "
                                + n, "the PST's operand domains do not cover the instruction's domain; re-run compile");
                    } else {
                        srcs.add(op);
                        readsFifo |= op.startsWith("id");
                    }
                }
                if (dests.isEmpty() && !readsFifo) {
                    continue; // P12: no destination in this iteration (dead value): the instruction is dropped
                }
                if (dests.isEmpty()) {
                    throw new InstantiationException(where + ": " + s.mnemonic() + " in iteration " + n + " pops an input FIFO but writes no register",
                            "the PST has no destination for a live instruction (P12); re-run compile");
                }
                List<String> in = new ArrayList<>();
                in.add(s.mnemonic());
                in.add(String.join("|", dests)); // ⟨dest⟩, ⟨dest2⟩…: one result, several registers
                in.addAll(srcs);
                instr = in;
            }
            k.add(instr);
        }
        return k;
    }
}
