package tessera.dspace.runtime.oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.sat4j.core.VecInt;
import org.sat4j.minisat.SolverFactory;
import org.sat4j.specs.ContradictionException;
import org.sat4j.specs.ISolver;
import org.sat4j.specs.TimeoutException;

import tessera.core.Deadline;
import tessera.core.TimeLimitException;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.Program.ChoiceInfo;
import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.csp.Access;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.csp.Engine;
import tessera.dspace.runtime.csp.Lowerings;
import tessera.dspace.runtime.ir.ChoiceDecl;
import tessera.dspace.runtime.ir.ChoiceInst;
import tessera.dspace.runtime.ir.Cond;
import tessera.dspace.runtime.ir.ConstraintDecl;
import tessera.dspace.runtime.ir.Op;
import tessera.dspace.runtime.ir.QuotientDecl;
import tessera.dspace.runtime.ir.TriggerDecl;
import tessera.dspace.runtime.ir.VarDecl;

/**
 * An exact oracle independent of the propagators: the desugared constraints of a space, instantiated on the
 * instance's objects, encoded in CNF for SAT4J (one-hot values per choice instance, counters as layered one-hot
 * partial sums/products, comparisons through implied auxiliaries, the quotient representative rule with
 * auxiliaries). Models are enumerated with blocking clauses over the choice variables.
 * <p>Triggers (seed 001a §3.4) are encoded by up-front exposure (digest §5.8, {@link Lowerings}): every object a
 * lowering can add gets its variables; a membership literal per added object ⟺ one of the firings adding it; a firing
 * literal ⟺ its binding exists ∧ its conditions hold (a condition on an absent instance is not entailed, as in the
 * runtime); a variable exists ⟺ its arguments are members, and an absent variable has no value (all literals false);
 * constraint instances and counter terms over absent objects are vacuous. Lowerings that enable each other in a cycle
 * and triggers that add objects to sets a quotient depends on are refused with a message.
 */
public final class SatOracle {
    private final Engine engine;
    private final Program prog;
    private final Candidate view;
    private final ISolver solver = SolverFactory.newDefault();
    private int nextVar;
    /** [var] → SAT variable of value i is base[var] + i. */
    private final int[] base;
    private final int[] size;
    private final Map<Integer, long[]> counterValues = new HashMap<>();
    private final Map<Integer, Integer> counterBase = new HashMap<>();
    private boolean unsat;
    /** The lowerings exposed up front (null: the space has no triggers). */
    private final Lowerings low;
    /** A literal forced true. */
    private int tru;
    private final Map<Lowerings.Member, Integer> memberLit = new HashMap<>();
    /** [var] → literal "the variable exists" ({@code tru} for variables of the instance). */
    private final int[] exLit;
    /** Negated existence literals of the instances a constraint mentions (collected while encoding one constraint). */
    private List<Integer> guard;

    private SatOracle(Candidate initialView, Lowerings low) {
        this.low = low;
        this.view = initialView;
        this.engine = initialView.engine();
        this.prog = engine.program();
        int n = view.variableCount();
        base = new int[n];
        size = new int[n];
        exLit = new int[n];
    }

    /** Builds the oracle for the instance behind {@code init} (its kernel's objects; domains are not used). */
    public static SatOracle of(Candidate init) {
        Lowerings low = init.engine().program().space.triggers.isEmpty() ? null : Lowerings.of(init.engine());
        SatOracle o = new SatOracle(low == null ? init : low.view(), low);
        o.encode();
        o.load();
        return o;
    }

    private int fresh() {
        return ++nextVar;
    }

    private final List<int[]> clauses = new ArrayList<>();

    private void clause(int... lits) {
        clauses.add(lits.clone()); // buffered: the solver is sized once the encoding is complete
    }

    private void load() {
        solver.newVar(nextVar + 1);
        solver.setExpectedNumberOfClauses(clauses.size());
        for (int[] c : clauses) {
            try {
                solver.addClause(new VecInt(c));
            } catch (ContradictionException e) {
                unsat = true;
            }
        }
        clauses.clear();
    }

    private void exactlyOne(int[] lits) {
        clause(lits);
        for (int i = 0; i < lits.length; i++) {
            for (int j = i + 1; j < lits.length; j++) {
                clause(-lits[i], -lits[j]);
            }
        }
    }

    private void encode() {
        tru = fresh();
        clause(tru);
        if (low != null) {
            lowerings();
        }
        int n = view.variableCount();
        for (int v = 0; v < n; v++) {
            exLit[v] = and(members(Lowerings.ofVariable(view, v)));
            ChoiceInfo c = view.choiceInfo(v);
            if (c.kind() == Kind.COUNTER) {
                continue;
            }
            size[v] = c.kind() == Kind.ENUM ? c.nvalues() : view.universe(v).length;
            base[v] = nextVar + 1;
            int[] lits = new int[size[v]];
            for (int i = 0; i < size[v]; i++) {
                lits[i] = fresh();
            }
            if (exLit[v] == tru) {
                exactlyOne(lits);
            } else { // an absent variable has no value
                int[] some = Arrays.copyOf(lits, lits.length + 1);
                some[lits.length] = -exLit[v];
                clause(some);
                for (int i = 0; i < lits.length; i++) {
                    clause(exLit[v], -lits[i]);
                    for (int j = i + 1; j < lits.length; j++) {
                        clause(-lits[i], -lits[j]);
                    }
                }
            }
        }
        for (int v = 0; v < n; v++) {
            if (view.choiceInfo(v).kind() == Kind.COUNTER) {
                counter(v);
            }
        }
        if (low != null) {
            firings();
        }
        for (ConstraintDecl k : prog.space.constraints) {
            Access.forEachBinding(view, k.vars(), b -> constraint(k, b));
        }
        for (QuotientDecl q : prog.space.quotients) {
            quotientRule(q);
        }
    }

    /** Possible values of a numeric variable and the SAT literal of each. */
    private long[] numValues(int v) {
        if (view.choiceInfo(v).kind() == Kind.INTEGER) {
            return view.universe(v);
        }
        return counterValues.get(v);
    }

    private int numLit(int v, int i) {
        return view.choiceInfo(v).kind() == Kind.INTEGER ? base[v] + i : counterBase.get(v) + i;
    }

    private void counter(int cv) {
        if (counterValues.containsKey(cv)) {
            return;
        }
        Program.CounterInfo ci = prog.counters.get(view.choiceInfo(cv).id());
        boolean mul = ci.kind() == ChoiceDecl.CounterKind.MUL;
        List<int[]> terms = Access.terms(view, cv);
        long b0 = Access.counterBase(view, cv);
        TreeSet<Long> cur = new TreeSet<>(List.of(b0));
        Map<Long, Integer> lit = new HashMap<>();
        int l0 = fresh();
        clause(l0);
        lit.put(b0, l0);
        for (int[] t : terms) {
            int d = t[0], vv = t[1];
            List<Integer> gateParts = members(low == null ? List.of() : Lowerings.ofTerm(view, cv, t[2]));
            if (d >= 0) {
                gateParts.add(base[d] + 1);
                gateParts.add(exLit[d]);
            }
            if (vv >= 0) {
                gateParts.add(exLit[vv]);
            }
            int gate = and(gateParts); // the term counts: it exists and its δ is TRUE
            long[] vals;
            int[] vlits;
            if (vv < 0) {
                vals = new long[] { Access.termConst(view, cv, t[2]) };
                vlits = new int[] { 0 };
            } else {
                if (view.choiceInfo(vv).kind() == Kind.COUNTER) {
                    counter(vv);
                }
                vals = numValues(vv);
                vlits = new int[vals.length];
                for (int i = 0; i < vals.length; i++) {
                    vlits[i] = numLit(vv, i);
                }
            }
            TreeSet<Long> next = new TreeSet<>();
            for (long a : cur) {
                if (d >= 0 || gate != tru) {
                    next.add(a);
                }
                for (long u : vals) {
                    next.add(mul ? a * u : a + u);
                }
            }
            if (next.size() > 20000) {
                throw new IllegalStateException("counter " + view.choiceOf(cv) + " has too many values for the oracle");
            }
            Map<Long, Integer> nlit = new HashMap<>();
            int[] all = new int[next.size()];
            int k = 0;
            for (long a : next) {
                all[k++] = fresh();
                nlit.put(a, all[k - 1]);
            }
            exactlyOne(all);
            for (long a : cur) {
                int pa = lit.get(a);
                if (gate != tru) {
                    clause(-pa, gate, nlit.get(a)); // δ false or the term absent: unchanged
                }
                for (int i = 0; i < vals.length; i++) {
                    long r = mul ? a * vals[i] : a + vals[i];
                    List<Integer> cl = new ArrayList<>(List.of(-pa, nlit.get(r)));
                    if (gate != tru) {
                        cl.add(-gate);
                    }
                    if (vlits[i] != 0) {
                        cl.add(-vlits[i]);
                    }
                    clause(cl.stream().mapToInt(Integer::intValue).toArray());
                }
            }
            cur = next;
            lit = nlit;
        }
        long[] vals = cur.stream().mapToLong(Long::longValue).toArray();
        counterValues.put(cv, vals);
        counterBase.put(cv, lit.get(vals[0]));
        // make the final layer's literals consecutive through equivalences
        int first = nextVar + 1;
        for (long a : vals) {
            int x = fresh();
            clause(-x, lit.get(a));
            clause(x, -lit.get(a));
        }
        counterBase.put(cv, first);
    }

    /** Literals of a condition as a disjunction; null means "true" (clause satisfied), empty means "false". */
    private List<Integer> lits(Cond c, Map<String, Integer> b) {
        switch (c) {
            case Cond.Const k -> {
                return k.value() ? null : List.of();
            }
            case Cond.IdLess l -> {
                return (b.get(l.a()) < b.get(l.b())) != l.negated() ? null : List.of();
            }
            case Cond.Code k -> {
                return Access.bool(view, k.snippet(), k.vars(), b) != k.negated() ? null : List.of();
            }
            case Cond.Is is -> {
                int[] f = Access.find(view, is.inst(), b);
                if (f == null) {
                    return List.of(Integer.MIN_VALUE); // instance absent: vacuous constraint
                }
                guard(f[0]);
                ChoiceInfo ci = view.choiceInfo(f[0]);
                long mask = f[1] == 1 ? ci.invert(is.mask()) : is.mask();
                List<Integer> r = new ArrayList<>();
                for (int i = 0; i < size[f[0]]; i++) {
                    if ((mask >>> i & 1) != 0) {
                        r.add(base[f[0]] + i);
                    }
                }
                return r;
            }
            case Cond.IsNot is -> {
                ChoiceInfo ci = prog.choice(is.inst().choice());
                return lits(new Cond.Is(is.inst(), ci.all() & ~is.mask()), b);
            }
            case Cond.Cmp m -> {
                int[] fa = Access.find(view, m.lhs(), b), fb = Access.find(view, m.rhs(), b);
                if (fa == null || fb == null) {
                    return List.of(Integer.MIN_VALUE);
                }
                guard(fa[0]);
                guard(fb[0]);
                int t = fresh();
                long[] va = values(fa), vb = values(fb);
                for (int i = 0; i < va.length; i++) {
                    for (int j = 0; j < vb.length; j++) {
                        if (!m.op().test(va[i], vb[j])) {
                            clause(-t, -valueLit(fa, i), -valueLit(fb, j));
                        }
                    }
                }
                return List.of(t);
            }
            case Cond.CmpCode m -> {
                int[] fa = Access.find(view, m.lhs(), b);
                if (fa == null) {
                    return List.of(Integer.MIN_VALUE);
                }
                guard(fa[0]);
                Object sv = Access.value(view, m.snippet(), m.vars(), b);
                long[] w = sv instanceof Long x ? new long[] { x } : (long[]) sv;
                long[] va = values(fa);
                List<Integer> r = new ArrayList<>();
                for (int i = 0; i < va.length; i++) {
                    boolean ok;
                    if (w.length != 1 && (m.op() == Op.EQ || m.op() == Op.NE)) {
                        long x = va[i];
                        boolean in = Arrays.stream(w).anyMatch(y -> y == x);
                        ok = m.op() == Op.EQ ? in : !in;
                    } else {
                        ok = false;
                        for (long y : w) {
                            ok |= m.op().test(va[i], y);
                        }
                    }
                    if (ok) {
                        r.add(valueLit(fa, i));
                    }
                }
                return r;
            }
        }
    }

    /** Values of an instance in the orientation of the condition: enum index (inverted if reversed) or number. */
    private long[] values(int[] f) {
        ChoiceInfo ci = view.choiceInfo(f[0]);
        if (ci.kind() == Kind.ENUM) {
            long[] r = new long[ci.nvalues()];
            for (int i = 0; i < r.length; i++) {
                r[i] = f[1] == 1 ? ci.inverse() == null ? i : (ci.symmetry() == ChoiceDecl.Symmetry.ANTISYMMETRIC ? ci.inverse()[i] : i) : i;
            }
            return r;
        }
        return numValues(f[0]);
    }

    private int valueLit(int[] f, int i) {
        ChoiceInfo ci = view.choiceInfo(f[0]);
        return ci.kind() == Kind.ENUM ? base[f[0]] + i : numLit(f[0], i);
    }

    private void constraint(ConstraintDecl k, Map<String, Integer> b) {
        List<Integer> clause = new ArrayList<>();
        guard = new ArrayList<>();
        try {
            for (Cond c : k.disjunction()) {
                List<Integer> l = lits(c, b);
                if (l == null) {
                    return;
                }
                if (l.contains(Integer.MIN_VALUE)) {
                    return;
                }
                clause.addAll(l);
            }
            clause.addAll(guard); // vacuous when an instance it mentions does not exist
            for (int m : members(low == null ? List.of() : Lowerings.ofBinding(view, k.vars(), b))) {
                if (m != tru) {
                    clause.add(-m); // vacuous when the binding does not exist
                }
            }
        } finally {
            guard = null;
        }
        clause(clause.stream().mapToInt(Integer::intValue).toArray());
    }

    private void guard(int var) {
        if (guard != null && exLit[var] != tru) {
            guard.add(-exLit[var]);
        }
    }

    /** A literal equivalent to the conjunction ({@code tru} when empty). */
    private int and(List<Integer> lits) {
        List<Integer> l = lits.stream().filter(x -> x != tru).distinct().toList();
        if (l.isEmpty()) {
            return tru;
        }
        if (l.size() == 1) {
            return l.get(0);
        }
        int a = fresh();
        int[] back = new int[l.size() + 1];
        back[0] = a;
        for (int i = 0; i < l.size(); i++) {
            clause(-a, l.get(i));
            back[i + 1] = -l.get(i);
        }
        clause(back);
        return a;
    }

    /** Literals of memberships ({@code tru} for those of the instance). */
    private List<Integer> members(List<Lowerings.Member> ms) {
        List<Integer> r = new ArrayList<>();
        for (Lowerings.Member m : ms) {
            r.add(memberLit.getOrDefault(m, low == null || low.base().contains(m) ? tru : -tru));
        }
        return r;
    }

    /** Membership and firing literals; checks that lowerings do not enable each other in a cycle. */
    private final List<Integer> firingLit = new ArrayList<>();

    private void lowerings() {
        for (Lowerings.Firing f : low.firings()) {
            firingLit.add(fresh());
            if (f.adds() != null) {
                for (Lowerings.Member m : f.adds()) {
                    if (!low.base().contains(m)) {
                        memberLit.computeIfAbsent(m, x -> fresh());
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
                clause(-fs.get(i), ml);
            }
            clause(c);
        });
        java.util.Set<Integer> itemSets = new java.util.HashSet<>();
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
    private void firings() {
        List<Lowerings.Firing> fs = low.firings();
        List<java.util.Set<Lowerings.Member>> needs = new ArrayList<>();
        for (int i = 0; i < fs.size(); i++) {
            Lowerings.Firing f = fs.get(i);
            TriggerDecl t = prog.space.triggers.get(f.trigger());
            Map<String, Integer> b = new HashMap<>();
            for (int j = 0; j < t.vars().size(); j++) {
                b.put(t.vars().get(j).name(), f.objs()[j]);
            }
            java.util.Set<Lowerings.Member> need = new java.util.HashSet<>(f.binding());
            List<Integer> parts = members(f.binding());
            for (Cond c : t.conditions()) {
                parts.add(truth(c, b, need));
            }
            int fl = firingLit.get(i);
            int all = and(parts);
            clause(-fl, all);
            clause(fl, -all);
            if (f.adds() == null) {
                clause(-fl);
            }
            needs.add(need);
        }
        // lowerings enabling each other in a cycle would make the completion above admit unfounded firings
        int[] state = new int[fs.size()];
        for (int i = 0; i < fs.size(); i++) {
            cycle(i, state, needs);
        }
    }

    private void cycle(int i, int[] state, List<java.util.Set<Lowerings.Member>> needs) {
        if (state[i] == 2) {
            return;
        }
        if (state[i] == 1) {
            throw new IllegalStateException("the SAT oracle cannot encode triggers whose lowerings enable each other in a"
                    + " cycle (trigger \"" + prog.space.triggers.get(low.firings().get(i).trigger()).code() + "\")");
        }
        state[i] = 1;
        java.util.Set<Lowerings.Member> adds = low.firings().get(i).adds();
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
    private int truth(Cond c, Map<String, Integer> b, java.util.Set<Lowerings.Member> need) {
        if (c instanceof Cond.Cmp m) {
            int[] fa = Access.find(view, m.lhs(), b), fb = Access.find(view, m.rhs(), b);
            if (fa == null || fb == null) {
                return -tru;
            }
            need.addAll(Lowerings.ofVariable(view, fa[0]));
            need.addAll(Lowerings.ofVariable(view, fb[0]));
            int q = fresh();
            clause(-q, exLit[fa[0]]);
            clause(-q, exLit[fb[0]]);
            long[] va = values(fa), vb = values(fb);
            List<Integer> anyA = new ArrayList<>(List.of(-q));
            for (int i = 0; i < va.length; i++) {
                anyA.add(valueLit(fa, i));
                List<Integer> ok = new ArrayList<>(List.of(-q, -valueLit(fa, i)));
                for (int j = 0; j < vb.length; j++) {
                    if (m.op().test(va[i], vb[j])) {
                        ok.add(valueLit(fb, j));
                        clause(-valueLit(fa, i), -valueLit(fb, j), q);
                    }
                }
                clause(ok.stream().mapToInt(Integer::intValue).toArray());
            }
            clause(anyA.stream().mapToInt(Integer::intValue).toArray());
            return q;
        }
        guard = new ArrayList<>();
        List<Integer> l;
        try {
            l = lits(c, b);
        } finally {
            guard = null;
        }
        if (l == null) {
            return tru;
        }
        if (l.contains(Integer.MIN_VALUE) || l.isEmpty()) {
            return -tru;
        }
        ChoiceInst ci = c instanceof Cond.Is is ? is.inst() : c instanceof Cond.IsNot is ? is.inst()
                : c instanceof Cond.CmpCode m ? m.lhs() : null;
        int[] f = ci == null ? null : Access.find(view, ci, b);
        int q = fresh();
        if (f != null) {
            need.addAll(Lowerings.ofVariable(view, f[0]));
            clause(-q, exLit[f[0]]);
        }
        List<Integer> some = new ArrayList<>(List.of(-q));
        for (int x : l) {
            some.add(x);
            clause(-x, q);
        }
        clause(some.stream().mapToInt(Integer::intValue).toArray());
        return q;
    }

    /** repr(x) ∨ ¬f(x) ∨ ∨_{y<x} (f(y) ∧ equiv(y,x) ∈ V): x is the representative when no lower object shares its class. */
    private void quotientRule(QuotientDecl q) {
        List<VarDecl> vs = new ArrayList<>();
        if (q.param() != null) {
            vs.add(q.param());
        }
        vs.add(q.item());
        Access.forEachBinding(view, vs, b -> {
            List<String> names = new ArrayList<>();
            for (VarDecl v : vs) {
                names.add(v.name());
            }
            int[] r = Access.find(view, new ChoiceInst(q.repr(), names), b);
            if (r == null) {
                return;
            }
            List<Integer> cl = new ArrayList<>(List.of(base[r[0]] + 1));
            if (exLit[r[0]] != tru) {
                cl.add(-exLit[r[0]]); // vacuous while a lowering has not created the item or the parameter
            }
            for (Cond f : q.conditions()) {
                List<Integer> l = lits(f.negate(), b);
                if (l == null) {
                    return;
                }
                cl.addAll(l);
            }
            int x = b.get(q.item().name());
            for (int y : Access.members(view, q.item(), b)) {
                if (y >= x) {
                    continue;
                }
                Map<String, Integer> by = new HashMap<>(b);
                by.put(q.item().name(), y);
                int a = fresh();
                int member = and(members(low == null ? List.of() : Lowerings.ofBinding(view, List.of(q.item()), by)));
                if (member != tru) {
                    clause(-a, member); // a lower item counts only once a lowering has created it
                }
                boolean possible = true;
                for (Cond f : q.conditions()) {
                    List<Integer> l = lits(f, by);
                    if (l == null) {
                        continue;
                    }
                    List<Integer> c2 = new ArrayList<>(l);
                    c2.add(0, -a);
                    if (l.isEmpty()) {
                        possible = false;
                    }
                    clause(c2.stream().mapToInt(Integer::intValue).toArray());
                }
                int[] e = Access.find(view, new ChoiceInst(q.equiv(), List.of("$y", "$x")), Map.of("$y", y, "$x", x));
                if (e == null) {
                    continue;
                }
                List<Integer> el = lits(new Cond.Is(new ChoiceInst(q.equiv(), List.of("$y", "$x")), q.equivMask()),
                        Map.of("$y", y, "$x", x));
                List<Integer> c3 = new ArrayList<>(el);
                c3.add(0, -a);
                clause(c3.stream().mapToInt(Integer::intValue).toArray());
                if (possible) {
                    cl.add(a);
                }
            }
            clause(cl.stream().mapToInt(Integer::intValue).toArray());
        });
    }

    /** Whether the space has a solution. */
    public boolean satisfiable(Deadline deadline) {
        return solve(deadline, new VecInt());
    }

    private boolean solve(Deadline deadline, VecInt assumptions) {
        if (unsat) {
            return false;
        }
        solver.setTimeoutMs(Math.max(1, deadline.remaining().toMillis()));
        try {
            return solver.isSatisfiable(assumptions);
        } catch (TimeoutException e) {
            throw new TimeLimitException("the SAT4J oracle", deadline.limit());
        }
    }

    /** Whether a fully fixed decision vector (values per variable as masks) satisfies every constraint. */
    public boolean accepts(long[] dom, Deadline deadline) {
        VecInt a = new VecInt();
        for (int v = 0; v < base.length; v++) {
            if (size[v] > 0) {
                a.push(base[v] + Long.numberOfTrailingZeros(dom[v]));
            }
        }
        return solve(deadline, a);
    }

    /**
     * Whether a fixed candidate (of this space and instance, possibly lowered further than the oracle's view)
     * satisfies every constraint; variables are matched by choice and object names, and a variable the candidate
     * lacks must not exist.
     */
    public boolean accepts(Candidate fixed, Deadline deadline) {
        VecInt a = new VecInt();
        for (int v = 0; v < base.length; v++) {
            if (size[v] == 0) {
                continue;
            }
            List<String> args = view.argsOf(v);
            int lv = fixed.variable(view.choiceOf(v), args);
            boolean reversed = false;
            if (lv < 0 && args.size() == 2 && view.choiceInfo(v).symmetricStorage()) {
                lv = fixed.variable(view.choiceOf(v), List.of(args.get(1), args.get(0)));
                reversed = lv >= 0;
            }
            if (lv < 0) {
                a.push(-exLit[v]);
                continue;
            }
            int i = Long.numberOfTrailingZeros(fixed.domain(lv));
            ChoiceInfo ci = view.choiceInfo(v);
            if (reversed && ci.symmetry() == ChoiceDecl.Symmetry.ANTISYMMETRIC) {
                i = ci.inverse()[i];
            }
            a.push(base[v] + i);
        }
        return solve(deadline, a);
    }

    /** A solution as instance → value of each variable that exists in it (names of {@link Access#named}). */
    public Map<String, String> describe(int[] solution) {
        Map<String, String> r = new java.util.LinkedHashMap<>();
        for (int v = 0; v < solution.length; v++) {
            if (solution[v] >= 0) {
                String[] nv = Access.named(view, v, solution[v]);
                r.put(nv[0], nv[1]);
            }
        }
        return r;
    }

    /**
     * All solutions, as value indices per variable (-1 for counters), up to {@code limit}; enumerated with
     * blocking clauses. The oracle cannot be used afterwards.
     */
    public List<int[]> solutions(long limit, Deadline deadline) {
        List<int[]> r = new ArrayList<>();
        while (r.size() < limit && solve(deadline, new VecInt())) {
            int[] model = solver.model();
            boolean[] tru = new boolean[nextVar + 2];
            for (int l : model) {
                if (l > 0 && l < tru.length) {
                    tru[l] = true;
                }
            }
            int[] s = new int[base.length];
            VecInt block = new VecInt();
            for (int v = 0; v < base.length; v++) {
                s[v] = -1;
                for (int i = 0; i < size[v]; i++) {
                    if (tru[base[v] + i]) {
                        s[v] = i;
                        block.push(-(base[v] + i));
                    }
                }
            }
            r.add(s);
            if (block.isEmpty()) {
                break;
            }
            try {
                solver.addClause(block);
            } catch (ContradictionException e) {
                break;
            }
        }
        return r;
    }
}
