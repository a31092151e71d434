package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * Seed 003 §6.1 Algorithm 2 (fold): the specialised FU program f_fu ▷ K (Def. 6.2, leaf domains split at the class's
 * representative tile) folded to slots: an instruction at offset τ moves to slot τ mod π and its leaf domains to
 * succ(·, ⌊τ/π⌋), i.e. iteration n + ⌊τ/π⌋ in λ^J order. Instructions of equal slot stay separate entries of that slot
 * (P13: merged at kernel evaluation, where two active in one kernel is reported as an invalid modulo schedule).
 */
public final class Folding {
    /** A folded leaf: register or literal text and its folded domain. */
    public record Operand(String text, BitSet domain) {
    }

    public record Role(String name, List<Operand> operands) {
    }

    /** A folded instruction: slot, stage ⌊τ/π⌋, mnemonic, folded domain (union of its leaves) and roles. */
    public record Slot(int slot, int stage, String mnemonic, BitSet domain, List<Role> roles) {
    }

    /** f′_{pc,fu}; {@code stages} = max stage of the instructions present (the length of the epilog ℰ). */
    public record FoldedProgram(String fu, List<Slot> slots, int stages) {
        public boolean isEmpty() {
            return slots.isEmpty();
        }
    }

    private Folding() {
    }

    /** {@code split}: leaf → its domain split at the representative tile (iterations n). */
    public static FoldedProgram fold(Pst.FuNode fu, int pi, Map<Pst.Leaf, BitSet> split) {
        List<Slot> slots = new ArrayList<>();
        int stages = 0;
        for (Pst.InstrNode in : fu.instructions()) {
            int stage = in.tau() / pi;
            BitSet domain = new BitSet();
            List<Role> roles = new ArrayList<>();
            for (Pst.Role r : in.roles()) {
                List<Operand> ops = new ArrayList<>();
                for (Pst.Leaf l : r.leaves()) {
                    BitSet d = shift(split.get(l), stage);
                    if (!d.isEmpty()) {
                        ops.add(new Operand(l.operand(), d));
                        domain.or(d);
                    }
                }
                roles.add(new Role(r.name(), ops));
            }
            if (!domain.isEmpty()) {
                slots.add(new Slot(in.tau() % pi, stage, in.mnemonic(), domain, roles));
                stages = Math.max(stages, stage);
            }
        }
        return new FoldedProgram(fu.fu(), slots, stages);
    }

    /** succ(𝒟, n) on the λ^J linearisation. */
    static BitSet shift(BitSet s, int n) {
        if (s != null && n <= 0) {
            return s.get(-n, Math.max(-n, s.length())); // word-wise: CFG transitions shift every kernel class by −1
        }
        BitSet r = new BitSet();
        if (s != null) {
            for (int i = s.nextSetBit(0); i >= 0; i = s.nextSetBit(i + 1)) {
                if (i + n >= 0) {
                    r.set(i + n);
                }
            }
        }
        return r;
    }
}
