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
 * and triggers that add objects to sets a quotient depends on are refused with a message ({@link LoweringEncoding});
 * the clauses are built in {@link Cnf}.
 */
public final class SatOracle {
    private final Engine engine;
    private final Program prog;
    final Candidate view;
    private final ISolver solver = SolverFactory.newDefault();
    private final Cnf cnf = new Cnf();
    /** A literal forced true. */
    private final int tru = cnf.tru;
    /** [var] → SAT variable of value i is base[var] + i. */
    private final int[] base;
    private final int[] size;
    private final Map<Integer, long[]> counterValues = new HashMap<>();
    private final Map<Integer, Integer> counterBase = new HashMap<>();
    private boolean unsat;
    /** The lowerings exposed up front (null: the space has no triggers). */
    private final Lowerings low;
    /** Membership and firing literals of the lowerings. */
    private final LoweringEncoding lowering;
    /** [var] → literal "the variable exists" ({@code tru} for variables of the instance). */
    final int[] exLit;
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
        lowering = new LoweringEncoding(this, cnf, prog, low);
    }

    /** Builds the oracle for the instance behind {@code init} (its kernel's objects; domains are not used). */
    public static SatOracle of(Candidate init) {
        Lowerings low = init.engine().program().space.triggers.isEmpty() ? null : Lowerings.of(init.engine());
        SatOracle o = new SatOracle(low == null ? init : low.view(), low);
        o.encode();
        o.unsat = !o.cnf.load(o.solver);
        return o;
    }

    private void encode() {
        if (low != null) {
            lowering.declare();
        }
        int n = view.variableCount();
        for (int v = 0; v < n; v++) {
            exLit[v] = cnf.and(lowering.members(Lowerings.ofVariable(view, v)));
            ChoiceInfo c = view.choiceInfo(v);
            if (c.kind() == Kind.COUNTER) {
                continue;
            }
            size[v] = c.kind() == Kind.ENUM ? c.nvalues() : view.universe(v).length;
            base[v] = cnf.maxVar() + 1;
            int[] lits = new int[size[v]];
            for (int i = 0; i < size[v]; i++) {
                lits[i] = cnf.fresh();
            }
            if (exLit[v] == tru) {
                cnf.exactlyOne(lits);
            } else { // an absent variable has no value
                int[] some = Arrays.copyOf(lits, lits.length + 1);
                some[lits.length] = -exLit[v];
                cnf.clause(some);
                for (int i = 0; i < lits.length; i++) {
                    cnf.clause(exLit[v], -lits[i]);
                    for (int j = i + 1; j < lits.length; j++) {
                        cnf.clause(-lits[i], -lits[j]);
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
            lowering.firings();
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
        int l0 = cnf.fresh();
        cnf.clause(l0);
        lit.put(b0, l0);
        for (int[] t : terms) {
            int d = t[0], vv = t[1];
            List<Integer> gateParts = lowering.members(low == null ? List.of() : Lowerings.ofTerm(view, cv, t[2]));
            if (d >= 0) {
                gateParts.add(base[d] + 1);
                gateParts.add(exLit[d]);
            }
            if (vv >= 0) {
                gateParts.add(exLit[vv]);
            }
            int gate = cnf.and(gateParts); // the term counts: it exists and its δ is TRUE
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
                all[k++] = cnf.fresh();
                nlit.put(a, all[k - 1]);
            }
            cnf.exactlyOne(all);
            for (long a : cur) {
                int pa = lit.get(a);
                if (gate != tru) {
                    cnf.clause(-pa, gate, nlit.get(a)); // δ false or the term absent: unchanged
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
                    cnf.clause(cl);
                }
            }
            cur = next;
            lit = nlit;
        }
        long[] vals = cur.stream().mapToLong(Long::longValue).toArray();
        counterValues.put(cv, vals);
        counterBase.put(cv, lit.get(vals[0]));
        // make the final layer's literals consecutive through equivalences
        int first = cnf.maxVar() + 1;
        for (long a : vals) {
            int x = cnf.fresh();
            cnf.clause(-x, lit.get(a));
            cnf.clause(x, -lit.get(a));
        }
        counterBase.put(cv, first);
    }

    /** Literals of a condition as a disjunction; null means "true" (clause satisfied), empty means "false". */
    List<Integer> lits(Cond c, Map<String, Integer> b) {
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
                int t = cnf.fresh();
                long[] va = values(fa), vb = values(fb);
                for (int i = 0; i < va.length; i++) {
                    for (int j = 0; j < vb.length; j++) {
                        if (!m.op().test(va[i], vb[j])) {
                            cnf.clause(-t, -valueLit(fa, i), -valueLit(fb, j));
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
    long[] values(int[] f) {
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

    int valueLit(int[] f, int i) {
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
            for (int m : lowering.members(low == null ? List.of() : Lowerings.ofBinding(view, k.vars(), b))) {
                if (m != tru) {
                    clause.add(-m); // vacuous when the binding does not exist
                }
            }
        } finally {
            guard = null;
        }
        cnf.clause(clause);
    }

    private void guard(int var) {
        if (guard != null && exLit[var] != tru) {
            guard.add(-exLit[var]);
        }
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
                int a = cnf.fresh();
                int member = cnf.and(lowering.members(low == null ? List.of() : Lowerings.ofBinding(view, List.of(q.item()), by)));
                if (member != tru) {
                    cnf.clause(-a, member); // a lower item counts only once a lowering has created it
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
                    cnf.clause(c2);
                }
                int[] e = Access.find(view, new ChoiceInst(q.equiv(), List.of("$y", "$x")), Map.of("$y", y, "$x", x));
                if (e == null) {
                    continue;
                }
                List<Integer> el = lits(new Cond.Is(new ChoiceInst(q.equiv(), List.of("$y", "$x")), q.equivMask()),
                        Map.of("$y", y, "$x", x));
                List<Integer> c3 = new ArrayList<>(el);
                c3.add(0, -a);
                cnf.clause(c3);
                if (possible) {
                    cl.add(a);
                }
            }
            cnf.clause(cl);
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

    /**
     * Whether some solution agrees with the domains of a partial candidate (of this space and instance) in which
     * {@code var} is further restricted to {@code mask}: the exact answer to "is this decision a dead end?".
     * Variables are matched by name; a variable the candidate lacks (not lowered yet) is unconstrained.
     */
    public boolean consistent(Candidate partial, int var, long mask, Deadline deadline) {
        VecInt a = new VecInt();
        for (int v = 0; v < base.length; v++) {
            if (size[v] == 0) {
                continue;
            }
            List<String> args = view.argsOf(v);
            int lv = partial.variable(view.choiceOf(v), args);
            boolean reversed = false;
            if (lv < 0 && args.size() == 2 && view.choiceInfo(v).symmetricStorage()) {
                lv = partial.variable(view.choiceOf(v), List.of(args.get(1), args.get(0)));
                reversed = lv >= 0;
            }
            if (lv < 0) {
                continue;
            }
            long dom = partial.domain(lv) & (lv == var ? mask : -1L);
            ChoiceInfo ci = view.choiceInfo(v);
            for (int i = 0; i < size[v]; i++) {
                int li = reversed && ci.symmetry() == ChoiceDecl.Symmetry.ANTISYMMETRIC ? ci.inverse()[i] : i;
                if ((dom & (1L << li)) == 0) {
                    a.push(-(base[v] + i));
                }
            }
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
            boolean[] tru = new boolean[cnf.maxVar() + 2];
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
