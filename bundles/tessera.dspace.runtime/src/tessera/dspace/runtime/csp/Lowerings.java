package tessera.dspace.runtime.csp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Monitor;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.instance.Instance;
import tessera.dspace.runtime.ir.TriggerDecl;
import tessera.dspace.runtime.ir.VarDecl;

/**
 * Every lowering an instance can perform (seed 001a §3.4), exposed up front for oracles (digest §5.8): the kernel
 * with the objects of every trigger firing that can happen (transitively), the memberships the instance gives, and
 * for each possible firing its binding and the memberships it adds. No propagation: domains of {@link #view()} are
 * not meaningful, only its kernel.
 */
public final class Lowerings {
    /** Object {@code obj} belongs to {@code set} (of parameter object {@code param}, or -1 for a plain set). */
    public record Member(int set, int param, int obj) {
    }

    /** A possible firing of trigger {@code trigger} on {@code objs}; {@code adds} is null when the instance gives no effect. */
    public record Firing(int trigger, int[] objs, List<Member> binding, Set<Member> adds) {
    }

    private final Candidate view;
    private final Set<Member> base;
    private final List<Firing> firings;

    private Lowerings(Candidate view, Set<Member> base, List<Firing> firings) {
        this.view = view;
        this.base = base;
        this.firings = firings;
    }

    public Candidate view() {
        return view;
    }

    /** Memberships of the instance before any lowering. */
    public Set<Member> base() {
        return base;
    }

    public List<Firing> firings() {
        return firings;
    }

    /** Fires every trigger on every binding it can ever have, until no new binding appears. */
    public static Lowerings of(Engine engine) {
        Program prog = engine.prog;
        Kernel k = engine.kernel0.copy();
        Set<Member> base = members(k);
        List<Firing> firings = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        boolean grew = true;
        while (grew) {
            grew = false;
            List<TriggerDecl> trs = prog.space.triggers;
            for (int ti = 0; ti < trs.size(); ti++) {
                TriggerDecl t = trs.get(ti);
                Program.Binder[] bs = binders(prog, t.vars());
                int[] b = new int[bs.length];
                Arrays.fill(b, -1);
                List<int[]> found = new ArrayList<>();
                Bindings.forEach(k, bs, b, bind -> found.add(bind.clone()));
                for (int[] objs : found) {
                    if (!seen.add(ti + ":" + Arrays.toString(objs))) {
                        continue;
                    }
                    List<Member> binding = new ArrayList<>();
                    for (int i = 0; i < bs.length; i++) {
                        binding.add(new Member(bs[i].set(), bs[i].arg() < 0 ? -1 : objs[bs[i].arg()], objs[i]));
                    }
                    StringBuilder key = new StringBuilder();
                    for (int i = 0; i < objs.length; i++) {
                        key.append(i > 0 ? "," : "").append(k.objects.get(objs[i]));
                    }
                    Instance.TriggerEffect eff = engine.instance.trigger(t.code(), key.toString());
                    Set<Member> adds = eff == null ? null : apply(engine, k, eff);
                    firings.add(new Firing(ti, objs, binding, adds));
                    grew = true;
                }
            }
        }
        engine.buildVars(k, null);
        Candidate c = new Candidate(engine, k, Monitor.NULL);
        return new Lowerings(c, base, firings);
    }

    /** Adds an effect's objects to {@code k}; returns the memberships it implies (supersets included). */
    private static Set<Member> apply(Engine engine, Kernel k, Instance.TriggerEffect eff) {
        int objects = k.objects.size();
        Kernel scratch = new Kernel();
        scratch.plain = new Kernel.Members[k.plain.length];
        scratch.param = new ArrayList<>();
        for (int s = 0; s < k.plain.length; s++) {
            scratch.plain[s] = k.plain[s] == null ? null : new Kernel.Members();
            scratch.param.add(k.param.get(s) == null ? null : new java.util.HashMap<>());
        }
        String unknown = Triggers.addObjects(engine, scratch, k, eff);
        if (unknown != null) {
            throw new IllegalStateException("a trigger effect adds objects to the unknown set " + unknown);
        }
        Set<Member> adds = members(scratch);
        for (Member m : adds) {
            engine.addObject(k, m.set(), m.param(), m.obj());
        }
        eff.values().forEach((s, m) -> k.extraValues.computeIfAbsent(s, x -> new java.util.HashMap<>()).putAll(m));
        engine.snippets.given(k, eff.values(), objects);
        return adds;
    }

    private static Set<Member> members(Kernel k) {
        Set<Member> r = new LinkedHashSet<>();
        for (int s = 0; s < k.plain.length; s++) {
            if (k.plain[s] != null) {
                for (int i = 0; i < k.plain[s].size; i++) {
                    r.add(new Member(s, -1, k.plain[s].items[i]));
                }
            }
            Map<Integer, Kernel.Members> pm = k.param.get(s);
            if (pm != null) {
                for (Map.Entry<Integer, Kernel.Members> e : pm.entrySet()) {
                    for (int i = 0; i < e.getValue().size; i++) {
                        r.add(new Member(s, e.getKey(), e.getValue().items[i]));
                    }
                }
            }
        }
        return r;
    }

    static Program.Binder[] binders(Program prog, List<VarDecl> vars) {
        Program.Binder[] bs = new Program.Binder[vars.size()];
        for (int i = 0; i < bs.length; i++) {
            VarDecl v = vars.get(i);
            int arg = -1;
            for (int j = 0; j < i; j++) {
                if (vars.get(j).name().equals(v.set().arg())) {
                    arg = j;
                }
            }
            bs[i] = new Program.Binder(v.name(), prog.setId(v.set().set()), arg);
        }
        return bs;
    }

    /** Memberships a choice instance needs: each argument in its parameter's set. */
    public static List<Member> ofVariable(Candidate c, int var) {
        Program.ChoiceInfo ci = c.choiceInfo(var);
        int[] args = c.kernel.varArgs[var];
        List<Member> r = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            r.add(new Member(ci.paramSets()[i], ci.paramArg()[i] < 0 ? -1 : args[ci.paramArg()[i]], args[i]));
        }
        return r;
    }

    /** Memberships of a counter term's own binders (after the counter's parameters). */
    public static List<Member> ofTerm(Candidate c, int counterVar, int term) {
        Program.CounterInfo ci = c.engine.counterArray[c.kernel.varChoice[counterVar]];
        int[] bind = c.kernel.termBind.get(counterVar).get(term);
        List<Member> r = new ArrayList<>();
        for (int i = ci.params(); i < ci.binders().length; i++) {
            Program.Binder b = ci.binders()[i];
            r.add(new Member(b.set(), b.arg() < 0 ? -1 : bind[b.arg()], bind[i]));
        }
        return r;
    }

    /** Memberships of a forall binding given by variable name. */
    public static List<Member> ofBinding(Candidate c, List<VarDecl> vars, Map<String, Integer> b) {
        List<Member> r = new ArrayList<>();
        for (VarDecl v : vars) {
            r.add(new Member(c.prog.setId(v.set().set()), v.set().arg() == null ? -1 : b.get(v.set().arg()), b.get(v.name())));
        }
        return r;
    }
}
