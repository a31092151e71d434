package tessera.dspace.runtime.csp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.dspace.runtime.Program.Group;
import tessera.dspace.runtime.instance.Instance;
import tessera.dspace.runtime.ir.Cond;
import tessera.dspace.runtime.ir.TriggerDecl;

/**
 * Seed 001a §3.4 lowering + §3.9 {@code partial_init} on a candidate: fires the triggers whose conditions are entailed,
 * applies the instance's effect to the (copied-on-write) kernel and initialises the variables and propagators of the
 * new objects.
 */
final class Triggers {
    private Triggers() {
    }

    /** Fires every trigger binding that became entailed; true when one fired (the kernel changed). */
    static boolean fire(Candidate c) {
        boolean changed = false;
        List<TriggerDecl> trs = c.prog.space.triggers;
        for (int ti = 0; ti < trs.size() && !c.failed; ti++) {
            TriggerDecl t = trs.get(ti);
            List<int[]> fire = new ArrayList<>();
            int idx = ti;
            Access.forEachBinding(c, t.vars(), b -> {
                for (Cond k : t.conditions()) {
                    if (Conditions.truth(c, k, b) != 1) {
                        return;
                    }
                }
                int[] objs = new int[t.vars().size()];
                for (int i = 0; i < objs.length; i++) {
                    objs[i] = b.get(t.vars().get(i).name());
                }
                if (!c.fired.contains(idx + ":" + Arrays.toString(objs))) {
                    fire.add(objs);
                }
            });
            for (int[] objs : fire) {
                c.fired.add(idx + ":" + Arrays.toString(objs));
                StringBuilder key = new StringBuilder();
                for (int i = 0; i < objs.length; i++) {
                    key.append(i > 0 ? "," : "").append(c.kernel.objects.get(objs[i]));
                }
                Instance.TriggerEffect eff = c.engine.instance.trigger(t.code(), key.toString());
                if (eff == null) {
                    c.fail("trigger \"" + t.code() + "\" fired for (" + key + ") but the instance gives no effect for it"
                            + " (add \"triggers\": {\"" + Instance.normalize(t.code()) + "\": {\"" + key + "\": {…}}})");
                    return false;
                }
                applyEffect(c, eff);
                changed = true;
            }
        }
        return changed;
    }

    /**
     * Adds the objects of a trigger effect to {@code into}, object names resolved in {@code names}; returns the
     * unknown set an effect names (nothing of the effect after it is added), or null.
     */
    static String addObjects(Engine engine, Kernel into, Kernel names, Instance.TriggerEffect eff) {
        for (Map.Entry<String, List<String>> e : eff.setAdditions().entrySet()) {
            int s = engine.prog.setId(e.getKey());
            if (s < 0) {
                return e.getKey();
            }
            for (String o : e.getValue()) {
                engine.addObject(into, s, -1, names.object(o));
            }
        }
        for (Map.Entry<String, List<String[]>> e : eff.paramSetAdditions().entrySet()) {
            int s = engine.prog.setId(e.getKey());
            for (String[] po : e.getValue()) {
                engine.addObject(into, s, names.object(po[0]), names.object(po[1]));
            }
        }
        return null;
    }

    private static void applyEffect(Candidate c, Instance.TriggerEffect eff) {
        c.ownKernel();
        Kernel k = c.kernel;
        Map<Long, Integer> before = sizes(k);
        int objects = k.objects.size();
        String unknown = addObjects(c.engine, k, k, eff);
        if (unknown != null) {
            c.fail("a trigger effect adds objects to the unknown set " + unknown);
            return;
        }
        eff.values().forEach((s, m) -> k.extraValues.computeIfAbsent(s, x -> new HashMap<>()).putAll(m));
        boolean newValuesOnly = c.engine.snippets.given(k, eff.values(), objects);
        partialInit(c, before, newValuesOnly);
    }

    /** Seed 001a §3.8: adds {@code obj} to quotient set {@code set} (of parameter {@code param}) and initialises it. */
    static void addMember(Candidate c, int set, int param, int obj) {
        c.ownKernel();
        Map<Long, Integer> before = sizes(c.kernel);
        c.engine.addObject(c.kernel, set, param, obj);
        partialInit(c, before, true);
    }

    /** Sizes of every member list, to find the objects a lowering adds. */
    private static Map<Long, Integer> sizes(Kernel k) {
        Map<Long, Integer> m = new HashMap<>();
        for (int s = 0; s < k.plain.length; s++) {
            if (k.plain[s] != null) {
                m.put(Bindings.listKey(s, -1), k.plain[s].size);
            }
            Map<Integer, Kernel.Members> pm = k.param.get(s);
            if (pm != null) {
                for (Map.Entry<Integer, Kernel.Members> e : pm.entrySet()) {
                    m.put(Bindings.listKey(s, e.getKey()), e.getValue().size);
                }
            }
        }
        return m;
    }

    /** set → objects added since {@code before} (any parameter). */
    private static Map<Integer, Set<Integer>> added(Kernel k, Map<Long, Integer> before) {
        Map<Integer, Set<Integer>> r = new HashMap<>();
        for (int s = 0; s < k.plain.length; s++) {
            List<Kernel.Members> ms = new ArrayList<>();
            List<Long> keys = new ArrayList<>();
            if (k.plain[s] != null) {
                ms.add(k.plain[s]);
                keys.add(Bindings.listKey(s, -1));
            }
            Map<Integer, Kernel.Members> pm = k.param.get(s);
            if (pm != null) {
                for (Map.Entry<Integer, Kernel.Members> e : pm.entrySet()) {
                    ms.add(e.getValue());
                    keys.add(Bindings.listKey(s, e.getKey()));
                }
            }
            for (int i = 0; i < ms.size(); i++) {
                int from = before.getOrDefault(keys.get(i), 0);
                for (int j = from; j < ms.get(i).size; j++) {
                    r.computeIfAbsent(s, x -> new HashSet<>()).add(ms.get(i).items[j]);
                }
            }
        }
        return r;
    }

    /**
     * Seed 001a §3.9 {@code partial_init}: variables of the new objects, then every propagator instance that binds at
     * least one new object (a binder over a set that grew, pinned to each new object). Once, not twice as {@code init}
     * (digest 001a §8 item 12): every domain a run restricts is queued, so the watches re-run whatever read it before,
     * and monotone propagators reach the same fixpoint (the descents are the same, DescentFingerprint). A counter gains
     * the terms of its new bindings only, unless the lowering gave snippet values to old objects alone
     * ({@code newValuesOnly} false: every counter is rebuilt).
     */
    private static void partialInit(Candidate c, Map<Long, Integer> before, boolean newValuesOnly) {
        Map<Integer, Set<Integer>> added = added(c.kernel, before);
        int old = c.kernel.nvars;
        int[] counters;
        try {
            counters = c.engine.buildVars(c.kernel, newValuesOnly ? added : null, before);
        } catch (Engine.InstanceError x) {
            c.fail(x.getMessage());
            return;
        }
        if (c.kernel.nvars > old) { // a quotient member often makes no variable
            c.dom = Arrays.copyOf(c.dom, c.kernel.nvars);
            c.max = Arrays.copyOf(c.max, c.kernel.nvars);
            c.seen = Arrays.copyOf(c.seen, c.kernel.nvars);
            c.queue.resize(c.kernel.nvars);
            c.initDomains(old);
        }
        for (int v : counters) { // the others kept their terms, whose domains did not change
            Counters.recompute(c, v);
        }
        runNew(c, added);
    }

    private static void runNew(Candidate c, Map<Integer, Set<Integer>> added) {
        if (added.isEmpty()) {
            return;
        }
        for (Group g : c.prog.groups) {
            for (int i = 0; i < g.binders().length && !c.failed; i++) {
                Set<Integer> objs = added.get(g.binders()[i].set());
                if (objs == null) {
                    continue;
                }
                for (int o : objs) {
                    int[] b = new int[g.binders().length];
                    Arrays.fill(b, -1);
                    b[i] = o;
                    if (!Propagation.skips(c, g, b, -1)) { // as a watch: an input the new object fixes may absorb
                        Bindings.forEachRun(c, g, b);
                    }
                }
            }
        }
    }
}
