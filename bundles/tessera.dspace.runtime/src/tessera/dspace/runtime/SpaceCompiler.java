package tessera.dspace.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.dspace.runtime.Program.Binder;
import tessera.dspace.runtime.Program.Cell;
import tessera.dspace.runtime.Program.ChoiceInfo;
import tessera.dspace.runtime.Program.ChoiceInput;
import tessera.dspace.runtime.Program.CodeInput;
import tessera.dspace.runtime.Program.Entry;
import tessera.dspace.runtime.Program.Group;
import tessera.dspace.runtime.Program.IdLessInput;
import tessera.dspace.runtime.Program.Input;
import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.Program.Leaf;
import tessera.dspace.runtime.Program.Node;
import tessera.dspace.runtime.Program.NumLit;
import tessera.dspace.runtime.Program.Pattern;
import tessera.dspace.runtime.Program.Split;
import tessera.dspace.runtime.ir.ChoiceDecl;
import tessera.dspace.runtime.ir.ChoiceDecl.CounterDecl;
import tessera.dspace.runtime.ir.ChoiceDecl.EnumDecl;
import tessera.dspace.runtime.ir.ChoiceDecl.IntegerDecl;
import tessera.dspace.runtime.ir.ChoiceInst;
import tessera.dspace.runtime.ir.Cond;
import tessera.dspace.runtime.ir.ConstraintDecl;
import tessera.dspace.runtime.ir.Op;
import tessera.dspace.runtime.ir.QuotientDecl;
import tessera.dspace.runtime.ir.SetDecl;
import tessera.dspace.runtime.ir.Space;
import tessera.dspace.runtime.ir.VarDecl;

/**
 * Seed 001a §3.5, the DSL compiler: normalisation (merge literals on one instance, canonical argument order of
 * (anti)symmetric choices), one propagator per restricted variable, grouping of propagators with the same inputs,
 * truth tables over enum inputs and their if-trees. Space in, {@link Program} out; problems are DiagnosticExceptions.
 */
public final class SpaceCompiler {
    /** Groups whose table would exceed this many cells are split back into single rules. */
    static final int MAX_CELLS = 1 << 12;

    private final Space space;
    private final Program prog;

    private SpaceCompiler(Space desugared) {
        this.space = desugared;
        this.prog = new Program(desugared);
    }

    /** Desugars and compiles a space. */
    public static Program compile(Space source) {
        Space s = Desugar.run(source);
        for (QuotientDecl q : s.quotients) {
            s.sets.put(q.name(), Desugar.quotientSet(q));
        }
        SpaceCompiler c = new SpaceCompiler(s);
        c.sets();
        c.choices();
        c.counters();
        c.constraints();
        for (int i = 0; i < c.prog.choices.size(); i++) {
            c.prog.watchers.add(new ArrayList<>());
        }
        for (Group g : c.prog.groups) {
            for (Pattern p : Program.watchedPatterns(g, c.prog.choices)) {
                c.prog.watchers.get(p.choice()).add(new Program.Watch(g, p));
            }
        }
        return c.prog;
    }

    private static DiagnosticException error(String msg, String hint) {
        return new DiagnosticException(Diagnostic.error("", 0, msg, hint));
    }

    private void sets() {
        for (SetDecl d : space.sets.values()) {
            prog.setIds.put(d.name(), prog.setNames.size());
            prog.setNames.add(d.name());
            prog.setDecls.add(d);
        }
    }

    private void choices() {
        for (ChoiceDecl c : space.choices.values()) {
            int n = c.arity();
            int[] sets = new int[n], args = new int[n];
            Map<String, Integer> pos = new HashMap<>();
            for (int i = 0; i < n; i++) {
                VarDecl v = c.params().get(i);
                sets[i] = setId(v.set().set());
                args[i] = v.set().arg() == null ? -1 : pos.getOrDefault(v.set().arg(), -1);
                pos.put(v.name(), i);
            }
            ChoiceInfo info = switch (c) {
                case EnumDecl e -> {
                    if (e.values().size() > 64) {
                        throw error("enum " + e.name() + " has " + e.values().size() + " values",
                                "an enum domain is a 64-bit set: at most 64 values");
                    }
                    yield new ChoiceInfo(prog.choices.size(), c.name(), Kind.ENUM, n, sets, args, e.values().size(),
                            e.values(), e.symmetry(), e.inverse(), c, e.hidden());
                }
                case IntegerDecl i -> new ChoiceInfo(prog.choices.size(), c.name(), Kind.INTEGER, n, sets, args, 64,
                        List.of(), ChoiceDecl.Symmetry.NONE, null, c, false);
                case CounterDecl k -> new ChoiceInfo(prog.choices.size(), c.name(), Kind.COUNTER, n, sets, args, 0,
                        List.of(), ChoiceDecl.Symmetry.NONE, null, c, k.visibility() == ChoiceDecl.Visibility.INTERNAL);
            };
            prog.choices.add(info);
            prog.choiceByName.put(c.name(), info);
        }
    }

    private int setId(String name) {
        int id = prog.setId(name);
        if (id < 0) {
            throw error("unknown set " + name, "declare it with 'set " + name + ": … end'");
        }
        return id;
    }

    private void counters() {
        for (ChoiceDecl c : space.choices.values()) {
            if (!(c instanceof CounterDecl k)) {
                continue;
            }
            List<VarDecl> all = new ArrayList<>(k.params());
            all.addAll(k.iterVars());
            Binder[] bs = binders(all);
            Map<String, Integer> idx = index(all);
            Pattern value = k.valueChoice() == null ? null : pattern(k.valueChoice(), idx);
            Pattern delta = k.conditions().isEmpty() ? null
                    : pattern(new ChoiceInst(Desugar.DELTA_PREFIX + k.name(), Desugar.names(all)), idx);
            int[] codeArgs = k.valueCode() == null ? null : args(tessera.dspace.runtime.instance.Instance.snippetVars(k.valueCode()), idx, k.valueCode());
            if (value != null && prog.choices.get(value.choice()).kind() == Kind.ENUM) {
                throw error("counter " + k.name() + " sums the enum choice " + k.valueChoice().choice(),
                        "a counter value is a snippet, an integer choice or another counter");
            }
            int self = prog.choice(k.name()).id();
            prog.counters.put(self, new Program.CounterInfo(self, k.kind(), k.visibility(), k.base(), bs,
                    k.params().size(), k.valueCode(), codeArgs, value, delta));
        }
    }

    private Binder[] binders(List<VarDecl> vars) {
        Binder[] bs = new Binder[vars.size()];
        Map<String, Integer> pos = new HashMap<>();
        for (int i = 0; i < bs.length; i++) {
            VarDecl v = vars.get(i);
            int arg = -1;
            if (v.set().arg() != null) {
                Integer a = pos.get(v.set().arg());
                if (a == null) {
                    throw error("the parameter " + v.set().arg() + " of " + v.set() + " is not bound before " + v.name(),
                            "bind it in an earlier 'forall' or parameter");
                }
                arg = a;
            }
            bs[i] = new Binder(v.name(), setId(v.set().set()), arg);
            pos.put(v.name(), i);
        }
        return bs;
    }

    private static Map<String, Integer> index(List<VarDecl> vars) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < vars.size(); i++) {
            m.put(vars.get(i).name(), i);
        }
        return m;
    }

    private Pattern pattern(ChoiceInst ci, Map<String, Integer> idx) {
        ChoiceInfo c = prog.choice(ci.choice());
        if (c == null) {
            throw error("unknown choice " + ci.choice(), null);
        }
        if (ci.args().size() != c.arity()) {
            throw error(ci + " has " + ci.args().size() + " arguments but " + c.name() + " takes " + c.arity(), null);
        }
        return new Pattern(c.id(), args(ci.args(), idx, ci.toString()));
    }

    private static int[] args(List<String> names, Map<String, Integer> idx, String where) {
        int[] a = new int[names.size()];
        for (int i = 0; i < a.length; i++) {
            Integer b = idx.get(names.get(i));
            if (b == null) {
                throw error("variable " + names.get(i) + " in " + where + " is not bound",
                        "bind it with 'forall " + names.get(i) + " in SET:'");
            }
            a[i] = b;
        }
        return a;
    }

    // ---------------------------------------------------------------- constraints → rules

    /** A term of a normalised constraint: an enum-like input or a numeric choice instance. */
    private record Term(Pattern pattern, Input input) {
        String key() {
            return pattern != null ? "P" + pattern.key() : input.toString();
        }
    }

    /** Literals of a normalised constraint. */
    private sealed interface Lit {
    }

    private record IsLit(int term, long mask) implements Lit {
    }

    private record CmpLit(int a, Op op, int b) implements Lit {
    }

    private record NumL(int lhs, Op op, int rhs, String snippet, int[] snippetArgs) implements Lit {
    }

    private record Rule(String origin, Binder[] binders, Pattern target, List<Input> inputs, List<NumLit> nums,
            List<Object[]> premises, List<Object[]> conclusions) {
    }

    private void constraints() {
        Map<String, List<Rule>> byKey = new LinkedHashMap<>();
        for (ConstraintDecl k : space.constraints) {
            for (Rule r : rules(k)) {
                byKey.computeIfAbsent(groupKey(r), x -> new ArrayList<>()).add(r);
            }
        }
        for (List<Rule> rs : byKey.values()) {
            long cells = 1;
            for (Input in : rs.get(0).inputs()) {
                cells *= in.size();
            }
            if (cells > MAX_CELLS) {
                throw error("a constraint on " + prog.choices.get(rs.get(0).target().choice()).name() + " (" + rs.get(0).origin()
                        + ") has " + rs.get(0).inputs().size() + " enum inputs (" + cells + " truth-table cells)",
                        "split the constraint: conditions involve at most a few choices (seed 001a L766)");
            }
            prog.groups.add(table(prog.groups.size(), rs));
        }
    }

    private List<Rule> rules(ConstraintDecl k) {
        Binder[] bs = binders(k.vars());
        Map<String, Integer> idx = index(k.vars());
        List<Term> terms = new ArrayList<>();
        Map<String, Integer> termIds = new HashMap<>();
        List<Lit> lits = new ArrayList<>();
        Map<Integer, Long> isMasks = new LinkedHashMap<>();
        for (Cond c : k.disjunction()) {
            switch (c) {
                case Cond.Const b -> {
                    if (b.value()) {
                        return List.of(); // always satisfied
                    }
                }
                case Cond.Is is -> {
                    Pattern p = pattern(is.inst(), idx);
                    ChoiceInfo ci = prog.choices.get(p.choice());
                    if (ci.kind() != Kind.ENUM) {
                        throw error("'" + is.inst() + " is …' needs an enum choice", "compare integers with ==, <, …");
                    }
                    long mask = is.mask();
                    // normalisation: c($b,$a) of an (anti)symmetric choice is read as c($a,$b) when that is present
                    if (ci.symmetricStorage()) {
                        Pattern rev = new Pattern(p.choice(), new int[] { p.args()[1], p.args()[0] });
                        if (termIds.containsKey("P" + rev.key())) {
                            p = rev;
                            mask = ci.invert(mask);
                        }
                    }
                    int t = term(terms, termIds, new Term(p, new ChoiceInput(p, ci.nvalues())));
                    isMasks.merge(t, mask, (x, y) -> x | y); // merge literals on the same instance
                }
                case Cond.Code code -> {
                    int t = term(terms, termIds, new Term(null,
                            new CodeInput(code.snippet(), args(code.vars(), idx, '"' + code.snippet() + '"'))));
                    isMasks.merge(t, code.negated() ? 1L : 2L, (x, y) -> x | y);
                }
                case Cond.IdLess il -> {
                    int t = term(terms, termIds, new Term(null, new IdLessInput(idx.get(il.a()), idx.get(il.b()))));
                    isMasks.merge(t, il.negated() ? 1L : 2L, (x, y) -> x | y);
                }
                case Cond.Cmp cmp -> {
                    Pattern a = pattern(cmp.lhs(), idx), b = pattern(cmp.rhs(), idx);
                    ChoiceInfo ca = prog.choices.get(a.choice()), cb = prog.choices.get(b.choice());
                    boolean ea = ca.kind() == Kind.ENUM, eb = cb.kind() == Kind.ENUM;
                    if (ea != eb || ea && ca.id() != cb.id() && !ca.values().equals(cb.values())) {
                        throw error("cannot compare " + cmp.lhs() + " with " + cmp.rhs(),
                                "compare two instances of the same enum, or two integer/counter choices");
                    }
                    if (ea && cmp.op() != Op.EQ && cmp.op() != Op.NE) {
                        throw error("enum values have no order: " + cmp.lhs() + " " + cmp.op().text + " " + cmp.rhs(),
                                "use == or != between enum choices");
                    }
                    int ta = term(terms, termIds, new Term(a, ea ? new ChoiceInput(a, ca.nvalues()) : null));
                    int tb = term(terms, termIds, new Term(b, eb ? new ChoiceInput(b, cb.nvalues()) : null));
                    lits.add(ea ? new CmpLit(ta, cmp.op(), tb) : new NumL(ta, cmp.op(), tb, null, null));
                }
                case Cond.CmpCode cc -> {
                    Pattern a = pattern(cc.lhs(), idx);
                    if (prog.choices.get(a.choice()).kind() == Kind.ENUM) {
                        throw error("cannot compare the enum " + cc.lhs() + " with a snippet",
                                "use '" + cc.lhs() + " is VALUE'");
                    }
                    int ta = term(terms, termIds, new Term(a, null));
                    lits.add(new NumL(ta, cc.op(), -1, cc.snippet(), args(cc.vars(), idx, '"' + cc.snippet() + '"')));
                }
                case Cond.IsNot n -> throw new IllegalStateException("IsNot survives desugaring");
            }
        }
        for (Map.Entry<Integer, Long> e : isMasks.entrySet()) {
            lits.add(0, new IsLit(e.getKey(), e.getValue()));
        }
        // a literal whose mask covers the whole domain makes the constraint a tautology
        for (Lit l : lits) {
            if (l instanceof IsLit il) {
                Term t = terms.get(il.term());
                long all = t.pattern() != null ? prog.choices.get(t.pattern().choice()).all() : 3L;
                if ((il.mask() & all) == all) {
                    return List.of();
                }
            }
        }
        List<Rule> out = new ArrayList<>();
        for (int t = 0; t < terms.size(); t++) {
            Term target = terms.get(t);
            if (target.pattern() == null) {
                continue; // kernel constants are not restricted
            }
            Rule r = rule(k, bs, terms, lits, t);
            if (r != null) {
                out.add(r);
            }
        }
        if (out.isEmpty()) {
            // only kernel constants: a constraint that must hold on the kernel itself; checked at instantiation
            prog.kernelChecks.add(new Program.KernelCheck(k.origin(), bs, constInputs(terms, lits), constMasks(lits)));
        }
        return out;
    }

    private static List<Input> constInputs(List<Term> terms, List<Lit> lits) {
        List<Input> r = new ArrayList<>();
        for (Lit l : lits) {
            if (l instanceof IsLit il) {
                r.add(terms.get(il.term()).input());
            }
        }
        return r;
    }

    private static List<Long> constMasks(List<Lit> lits) {
        List<Long> r = new ArrayList<>();
        for (Lit l : lits) {
            if (l instanceof IsLit il) {
                r.add(il.mask());
            }
        }
        return r;
    }

    private static int term(List<Term> terms, Map<String, Integer> ids, Term t) {
        Integer i = ids.get(t.key());
        if (i != null) {
            return i;
        }
        terms.add(t);
        ids.put(t.key(), terms.size() - 1);
        return terms.size() - 1;
    }

    /** Step 2: the propagator restricting term {@code t}: (every other literal false) ⟹ (a literal on t holds). */
    private Rule rule(ConstraintDecl k, Binder[] bs, List<Term> terms, List<Lit> lits, int t) {
        Term target = terms.get(t);
        boolean numeric = target.input() == null;
        List<Input> inputs = new ArrayList<>();
        Map<Integer, Integer> inputOf = new HashMap<>();
        List<NumLit> nums = new ArrayList<>();
        List<Object[]> premises = new ArrayList<>(), concl = new ArrayList<>();
        boolean mentions = false;
        for (Lit l : lits) {
            boolean onTarget = switch (l) {
                case IsLit il -> il.term() == t;
                case CmpLit c -> c.a() == t || c.b() == t;
                case NumL n -> n.lhs() == t || n.rhs() == t;
            };
            mentions |= onTarget;
            switch (l) {
                case IsLit il -> {
                    if (onTarget) {
                        concl.add(new Object[] { "is", il.mask() });
                    } else {
                        premises.add(new Object[] { "is", in(inputs, inputOf, terms, il.term()), il.mask() });
                    }
                }
                case CmpLit c -> {
                    if (onTarget) {
                        boolean left = c.a() == t;
                        int other = in(inputs, inputOf, terms, left ? c.b() : c.a());
                        concl.add(new Object[] { "cmp", left ? c.op() : c.op().flip(), other });
                    } else {
                        premises.add(new Object[] { "cmp", in(inputs, inputOf, terms, c.a()), c.op(),
                                in(inputs, inputOf, terms, c.b()) });
                    }
                }
                case NumL n -> {
                    NumLit nl = new NumLit(terms.get(n.lhs()).pattern(), n.op(),
                            n.rhs() < 0 ? null : terms.get(n.rhs()).pattern(), n.snippet(), n.snippetArgs());
                    nums.add(nl);
                    int ni = nums.size() - 1;
                    if (onTarget) {
                        concl.add(new Object[] { "num", ni, n.lhs() == t });
                    } else {
                        premises.add(new Object[] { "num", ni });
                    }
                }
            }
        }
        if (!mentions) {
            return null;
        }
        if (numeric && !concl.stream().allMatch(o -> o[0].equals("num"))) {
            return null;
        }
        return new Rule(k.origin(), bs, target.pattern(), inputs, nums, premises, concl);
    }

    private static int in(List<Input> inputs, Map<Integer, Integer> inputOf, List<Term> terms, int term) {
        return inputOf.computeIfAbsent(term, x -> {
            inputs.add(terms.get(term).input());
            return inputs.size() - 1;
        });
    }

    /**
     * Step 4's criterion: rules group when, after renaming binders (target arguments first, then in order of first
     * appearance in the inputs), they have the same target, binders and inputs. Rules are renamed in place.
     */
    private String groupKey(Rule r) {
        int n = r.binders().length;
        int[] ren = new int[n];
        java.util.Arrays.fill(ren, -1);
        int next = 0;
        for (int a : r.target().args()) {
            if (ren[a] < 0) {
                ren[a] = next++;
            }
        }
        for (Input in : r.inputs()) {
            for (int a : inputArgs(in)) {
                if (ren[a] < 0) {
                    ren[a] = next++;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (ren[i] < 0) {
                ren[i] = next++;
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append(r.target().choice()).append(java.util.Arrays.toString(mapArgs(r.target().args(), ren)));
        Binder[] nb = new Binder[n];
        for (int i = 0; i < n; i++) {
            Binder b = r.binders()[i];
            nb[ren[i]] = new Binder(b.name(), b.set(), b.arg() < 0 ? -1 : ren[b.arg()]);
        }
        for (Binder b : nb) {
            sb.append(';').append(b.set()).append('/').append(b.arg());
        }
        for (Input in : r.inputs()) {
            sb.append(';').append(inputKey(rename(in, ren)));
        }
        // rewrite the rule with renamed binders: later stages only see renamed rules
        renamed.put(r, new int[][] { ren });
        return sb.toString();
    }

    private final Map<Rule, int[][]> renamed = new HashMap<>();

    private static int[] inputArgs(Input in) {
        return switch (in) {
            case ChoiceInput c -> c.p().args();
            case CodeInput c -> c.args();
            case IdLessInput c -> new int[] { c.a(), c.b() };
        };
    }

    private static int[] mapArgs(int[] a, int[] ren) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = ren[a[i]];
        }
        return r;
    }

    private static Input rename(Input in, int[] ren) {
        return switch (in) {
            case ChoiceInput c -> new ChoiceInput(new Pattern(c.p().choice(), mapArgs(c.p().args(), ren)), c.size());
            case CodeInput c -> new CodeInput(c.snippet(), mapArgs(c.args(), ren));
            case IdLessInput c -> new IdLessInput(ren[c.a()], ren[c.b()]);
        };
    }

    private static Pattern rename(Pattern p, int[] ren) {
        return p == null ? null : new Pattern(p.choice(), mapArgs(p.args(), ren));
    }

    private static String inputKey(Input in) {
        return switch (in) {
            case ChoiceInput c -> "C" + c.p().key();
            case CodeInput c -> "S" + c.snippet() + java.util.Arrays.toString(c.args());
            case IdLessInput c -> "L" + c.a() + "," + c.b();
        };
    }

    /** Step 5–6: the truth table of a group over its enum inputs and the if-tree computing its union. */
    private Group table(int id, List<Rule> rules) {
        Rule first = rules.get(0);
        int[] ren0 = renamed.get(first)[0];
        int n = first.binders().length;
        Binder[] bs = new Binder[n];
        for (int i = 0; i < n; i++) {
            Binder b = first.binders()[i];
            bs[ren0[i]] = new Binder(b.name(), b.set(), b.arg() < 0 ? -1 : ren0[b.arg()]);
        }
        Pattern target = rename(first.target(), ren0);
        List<Input> inputs = new ArrayList<>();
        Map<String, Integer> inputIdx = new HashMap<>();
        List<NumLit> nums = new ArrayList<>();
        Map<String, Integer> numIdx = new HashMap<>();
        ChoiceInfo tc = prog.choices.get(target.choice());
        boolean enumTarget = tc.kind() == Kind.ENUM;
        // per-rule input/num-literal maps into the group's lists
        List<int[]> inMaps = new ArrayList<>(), numMaps = new ArrayList<>();
        for (Rule r : rules) {
            int[] ren = renamed.get(r)[0];
            int[] im = new int[r.inputs().size()];
            for (int i = 0; i < im.length; i++) {
                Input in = rename(r.inputs().get(i), ren);
                im[i] = inputIdx.computeIfAbsent(inputKey(in), x -> {
                    inputs.add(in);
                    return inputs.size() - 1;
                });
            }
            int[] nm = new int[r.nums().size()];
            for (int i = 0; i < nm.length; i++) {
                NumLit l = r.nums().get(i);
                NumLit nl = new NumLit(rename(l.lhs(), ren), l.op(), rename(l.rhs(), ren), l.snippet(),
                        l.snippetArgs() == null ? null : mapArgs(l.snippetArgs(), ren));
                String key = nl.lhs().key() + nl.op() + (nl.rhs() == null ? "" : nl.rhs().key()) + nl.snippet()
                        + java.util.Arrays.toString(nl.snippetArgs());
                nm[i] = numIdx.computeIfAbsent(key, x -> {
                    nums.add(nl);
                    return nums.size() - 1;
                });
            }
            inMaps.add(im);
            numMaps.add(nm);
        }
        int m = inputs.size();
        int[] radix = new int[m];
        int cells = 1;
        for (int i = 0; i < m; i++) {
            radix[i] = inputs.get(i).size();
            cells *= radix[i];
        }
        long all = enumTarget ? tc.all() : -1L;
        Cell[] table = new Cell[cells];
        int[] w = new int[m];
        for (int c = 0; c < cells; c++) {
            int rem = c;
            for (int i = 0; i < m; i++) {
                w[i] = rem % radix[i];
                rem /= radix[i];
            }
            long base = all;
            List<Entry> entries = new ArrayList<>();
            for (int ri = 0; ri < rules.size(); ri++) {
                Rule r = rules.get(ri);
                int[] im = inMaps.get(ri), nm = numMaps.get(ri);
                boolean applies = true;
                List<Integer> guards = new ArrayList<>();
                for (Object[] p : r.premises()) {
                    switch ((String) p[0]) {
                        case "is" -> applies &= ((((Long) p[2]) >>> w[im[(Integer) p[1]]]) & 1) == 0;
                        case "cmp" -> applies &= !((Op) p[2]).test(w[im[(Integer) p[1]]], w[im[(Integer) p[3]]]);
                        default -> guards.add(nm[(Integer) p[1]]);
                    }
                }
                if (!applies) {
                    continue;
                }
                long mask = 0;
                List<Integer> concl = new ArrayList<>();
                List<Boolean> left = new ArrayList<>();
                for (Object[] k : r.conclusions()) {
                    switch ((String) k[0]) {
                        case "is" -> mask |= (Long) k[1];
                        case "cmp" -> {
                            int wo = w[im[(Integer) k[2]]];
                            for (int v = 0; v < tc.nvalues(); v++) {
                                if (((Op) k[1]).test(v, wo)) {
                                    mask |= 1L << v;
                                }
                            }
                        }
                        default -> {
                            concl.add(nm[(Integer) k[1]]);
                            left.add((Boolean) k[2]);
                        }
                    }
                }
                if (enumTarget) {
                    mask &= all;
                    if (mask == all) {
                        continue;
                    }
                    if (guards.isEmpty()) {
                        base &= mask;
                    } else {
                        entries.add(new Entry(toInts(guards), mask, new int[0], new boolean[0]));
                    }
                } else {
                    boolean[] tl = new boolean[left.size()];
                    for (int i = 0; i < tl.length; i++) {
                        tl[i] = left.get(i);
                    }
                    entries.add(new Entry(toInts(guards), 0, toInts(concl), tl));
                }
            }
            table[c] = new Cell(base, entries);
        }
        int[] remaining = new int[m];
        for (int i = 0; i < m; i++) {
            remaining[i] = i;
        }
        int[] idx = new int[cells];
        for (int i = 0; i < cells; i++) {
            idx[i] = i;
        }
        Node tree = tree(table, radix, remaining, idx, all, enumTarget);
        return new Group(id, rules.size() == 1 ? first.origin() : first.origin() + " (+" + (rules.size() - 1) + " merged)",
                bs, target, inputs.toArray(Input[]::new), nums.toArray(NumLit[]::new), table, tree, rules.size());
    }

    private static int[] toInts(List<Integer> l) {
        int[] r = new int[l.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = l.get(i);
        }
        return r;
    }

    /**
     * Builds the if-tree over the cells {@code cells} (indices into the full table) that still vary over
     * {@code inputs}: pick the input whose split gives the fewest distinct sub-tables, skip inputs that do not
     * matter, merge identical sub-tables into one case, drop all-empty sub-tables ([R] telamon-gen truth_table.rs).
     */
    private static Node tree(Cell[] table, int[] radix, int[] inputs, int[] cells, long all, boolean enumTarget) {
        String k0 = table[cells[0]].key();
        boolean uniform = true;
        for (int c : cells) {
            if (!table[c].key().equals(k0)) {
                uniform = false;
                break;
            }
        }
        if (uniform) {
            return new Leaf(table[cells[0]]);
        }
        int best = -1, bestDistinct = Integer.MAX_VALUE;
        List<Map<String, List<Integer>>> bestParts = null;
        for (int ii = 0; ii < inputs.length; ii++) {
            int in = inputs[ii];
            Map<String, List<Integer>> parts = new LinkedHashMap<>();
            List<List<Integer>> byValue = partition(cells, radix, in);
            for (int v = 0; v < radix[in]; v++) {
                parts.computeIfAbsent(subKey(table, byValue.get(v)), x -> new ArrayList<>()).add(v);
            }
            if (parts.size() > 1 && parts.size() < bestDistinct) {
                best = ii;
                bestDistinct = parts.size();
                bestParts = List.of(parts);
            }
        }
        if (best < 0) {
            return new Leaf(table[cells[0]]); // cannot happen: non-uniform tables split on some input
        }
        int in = inputs[best];
        int[] rest = new int[inputs.length - 1];
        for (int i = 0, j = 0; i < inputs.length; i++) {
            if (i != best) {
                rest[j++] = inputs[i];
            }
        }
        List<List<Integer>> byValue = partition(cells, radix, in);
        List<Long> masks = new ArrayList<>();
        List<Node> kids = new ArrayList<>();
        for (List<Integer> values : bestParts.get(0).values()) {
            List<Integer> sub = byValue.get(values.get(0));
            boolean empty = enumTarget;
            for (int c : sub) {
                if (!(table[c].base() == 0 && table[c].entries().isEmpty())) {
                    empty = false;
                }
            }
            if (empty) {
                continue; // contributes nothing to the union
            }
            long mask = 0;
            for (int v : values) {
                mask |= 1L << v;
            }
            masks.add(mask);
            kids.add(tree(table, radix, rest, sub.stream().mapToInt(Integer::intValue).toArray(), all, enumTarget));
        }
        long[] ms = new long[masks.size()];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = masks.get(i);
        }
        return new Split(in, ms, kids.toArray(Node[]::new));
    }

    private static List<List<Integer>> partition(int[] cells, int[] radix, int in) {
        int stride = 1;
        for (int i = 0; i < in; i++) {
            stride *= radix[i];
        }
        List<List<Integer>> r = new ArrayList<>();
        for (int v = 0; v < radix[in]; v++) {
            r.add(new ArrayList<>());
        }
        for (int c : cells) {
            r.get((c / stride) % radix[in]).add(c);
        }
        return r;
    }

    private static String subKey(Cell[] table, List<Integer> cells) {
        StringBuilder sb = new StringBuilder();
        for (int c : cells) {
            sb.append(table[c].key()).append('#');
        }
        return sb.toString();
    }
}
