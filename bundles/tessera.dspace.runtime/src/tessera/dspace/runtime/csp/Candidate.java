package tessera.dspace.runtime.csp;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import tessera.core.Monitor;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.Program.ChoiceInfo;
import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.Program.Pattern;
import tessera.dspace.runtime.ir.ChoiceDecl;

/**
 * Seed 001a Def 3.1 + §3.1.2: a candidate = kernel (shared, copied on write) + decision vector (enum and integer
 * domains as 64-bit sets, counters as [min, max]). A search may only restrict domains ({@link #restrict}) and copy
 * ({@link #copy}); every restriction runs propagation to a fixpoint (Algorithm 1, §3.9: {@link Propagation}). The
 * explorer API is here; the work is in {@link Propagation} (the loop over the {@link PropagationQueue} and the
 * propagator groups), {@link NumericLiterals}, {@link Counters}, {@link Conditions}, {@link Triggers} (lowerings) and
 * {@link Quotients}.
 */
public final class Candidate {
    static final long INF = Long.MAX_VALUE / 4;

    final Engine engine;
    final Program prog;
    Kernel kernel;
    private boolean kernelShared;
    long[] dom;
    long[] max;
    /**
     * Per variable, the domain it had when its watchers last ran (or, at first, its full domain): propagation skips
     * the watchers a change since then cannot affect ({@link Program.Watch#matters}).
     */
    long[] seen;
    /** Trigger firings already applied ({@link Triggers}). */
    Set<String> fired = new HashSet<>();
    boolean failed;
    private String failure;
    Monitor monitor;
    final PropagationQueue queue = new PropagationQueue();
    /** Number of propagator-group runs (benchmark statistic). */
    public long propagatorRuns;
    /** Domain changes since {@link #startLog()}, or null when not logging. */
    List<long[]> log;

    Candidate(Engine engine, Kernel kernel, Monitor monitor) {
        this.engine = engine;
        this.prog = engine.prog;
        this.kernel = kernel;
        this.kernelShared = true;
        this.monitor = monitor;
    }

    // ------------------------------------------------------------------ public API (the explorer's)

    public boolean failed() {
        return failed;
    }

    /** Why the candidate failed (which constraint emptied which domain), or null. */
    public String failure() {
        return failed ? failure : null;
    }

    public Engine engine() {
        return engine;
    }

    /** A branch: copies the decision vector only; the kernel is shared until a lowering changes it. */
    public Candidate copy() {
        Candidate c = new Candidate(engine, kernel, monitor);
        kernelShared = true;
        c.dom = dom.clone();
        c.max = max.clone();
        c.seen = seen.clone();
        c.queue.resize(dom.length);
        c.fired = new HashSet<>(fired);
        c.failed = failed;
        c.failure = failure;
        return c;
    }

    public void setMonitor(Monitor m) {
        this.monitor = m;
    }

    /** Starts recording every domain change as {var, old, new} (for the explorer's "what propagation removed"). */
    public void startLog() {
        log = new ArrayList<>();
    }

    public List<long[]> stopLog() {
        List<long[]> l = log;
        log = null;
        return l == null ? List.of() : l;
    }

    public int variableCount() {
        return kernel.nvars;
    }

    public String choiceOf(int var) {
        return prog.choices.get(kernel.varChoice[var]).name();
    }

    public ChoiceInfo choiceInfo(int var) {
        return engine.choiceArray[kernel.varChoice[var]];
    }

    public List<String> argsOf(int var) {
        List<String> r = new ArrayList<>();
        for (int o : kernel.varArgs[var]) {
            r.add(kernel.objects.get(o));
        }
        return r;
    }

    public long domain(int var) {
        return dom[var];
    }

    /** Counter bounds {min, max} (max = Long.MAX_VALUE/4 for half counters). */
    public long[] counterBounds(int var) {
        return new long[] { dom[var], max[var] };
    }

    /** The values still possible for an enum or integer variable, as names or numbers. */
    public List<String> values(int var) {
        return describe(var, dom[var]);
    }

    public List<String> describe(int var, long mask) {
        ChoiceInfo c = choiceInfo(var);
        List<String> r = new ArrayList<>();
        for (long m = mask; m != 0; m &= m - 1) {
            int i = Long.numberOfTrailingZeros(m);
            r.add(c.kind() == Kind.ENUM ? c.values().get(i) : Long.toString(kernel.universe[var][i]));
        }
        return r;
    }

    public long[] universe(int var) {
        return kernel.universe[var];
    }

    /** The variable of a choice instance given by object names (reversed (anti)symmetric instances give -1). */
    public int variable(String choice, List<String> objects) {
        ChoiceInfo c = prog.choice(choice);
        if (c == null || objects.size() != c.arity()) {
            return -1;
        }
        int[] a = new int[objects.size()];
        for (int i = 0; i < a.length; i++) {
            Integer o = kernel.objectIds.get(objects.get(i));
            if (o == null) {
                return -1;
            }
            a[i] = o;
        }
        int f = find(kernel, c, a);
        return f < 0 || (f & 1) != 0 ? -1 : f >> 1;
    }

    /** Mask of {@code values} (names for enums, numbers for integers) in the orientation of {@code objects}. */
    public long mask(String choice, List<String> objects, List<String> values) {
        ChoiceInfo c = prog.choice(choice);
        int[] a = new int[objects.size()];
        for (int i = 0; i < a.length; i++) {
            Integer o = kernel.objectIds.get(objects.get(i));
            a[i] = o == null ? -1 : o;
        }
        int f = find(kernel, c, a);
        if (f < 0) {
            return 0;
        }
        long m = 0;
        for (String v : values) {
            if (c.kind() == Kind.ENUM) {
                int i = c.values().indexOf(v);
                long alias = ((ChoiceDecl.EnumDecl) c.decl()).mask(v);
                m |= i >= 0 ? 1L << i : alias;
            } else if (c.kind() == Kind.INTEGER) {
                long[] u = kernel.universe[f >> 1];
                for (int i = 0; i < u.length; i++) {
                    if (Long.toString(u[i]).equals(v.trim())) {
                        m |= 1L << i;
                    }
                }
            }
        }
        return (f & 1) != 0 ? c.invert(m) : m;
    }

    /**
     * Seed 001a eq. 3.4 {@code apply_decisions}: restricts {@code choice(objects)} to {@code values} and propagates.
     * Returns false when the candidate failed.
     */
    public boolean decide(String choice, List<String> objects, List<String> values) {
        ChoiceInfo c = prog.choice(choice);
        if (c == null || c.kind() == Kind.COUNTER) {
            throw new IllegalArgumentException(choice + " is not an enum or integer choice");
        }
        if (objects.size() != c.arity()) { // checked before any lookup indexes by argument (issue 22)
            throw new IllegalArgumentException(choice + " takes " + c.arity() + " object(s), got " + objects.size());
        }
        int[] a = new int[objects.size()];
        for (int i = 0; i < a.length; i++) {
            Integer o = kernel.objectIds.get(objects.get(i));
            if (o == null) {
                throw new IllegalArgumentException("unknown object " + objects.get(i));
            }
            a[i] = o;
        }
        int f = find(kernel, c, a);
        if (f < 0) {
            throw new IllegalArgumentException(choice + objects + " is not an instance of the choice");
        }
        return restrict(f >> 1, mask(choice, objects, values) | 0);
    }

    /** Restricts a variable (canonical orientation) to {@code mask} and propagates; false when failed. */
    public boolean restrict(int var, long mask) {
        if (failed) {
            return false;
        }
        setDomain(var, dom[var] & mask, "decision");
        return Propagation.propagate(this);
    }

    /** All enum and integer variables fixed (counters follow). */
    public boolean isFixed() {
        for (int v = 0; v < kernel.nvars; v++) {
            if (choiceInfo(v).kind() != Kind.COUNTER && Long.bitCount(dom[v]) != 1) {
                return false;
            }
        }
        return true;
    }

    /** The open enum/integer variables (more than one value left) in creation order. */
    public List<Integer> openVariables() {
        List<Integer> r = new ArrayList<>();
        for (int v = 0; v < kernel.nvars; v++) {
            if (isOpen(v)) {
                r.add(v);
            }
        }
        return r;
    }

    /** Whether variable {@code v} is an open enum/integer variable (more than one value left). */
    public boolean isOpen(int v) {
        return choiceInfo(v).kind() != Kind.COUNTER && Long.bitCount(dom[v]) > 1;
    }

    /** The first open enum/integer variable in creation order, or -1. */
    public int firstOpen() {
        for (int v = 0; v < kernel.nvars; v++) {
            if (isOpen(v)) {
                return v;
            }
        }
        return -1;
    }

    /** The objects of a set (plain sets; {@code param} for parametric ones). */
    public List<String> objectsOf(String set, String param) {
        int id = prog.setId(set);
        Kernel.Members m = kernel.members(id, param == null ? -1 : kernel.objectIds.getOrDefault(param, -1));
        List<String> r = new ArrayList<>();
        if (m != null) {
            for (int i = 0; i < m.size; i++) {
                r.add(kernel.objects.get(m.items[i]));
            }
        }
        return r;
    }

    public String objectName(int o) {
        return kernel.objects.get(o);
    }

    // ------------------------------------------------------------------ state shared by the propagation classes

    void fail(String why) {
        if (!failed) {
            failed = true;
            failure = why;
        }
    }

    /** Seed 001a §3.9 init: domains, kernel checks, two passes over every propagator, then the fixpoint. */
    void initialize() {
        dom = new long[kernel.nvars];
        max = new long[kernel.nvars];
        seen = new long[kernel.nvars];
        queue.resize(kernel.nvars);
        initDomains(0);
        Propagation.kernelChecks(this);
        if (failed) {
            return;
        }
        for (int v = 0; v < kernel.nvars; v++) {
            Counters.recompute(this, v);
        }
        Propagation.runAll(this);
        // seed 001a §3.9 init: counters get their value after the first pass; only the second pass seeds U
        queue.clear();
        for (int v = 0; v < kernel.nvars; v++) {
            Counters.recompute(this, v);
        }
        Propagation.lowerings(this);
        Propagation.runAll(this);
        Propagation.propagate(this);
    }

    /** Full domains for the variables from {@code from} on (new variables of a lowering start there). */
    void initDomains(int from) {
        for (int v = from; v < kernel.nvars; v++) {
            ChoiceInfo c = choiceInfo(v);
            dom[v] = switch (c.kind()) {
                case ENUM -> c.all();
                case INTEGER -> kernel.universe[v].length == 64 ? -1L : (1L << kernel.universe[v].length) - 1;
                case COUNTER -> 0;
            };
            max[v] = 0;
            seen[v] = dom[v];
        }
    }

    /** Sets a domain, logs the change, fails when it is empty and queues the variable otherwise. */
    void setDomain(int v, long nd, String why) {
        if (nd == dom[v]) {
            return;
        }
        if (log != null) {
            log.add(new long[] { v, dom[v], nd });
        }
        dom[v] = nd;
        if (nd == 0) {
            fail(why + " removed every value of " + choiceOf(v) + argsOf(v));
            return;
        }
        queue.add(v);
    }

    /** Finds a choice instance: (var << 1) | reversed, or -1 when the objects do not form an instance. */
    static int find(Kernel k, ChoiceInfo c, int[] a) {
        boolean rev = false;
        long key;
        if (c.symmetricStorage() && a[0] > a[1]) {
            if (a[1] < 0) {
                return -1;
            }
            rev = true;
            key = Kernel.key(new int[] { a[1], a[0] });
        } else {
            for (int x : a) {
                if (x < 0) {
                    return -1;
                }
            }
            key = Kernel.key(a);
        }
        int v = k.varIndex.get(c.id()).get(key);
        return v < 0 ? -1 : (v << 1) | (rev ? 1 : 0);
    }

    /**
     * The instance a pattern names under a binding, as {@link #find(Kernel, ChoiceInfo, int[])}: by index
     * ({@link Kernel#dense}), or by hash for choices with too many objects for one.
     */
    int find(Pattern p, int[] bind) {
        int[] pa = p.args();
        Kernel k = kernel;
        int[] d = k.dense[p.choice()];
        if (d == null) {
            return -1;
        }
        if (d == Kernel.HASHED) {
            return find(k, prog.choices.get(p.choice()), objects(pa, bind));
        }
        int s = k.stride;
        switch (pa.length) {
            case 0 -> {
                return d[0];
            }
            case 1 -> {
                int x = bind[pa[0]];
                return x < 0 || x >= s ? -1 : d[x];
            }
            case 2 -> {
                int x = bind[pa[0]], y = bind[pa[1]];
                return x < 0 || y < 0 || x >= s || y >= s ? -1 : d[x * s + y];
            }
            default -> {
                int x = bind[pa[0]], y = bind[pa[1]], z = bind[pa[2]];
                if (x < 0 || y < 0 || z < 0 || x >= s || y >= s || z >= s) {
                    return -1;
                }
                int row = d[x * s + y];
                return row < 0 ? -1 : d[row + z];
            }
        }
    }

    private static int[] objects(int[] pa, int[] bind) {
        int[] a = new int[pa.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = bind[pa[i]];
        }
        return a;
    }

    /** The domain of a found instance in its orientation (inverted when reversed). */
    long read(int f) {
        long d = dom[f >> 1];
        return (f & 1) != 0 ? choiceInfo(f >> 1).invert(d) : d;
    }

    /** Copy on write: a lowering that changes the kernel first takes its own copy. */
    void ownKernel() {
        if (kernelShared) {
            kernel = kernel.copy();
            kernelShared = false;
        }
    }
}
