package tessera.dspace.runtime.csp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Monitor;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.Program.Cell;
import tessera.dspace.runtime.Program.ChoiceInfo;
import tessera.dspace.runtime.Program.ChoiceInput;
import tessera.dspace.runtime.Program.CodeInput;
import tessera.dspace.runtime.Program.Entry;
import tessera.dspace.runtime.Program.Group;
import tessera.dspace.runtime.Program.IdLessInput;
import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.Program.Leaf;
import tessera.dspace.runtime.Program.Node;
import tessera.dspace.runtime.Program.NumLit;
import tessera.dspace.runtime.Program.Pattern;
import tessera.dspace.runtime.Program.Split;
import tessera.dspace.runtime.instance.Instance;
import tessera.dspace.runtime.ir.ChoiceDecl;
import tessera.dspace.runtime.ir.ChoiceInst;
import tessera.dspace.runtime.ir.Cond;
import tessera.dspace.runtime.ir.Op;
import tessera.dspace.runtime.ir.QuotientDecl;
import tessera.dspace.runtime.ir.TriggerDecl;
import tessera.dspace.runtime.ir.VarDecl;

/**
 * Seed 001a Def 3.1 + §3.1.2: a candidate = kernel (shared, copied on write) + decision vector (enum and integer
 * domains as 64-bit sets, counters as [min, max]). A search may only restrict domains ({@link #restrict}) and copy
 * ({@link #copy}); every restriction runs propagation to a fixpoint (Algorithm 1, §3.9).
 */
public final class Candidate {
    static final long INF = Long.MAX_VALUE / 4;

    final Engine engine;
    final Program prog;
    Kernel kernel;
    private boolean kernelShared;
    long[] dom;
    long[] max;
    private Set<String> fired = new HashSet<>();
    private boolean failed;
    private String failure;
    private Monitor monitor;
    private int[] queue = new int[64];
    private int qh, qt;
    private boolean[] inQueue;
    /** Number of propagator-group runs (benchmark statistic). */
    public long propagatorRuns;
    private List<long[]> log;

    Candidate(Engine engine, Kernel kernel, Monitor monitor) {
        this.engine = engine;
        this.prog = engine.prog;
        this.kernel = kernel;
        this.kernelShared = true;
        this.monitor = monitor;
    }

    // ------------------------------------------------------------------ public API

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
        c.inQueue = new boolean[dom.length];
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
        return prog.choices.get(kernel.varChoice[var]);
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
        return propagate();
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

    /** The first open enum/integer variable in creation order, or -1. */
    public int firstOpen() {
        for (int v = 0; v < kernel.nvars; v++) {
            if (choiceInfo(v).kind() != Kind.COUNTER && Long.bitCount(dom[v]) > 1) {
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

    // ------------------------------------------------------------------ init and propagation

    void fail(String why) {
        if (!failed) {
            failed = true;
            failure = why;
        }
    }

    void initialize() {
        dom = new long[kernel.nvars];
        max = new long[kernel.nvars];
        inQueue = new boolean[kernel.nvars];
        initDomains(0);
        kernelChecks();
        if (failed) {
            return;
        }
        for (int v = 0; v < kernel.nvars; v++) {
            recomputeCounter(v);
        }
        runAll();
        // seed 001a §3.9 init: counters get their value after the first pass; only the second pass seeds U
        qh = qt = 0;
        Arrays.fill(inQueue, false);
        for (int v = 0; v < kernel.nvars; v++) {
            recomputeCounter(v);
        }
        lowerings();
        runAll();
        propagate();
    }

    private void initDomains(int from) {
        for (int v = from; v < kernel.nvars; v++) {
            ChoiceInfo c = choiceInfo(v);
            dom[v] = switch (c.kind()) {
                case ENUM -> c.all();
                case INTEGER -> kernel.universe[v].length == 64 ? -1L : (1L << kernel.universe[v].length) - 1;
                case COUNTER -> 0;
            };
            max[v] = 0;
        }
    }

    private void kernelChecks() {
        for (Program.KernelCheck kc : prog.kernelChecks) {
            int[] b = new int[kc.binders().length];
            Arrays.fill(b, -1);
            Bindings.forEach(kernel, kc.binders(), b, bind -> {
                for (int i = 0; i < kc.inputs().size(); i++) {
                    if ((constInput(kc.inputs().get(i), bind) & kc.masks().get(i)) != 0) {
                        return;
                    }
                }
                fail("the kernel violates " + kc.origin() + " for " + engine.names(kernel, bind));
            });
        }
    }

    private void runAll() {
        for (Group g : prog.groups) {
            if (failed) {
                return;
            }
            int[] b = new int[g.binders().length];
            Arrays.fill(b, -1);
            Bindings.forEach(kernel, g.binders(), b, bind -> runGroup(g, bind));
        }
    }

    /** Algorithm 1 of seed 001a §3.9; lowerings (triggers, quotient members) are checked at each local fixpoint. */
    boolean propagate() {
        int steps = 0;
        while (!failed) {
            while (qh != qt && !failed) {
                if ((++steps & 1023) == 0) {
                    monitor.checkCanceled();
                }
                int v = queue[qh];
                qh = (qh + 1) % queue.length;
                inQueue[v] = false;
                int c = kernel.varChoice[v];
                for (Program.Watch w : prog.watchers.get(c)) {
                    watch(w, v);
                    if (failed) {
                        break;
                    }
                }
                int[] deps = kernel.counterDeps.get(v);
                if (deps != null && !failed) {
                    for (int cv : deps) {
                        recomputeCounter(cv);
                    }
                }
            }
            if (failed || !lowerings()) {
                break;
            }
        }
        qh = qt = 0;
        Arrays.fill(inQueue, false);
        return !failed;
    }

    private void enqueue(int v) {
        if (inQueue[v]) {
            return;
        }
        inQueue[v] = true;
        int size = (qt - qh + queue.length) % queue.length;
        if (size + 1 >= queue.length) {
            int[] q = new int[queue.length * 2];
            for (int i = 0; i < size; i++) {
                q[i] = queue[(qh + i) % queue.length];
            }
            queue = q;
            qh = 0;
            qt = size;
        }
        queue[qt] = v;
        qt = (qt + 1) % queue.length;
    }

    private void setDomain(int v, long nd, String why) {
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
        enqueue(v);
    }

    private void watch(Program.Watch w, int v) {
        int[] args = kernel.varArgs[v];
        Group g = w.group();
        Pattern p = w.pattern();
        bindAndRun(g, p, args);
        if (prog.choices.get(p.choice()).symmetricStorage() && !failed) {
            bindAndRun(g, p, new int[] { args[1], args[0] });
        }
    }

    private void bindAndRun(Group g, Pattern p, int[] args) {
        int[] b = new int[g.binders().length];
        Arrays.fill(b, -1);
        for (int i = 0; i < args.length; i++) {
            int bi = p.args()[i];
            if (b[bi] >= 0 && b[bi] != args[i]) {
                return;
            }
            b[bi] = args[i];
        }
        Bindings.forEach(kernel, g.binders(), b, bind -> runGroup(g, bind));
    }

    /** Finds a choice instance: (var << 1) | reversed, or -1 when the objects do not form an instance. */
    static int find(Kernel k, ChoiceInfo c, int[] a) {
        boolean rev = false;
        long key;
        if (c.symmetricStorage() && a[0] > a[1]) {
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

    private int find(Pattern p, int[] bind) {
        int[] a = new int[p.args().length];
        for (int i = 0; i < a.length; i++) {
            a[i] = bind[p.args()[i]];
        }
        return find(kernel, prog.choices.get(p.choice()), a);
    }

    private long constInput(Program.Input in, int[] bind) {
        return switch (in) {
            case CodeInput c -> {
                int[] objs = new int[c.args().length];
                for (int i = 0; i < objs.length; i++) {
                    objs[i] = bind[c.args()[i]];
                }
                yield engine.bool(c.snippet(), objs, kernel) ? 2L : 1L;
            }
            case IdLessInput l -> bind[l.a()] < bind[l.b()] ? 2L : 1L;
            case ChoiceInput c -> {
                int f = find(c.p(), bind);
                yield f < 0 ? 0 : read(f);
            }
        };
    }

    private long read(int f) {
        long d = dom[f >> 1];
        return (f & 1) != 0 ? choiceInfo(f >> 1).invert(d) : d;
    }

    /** Runs one propagator group on one binding (one instance of each of its rules). */
    void runGroup(Group g, int[] bind) {
        if (failed) {
            return;
        }
        int tf = find(g.target(), bind);
        if (tf < 0) {
            return; // the target instance does not exist for these objects: vacuous
        }
        long[] in = new long[g.inputs().length];
        for (int i = 0; i < in.length; i++) {
            if (g.inputs()[i] instanceof ChoiceInput c) {
                int f = find(c.p(), bind);
                if (f < 0) {
                    return;
                }
                in[i] = read(f);
            } else {
                in[i] = constInput(g.inputs()[i], bind);
            }
        }
        for (NumLit n : g.numLits()) {
            if (find(n.lhs(), bind) < 0 || n.rhs() != null && find(n.rhs(), bind) < 0) {
                return;
            }
        }
        propagatorRuns++;
        int var = tf >> 1;
        ChoiceInfo tc = choiceInfo(var);
        switch (tc.kind()) {
            case ENUM -> {
                long allowed = engine.generated != null
                        ? engine.generated.eval(g.id(), in, (gr, leaf) -> cellMask(g, leaves(g).get((int) leaf).cell(), bind, var, -1L))
                        : evalMask(g, g.tree(), in, bind, var, -1L);
                if ((tf & 1) != 0) {
                    allowed = tc.invert(allowed);
                }
                setDomain(var, dom[var] & allowed, g.origin());
            }
            case INTEGER -> {
                long all = kernel.universe[var].length == 64 ? -1L : (1L << kernel.universe[var].length) - 1;
                long allowed = engine.generated != null
                        ? engine.generated.eval(g.id(), in, (gr, leaf) -> cellMask(g, leaves(g).get((int) leaf).cell(), bind, var, all))
                        : evalMask(g, g.tree(), in, bind, var, all);
                setDomain(var, dom[var] & allowed, g.origin());
            }
            case COUNTER -> {
                long[] iv = evalInterval(g, g.tree(), in, bind, var);
                if (iv != null) {
                    restrictCounter(var, iv[0], iv[1], g.origin());
                } else {
                    fail(g.origin() + " has no possible value left for " + choiceOf(var) + argsOf(var));
                }
            }
        }
    }

    private List<Leaf> leaves(Group g) {
        return engine.leaves.computeIfAbsent(g.id(), x -> Program.leaves(g));
    }

    private long evalMask(Group g, Node n, long[] in, int[] bind, int target, long all) {
        if (n instanceof Leaf l) {
            return cellMask(g, l.cell(), bind, target, all);
        }
        Split s = (Split) n;
        long acc = 0, d = in[s.input()];
        for (int i = 0; i < s.masks().length; i++) {
            if ((s.masks()[i] & d) != 0) {
                acc |= evalMask(g, s.children()[i], in, bind, target, all);
                if (acc == all) {
                    break;
                }
            }
        }
        return acc;
    }

    private long cellMask(Group g, Cell cell, int[] bind, int target, long all) {
        boolean integer = choiceInfo(target).kind() == Kind.INTEGER;
        long m = integer ? all : cell.base();
        for (Entry e : cell.entries()) {
            if (!guardsHold(g, e, bind)) {
                continue;
            }
            if (integer) {
                long u = 0;
                for (int i = 0; i < e.concl().length; i++) {
                    u |= intLitMask(g.numLits()[e.concl()[i]], e.targetLeft()[i], bind, target);
                }
                m &= u;
            } else {
                m &= e.mask();
            }
        }
        return m;
    }

    private boolean guardsHold(Group g, Entry e, int[] bind) {
        for (int gi : e.guards()) {
            if (!litFalse(g.numLits()[gi], bind)) {
                return false;
            }
        }
        return true;
    }

    /** Interval hull of the allowed counter values, or null when empty. */
    private long[] evalInterval(Group g, Node n, long[] in, int[] bind, int target) {
        if (n instanceof Leaf l) {
            long lo = -INF, hi = INF;
            for (Entry e : l.cell().entries()) {
                if (!guardsHold(g, e, bind)) {
                    continue;
                }
                long elo = INF, ehi = -INF;
                for (int i = 0; i < e.concl().length; i++) {
                    long[] iv = counterLitInterval(g.numLits()[e.concl()[i]], e.targetLeft()[i], bind);
                    elo = Math.min(elo, iv[0]);
                    ehi = Math.max(ehi, iv[1]);
                }
                lo = Math.max(lo, elo);
                hi = Math.min(hi, ehi);
            }
            return lo > hi ? null : new long[] { lo, hi };
        }
        Split s = (Split) n;
        long[] acc = null;
        for (int i = 0; i < s.masks().length; i++) {
            if ((s.masks()[i] & in[s.input()]) != 0) {
                long[] r = evalInterval(g, s.children()[i], in, bind, target);
                if (r != null) {
                    acc = acc == null ? r : new long[] { Math.min(acc[0], r[0]), Math.max(acc[1], r[1]) };
                }
            }
        }
        return acc;
    }

    // ------------------------------------------------------------------ numeric literals

    /** Possible values of a numeric side: explicit values, or an interval when {@code vals} is null. */
    record Num(long lo, long hi, long[] vals) {
    }

    private Num num(Pattern p, int[] bind) {
        int f = find(p, bind);
        int v = f >> 1;
        if (choiceInfo(v).kind() == Kind.INTEGER) {
            long[] u = kernel.universe[v];
            long[] vals = new long[Long.bitCount(dom[v])];
            int j = 0;
            for (long m = dom[v]; m != 0; m &= m - 1) {
                vals[j++] = u[Long.numberOfTrailingZeros(m)];
            }
            return new Num(vals.length == 0 ? 0 : vals[0], vals.length == 0 ? 0 : vals[vals.length - 1], vals);
        }
        return new Num(dom[v], max[v], null);
    }

    private Num snippetNum(NumLit l, int[] bind) {
        int[] objs = new int[l.snippetArgs().length];
        for (int i = 0; i < objs.length; i++) {
            objs[i] = bind[l.snippetArgs()[i]];
        }
        Object v = engine.value(l.snippet(), objs, kernel);
        if (v instanceof Long x) {
            return new Num(x, x, new long[] { x });
        }
        if (v instanceof long[] a) {
            long[] s = a.clone();
            Arrays.sort(s);
            return new Num(s.length == 0 ? 0 : s[0], s.length == 0 ? -1 : s[s.length - 1], s);
        }
        throw new Engine.InstanceError("snippet \"" + l.snippet() + "\" must be a number or a list of numbers, found "
                + Engine.show(v), null);
    }

    static boolean exists(Op op, long a, Num b) {
        if (b.vals() != null) {
            for (long w : b.vals()) {
                if (op.test(a, w)) {
                    return true;
                }
            }
            return false;
        }
        return switch (op) {
            case EQ -> b.lo() <= a && a <= b.hi();
            case NE -> !(b.lo() == b.hi() && b.lo() == a);
            case LT -> a < b.hi();
            case LE -> a <= b.hi();
            case GT -> a > b.lo();
            case GE -> a >= b.lo();
        };
    }

    /** Whether {@code a op b} is false for every remaining value (sound entailment). */
    static boolean entailedFalse(Num a, Op op, Num b) {
        if (a.vals() != null) {
            for (long x : a.vals()) {
                if (exists(op, x, b)) {
                    return false;
                }
            }
            return true;
        }
        if (b.vals() != null) {
            for (long y : b.vals()) {
                if (exists(op.flip(), y, a)) {
                    return false;
                }
            }
            return true;
        }
        return switch (op) {
            case EQ -> a.hi() < b.lo() || b.hi() < a.lo();
            case NE -> a.lo() == a.hi() && b.lo() == b.hi() && a.lo() == b.lo();
            case LT -> a.lo() >= b.hi();
            case LE -> a.lo() > b.hi();
            case GT -> a.hi() <= b.lo();
            case GE -> a.hi() < b.lo();
        };
    }

    private boolean litFalse(NumLit l, int[] bind) {
        Num a = num(l.lhs(), bind);
        Num b = l.rhs() != null ? num(l.rhs(), bind) : snippetNum(l, bind);
        return entailedFalse(a, l.op(), b);
    }

    private long intLitMask(NumLit l, boolean targetLeft, int[] bind, int target) {
        Op op = targetLeft ? l.op() : l.op().flip();
        Num other = targetLeft ? (l.rhs() != null ? num(l.rhs(), bind) : snippetNum(l, bind)) : num(l.lhs(), bind);
        long[] u = kernel.universe[target];
        long m = 0;
        for (int i = 0; i < u.length; i++) {
            if (exists(op, u[i], other)) {
                m |= 1L << i;
            }
        }
        return m;
    }

    private long[] counterLitInterval(NumLit l, boolean targetLeft, int[] bind) {
        Op op = targetLeft ? l.op() : l.op().flip();
        Num o = targetLeft ? (l.rhs() != null ? num(l.rhs(), bind) : snippetNum(l, bind)) : num(l.lhs(), bind);
        return switch (op) {
            case EQ -> new long[] { o.lo(), o.hi() };
            case NE -> new long[] { -INF, INF };
            case LT -> new long[] { -INF, o.hi() - 1 };
            case LE -> new long[] { -INF, o.hi() };
            case GT -> new long[] { o.lo() + 1, INF };
            case GE -> new long[] { o.lo(), INF };
        };
    }

    // ------------------------------------------------------------------ counters (seed 001a §2.9, §3.7)

    private long[] termRange(int cv, int t) {
        int vv = kernel.termVar[cv][t];
        if (vv < 0) {
            long c = kernel.termConst[cv][t];
            return new long[] { c, c };
        }
        if (choiceInfo(vv).kind() == Kind.INTEGER) {
            long[] u = kernel.universe[vv];
            long d = dom[vv];
            if (d == 0) {
                return new long[] { 0, 0 };
            }
            return new long[] { u[Long.numberOfTrailingZeros(d)], u[63 - Long.numberOfLeadingZeros(d)] };
        }
        return new long[] { dom[vv], max[vv] };
    }

    private static long sat(long x) {
        return Math.max(-INF, Math.min(INF, x));
    }

    private static long mul(long a, long b) {
        if (a == 0 || b == 0) {
            return 0;
        }
        if (a >= INF / Math.max(1, b)) {
            return INF;
        }
        return a * b;
    }

    void recomputeCounter(int cv) {
        Program.CounterInfo ci = prog.counters.get(kernel.varChoice[cv]);
        if (ci == null) {
            return;
        }
        boolean isMul = ci.kind() == ChoiceDecl.CounterKind.MUL;
        long lo = kernel.counterBase[cv], hi = lo;
        for (int t = 0; t < kernel.termDelta[cv].length; t++) {
            int d = kernel.termDelta[cv][t];
            long dd = d < 0 ? 2 : dom[d];
            long[] r = termRange(cv, t);
            if (dd == 2) {
                lo = isMul ? mul(lo, r[0]) : sat(lo + r[0]);
            }
            if ((dd & 2) != 0) {
                hi = isMul ? mul(hi, r[1]) : sat(hi + r[1]);
            }
        }
        if (ci.visibility() == ChoiceDecl.Visibility.HALF) {
            hi = INF; // half counters keep the minimum only
        }
        if (lo != dom[cv] || hi != max[cv]) {
            if (log != null) {
                log.add(new long[] { cv, dom[cv], lo, max[cv], hi });
            }
            dom[cv] = lo;
            max[cv] = hi;
            enqueue(cv);
        }
    }

    /** Seed 001a §3.7: restricts counter {@code cv} to [lo, hi] by forcing δ's and bounding value choices. */
    private void restrictCounter(int cv, long lo, long hi, String why) {
        Program.CounterInfo ci = prog.counters.get(kernel.varChoice[cv]);
        boolean half = ci.visibility() == ChoiceDecl.Visibility.HALF;
        long min = dom[cv], mx = max[cv];
        if (min > hi || (!half && mx < lo)) {
            fail(why + ": " + choiceOf(cv) + argsOf(cv) + " ∈ [" + min + ", " + (half ? "∞" : mx) + "] cannot meet ["
                    + (lo <= -INF ? "-∞" : lo) + ", " + (hi >= INF ? "∞" : hi) + "]");
            return;
        }
        boolean isMul = ci.kind() == ChoiceDecl.CounterKind.MUL;
        for (int t = 0; t < kernel.termDelta[cv].length && !failed; t++) {
            int d = kernel.termDelta[cv][t];
            long dd = d < 0 ? 2 : dom[d];
            long[] r = termRange(cv, t);
            if (dd == 3) {
                if (isMul ? mul(min, r[0]) > hi : sat(min + r[0]) > hi) {
                    setDomain(d, 1, why);
                } else if (!half && mx < INF && (isMul ? (r[1] > 0 && mx / r[1] < lo) : mx - r[1] < lo)) {
                    setDomain(d, 2, why);
                }
            } else if (dd == 2 && kernel.termVar[cv][t] >= 0 && choiceInfo(kernel.termVar[cv][t]).kind() == Kind.INTEGER) {
                int vv = kernel.termVar[cv][t];
                long rest = isMul ? (r[0] == 0 ? 0 : min / r[0]) : min - r[0];
                long ub = isMul ? (rest <= 0 ? INF : hi / rest) : hi - rest;
                long lb = -INF;
                if (!half && mx < INF) {
                    long restMax = isMul ? (r[1] == 0 ? 0 : mx / r[1]) : mx - r[1];
                    lb = isMul ? (restMax <= 0 ? -INF : ceilDiv(lo, restMax)) : lo - restMax;
                }
                long[] u = kernel.universe[vv];
                long m = 0;
                for (int i = 0; i < u.length; i++) {
                    if (u[i] <= ub && u[i] >= lb) {
                        m |= 1L << i;
                    }
                }
                setDomain(vv, dom[vv] & m, why);
            }
        }
    }

    private static long ceilDiv(long a, long b) {
        return Math.floorDiv(a + b - 1, b);
    }

    // ------------------------------------------------------------------ lowerings (seed 001a §3.4, §3.8)

    /** Three-valued truth of a condition under a binding by name: 1 entailed, 0 entailed false, -1 open. */
    int truth(Cond c, Map<String, Integer> b) {
        switch (c) {
            case Cond.Const k -> {
                return k.value() ? 1 : 0;
            }
            case Cond.IdLess l -> {
                return (b.get(l.a()) < b.get(l.b())) != l.negated() ? 1 : 0;
            }
            case Cond.Code k -> {
                int[] objs = new int[k.vars().size()];
                for (int i = 0; i < objs.length; i++) {
                    objs[i] = b.get(k.vars().get(i));
                }
                return engine.bool(k.snippet(), objs, kernel) != k.negated() ? 1 : 0;
            }
            case Cond.Is is -> {
                int f = findInst(is.inst(), b);
                if (f < 0) {
                    return -1;
                }
                long d = read(f);
                return (d & ~is.mask()) == 0 ? 1 : (d & is.mask()) == 0 ? 0 : -1;
            }
            case Cond.IsNot is -> {
                int t = truth(new Cond.Is(is.inst(), is.mask()), b);
                return t < 0 ? -1 : 1 - t;
            }
            case Cond.Cmp m -> {
                int fa = findInst(m.lhs(), b), fb = findInst(m.rhs(), b);
                if (fa < 0 || fb < 0) {
                    return -1;
                }
                if (choiceInfo(fa >> 1).kind() == Kind.ENUM) {
                    long da = read(fa), db = read(fb);
                    boolean can = false, must = true;
                    for (long x = da; x != 0; x &= x - 1) {
                        for (long y = db; y != 0; y &= y - 1) {
                            boolean r = m.op().test(Long.numberOfTrailingZeros(x), Long.numberOfTrailingZeros(y));
                            can |= r;
                            must &= r;
                        }
                    }
                    return must ? 1 : can ? -1 : 0;
                }
                Num na = numOf(fa >> 1), nb = numOf(fb >> 1);
                return entailedFalse(na, m.op(), nb) ? 0 : entailedFalse(na, m.op().negate(), nb) ? 1 : -1;
            }
            case Cond.CmpCode m -> {
                int fa = findInst(m.lhs(), b);
                if (fa < 0) {
                    return -1;
                }
                int[] objs = new int[m.vars().size()];
                for (int i = 0; i < objs.length; i++) {
                    objs[i] = b.get(m.vars().get(i));
                }
                Object v = engine.value(m.snippet(), objs, kernel);
                Num nb = v instanceof Long x ? new Num(x, x, new long[] { x })
                        : new Num(0, 0, ((long[]) v).clone());
                Num na = numOf(fa >> 1);
                if (nb.vals().length > 1 && (m.op() == Op.EQ || m.op() == Op.NE)) {
                    // membership: x == list ⟺ x ∈ list
                    boolean can = false, must = true;
                    for (long x : valuesOf(na)) {
                        boolean in = Arrays.stream(nb.vals()).anyMatch(y -> y == x);
                        boolean r = m.op() == Op.EQ ? in : !in;
                        can |= r;
                        must &= r;
                    }
                    return must ? 1 : can ? -1 : 0;
                }
                return entailedFalse(na, m.op(), nb) ? 0 : entailedFalse(na, m.op().negate(), nb) ? 1 : -1;
            }
        }
    }

    private long[] valuesOf(Num n) {
        if (n.vals() != null) {
            return n.vals();
        }
        if (n.hi() - n.lo() > 4096) {
            return new long[] { n.lo(), n.hi() };
        }
        long[] r = new long[(int) (n.hi() - n.lo() + 1)];
        for (int i = 0; i < r.length; i++) {
            r[i] = n.lo() + i;
        }
        return r;
    }

    private Num numOf(int v) {
        if (choiceInfo(v).kind() == Kind.INTEGER) {
            long[] u = kernel.universe[v];
            long[] vals = new long[Long.bitCount(dom[v])];
            int j = 0;
            for (long m = dom[v]; m != 0; m &= m - 1) {
                vals[j++] = u[Long.numberOfTrailingZeros(m)];
            }
            return new Num(vals.length == 0 ? 0 : vals[0], vals.length == 0 ? 0 : vals[vals.length - 1], vals);
        }
        return new Num(dom[v], max[v], null);
    }

    private int findInst(ChoiceInst ci, Map<String, Integer> b) {
        ChoiceInfo c = prog.choice(ci.choice());
        int[] a = new int[ci.args().size()];
        for (int i = 0; i < a.length; i++) {
            Integer o = b.get(ci.args().get(i));
            a[i] = o == null ? -1 : o;
        }
        return find(kernel, c, a);
    }

    /** Checks triggers and quotient sets; true when something changed (propagation must continue). */
    private boolean lowerings() {
        boolean changed = false;
        List<TriggerDecl> trs = prog.space.triggers;
        for (int ti = 0; ti < trs.size() && !failed; ti++) {
            TriggerDecl t = trs.get(ti);
            List<int[]> fire = new ArrayList<>();
            int idx = ti;
            forEachByName(t.vars(), b -> {
                for (Cond c : t.conditions()) {
                    if (truth(c, b) != 1) {
                        return;
                    }
                }
                int[] objs = new int[t.vars().size()];
                for (int i = 0; i < objs.length; i++) {
                    objs[i] = b.get(t.vars().get(i).name());
                }
                if (!fired.contains(idx + ":" + Arrays.toString(objs))) {
                    fire.add(objs);
                }
            });
            for (int[] objs : fire) {
                fired.add(idx + ":" + Arrays.toString(objs));
                StringBuilder key = new StringBuilder();
                for (int i = 0; i < objs.length; i++) {
                    key.append(i > 0 ? "," : "").append(kernel.objects.get(objs[i]));
                }
                Instance.TriggerEffect eff = engine.instance.trigger(t.code(), key.toString());
                if (eff == null) {
                    fail("trigger \"" + t.code() + "\" fired for (" + key + ") but the instance gives no effect for it"
                            + " (add \"triggers\": {\"" + Instance.normalize(t.code()) + "\": {\"" + key + "\": {…}}})");
                    return false;
                }
                applyEffect(eff);
                changed = true;
            }
        }
        for (QuotientDecl q : prog.space.quotients) {
            changed |= quotient(q);
        }
        return changed && !failed;
    }

    private void forEachByName(List<VarDecl> vars, java.util.function.Consumer<Map<String, Integer>> body) {
        Program.Binder[] bs = binders(vars);
        int[] b = new int[bs.length];
        Arrays.fill(b, -1);
        Bindings.forEach(kernel, bs, b, bind -> {
            Map<String, Integer> m = new HashMap<>();
            for (int i = 0; i < bs.length; i++) {
                m.put(vars.get(i).name(), bind[i]);
            }
            body.accept(m);
        });
    }

    private Program.Binder[] binders(List<VarDecl> vars) {
        return Lowerings.binders(prog, vars);
    }

    private void ownKernel() {
        if (kernelShared) {
            kernel = kernel.copy();
            kernelShared = false;
        }
    }

    /** Sizes of every member list, to find the objects a lowering adds. */
    private Map<Long, Integer> sizes() {
        Map<Long, Integer> m = new HashMap<>();
        for (int s = 0; s < kernel.plain.length; s++) {
            if (kernel.plain[s] != null) {
                m.put(((long) s << 32) | 0xffffffffL, kernel.plain[s].size);
            }
            Map<Integer, Kernel.Members> pm = kernel.param.get(s);
            if (pm != null) {
                for (Map.Entry<Integer, Kernel.Members> e : pm.entrySet()) {
                    m.put(((long) s << 32) | e.getKey(), e.getValue().size);
                }
            }
        }
        return m;
    }

    /** set → objects added since {@code before} (any parameter). */
    private Map<Integer, Set<Integer>> added(Map<Long, Integer> before) {
        Map<Integer, Set<Integer>> r = new HashMap<>();
        for (int s = 0; s < kernel.plain.length; s++) {
            List<Kernel.Members> ms = new ArrayList<>();
            List<Long> keys = new ArrayList<>();
            if (kernel.plain[s] != null) {
                ms.add(kernel.plain[s]);
                keys.add(((long) s << 32) | 0xffffffffL);
            }
            Map<Integer, Kernel.Members> pm = kernel.param.get(s);
            if (pm != null) {
                for (Map.Entry<Integer, Kernel.Members> e : pm.entrySet()) {
                    ms.add(e.getValue());
                    keys.add(((long) s << 32) | e.getKey());
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

    private void applyEffect(Instance.TriggerEffect eff) {
        ownKernel();
        Map<Long, Integer> before = sizes();
        for (Map.Entry<String, List<String>> e : eff.setAdditions().entrySet()) {
            int s = prog.setId(e.getKey());
            if (s < 0) {
                fail("a trigger effect adds objects to the unknown set " + e.getKey());
                return;
            }
            for (String o : e.getValue()) {
                engine.addObject(kernel, s, -1, kernel.object(o));
            }
        }
        for (Map.Entry<String, List<String[]>> e : eff.paramSetAdditions().entrySet()) {
            int s = prog.setId(e.getKey());
            for (String[] po : e.getValue()) {
                engine.addObject(kernel, s, kernel.object(po[0]), kernel.object(po[1]));
            }
        }
        eff.values().forEach((k, m) -> kernel.extraValues.computeIfAbsent(k, x -> new HashMap<>()).putAll(m));
        partialInit(added(before));
    }

    /**
     * Seed 001a §3.9 {@code partial_init}: variables of the new objects, then, twice, every propagator instance that
     * binds at least one new object (a binder over a set that grew, pinned to each new object).
     */
    private void partialInit(Map<Integer, Set<Integer>> added) {
        int old = kernel.nvars;
        try {
            engine.buildVars(kernel, null);
        } catch (Engine.InstanceError x) {
            fail(x.getMessage());
            return;
        }
        dom = Arrays.copyOf(dom, kernel.nvars);
        max = Arrays.copyOf(max, kernel.nvars);
        inQueue = Arrays.copyOf(inQueue, kernel.nvars);
        initDomains(old);
        for (int v = 0; v < kernel.nvars; v++) {
            recomputeCounter(v);
        }
        runNew(added);
        runNew(added);
    }

    private void runNew(Map<Integer, Set<Integer>> added) {
        if (added.isEmpty()) {
            return;
        }
        for (Group g : prog.groups) {
            for (int i = 0; i < g.binders().length && !failed; i++) {
                Set<Integer> objs = added.get(g.binders()[i].set());
                if (objs == null) {
                    continue;
                }
                for (int o : objs) {
                    int[] b = new int[g.binders().length];
                    Arrays.fill(b, -1);
                    b[i] = o;
                    Bindings.forEach(kernel, g.binders(), b, bind -> runGroup(g, bind));
                }
            }
        }
    }

    private boolean quotient(QuotientDecl q) {
        boolean changed = false;
        ChoiceInfo repr = prog.choice(q.repr());
        int qset = prog.setId(q.name());
        List<Integer> params = new ArrayList<>();
        if (q.param() == null) {
            params.add(-1);
        } else {
            Kernel.Members pm = kernel.plain[prog.setId(q.param().set().set())];
            for (int i = 0; i < pm.size; i++) {
                params.add(pm.items[i]);
            }
        }
        for (int p : params) {
            int itemSet = prog.setId(q.item().set().set());
            Kernel.Members items = q.item().set().arg() != null ? kernel.members(itemSet, p) : kernel.plain[itemSet];
            if (items == null) {
                continue;
            }
            for (int i = 0; i < items.size && !failed; i++) {
                int x = items.items[i];
                if (x == p) {
                    continue;
                }
                int rv = find(kernel, repr, p < 0 ? new int[] { x } : new int[] { p, x });
                if (rv < 0) {
                    continue;
                }
                rv >>= 1;
                if (dom[rv] == 2) {
                    Kernel.Members qm = kernel.members(qset, p);
                    if (qm == null || !qm.bits.get(x)) {
                        ownKernel();
                        Map<Long, Integer> before = sizes();
                        engine.addObject(kernel, qset, p, x);
                        partialInit(added(before));
                        changed = true;
                    }
                    continue;
                }
                if (dom[rv] != 3) {
                    continue;
                }
                Map<String, Integer> b = new HashMap<>();
                if (p >= 0) {
                    b.put(q.param().name(), p);
                }
                b.put(q.item().name(), x);
                if (!allTrue(q.conditions(), b)) {
                    continue;
                }
                boolean alone = true;
                for (int j = 0; j < items.size && alone; j++) {
                    int y = items.items[j];
                    if (y >= x || y == p) {
                        continue;
                    }
                    b.put(q.item().name(), y);
                    boolean fFalse = anyFalse(q.conditions(), b);
                    b.put(q.item().name(), x);
                    int e = find(kernel, prog.choice(q.equiv()), new int[] { y, x });
                    boolean notEquiv = e >= 0 && (read(e) & q.equivMask()) == 0;
                    alone = fFalse || notEquiv;
                }
                if (alone) {
                    setDomain(rv, 2, "quotient " + q.name());
                    changed = true;
                }
            }
        }
        return changed;
    }

    private boolean allTrue(List<Cond> cs, Map<String, Integer> b) {
        for (Cond c : cs) {
            if (truth(c, b) != 1) {
                return false;
            }
        }
        return true;
    }

    private boolean anyFalse(List<Cond> cs, Map<String, Integer> b) {
        for (Cond c : cs) {
            if (truth(c, b) == 0) {
                return true;
            }
        }
        return false;
    }
}
