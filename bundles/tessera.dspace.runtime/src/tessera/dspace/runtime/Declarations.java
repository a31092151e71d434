package tessera.dspace.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.dspace.runtime.Program.Binder;
import tessera.dspace.runtime.Program.ChoiceInfo;
import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.Program.Pattern;
import tessera.dspace.runtime.ir.ChoiceDecl;
import tessera.dspace.runtime.ir.ChoiceDecl.CounterDecl;
import tessera.dspace.runtime.ir.ChoiceDecl.EnumDecl;
import tessera.dspace.runtime.ir.ChoiceDecl.IntegerDecl;
import tessera.dspace.runtime.ir.ChoiceInst;
import tessera.dspace.runtime.ir.SetDecl;
import tessera.dspace.runtime.ir.Space;
import tessera.dspace.runtime.ir.VarDecl;

/**
 * Seed 001a §3.5, stage 1 of the DSL compiler (telamon-gen's {@code type_check} into {@code ir_desc}): sets, choices
 * and counters of a desugared space entered into the {@link Program}, and the resolution of variables, binders and
 * choice instances that the later stages share.
 */
final class Declarations {
    final Space space;
    final Program prog;

    private Declarations(Space space, Program prog) {
        this.space = space;
        this.prog = prog;
    }

    /** Declares the sets, choices and counters of {@code space} in {@code prog}. */
    static Declarations declare(Space space, Program prog) {
        Declarations d = new Declarations(space, prog);
        d.sets();
        d.choices();
        d.counters();
        return d;
    }

    static DiagnosticException error(String msg, String hint) {
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
            // the base may name the counter's parameters (Telamon's mem_size: base "$mem.base_size()")
            int[] baseArgs = k.base() == null ? null
                    : args(tessera.dspace.runtime.instance.Instance.snippetVars(k.base()), index(k.params()), k.base());
            int self = prog.choice(k.name()).id();
            prog.counters.put(self, new Program.CounterInfo(self, k.kind(), k.visibility(), k.base(), baseArgs, bs,
                    k.params().size(), k.valueCode(), codeArgs, value, delta));
        }
    }

    Binder[] binders(List<VarDecl> vars) {
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

    static Map<String, Integer> index(List<VarDecl> vars) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < vars.size(); i++) {
            m.put(vars.get(i).name(), i);
        }
        return m;
    }

    Pattern pattern(ChoiceInst ci, Map<String, Integer> idx) {
        ChoiceInfo c = prog.choice(ci.choice());
        if (c == null) {
            throw error("unknown choice " + ci.choice(), null);
        }
        if (ci.args().size() != c.arity()) {
            throw error(ci + " has " + ci.args().size() + " arguments but " + c.name() + " takes " + c.arity(), null);
        }
        return new Pattern(c.id(), args(ci.args(), idx, ci.toString()));
    }

    static int[] args(List<String> names, Map<String, Integer> idx, String where) {
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
}
