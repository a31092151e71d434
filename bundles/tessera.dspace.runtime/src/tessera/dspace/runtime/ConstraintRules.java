package tessera.dspace.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.dspace.runtime.Program.Binder;
import tessera.dspace.runtime.Program.ChoiceInfo;
import tessera.dspace.runtime.Program.ChoiceInput;
import tessera.dspace.runtime.Program.CodeInput;
import tessera.dspace.runtime.Program.IdLessInput;
import tessera.dspace.runtime.Program.Input;
import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.Program.NumLit;
import tessera.dspace.runtime.Program.Pattern;
import tessera.dspace.runtime.ir.Cond;
import tessera.dspace.runtime.ir.ConstraintDecl;
import tessera.dspace.runtime.ir.Op;

/**
 * Seed 001a §3.5 steps 1–2, stage 2 of the DSL compiler (telamon-gen's {@code constraint.rs}, {@code gen_filters}):
 * normalisation of each constraint (literals on one instance merged, canonical argument order of (anti)symmetric
 * choices, tautologies dropped) and one {@link Rule} per restricted term; constraints on kernel constants only become
 * {@link Program.KernelCheck}s.
 */
final class ConstraintRules {
    private final Declarations decl;
    private final Program prog;

    private ConstraintRules(Declarations decl) {
        this.decl = decl;
        this.prog = decl.prog;
    }

    /** The rules of every constraint of the space, in declaration order. */
    static List<Rule> of(Declarations decl) {
        ConstraintRules c = new ConstraintRules(decl);
        List<Rule> out = new ArrayList<>();
        for (ConstraintDecl k : decl.space.constraints) {
            out.addAll(c.rules(k));
        }
        return out;
    }

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

    /** Step 1–2 for one constraint: normalised literals, then one rule per restricted term (none: a kernel check). */
    private List<Rule> rules(ConstraintDecl k) {
        Binder[] bs = decl.binders(k.vars());
        Map<String, Integer> idx = Declarations.index(k.vars());
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
                    Pattern p = decl.pattern(is.inst(), idx);
                    ChoiceInfo ci = prog.choices.get(p.choice());
                    if (ci.kind() != Kind.ENUM) {
                        throw Declarations.error("'" + is.inst() + " is …' needs an enum choice", "compare integers with ==, <, …");
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
                            new CodeInput(code.snippet(), Declarations.args(code.vars(), idx, '"' + code.snippet() + '"'))));
                    isMasks.merge(t, code.negated() ? 1L : 2L, (x, y) -> x | y);
                }
                case Cond.IdLess il -> {
                    int t = term(terms, termIds, new Term(null, new IdLessInput(idx.get(il.a()), idx.get(il.b()))));
                    isMasks.merge(t, il.negated() ? 1L : 2L, (x, y) -> x | y);
                }
                case Cond.Cmp cmp -> {
                    Pattern a = decl.pattern(cmp.lhs(), idx), b = decl.pattern(cmp.rhs(), idx);
                    ChoiceInfo ca = prog.choices.get(a.choice()), cb = prog.choices.get(b.choice());
                    boolean ea = ca.kind() == Kind.ENUM, eb = cb.kind() == Kind.ENUM;
                    if (ea != eb || ea && ca.id() != cb.id() && !ca.values().equals(cb.values())) {
                        throw Declarations.error("cannot compare " + cmp.lhs() + " with " + cmp.rhs(),
                                "compare two instances of the same enum, or two integer/counter choices");
                    }
                    if (ea && cmp.op() != Op.EQ && cmp.op() != Op.NE) {
                        throw Declarations.error("enum values have no order: " + cmp.lhs() + " " + cmp.op().text + " " + cmp.rhs(),
                                "use == or != between enum choices");
                    }
                    int ta = term(terms, termIds, new Term(a, ea ? new ChoiceInput(a, ca.nvalues()) : null));
                    int tb = term(terms, termIds, new Term(b, eb ? new ChoiceInput(b, cb.nvalues()) : null));
                    lits.add(ea ? new CmpLit(ta, cmp.op(), tb) : new NumL(ta, cmp.op(), tb, null, null));
                }
                case Cond.CmpCode cc -> {
                    Pattern a = decl.pattern(cc.lhs(), idx);
                    if (prog.choices.get(a.choice()).kind() == Kind.ENUM) {
                        throw Declarations.error("cannot compare the enum " + cc.lhs() + " with a snippet",
                                "use '" + cc.lhs() + " is VALUE'");
                    }
                    int ta = term(terms, termIds, new Term(a, null));
                    lits.add(new NumL(ta, cc.op(), -1, cc.snippet(), Declarations.args(cc.vars(), idx, '"' + cc.snippet() + '"')));
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
}
