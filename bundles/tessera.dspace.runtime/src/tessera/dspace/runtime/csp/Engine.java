package tessera.dspace.runtime.csp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.Program.Binder;
import tessera.dspace.runtime.Program.ChoiceInfo;
import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.instance.Instance;
import tessera.dspace.runtime.ir.ChoiceDecl;
import tessera.dspace.runtime.ir.SetDecl;

/**
 * Seed 001a §3.5 {@code init}: a compiled space instantiated on a kernel instance. Builds the kernel tables
 * (objects, sets, choice instances, integer universes, counter terms) and the initial candidate. Shared by every
 * candidate of an exploration; holds no search state.
 */
public final class Engine {
    final Program prog;
    final Instance instance;
    final Kernel kernel0;
    final String file;
    final Snippets snippets = new Snippets(this);

    /** The program's choices by id, as an array: propagation reads one at every reversed instance. */
    final ChoiceInfo[] choiceArray;
    /** Per choice id, its counter ({@link Program#counters}) or null: read at every counter update. */
    final Program.CounterInfo[] counterArray;

    private Engine(Program prog, Instance instance, String file) {
        this.prog = prog;
        this.instance = instance;
        this.file = file;
        this.kernel0 = new Kernel();
        this.choiceArray = prog.choices.toArray(ChoiceInfo[]::new);
        this.counterArray = new Program.CounterInfo[prog.choices.size()];
        prog.counters.forEach((id, ci) -> counterArray[id] = ci);
    }

    GeneratedCode generated;
    final java.util.concurrent.ConcurrentHashMap<Integer, List<Program.Leaf>> leaves = new java.util.concurrent.ConcurrentHashMap<>();

    /** Propagate with compiled generated code (null: interpret the if-trees). Same results by construction and test. */
    public Engine useGeneratedCode(GeneratedCode code) {
        this.generated = code;
        return this;
    }

    public Program program() {
        return prog;
    }

    public Instance instance() {
        return instance;
    }

    /** Instantiates; problems of the instance (unknown sets, missing values, bad universes) go to {@code diags}. */
    public static Engine instantiate(Program prog, Instance inst, String file, Diagnostics diags) {
        Engine e = new Engine(prog, inst, file);
        int before = diags.size();
        e.buildSets(diags);
        boolean ok = true;
        for (int i = before; i < diags.size(); i++) {
            ok &= !diags.list().get(i).isError();
        }
        if (!ok) {
            return null;
        }
        try {
            e.buildVars(e.kernel0, diags);
        } catch (InstanceError x) {
            diags.add(Diagnostic.error(file, 0, x.getMessage(), x.hint));
            return null;
        }
        for (int i = before; i < diags.size(); i++) {
            if (diags.list().get(i).isError()) {
                return null;
            }
        }
        return e;
    }

    /** A problem of the instance found while evaluating it (reported as a diagnostic, never a stack trace). */
    static final class InstanceError extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String hint;

        InstanceError(String msg, String hint) {
            super(msg);
            this.hint = hint;
        }
    }

    private void buildSets(Diagnostics diags) {
        Kernel k = kernel0;
        int n = prog.setNames.size();
        k.plain = new Kernel.Members[n];
        k.param = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            SetDecl d = prog.setDecls.get(i);
            k.param.add(d.param() == null ? null : new HashMap<>());
            if (d.param() == null) {
                k.plain[i] = new Kernel.Members();
            }
        }
        for (String s : instance.sets().keySet()) {
            int id = prog.setId(s);
            if (id < 0) {
                diags.add(Diagnostic.error(file, 0, "the instance lists objects of \"" + s + "\", which the space does not declare",
                        "declared sets: " + String.join(", ", prog.setNames)));
            } else if (prog.setDecls.get(id).param() != null) {
                diags.add(Diagnostic.error(file, 0, "set " + s + " is parametric: list its objects per parameter object",
                        "\"" + s + "\": {\"paramObject\": [\"a\", \"b\"]}"));
            } else if (prog.setDecls.get(id).quotient()) {
                diags.add(Diagnostic.error(file, 0, "set " + s + " is a quotient set: the runtime fills it",
                        "remove it from the instance"));
            }
        }
        for (String s : instance.paramSets().keySet()) {
            int id = prog.setId(s);
            if (id < 0 || prog.setDecls.get(id).param() == null) {
                diags.add(Diagnostic.error(file, 0, "\"" + s + "\" is listed per parameter object but is not a parametric set of the space", null));
            }
        }
        if (diags.hasErrors()) {
            return;
        }
        // plain sets, subsets folded into their supersets (a superset holds its subsets' objects)
        for (Map.Entry<String, List<String>> e : instance.sets().entrySet()) {
            for (String o : e.getValue()) {
                addObject(k, prog.setId(e.getKey()), -1, k.object(o));
            }
        }
        for (Map.Entry<String, Map<String, List<String>>> e : instance.paramSets().entrySet()) {
            int id = prog.setId(e.getKey());
            SetDecl d = prog.setDecls.get(id);
            for (Map.Entry<String, List<String>> p : e.getValue().entrySet()) {
                Integer po = k.objectIds.get(p.getKey());
                int pset = prog.setId(d.param().set().set());
                if (po == null || !k.plain[pset].bits.get(po)) {
                    diags.add(Diagnostic.error(file, 0, "parameter \"" + p.getKey() + "\" of set " + e.getKey()
                            + " is not an object of " + d.param().set().set(), null));
                    continue;
                }
                for (String o : p.getValue()) {
                    addObject(k, id, po, k.object(o));
                }
            }
        }
        // every parameter object gets a (possibly empty) member list
        for (int i = 0; i < n; i++) {
            SetDecl d = prog.setDecls.get(i);
            if (d.param() != null) {
                int pset = prog.setId(d.param().set().set());
                if (k.plain[pset] != null) {
                    for (int j = 0; j < k.plain[pset].size; j++) {
                        k.param.get(i).computeIfAbsent(k.plain[pset].items[j], x -> new Kernel.Members());
                    }
                }
            }
        }
    }

    /** Adds an object to a set and to its supersets (objects of a parametric subset go to the plain superset). */
    void addObject(Kernel k, int set, int paramObj, int obj) {
        SetDecl d = prog.setDecls.get(set);
        if (paramObj >= 0 || d.param() != null) {
            if (paramObj >= 0) {
                k.param.get(set).computeIfAbsent(paramObj, x -> new Kernel.Members()).add(obj);
            }
        } else {
            k.plain[set].add(obj);
        }
        if (d.superset() != null) {
            int sup = prog.setId(d.superset().set());
            SetDecl sd = prog.setDecls.get(sup);
            if (sd.param() == null) {
                addObject(k, sup, -1, obj);
            } else if (d.superset().arg() != null && d.param() != null && d.superset().arg().equals(d.param().name())) {
                addObject(k, sup, paramObj, obj);
            }
        }
    }

    /** Creates the variables of every choice instance not yet in the table and every counter's terms (init). */
    void buildVars(Kernel k, Diagnostics diags) {
        buildVars(k, null, null);
    }

    /**
     * Creates the variables of every choice instance not yet in the table (init and partial_init). With {@code added}
     * (partial_init: set → the objects a lowering added to it, snippet values only for new objects; {@code before}:
     * each member list's size before, by {@link Bindings#listKey}), only the instances that bind an added object are
     * looked for, and an existing counter gains the terms of its new bindings, appended: its old bindings and their
     * values are those it had (lowerings only add), and a counter's bounds and restrictions do not depend on the order
     * of its terms. Without, every counter's terms are rebuilt. Returns the counter variables that were built or gained
     * terms, ascending: the only counters whose bounds can have changed.
     */
    int[] buildVars(Kernel k, Map<Integer, Set<Integer>> added, Map<Long, Integer> before) {
        int oldVars = k.nvars;
        while (k.varIndex.size() < prog.choices.size()) {
            k.varIndex.add(new LongIntMap());
        }
        for (ChoiceInfo c : prog.choices) {
            if (c.arity() > 3) {
                throw new InstanceError("choice " + c.name() + " has " + c.arity() + " arguments",
                        "the runtime supports choices of at most 3 arguments");
            }
            Binder[] bs = new Binder[c.arity()];
            for (int i = 0; i < bs.length; i++) {
                bs[i] = new Binder("", c.paramSets()[i], c.paramArg()[i]);
            }
            java.util.function.Consumer<int[]> create = args -> {
                if (c.symmetricStorage() && args[0] > args[1]) {
                    return; // (anti)symmetric choices store half of their instances: lower object first
                }
                if (!k.varIndex.get(c.id()).containsKey(Kernel.key(args))) { // newVar may replace the map (a copy)
                    int[] a = args.clone();
                    int v = k.newVar(c.id(), a);
                    if (counterArray[c.id()] != null) {
                        if (k.ncounterVars == k.counterVars.length) {
                            k.counterVars = java.util.Arrays.copyOf(k.counterVars, 2 * k.ncounterVars);
                        }
                        k.counterVars[k.ncounterVars++] = v;
                    }
                    if (c.kind() == Kind.INTEGER) {
                        k.universe[v] = universe(c, a, k);
                    }
                }
            };
            if (added == null) {
                int[] b = new int[bs.length];
                java.util.Arrays.fill(b, -1);
                Bindings.forEach(k, bs, b, create);
            } else {
                Bindings.ofAdded(k, bs, null, added, null).forEach(create); // a new instance binds an object its set gained
            }
        }
        Deps deps = new Deps();
        boolean[] grows = new boolean[counterArray.length]; // per counter choice: its old counters may gain terms
        if (added != null) {
            boolean[] grown = new boolean[k.plain.length];
            added.keySet().forEach(set -> grown[set] = true);
            for (Program.CounterInfo ci : counterArray) {
                if (ci != null) {
                    grows[ci.choice()] = rangesOver(ci, grown, prog);
                }
            }
        }
        int[] built = new int[k.ncounterVars];
        int nbuilt = 0;
        for (int i = 0; i < k.ncounterVars; i++) {
            int v = k.counterVars[i];
            Program.CounterInfo ci = counterArray[k.varChoice[v]];
            int[] b = new int[ci.binders().length];
            java.util.Arrays.fill(b, -1);
            System.arraycopy(k.varArgs[v], 0, b, 0, ci.params());
            if (added == null || v >= oldVars) {
                List<int[]> binds = new ArrayList<>();
                Bindings.forEach(k, ci.binders(), b, bind -> binds.add(bind.clone()));
                k.termBind.put(v, List.of());
                k.termDelta[v] = new int[0];
                k.termVar[v] = new int[0];
                k.termConst[v] = new long[0];
                k.counterBase[v] = ci.base() == null ? (ci.kind() == ChoiceDecl.CounterKind.MUL ? 1 : 0)
                        : number(ci.base(), ci.baseArgs(), k.varArgs[v], k);
                appendTerms(k, v, ci, binds, deps); // built, with or without terms: its bounds are new
                built[nbuilt++] = v;
            } else if (grows[ci.choice()] && appendTerms(k, v, ci, Bindings.ofAdded(k, ci.binders(), b, added, before), deps)) {
                built[nbuilt++] = v;
            }
        }
        // per variable, the counters to recompute, ascending (the order of a full rebuild); kept arrays are shared
        int[][] counterDeps = added == null ? new int[k.varChoice.length][] : k.counterDeps; // the caller owns k
        deps.addTo(counterDeps);
        k.counterDeps = counterDeps;
        k.indexDense(choiceArray, oldVars);
        return java.util.Arrays.copyOf(built, nbuilt);
    }

    /**
     * Appends to counter {@code v} the terms of {@code bindings} (of its binders) whose δ and value choice instances
     * exist, recording in {@code deps} the variables they read; the term arrays are replaced, not grown in place,
     * since kernel copies share them. True when a term was added.
     */
    private boolean appendTerms(Kernel k, int v, Program.CounterInfo ci, List<int[]> bindings,
            Deps deps) {
        int n = k.termDelta[v].length, m = n;
        if (bindings.isEmpty()) {
            return false;
        }
        int[] delta = java.util.Arrays.copyOf(k.termDelta[v], n + bindings.size());
        int[] var = java.util.Arrays.copyOf(k.termVar[v], n + bindings.size());
        long[] cst = java.util.Arrays.copyOf(k.termConst[v], n + bindings.size());
        List<int[]> binds = new ArrayList<>(k.termBind.get(v));
        for (int[] bind : bindings) {
            int d = ci.delta() == null ? -1 : lookup(k, ci.delta(), bind);
            int val = ci.valueChoice() == null ? -1 : lookup(k, ci.valueChoice(), bind);
            if ((ci.delta() != null && d < 0) || (ci.valueChoice() != null && val < 0)) {
                continue; // the term's choice instance does not exist for these objects
            }
            long x = 0;
            if (ci.valueCode() != null) {
                x = number(ci.valueCode(), ci.valueCodeArgs(), bind, k);
                if (x < (ci.kind() == ChoiceDecl.CounterKind.MUL ? 1 : 0)) {
                    throw new InstanceError("counter " + prog.choices.get(ci.choice()).name() + ": value \""
                            + ci.valueCode() + "\" is " + x + " for " + names(k, bind),
                            ci.kind() == ChoiceDecl.CounterKind.MUL ? "mul terms must be ≥ 1" : "sum terms must be ≥ 0");
                }
            }
            delta[m] = d;
            var[m] = val;
            cst[m] = x;
            m++;
            binds.add(bind);
            for (int y : new int[] { d, val }) {
                if (y >= 0) {
                    deps.add(y, v);
                }
            }
        }
        if (m == n) {
            return false;
        }
        k.termDelta[v] = java.util.Arrays.copyOf(delta, m);
        k.termVar[v] = java.util.Arrays.copyOf(var, m);
        k.termConst[v] = java.util.Arrays.copyOf(cst, m);
        k.termBind.put(v, binds);
        return true;
    }

    /** Pairs (variable read by a counter's term, that counter), packed in longs: the counters to recompute per variable. */
    private static final class Deps {
        private long[] pairs = new long[64];
        private int n;

        void add(int read, int counter) {
            if (n == pairs.length) {
                pairs = java.util.Arrays.copyOf(pairs, 2 * n);
            }
            pairs[n++] = ((long) read << 32) | counter;
        }

        /** Adds each variable's counters to its ascending array in {@code counterDeps}, kept when it holds them. */
        void addTo(int[][] counterDeps) {
            java.util.Arrays.sort(pairs, 0, n); // by variable, then counter
            for (int i = 0, j; i < n; i = j) {
                int x = (int) (pairs[i] >>> 32);
                for (j = i + 1; j < n && (int) (pairs[j] >>> 32) == x; j++) {
                }
                counterDeps[x] = union(counterDeps[x], pairs, i, j);
            }
        }

        /**
         * The ascending union of an ascending array (or null) and the counters of {@code pairs[from..to)} (ascending);
         * {@code sorted} itself when it holds them all.
         */
        private static int[] union(int[] sorted, long[] pairs, int from, int to) {
            int n = sorted == null ? 0 : sorted.length;
            if (sorted != null) {
                boolean holds = true; // the usual case: a rebuilt counter's terms read the variables they read before
                for (int i = from; i < to && holds; i++) {
                    holds = java.util.Arrays.binarySearch(sorted, (int) pairs[i]) >= 0;
                }
                if (holds) {
                    return sorted;
                }
            }
            int[] all = new int[n + to - from];
            int m = 0;
            for (int i = 0, p = from; i < n || p < to;) {
                int x = p == to || i < n && sorted[i] <= (int) pairs[p] ? sorted[i++] : (int) pairs[p++];
                if (m == 0 || all[m - 1] != x) {
                    all[m++] = x;
                }
            }
            return java.util.Arrays.copyOf(all, m);
        }
    }

    /**
     * Whether a summation binder of counter {@code ci}, or a parameter of the choices its terms read (a quotient set
     * that grew may give old objects a new instance), ranges over one of {@code sets}.
     */
    private static boolean rangesOver(Program.CounterInfo ci, boolean[] sets, Program prog) {
        for (int i = ci.params(); i < ci.binders().length; i++) {
            if (sets[ci.binders()[i].set()]) {
                return true;
            }
        }
        for (Program.Pattern p : new Program.Pattern[] { ci.delta(), ci.valueChoice() }) {
            if (p != null) {
                for (int set : prog.choices.get(p.choice()).paramSets()) {
                    if (sets[set]) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private long[] universe(ChoiceInfo c, int[] args, Kernel k) {
        ChoiceDecl.IntegerDecl d = (ChoiceDecl.IntegerDecl) c.decl();
        List<String> vars = Instance.snippetVars(d.universe());
        int[] objs = new int[vars.size()];
        for (int i = 0; i < objs.length; i++) {
            int p = -1;
            for (int j = 0; j < d.params().size(); j++) {
                if (d.params().get(j).name().equals(vars.get(i))) {
                    p = j;
                }
            }
            if (p < 0) {
                throw new InstanceError("the universe of " + c.name() + " mentions " + vars.get(i) + ", which is not a parameter",
                        null);
            }
            objs[i] = args[p];
        }
        Object v = value(d.universe(), objs, k); // k: objects a trigger added are not in kernel0
        long[] u = v instanceof long[] a ? a.clone() : v instanceof Long l ? new long[] { l } : null;
        if (u == null) {
            throw new InstanceError("the universe \"" + d.universe() + "\" of " + c.name() + " must be a list of whole numbers",
                    null);
        }
        java.util.Arrays.sort(u);
        long[] dedup = java.util.Arrays.stream(u).distinct().toArray();
        if (dedup.length == 0 || dedup.length > 64) {
            throw new InstanceError("the universe of " + c.name() + names(kernel0, args) + " has " + dedup.length
                    + " values", "an integer universe holds 1 to 64 values");
        }
        if (dedup[0] < 1) {
            throw new InstanceError("the universe of " + c.name() + names(kernel0, args) + " contains " + dedup[0],
                    "integer choices take positive values (seed 001a L731)");
        }
        return dedup;
    }

    String names(Kernel k, int[] objs) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < objs.length; i++) {
            sb.append(i > 0 ? ", " : "").append(objs[i] < 0 ? "?" : k.objects.get(objs[i]));
        }
        return sb.append(')').toString();
    }

    int lookup(Kernel k, Program.Pattern p, int[] binding) {
        int[] a = new int[p.args().length];
        for (int i = 0; i < a.length; i++) {
            a[i] = binding[p.args()[i]];
        }
        return Candidate.find(k, prog.choices.get(p.choice()), a) >> 1;
    }

    long number(String snippet, int[] args, int[] binding, Kernel k) {
        int[] objs = new int[args.length];
        for (int i = 0; i < objs.length; i++) {
            objs[i] = binding[args[i]];
        }
        Object v = value(snippet, objs, k);
        if (v instanceof Long l) {
            return l;
        }
        throw new InstanceError("snippet \"" + snippet + "\" must be a whole number for " + names(k, objs) + ", found " + show(v),
                null);
    }

    static String show(Object v) {
        return v instanceof long[] a ? java.util.Arrays.toString(a) : String.valueOf(v);
    }

    boolean bool(String snippet, int[] objs, Kernel k) {
        return bool(value(snippet, objs, k), snippet, objs, k);
    }

    /** {@code v}, the value of {@code snippet} for {@code objs}, as a boolean. */
    boolean bool(Object v, String snippet, int[] objs, Kernel k) {
        if (v instanceof Boolean b) {
            return b;
        }
        throw new InstanceError("snippet \"" + snippet + "\" must be a boolean for " + names(k, objs) + ", found " + show(v),
                "give it in \"values\" of the instance");
    }

    /** The value of a snippet for objects bound to its variables ({@link Snippets}). */
    Object value(String snippet, int[] objs, Kernel k) {
        return snippets.value(snippet, objs, k);
    }

    /** Seed 001a §3.9 {@code init}: full domains, every propagator twice, then propagation of what changed. */
    public Candidate init(Monitor monitor) {
        Candidate c = new Candidate(this, kernel0, monitor);
        try {
            c.initialize();
        } catch (InstanceError x) {
            c.fail(x.getMessage() + (x.hint == null ? "" : " (" + x.hint + ")"));
        }
        return c;
    }

    public Candidate init() {
        return init(Monitor.NULL);
    }
}
