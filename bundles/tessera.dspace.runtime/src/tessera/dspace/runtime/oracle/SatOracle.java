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
 * auxiliaries). Models are enumerated with blocking clauses over the choice variables. Triggers are not encoded.
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

    private SatOracle(Candidate initialView) {
        this.view = initialView;
        this.engine = initialView.engine();
        this.prog = engine.program();
        int n = view.variableCount();
        base = new int[n];
        size = new int[n];
    }

    /** Builds the oracle for the instance behind {@code init} (its kernel's objects; domains are not used). */
    public static SatOracle of(Candidate init) {
        SatOracle o = new SatOracle(init);
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
        int n = view.variableCount();
        for (int v = 0; v < n; v++) {
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
            exactlyOne(lits);
        }
        for (int v = 0; v < n; v++) {
            if (view.choiceInfo(v).kind() == Kind.COUNTER) {
                counter(v);
            }
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
                if (d >= 0) {
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
            int dTrue = d >= 0 ? base[d] + 1 : 0;
            for (long a : cur) {
                int pa = lit.get(a);
                if (d >= 0) {
                    clause(-pa, dTrue, nlit.get(a)); // δ false: unchanged
                }
                for (int i = 0; i < vals.length; i++) {
                    long r = mul ? a * vals[i] : a + vals[i];
                    List<Integer> cl = new ArrayList<>(List.of(-pa, nlit.get(r)));
                    if (d >= 0) {
                        cl.add(-dTrue);
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
        clause(clause.stream().mapToInt(Integer::intValue).toArray());
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
