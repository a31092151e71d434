package tessera.dspace.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.dspace.runtime.ir.ChoiceDecl;
import tessera.dspace.runtime.ir.ChoiceDecl.CounterDecl;
import tessera.dspace.runtime.ir.ChoiceDecl.EnumDecl;
import tessera.dspace.runtime.ir.ChoiceInst;
import tessera.dspace.runtime.ir.Cond;
import tessera.dspace.runtime.ir.ConstraintDecl;
import tessera.dspace.runtime.ir.QuotientDecl;
import tessera.dspace.runtime.ir.SetDecl;
import tessera.dspace.runtime.ir.SetRef;
import tessera.dspace.runtime.ir.Space;
import tessera.dspace.runtime.ir.VarDecl;

/**
 * Seed 001a §3.5 step 0–1 and §2.9/§2.10: turns a space into plain constraints. {@code value … requires} becomes
 * {@code c is not V || …}; each counter with conditions gets its boolean δ choice with eqs. (3.7)/(3.8); each quotient
 * gets its TRUE/FALSE representative choice and the constraints of digest §3.8; every {@code is not} becomes an
 * {@code is} over the complement. Model in (a space), model out (a new space); the input is not changed.
 */
public final class Desugar {
    public static final String DELTA_PREFIX = "__delta_";
    public static final List<String> BOOL = List.of("FALSE", "TRUE");

    private Desugar() {
    }

    public static Space run(Space in) {
        Space out = new Space();
        out.sets.putAll(in.sets);
        out.choices.putAll(in.choices);
        out.triggers.addAll(in.triggers);
        out.quotients.addAll(in.quotients);
        List<ConstraintDecl> cs = new ArrayList<>(in.constraints);
        for (ChoiceDecl c : in.choices.values()) {
            if (c instanceof EnumDecl e) {
                for (Map.Entry<String, List<ConstraintDecl>> r : e.requires().entrySet()) {
                    ChoiceInst self = new ChoiceInst(e.name(), names(e.params()));
                    for (ConstraintDecl k : r.getValue()) {
                        List<VarDecl> vars = new ArrayList<>(e.params());
                        vars.addAll(k.vars());
                        List<Cond> d = new ArrayList<>();
                        d.add(new Cond.IsNot(self, e.mask(r.getKey())));
                        d.addAll(k.disjunction());
                        cs.add(new ConstraintDecl(vars, d, e.name() + " value " + r.getKey() + " requires"));
                    }
                }
            } else if (c instanceof CounterDecl k && !k.conditions().isEmpty()) {
                List<VarDecl> ps = new ArrayList<>(k.params());
                ps.addAll(k.iterVars());
                EnumDecl delta = new EnumDecl(DELTA_PREFIX + k.name(), ps, BOOL, Map.of(),
                        ChoiceDecl.Symmetry.NONE, new int[] { 0, 1 }, Map.of(), true);
                out.choices.put(delta.name(), delta);
                ChoiceInst d = new ChoiceInst(delta.name(), names(ps));
                // (3.7) δ ∨ ¬f_0 ∨ … ∨ ¬f_{n-1}
                List<Cond> all = new ArrayList<>();
                all.add(new Cond.Is(d, 2));
                for (Cond f : k.conditions()) {
                    all.add(f.negate());
                }
                cs.add(new ConstraintDecl(ps, all, "counter " + k.name() + " (3.7)"));
                // (3.8) ¬δ ∨ f_i
                for (Cond f : k.conditions()) {
                    cs.add(new ConstraintDecl(ps, List.of(new Cond.Is(d, 1), f), "counter " + k.name() + " (3.8)"));
                }
            }
        }
        for (QuotientDecl q : in.quotients) {
            List<VarDecl> ps = new ArrayList<>();
            if (q.param() != null) {
                ps.add(q.param());
            }
            ps.add(q.item());
            EnumDecl repr = new EnumDecl(q.repr(), ps, BOOL, Map.of(), ChoiceDecl.Symmetry.NONE, new int[] { 0, 1 },
                    Map.of(), false);
            out.choices.put(repr.name(), repr);
            ChoiceInst r = new ChoiceInst(repr.name(), names(ps));
            for (Cond f : q.conditions()) {
                cs.add(new ConstraintDecl(ps, List.of(new Cond.Is(r, 1), f), "quotient " + q.name() + " repr ⇒ condition"));
            }
            // repr(x) ∧ y < x ∧ f(y) ⇒ ¬ equiv(y, x) is V   (representative = lowest object of its class)
            String y = q.item().name() + "__other";
            List<VarDecl> ps2 = new ArrayList<>(ps);
            ps2.add(new VarDecl(y, q.item().set()));
            List<Cond> d = new ArrayList<>();
            d.add(new Cond.Is(r, 1));
            d.add(new Cond.IdLess(y, q.item().name(), true));
            for (Cond f : q.conditions()) {
                d.add(rename(f, q.item().name(), y).negate());
            }
            d.add(new Cond.IsNot(new ChoiceInst(q.equiv(), List.of(y, q.item().name())), q.equivMask()));
            cs.add(new ConstraintDecl(ps2, d, "quotient " + q.name() + " one representative per class"));
        }
        for (ConstraintDecl k : cs) {
            out.constraints.add(normalizeIsNot(out, k));
        }
        return out;
    }

    /** The set of a quotient as the runtime sees it: a subset of the item's set (parametric if the quotient is). */
    public static SetDecl quotientSet(QuotientDecl q) {
        return new SetDecl(q.name(), q.param(), q.item().set(), List.of(), Map.of(), true);
    }

    static ConstraintDecl normalizeIsNot(Space s, ConstraintDecl k) {
        List<Cond> d = new ArrayList<>();
        for (Cond c : k.disjunction()) {
            if (c instanceof Cond.IsNot n && s.choices.get(n.inst().choice()) instanceof EnumDecl e) {
                d.add(new Cond.Is(n.inst(), e.all() & ~n.mask()));
            } else {
                d.add(c);
            }
        }
        return new ConstraintDecl(k.vars(), d, k.origin());
    }

    static List<String> names(List<VarDecl> vs) {
        List<String> r = new ArrayList<>();
        for (VarDecl v : vs) {
            r.add(v.name());
        }
        return r;
    }

    static Cond rename(Cond c, String from, String to) {
        return switch (c) {
            case Cond.Is i -> new Cond.Is(rename(i.inst(), from, to), i.mask());
            case Cond.IsNot i -> new Cond.IsNot(rename(i.inst(), from, to), i.mask());
            case Cond.Cmp m -> new Cond.Cmp(rename(m.lhs(), from, to), m.op(), rename(m.rhs(), from, to));
            case Cond.CmpCode m -> new Cond.CmpCode(rename(m.lhs(), from, to), m.op(), m.snippet(), rename(m.vars(), from, to));
            case Cond.Code m -> new Cond.Code(m.snippet(), m.negated(), rename(m.vars(), from, to));
            case Cond.IdLess m -> new Cond.IdLess(m.a().equals(from) ? to : m.a(), m.b().equals(from) ? to : m.b(),
                    m.negated());
            case Cond.Const k -> k;
        };
    }

    /** Renames bound variables; a snippet keeps its text (the instance key) and only its variable list changes. */
    static List<String> rename(List<String> vars, String from, String to) {
        List<String> r = new ArrayList<>();
        for (String v : vars) {
            r.add(v.equals(from) ? to : v);
        }
        return r;
    }

    static ChoiceInst rename(ChoiceInst i, String from, String to) {
        List<String> a = new ArrayList<>();
        for (String x : i.args()) {
            a.add(x.equals(from) ? to : x);
        }
        return new ChoiceInst(i.choice(), a);
    }

    static Map<String, VarDecl> scope(List<VarDecl> vs) {
        Map<String, VarDecl> m = new LinkedHashMap<>();
        for (VarDecl v : vs) {
            m.put(v.name(), v);
        }
        return m;
    }

    static SetRef setOf(Map<String, VarDecl> scope, String var) {
        VarDecl v = scope.get(var);
        return v == null ? null : v.set();
    }
}
