package tessera.dspace.runtime.oracle;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.csp.Access;
import tessera.dspace.runtime.csp.Lowerings;
import tessera.dspace.runtime.ir.ChoiceInst;
import tessera.dspace.runtime.ir.Cond;
import tessera.dspace.runtime.ir.QuotientDecl;
import tessera.dspace.runtime.ir.TriggerDecl;

/**
 * Seed 001a §3.4 triggers in the {@link SatOracle}, by up-front exposure (digest §5.8, {@link Lowerings}): a
 * membership literal per object a lowering can add ⟺ one of the firings adding it; a firing literal ⟺ its binding
 * exists ∧ its conditions hold. Refuses lowerings that enable each other in a cycle and triggers that add objects to
 * sets a quotient depends on.
 */
final class LoweringEncoding {
    private final SatOracle o;
    private final Cnf cnf;
    private final Program prog;
    /** The lowerings exposed up front (null: the space has no triggers). */
    private final Lowerings low;
    private final Map<Lowerings.Member, Integer> memberLit = new HashMap<>();
    private final List<Integer> firingLit = new ArrayList<>();

    LoweringEncoding(SatOracle o, Cnf cnf, Program prog, Lowerings low) {
        this.o = o;
        this.cnf = cnf;
        this.prog = prog;
        this.low = low;
    }

    /** Literals of memberships ({@code tru} for those of the instance). */
    List<Integer> members(List<Lowerings.Member> ms) {
        List<Integer> r = new ArrayList<>();
        for (Lowerings.Member m : ms) {
            r.add(memberLit.getOrDefault(m, low == null || low.base().contains(m) ? cnf.tru : -cnf.tru));
        }
        return r;
    }

    /** Membership and firing literals; checks that no lowering adds objects a quotient depends on. */
    void declare() {
        for (Lowerings.Firing f : low.firings()) {
            firingLit.add(cnf.fresh());
            if (f.adds() != null) {
                for (Lowerings.Member m : f.adds()) {
                    if (!low.base().contains(m)) {
                        memberLit.computeIfAbsent(m, x -> cnf.fresh());
                    }
                }
            }
        }
        Map<Lowerings.Member, List<Integer>> support = new HashMap<>();
        for (int i = 0; i < low.firings().size(); i++) {
            Lowerings.Firing f = low.firings().get(i);
            if (f.adds() != null) {
                for (Lowerings.Member m : f.adds()) {
                    if (memberLit.containsKey(m)) {
                        support.computeIfAbsent(m, x -> new ArrayList<>()).add(firingLit.get(i));
                    }
                }
            }
        }
        support.forEach((m, fs) -> { // m ⟺ ∨ firings adding it
            int ml = memberLit.get(m);
            int[] c = new int[fs.size() + 1];
            c[0] = -ml;
            for (int i = 0; i < fs.size(); i++) {
                c[i + 1] = fs.get(i);
                cnf.clause(-fs.get(i), ml);
            }
            cnf.clause(c);
        });
        Set<Integer> itemSets = new HashSet<>();
        for (QuotientDecl q : prog.space.quotients) {
            itemSets.add(prog.setId(q.item().set().set()));
        }
        for (Lowerings.Member m : memberLit.keySet()) {
            if (itemSets.contains(m.set())) { // representatives are picked by object order, which firing order decides
                throw new IllegalStateException("the SAT oracle does not encode triggers that add items of a quotient ("
                        + prog.setNames.get(m.set()) + ")");
            }
            if (prog.setDecls.get(m.set()).quotient()) {
                throw new IllegalStateException("the SAT oracle does not encode triggers that add objects to the"
                        + " quotient set " + prog.setNames.get(m.set()) + " (the runtime fills quotient sets)");
            }
        }
    }

    /** firing ⟺ binding exists ∧ every condition holds; a firing the instance gives no effect for fails (never fires). */
    void firings() {
        List<Lowerings.Firing> fs = low.firings();
        List<Set<Lowerings.Member>> needs = new ArrayList<>();
        for (int i = 0; i < fs.size(); i++) {
            Lowerings.Firing f = fs.get(i);
            TriggerDecl t = prog.space.triggers.get(f.trigger());
            Map<String, Integer> b = new HashMap<>();
            for (int j = 0; j < t.vars().size(); j++) {
                b.put(t.vars().get(j).name(), f.objs()[j]);
            }
            Set<Lowerings.Member> need = new HashSet<>(f.binding());
            List<Integer> parts = members(f.binding());
            for (Cond c : t.conditions()) {
                parts.add(truth(c, b, need));
            }
            int fl = firingLit.get(i);
            int all = cnf.and(parts);
            cnf.clause(-fl, all);
            cnf.clause(fl, -all);
            if (f.adds() == null) {
                cnf.clause(-fl);
            }
            needs.add(need);
        }
        // lowerings enabling each other in a cycle would make the completion above admit unfounded firings
        int[] state = new int[fs.size()];
        for (int i = 0; i < fs.size(); i++) {
            cycle(i, state, needs);
        }
    }

    private void cycle(int i, int[] state, List<Set<Lowerings.Member>> needs) {
        if (state[i] == 2) {
            return;
        }
        if (state[i] == 1) {
            throw new IllegalStateException("the SAT oracle cannot encode triggers whose lowerings enable each other in a"
                    + " cycle (trigger \"" + prog.space.triggers.get(low.firings().get(i).trigger()).code() + "\")");
        }
        state[i] = 1;
        Set<Lowerings.Member> adds = low.firings().get(i).adds();
        for (int j = 0; adds != null && j < needs.size(); j++) {
            for (Lowerings.Member m : needs.get(j)) {
                if (memberLit.containsKey(m) && adds.contains(m)) {
                    cycle(j, state, needs);
                    break;
                }
            }
        }
        state[i] = 2;
    }

    /**
     * A literal equivalent to "condition {@code c} holds" under {@code b} (false when an instance it mentions is
     * absent: the runtime fires only on entailed conditions); adds the memberships it needs to {@code need}.
     */
    private int truth(Cond c, Map<String, Integer> b, Set<Lowerings.Member> need) {
        int tru = cnf.tru;
        if (c instanceof Cond.Cmp m) {
            int[] fa = Access.find(o.view, m.lhs(), b), fb = Access.find(o.view, m.rhs(), b);
            if (fa == null || fb == null) {
                return -tru;
            }
            need.addAll(Lowerings.ofVariable(o.view, fa[0]));
            need.addAll(Lowerings.ofVariable(o.view, fb[0]));
            int q = cnf.fresh();
            cnf.clause(-q, o.exLit[fa[0]]);
            cnf.clause(-q, o.exLit[fb[0]]);
            long[] va = o.values(fa), vb = o.values(fb);
            List<Integer> anyA = new ArrayList<>(List.of(-q));
            for (int i = 0; i < va.length; i++) {
                anyA.add(o.valueLit(fa, i));
                List<Integer> ok = new ArrayList<>(List.of(-q, -o.valueLit(fa, i)));
                for (int j = 0; j < vb.length; j++) {
                    if (m.op().test(va[i], vb[j])) {
                        ok.add(o.valueLit(fb, j));
                        cnf.clause(-o.valueLit(fa, i), -o.valueLit(fb, j), q);
                    }
                }
                cnf.clause(ok);
            }
            cnf.clause(anyA);
            return q;
        }
        List<Integer> l = o.lits(c, b); // outside a constraint: no existence guard is collected
        if (l == null) {
            return tru;
        }
        if (l.contains(Integer.MIN_VALUE) || l.isEmpty()) {
            return -tru;
        }
        ChoiceInst ci = c instanceof Cond.Is is ? is.inst() : c instanceof Cond.IsNot is ? is.inst()
                : c instanceof Cond.CmpCode m ? m.lhs() : null;
        int[] f = ci == null ? null : Access.find(o.view, ci, b);
        int q = cnf.fresh();
        if (f != null) {
            need.addAll(Lowerings.ofVariable(o.view, f[0]));
            cnf.clause(-q, o.exLit[f[0]]);
        }
        List<Integer> some = new ArrayList<>(List.of(-q));
        for (int x : l) {
            some.add(x);
            cnf.clause(-x, q);
        }
        cnf.clause(some);
        return q;
    }
}
