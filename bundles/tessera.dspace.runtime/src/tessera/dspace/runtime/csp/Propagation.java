package tessera.dspace.runtime.csp;

import java.util.Arrays;
import java.util.List;

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
import tessera.dspace.runtime.ir.QuotientDecl;

/**
 * Seed 001a §3.9 Algorithm 1 on a {@link Candidate}: the propagation loop over its {@link PropagationQueue}, the
 * watchers that wake propagator groups, and one group run (its if-tree over the enum inputs, or the generated code).
 */
final class Propagation {
    private Propagation() {
    }

    /** Algorithm 1 of seed 001a §3.9; lowerings (triggers, quotient members) are checked at each local fixpoint. */
    static boolean propagate(Candidate c) {
        int steps = 0;
        while (!c.failed) {
            while (!c.queue.isEmpty() && !c.failed) {
                if ((++steps & 1023) == 0) {
                    c.monitor.checkCanceled();
                }
                int v = c.queue.poll();
                long before = c.seen[v];
                c.seen[v] = c.dom[v];
                int ch = c.kernel.varChoice[v];
                for (Program.Watch w : c.prog.watchers.get(ch)) {
                    watch(c, w, v, before);
                    if (c.failed) {
                        break;
                    }
                }
                int[] deps = c.kernel.counterDeps[v];
                if (deps != null && !c.failed) {
                    for (int cv : deps) {
                        Counters.recompute(c, cv);
                    }
                }
            }
            if (c.failed || !lowerings(c)) {
                break;
            }
        }
        c.queue.clear();
        return !c.failed;
    }

    /** Checks triggers and quotient sets; true when something changed (propagation must continue). */
    static boolean lowerings(Candidate c) {
        boolean changed = Triggers.fire(c);
        for (QuotientDecl q : c.prog.space.quotients) {
            changed |= Quotients.apply(c, q);
        }
        return changed && !c.failed;
    }

    /** The constraints on kernel constants only (seed 001a §3.5): checked once, at instantiation. */
    static void kernelChecks(Candidate c) {
        for (Program.KernelCheck kc : c.prog.kernelChecks) {
            int[] b = new int[kc.binders().length];
            Arrays.fill(b, -1);
            Bindings.forEach(c.kernel, kc.binders(), b, bind -> {
                for (int i = 0; i < kc.inputs().size(); i++) {
                    if ((constInput(c, kc.inputs().get(i), bind) & kc.masks().get(i)) != 0) {
                        return;
                    }
                }
                c.fail("the kernel violates " + kc.origin() + " for " + c.engine.names(c.kernel, bind));
            });
        }
    }

    /** Runs every propagator group on every binding. */
    static void runAll(Candidate c) {
        for (Group g : c.prog.groups) {
            if (c.failed) {
                return;
            }
            int[] b = new int[g.binders().length];
            Arrays.fill(b, -1);
            int[] count = {0};
            Bindings.forEach(c.kernel, g.binders(), b, bind -> {
                if ((++count[0] & 4095) == 0) {
                    c.monitor.checkCanceled(); // N^3 instances of a forall-forall-forall rule: cancellable, time-limited
                }
                runGroup(c, g, bind);
            });
        }
    }

    /**
     * Runs the instances of a watch on the changed variable {@code v}, unless the change from {@code before} (the
     * domain every instance last saw, or an equivalent one) cannot change their result ({@link Program.Watch#matters}).
     */
    private static void watch(Candidate c, Program.Watch w, int v, long before) {
        int[] args = c.kernel.varArgs[v];
        Group g = w.group();
        Pattern p = w.pattern();
        long after = c.dom[v];
        if (w.matters(before, after)) {
            bindAndRun(c, w, args);
        }
        ChoiceInfo ci = c.prog.choices.get(p.choice());
        if (ci.symmetricStorage() && !c.failed && w.matters(ci.invert(before), ci.invert(after))) {
            bindAndRun(c, w, new int[] { args[1], args[0] });
        }
    }

    /**
     * Runs the watch's group on every binding that extends the changed instance's objects, unless an input those
     * objects fix is absent or meets its absorbing values: then every run would be vacuous or change nothing.
     */
    private static void bindAndRun(Candidate c, Program.Watch w, int[] args) {
        Group g = w.group();
        Pattern p = w.pattern();
        int[] b = new int[g.binders().length];
        Arrays.fill(b, -1);
        for (int i = 0; i < args.length; i++) {
            int bi = p.args()[i];
            if (b[bi] >= 0 && b[bi] != args[i]) {
                return;
            }
            b[bi] = args[i];
        }
        if (!skips(c, g, b, -1)) {
            Bindings.forEachRun(c, g, b);
        }
    }

    /**
     * Whether every run of {@code g} on a binding extending {@code b} is vacuous or a no-op: a choice input that
     * {@code b} fixes (one naming binder {@code pos}, or any when {@code pos < 0}) is absent or meets its absorbing
     * values. Each such run changes nothing, so neither does the next one; {@link #runGroup} finds the same one
     * binding at a time.
     */
    static boolean skips(Candidate c, Group g, int[] b, int pos) {
        long[] absorbing = c.prog.absorbing.get(g.id());
        for (int i : c.prog.cutInputs.get(g.id())[pos + 1]) {
            Pattern p = ((ChoiceInput) g.inputs()[i]).p();
            if (bound(p.args(), b)) {
                int f = c.find(p, b);
                if (f < 0 || (c.read(f) & absorbing[i]) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether {@code args} name only bound binders. */
    private static boolean bound(int[] args, int[] b) {
        for (int a : args) {
            if (b[a] < 0) {
                return false;
            }
        }
        return true;
    }

    private static long constInput(Candidate c, Program.Input in, int[] bind) {
        return switch (in) {
            case CodeInput ci -> {
                int[] objs = new int[ci.args().length];
                for (int i = 0; i < objs.length; i++) {
                    objs[i] = bind[ci.args()[i]];
                }
                yield c.engine.bool(ci.snippet(), objs, c.kernel) ? 2L : 1L;
            }
            case IdLessInput l -> bind[l.a()] < bind[l.b()] ? 2L : 1L;
            case ChoiceInput ci -> {
                int f = c.find(ci.p(), bind);
                yield f < 0 ? 0 : c.read(f);
            }
        };
    }

    /** Runs one propagator group on one binding (one instance of each of its rules). */
    static void runGroup(Candidate c, Group g, int[] bind) {
        if (c.failed) {
            return;
        }
        long[] absorbing = c.prog.absorbing.get(g.id());
        long[] choiceTable = c.prog.choiceTables.get(g.id());
        if (choiceTable != null) {
            runTable(c, g, choiceTable, absorbing, bind);
            return;
        }
        // choice inputs first: an absent one makes the run vacuous, an absorbing value makes it a no-op
        long[] in = new long[g.inputs().length];
        for (int i = 0; i < in.length; i++) {
            if (g.inputs()[i] instanceof ChoiceInput ci) {
                int f = c.find(ci.p(), bind);
                if (f < 0) {
                    return;
                }
                in[i] = c.read(f);
                if ((in[i] & absorbing[i]) != 0) {
                    return;
                }
            }
        }
        int tf = c.find(g.target(), bind);
        if (tf < 0) {
            return; // the target instance does not exist for these objects: vacuous
        }
        for (int i = 0; i < in.length; i++) {
            if (!(g.inputs()[i] instanceof ChoiceInput)) {
                in[i] = constInput(c, g.inputs()[i], bind);
                if ((in[i] & absorbing[i]) != 0) {
                    return;
                }
            }
        }
        for (NumLit n : g.numLits()) {
            if (c.find(n.lhs(), bind) < 0 || n.rhs() != null && c.find(n.rhs(), bind) < 0) {
                return;
            }
        }
        c.propagatorRuns++;
        int var = tf >> 1;
        ChoiceInfo tc = c.choiceInfo(var);
        Engine engine = c.engine;
        switch (tc.kind()) {
            case ENUM -> {
                long[] table = c.prog.domainTables.get(g.id());
                long allowed = table != null ? table[domainIndex(g, in)]
                        : engine.generated != null
                        ? engine.generated.eval(g.id(), in, (gr, leaf) -> cellMask(c, g, leaves(c, g).get((int) leaf).cell(), bind, var, -1L))
                        : evalMask(c, g, g.tree(), in, bind, var, -1L);
                if ((tf & 1) != 0) {
                    allowed = tc.invert(allowed);
                }
                c.setDomain(var, c.dom[var] & allowed, g.origin());
            }
            case INTEGER -> {
                long all = c.kernel.universe[var].length == 64 ? -1L : (1L << c.kernel.universe[var].length) - 1;
                long allowed = engine.generated != null
                        ? engine.generated.eval(g.id(), in, (gr, leaf) -> cellMask(c, g, leaves(c, g).get((int) leaf).cell(), bind, var, all))
                        : evalMask(c, g, g.tree(), in, bind, var, all);
                c.setDomain(var, c.dom[var] & allowed, g.origin());
            }
            case COUNTER -> {
                long[] iv = evalInterval(c, g, g.tree(), in, bind, var);
                if (iv != null) {
                    Counters.restrict(c, var, iv[0], iv[1], g.origin());
                } else {
                    c.fail(g.origin() + " has no possible value left for " + c.choiceOf(var) + c.argsOf(var));
                }
            }
        }
    }

    /**
     * {@link #runGroup} for a group that reads choices only ({@link Program#choiceTables}): the input domains, side by
     * side, index its domain table; no input array, no snippets, no numeric literals.
     */
    private static void runTable(Candidate c, Group g, long[] table, long[] absorbing, int[] bind) {
        Program.Input[] ins = g.inputs();
        int idx = 0, off = 0;
        for (int i = 0; i < ins.length; i++) {
            int f = c.find(((ChoiceInput) ins[i]).p(), bind);
            if (f < 0) {
                return;
            }
            long d = c.read(f);
            if ((d & absorbing[i]) != 0) {
                return;
            }
            idx |= (int) d << off;
            off += ins[i].size();
        }
        int tf = c.find(g.target(), bind);
        if (tf >= 0) {
            applyTable(c, g, c.engine.choiceArray[g.target().choice()], table[idx], tf);
        }
    }

    /** A choice-only run's result: its table entry {@code allowed}, restricting target instance {@code tf}. */
    private static void applyTable(Candidate c, Group g, ChoiceInfo target, long allowed, int tf) {
        c.propagatorRuns++;
        int var = tf >> 1;
        if ((tf & 1) != 0) {
            allowed = target.invert(allowed);
        }
        if ((c.dom[var] & allowed) != c.dom[var]) {
            c.setDomain(var, c.dom[var] & allowed, g.origin());
        }
    }

    /**
     * {@link #runTable} on the bindings that extend {@code b} with each member of {@code m} at binder {@code pos}, the
     * last free one, in the order and with the results of {@link Bindings#forEachRun}: each pattern's instance is read
     * from its row of {@link Kernel#dense} along {@code pos}. False, having run nothing, for a group that is not
     * choice-only or reads a choice of three arguments or one indexed by hash.
     */
    static boolean runTableOver(Candidate c, Group g, int[] b, int pos, Kernel.Members m) {
        long[] table = c.prog.choiceTables.get(g.id());
        if (table == null) {
            return false;
        }
        Program.Input[] ins = g.inputs();
        int n = ins.length;
        Kernel k = c.kernel;
        int s = k.stride;
        int[][] rows = new int[n + 1][];
        int[] base = new int[n + 1], step = new int[n + 1];
        ChoiceInfo[] info = new ChoiceInfo[n + 1];
        for (int i = 0; i <= n; i++) {
            Pattern p = i < n ? ((ChoiceInput) ins[i]).p() : g.target();
            int[] d = k.dense[p.choice()];
            int[] a = p.args();
            if (d == null) {
                return true; // no instance of the choice: every run is vacuous
            }
            if (d == Kernel.HASHED || a.length > 2 || a.length == 2 && a[0] == pos && a[1] == pos) {
                return false;
            }
            for (int x : a) {
                if (x != pos && b[x] >= s) {
                    return true; // an object without an instance of the choice (find's -1): every run is vacuous
                }
            }
            rows[i] = d;
            info[i] = c.engine.choiceArray[p.choice()];
            switch (a.length) {
                case 0 -> {
                }
                case 1 -> {
                    base[i] = a[0] == pos ? 0 : b[a[0]];
                    step[i] = a[0] == pos ? 1 : 0;
                }
                default -> {
                    base[i] = a[0] == pos ? b[a[1]] : a[1] == pos ? b[a[0]] * s : b[a[0]] * s + b[a[1]];
                    step[i] = a[0] == pos ? s : a[1] == pos ? 1 : 0;
                }
            }
        }
        long[] absorbing = c.prog.absorbing.get(g.id());
        long[] dom = c.dom;
        members: for (int j = 0; j < m.size && !c.failed; j++) {
            int o = m.items[j];
            if (o >= s || !Bindings.distinct(b, pos, o)) {
                continue;
            }
            int idx = 0, off = 0;
            for (int i = 0; i < n; i++) {
                int f = rows[i][base[i] + o * step[i]];
                if (f < 0) {
                    continue members;
                }
                long d = (f & 1) != 0 ? info[i].invert(dom[f >> 1]) : dom[f >> 1];
                if ((d & absorbing[i]) != 0) {
                    continue members;
                }
                idx |= (int) d << off;
                off += ins[i].size();
            }
            int tf = rows[n][base[n] + o * step[n]];
            if (tf >= 0) {
                applyTable(c, g, info[n], table[idx], tf);
            }
        }
        return true;
    }

    /** The index of the input domains in the group's {@link Program#domainTable}. */
    private static int domainIndex(Group g, long[] in) {
        int idx = 0, off = 0;
        for (int i = 0; i < in.length; i++) {
            idx |= (int) in[i] << off;
            off += g.inputs()[i].size();
        }
        return idx;
    }

    private static List<Leaf> leaves(Candidate c, Group g) {
        List<Leaf> l = c.engine.leaves.get(g.id()); // a plain read first, as in Bindings (search threads share it)
        return l != null ? l : c.engine.leaves.computeIfAbsent(g.id(), x -> Program.leaves(g));
    }

    private static long evalMask(Candidate c, Group g, Node n, long[] in, int[] bind, int target, long all) {
        if (n instanceof Leaf l) {
            return cellMask(c, g, l.cell(), bind, target, all);
        }
        Split s = (Split) n;
        long acc = 0, d = in[s.input()];
        for (int i = 0; i < s.masks().length; i++) {
            if ((s.masks()[i] & d) != 0) {
                acc |= evalMask(c, g, s.children()[i], in, bind, target, all);
                if (acc == all) {
                    break;
                }
            }
        }
        return acc;
    }

    private static long cellMask(Candidate c, Group g, Cell cell, int[] bind, int target, long all) {
        boolean integer = c.choiceInfo(target).kind() == Kind.INTEGER;
        long m = integer ? all : cell.base();
        for (Entry e : cell.entries()) {
            if (!guardsHold(c, g, e, bind)) {
                continue;
            }
            if (integer) {
                long u = 0;
                for (int i = 0; i < e.concl().length; i++) {
                    u |= NumericLiterals.intLitMask(c, g.numLits()[e.concl()[i]], e.targetLeft()[i], bind, target);
                }
                m &= u;
            } else {
                m &= e.mask();
            }
        }
        return m;
    }

    private static boolean guardsHold(Candidate c, Group g, Entry e, int[] bind) {
        for (int gi : e.guards()) {
            if (!NumericLiterals.litFalse(c, g.numLits()[gi], bind)) {
                return false;
            }
        }
        return true;
    }

    /** Interval hull of the allowed counter values, or null when empty. */
    private static long[] evalInterval(Candidate c, Group g, Node n, long[] in, int[] bind, int target) {
        if (n instanceof Leaf l) {
            long lo = -Candidate.INF, hi = Candidate.INF;
            for (Entry e : l.cell().entries()) {
                if (!guardsHold(c, g, e, bind)) {
                    continue;
                }
                long elo = Candidate.INF, ehi = -Candidate.INF;
                for (int i = 0; i < e.concl().length; i++) {
                    long[] iv = NumericLiterals.counterLitInterval(c, g.numLits()[e.concl()[i]], e.targetLeft()[i], bind);
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
                long[] r = evalInterval(c, g, s.children()[i], in, bind, target);
                if (r != null) {
                    acc = acc == null ? r : new long[] { Math.min(acc[0], r[0]), Math.max(acc[1], r[1]) };
                }
            }
        }
        return acc;
    }
}
