package tessera.dspace.runtime.csp;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import tessera.dspace.runtime.Program.ChoiceInfo;
import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.csp.NumericLiterals.Num;
import tessera.dspace.runtime.ir.ChoiceInst;
import tessera.dspace.runtime.ir.Cond;
import tessera.dspace.runtime.ir.Op;

/**
 * Seed 001a §3.4 + §3.8: the three-valued truth of the conditions of triggers and quotient sets on a candidate, under
 * a binding of their variables by name.
 */
final class Conditions {
    private Conditions() {
    }

    /** Three-valued truth of a condition under a binding by name: 1 entailed, 0 entailed false, -1 open. */
    static int truth(Candidate cand, Cond c, Map<String, Integer> b) {
        switch (c) {
            case Cond.Const k -> {
                return k.value() ? 1 : 0;
            }
            case Cond.IdLess l -> {
                return (b.get(l.a()) < b.get(l.b())) != l.negated() ? 1 : 0;
            }
            case Cond.Code k -> {
                int[] objs = new int[k.vars().size()];
                for (int i = 0; i < objs.length; i++) {
                    objs[i] = b.get(k.vars().get(i));
                }
                return cand.engine.bool(k.snippet(), objs, cand.kernel) != k.negated() ? 1 : 0;
            }
            case Cond.Is is -> {
                int f = findInst(cand, is.inst(), b);
                if (f < 0) {
                    return -1;
                }
                long d = cand.read(f);
                return (d & ~is.mask()) == 0 ? 1 : (d & is.mask()) == 0 ? 0 : -1;
            }
            case Cond.IsNot is -> {
                int t = truth(cand, new Cond.Is(is.inst(), is.mask()), b);
                return t < 0 ? -1 : 1 - t;
            }
            case Cond.Cmp m -> {
                int fa = findInst(cand, m.lhs(), b), fb = findInst(cand, m.rhs(), b);
                if (fa < 0 || fb < 0) {
                    return -1;
                }
                if (cand.choiceInfo(fa >> 1).kind() == Kind.ENUM) {
                    long da = cand.read(fa), db = cand.read(fb);
                    boolean can = false, must = true;
                    for (long x = da; x != 0; x &= x - 1) {
                        for (long y = db; y != 0; y &= y - 1) {
                            boolean r = m.op().test(Long.numberOfTrailingZeros(x), Long.numberOfTrailingZeros(y));
                            can |= r;
                            must &= r;
                        }
                    }
                    return must ? 1 : can ? -1 : 0;
                }
                Num na = NumericLiterals.numOf(cand, fa >> 1), nb = NumericLiterals.numOf(cand, fb >> 1);
                return entailed(na, m.op(), nb);
            }
            case Cond.CmpCode m -> {
                int fa = findInst(cand, m.lhs(), b);
                if (fa < 0) {
                    return -1;
                }
                int[] objs = new int[m.vars().size()];
                for (int i = 0; i < objs.length; i++) {
                    objs[i] = b.get(m.vars().get(i));
                }
                Object v = cand.engine.value(m.snippet(), objs, cand.kernel);
                Num nb = v instanceof Long x ? new Num(x, x, new long[] { x })
                        : new Num(0, 0, ((long[]) v).clone());
                Num na = NumericLiterals.numOf(cand, fa >> 1);
                if (nb.vals().length > 1 && (m.op() == Op.EQ || m.op() == Op.NE)) {
                    // membership: x == list ⟺ x ∈ list
                    boolean can = false, must = true;
                    for (long x : NumericLiterals.valuesOf(na)) {
                        boolean in = Arrays.stream(nb.vals()).anyMatch(y -> y == x);
                        boolean r = m.op() == Op.EQ ? in : !in;
                        can |= r;
                        must &= r;
                    }
                    return must ? 1 : can ? -1 : 0;
                }
                return entailed(na, m.op(), nb);
            }
        }
    }

    private static int entailed(Num na, Op op, Num nb) {
        return NumericLiterals.entailedFalse(na, op, nb) ? 0 : NumericLiterals.entailedFalse(na, op.negate(), nb) ? 1 : -1;
    }

    private static int findInst(Candidate cand, ChoiceInst ci, Map<String, Integer> b) {
        ChoiceInfo c = cand.prog.choice(ci.choice());
        int[] a = new int[ci.args().size()];
        for (int i = 0; i < a.length; i++) {
            Integer o = b.get(ci.args().get(i));
            a[i] = o == null ? -1 : o;
        }
        return Candidate.find(cand.kernel, c, a);
    }

    static boolean allTrue(Candidate cand, List<Cond> cs, Map<String, Integer> b) {
        for (Cond c : cs) {
            if (truth(cand, c, b) != 1) {
                return false;
            }
        }
        return true;
    }

    static boolean anyFalse(Candidate cand, List<Cond> cs, Map<String, Integer> b) {
        for (Cond c : cs) {
            if (truth(cand, c, b) == 0) {
                return true;
            }
        }
        return false;
    }
}
