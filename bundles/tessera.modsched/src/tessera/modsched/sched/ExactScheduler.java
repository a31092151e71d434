package tessera.modsched.sched;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.sat4j.core.Vec;
import org.sat4j.core.VecInt;
import org.sat4j.pb.IPBSolver;
import org.sat4j.pb.SolverFactory;
import org.sat4j.specs.ContradictionException;
import org.sat4j.specs.IVecInt;
import org.sat4j.specs.TimeoutException;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;
import tessera.core.graph.Digraph;
import tessera.core.graph.LongestPaths;
import tessera.modsched.analysis.Mii;
import tessera.modsched.metrics.RegisterPressure;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.model.Operation;
import tessera.modsched.model.Reservation;
import tessera.modsched.model.Schedule;

/**
 * Exact modulo scheduling with SAT4J pseudo-Boolean constraints (digest §6.3/§7: the optimal checker of PACT'96):
 * first the minimum feasible II from MII upward, then the minimum MaxLive at that II. Time-indexed formulation in
 * the order encoding: {@code le[u][t] ⇔ t(u) ≤ t}; dependences become clauses {@code le[v][t] → le[u][t - w]}
 * with w = latency - distance·II; resources are at-most-k constraints per MRT row (one instance per use, with
 * instance variables for multi-cycle patterns); lifetimes for MaxLive are live[p][c] ⇐ t(p) ≤ c ∧ ¬(all consumers
 * issued by c), summed per row against a unary bound.
 * <p>
 * Schedule-length bound: issue cycles lie in [0, H) with H = N·II + Σ_u max(0, max latency of u's out-edges).
 * If any modulo schedule exists at II, one exists within H (fix the rows, take the least stage solution of the
 * stage difference constraints: a simple path of at most N-1 edges, each adding at most latency/II + 1 stages),
 * so the minimum II is exact. The MaxLive minimum is exact among schedules within H.
 * <p>
 * Time: one {@link Deadline} covers both phases. When it passes in the II phase, {@link TimeLimitException} (no II is
 * proven). When it passes in the MaxLive phase (or the optional MaxLive phase limit, {@link #withMaxLiveLimit}, does),
 * the II is already proven minimal: the best schedule found so far is kept and its {@link ScheduleResult.Proof} says
 * "II proven minimal, MaxLive not proven minimal: ...".
 */
public final class ExactScheduler implements ModuloScheduler {
    /**
     * Most variables (and so literals per clause family) one SAT model may have: {@value}. A larger model is not built
     * (issue 22: bounded memory); the loop is reported as too large for the exact scheduler.
     */
    public static final int MAX_SAT_VARIABLES = 4_000_000;

    /** The model at an II would exceed {@link #MAX_SAT_VARIABLES}. */
    private static final class ModelTooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ModelTooLarge(int ii, long variables) {
            super(String.format(java.util.Locale.ROOT, "II=%d: the SAT model would need more than %,d variables (%,d"
                    + " estimated), above the maximum of the exact scheduler; use sms, ims, topdown or hrms for this"
                    + " loop", ii, MAX_SAT_VARIABLES, variables), null, false, false);
        }
    }

    private final Duration timeLimit;
    private final boolean minimizeRegisters;
    private final int maxIIOverride;
    private final Duration maxLiveLimit;

    public ExactScheduler(Duration timeLimit) {
        this(timeLimit, true, 0);
    }

    public ExactScheduler(Duration timeLimit, boolean minimizeRegisters, int maxII) {
        this(timeLimit, minimizeRegisters, maxII, null);
    }

    private ExactScheduler(Duration timeLimit, boolean minimizeRegisters, int maxII, Duration maxLiveLimit) {
        this.timeLimit = timeLimit;
        this.minimizeRegisters = minimizeRegisters;
        this.maxIIOverride = maxII;
        this.maxLiveLimit = maxLiveLimit;
    }

    /**
     * The same scheduler whose MaxLive phase also stops {@code limit} after it starts (the deadline still applies):
     * the minimum II stays proven and the best schedule found so far is kept. {@link Duration#ZERO} stops it before
     * its first solver call.
     */
    public ExactScheduler withMaxLiveLimit(Duration limit) {
        return new ExactScheduler(timeLimit, minimizeRegisters, maxIIOverride, limit);
    }

    @Override
    public String name() {
        return "exact";
    }

    /**
     * The exact result: minimum II, the MaxLive of the schedule (its minimum when {@code maxLiveOptimal}), and whether
     * the MaxLive search proved optimality (false when it was not run or ran out of time).
     */
    public record ExactResult(ScheduleResult result, int minII, int maxLive, boolean maxLiveOptimal, int horizon) {
    }

    /** @throws TimeLimitException when the time limit passes before the minimum II is proven */
    @Override
    public ScheduleResult schedule(Loop loop, Monitor monitor) {
        return solve(loop, Deadline.after(timeLimit), monitor).result();
    }

    public ExactResult solve(Loop loop, Deadline deadline, Monitor monitor) {
        Mii mii = Mii.compute(loop);
        int m = mii.value();
        int maxII = ModuloScheduler.maxII(loop, m, maxIIOverride);
        List<String> failures = new ArrayList<>();
        ScheduleResult tooLarge = ModuloScheduler.tooLarge(name(), loop, mii);
        if (tooLarge != null) {
            return new ExactResult(tooLarge, -1, -1, false, 0);
        }
        if (loop.hasExclusions()) {
            // the counting encoding (at most k per class and row) cannot express cells shared by exclusive ops
            failures.add("the exact scheduler does not model mutually exclusive operations (they may share MRT"
                    + " cells); use sms, topdown or ims for loop '" + loop.name() + "'");
            return new ExactResult(new ScheduleResult(name(), mii, null, new int[0], 0, List.copyOf(failures)), -1,
                    -1, false, 0);
        }
        int attempts = 0;
        for (int ii = m; ii <= maxII; ii++) {
            monitor.checkCanceled();
            String what = "exact modulo scheduling (SAT4J) of loop '" + loop.name() + "' at II=" + ii
                    + " (minimum II search, MII " + m + ", no schedule yet)";
            if (deadline.expired()) {
                throw new TimeLimitException(what, deadline.limit());
            }
            attempts++;
            Encoding enc;
            try {
                enc = new Encoding(loop, ii, false, 0, deadline, what);
            } catch (ModelTooLarge e) { // a larger II only makes the model larger: stop here
                failures.add(e.getMessage());
                return new ExactResult(new ScheduleResult(name(), mii, null, new int[0], attempts,
                        List.copyOf(failures)), -1, -1, false, 0);
            }
            int[] model = enc.solve(deadline, new VecInt(), what);
            if (model == null) {
                failures.add("II=" + ii + ": no schedule exists (proved by SAT4J within the length bound "
                        + enc.horizon + ")");
                continue;
            }
            // every smaller II was refuted: ii is the minimum; from here on a time-out keeps the best schedule
            Schedule best = enc.decode(model);
            int bestLive = RegisterPressure.of(best).maxLive();
            String notProven = minimizeRegisters ? "" : "not minimised (II only)";
            if (minimizeRegisters) {
                Deadline phase = deadline;
                String timedOut = "the time limit of " + text(deadline.limit()) + " ran out during the MaxLive search";
                if (maxLiveLimit != null && maxLiveLimit.compareTo(deadline.remaining()) < 0) {
                    phase = Deadline.after(maxLiveLimit);
                    timedOut = "the MaxLive phase limit of " + text(maxLiveLimit) + " ran out";
                }
                try {
                    if (phase.expired()) {
                        throw new TimeLimitException(timedOut, phase.limit());
                    }
                    Encoding live = new Encoding(loop, ii, true, bestLive, phase, timedOut);
                    while (bestLive > 0) {
                        monitor.checkCanceled();
                        IVecInt assume = new VecInt(new int[] { -live.bound[bestLive - 1] }); // MaxLive <= bestLive-1
                        int[] mm = live.solve(phase, assume, timedOut);
                        if (mm == null) {
                            break;
                        }
                        Schedule s = live.decode(mm);
                        int ml = RegisterPressure.of(s).maxLive();
                        if (ml >= bestLive) { // cannot happen: the encoding over-approximates lifetimes
                            break;
                        }
                        best = s;
                        bestLive = ml;
                    }
                } catch (TimeLimitException e) {
                    notProven = timedOut;
                } catch (ModelTooLarge e) {
                    notProven = "the MaxLive model is too large: " + e.getMessage();
                }
            }
            ScheduleResult.Proof proof = new ScheduleResult.Proof(true, notProven.isEmpty(), notProven);
            ScheduleResult r = new ScheduleResult(name(), mii, best, new int[0], attempts, List.copyOf(failures),
                    proof);
            return new ExactResult(r, ii, bestLive, proof.maxLiveMinimal(), enc.horizon);
        }
        failures.add("no schedule up to the II cap " + maxII);
        return new ExactResult(new ScheduleResult(name(), mii, null, new int[0], attempts, List.copyOf(failures)), -1,
                -1, false, 0);
    }

    /** "2 s", "1.5 s" or "10 ms". */
    private static String text(Duration d) {
        long ms = d.toMillis();
        return ms >= 1000 ? (ms % 1000 == 0 ? ms / 1000 + " s" : ms / 1000.0 + " s") : ms + " ms";
    }

    /** The schedule-length bound H at this II (see the class comment). */
    public static int horizon(Loop loop, int ii) {
        long h = (long) loop.size() * ii;
        for (Operation op : loop.operations()) {
            int m = 0;
            for (int e : loop.graph().outEdges(op.index())) {
                m = Math.max(m, loop.latency(e));
            }
            h += m;
        }
        return (int) Math.min(h, 1_000_000);
    }

    /** The PB model at one II. */
    private static final class Encoding {
        static final int TRUE = Integer.MAX_VALUE;
        static final int FALSE = -Integer.MAX_VALUE;
        final Loop loop;
        final int ii;
        final int horizon;
        final int n;
        final int[] est;
        final int[] lst;
        final int[][] le; // le[u][t - est[u]] for t in [est, lst - 1]
        final int[][] rowVar;
        final int[][][] inst; // inst[u][use][k]
        int[] bound = new int[0]; // unary MaxLive bound: bound[i] true iff MaxLive may exceed i
        IPBSolver solver;
        int nextVar = 1;
        boolean trivialUnsat;
        final Deadline deadline;
        final String what;
        long ticks;

        /** Polls the deadline every 4,096 steps of the set-up and bounds the variables (issue 22). */
        void tick() {
            if ((++ticks & 4095) == 0) {
                deadline.check(what);
            }
            if (nextVar > MAX_SAT_VARIABLES) {
                throw new ModelTooLarge(ii, nextVar);
            }
        }

        Encoding(Loop loop, int ii, boolean lifetimes, int liveBound, Deadline deadline, String what) {
            this.deadline = deadline;
            this.what = what;
            deadline.check(what);
            this.loop = loop;
            this.ii = ii;
            this.n = loop.size();
            this.horizon = horizon(loop, ii);
            Digraph g = loop.graph();
            est = new int[n];
            lst = new int[n];
            le = new int[n][];
            rowVar = new int[n][];
            inst = new int[n][][];
            solver = SolverFactory.newDefault();
            LongestPaths.Result head = LongestPaths.fromInitial(g, e -> true,
                    e -> (long) loop.latency(e) - (long) loop.distance(e) * ii, new long[n]);
            // tails: longest path from u to anywhere, via the reversed graph
            Digraph.Builder rb = Digraph.builder(n);
            for (int e = 0; e < g.edgeCount(); e++) {
                rb.edge(g.target(e), g.source(e));
            }
            LongestPaths.Result tail = LongestPaths.fromInitial(rb.build(), e -> true,
                    e -> (long) loop.latency(e) - (long) loop.distance(e) * ii, new long[n]);
            if (head.positiveCycle() || tail.positiveCycle()) {
                trivialUnsat = true;
                return;
            }
            deadline.check(what);
            long estimate = (long) n * ii;
            for (var r : loop.machine().resources()) {
                estimate += (long) (r.count() + 1) * ii; // the per-row and per-instance constraint lists
            }
            for (int u = 0; u < n; u++) {
                est[u] = (int) head.distance()[u];
                lst[u] = horizon - 1 - (int) tail.distance()[u];
                estimate += Math.max(0, lst[u] - est[u]);
            }
            if (estimate > MAX_SAT_VARIABLES) { // before any array of that size is allocated
                throw new ModelTooLarge(ii, estimate);
            }
            for (int u = 0; u < n; u++) {
                tick();
                if (est[u] > lst[u]) {
                    trivialUnsat = true;
                    return;
                }
                le[u] = new int[lst[u] - est[u]];
                for (int i = 0; i < le[u].length; i++) {
                    le[u][i] = nextVar++;
                }
                rowVar[u] = new int[ii];
                for (int r = 0; r < ii; r++) {
                    rowVar[u][r] = nextVar++;
                }
                if (loop.op(u).reservation().selfConflicting(ii)) {
                    trivialUnsat = true;
                    return;
                }
            }
            try {
                buildCore(g);
                if (lifetimes) {
                    buildLifetimes(g, liveBound);
                }
            } catch (ContradictionException e) {
                trivialUnsat = true;
            }
        }

        /** Literal for t(u) <= t, or a constant. */
        int leq(int u, int t) {
            if (t < est[u]) {
                return FALSE;
            }
            if (t >= lst[u]) {
                return TRUE;
            }
            return le[u][t - est[u]];
        }

        /** Literal for t(u) == t (x = le[t] ∧ ¬le[t-1]), or a constant; creates and defines a variable. */
        int eq(int u, int t) {
            int a = leq(u, t);
            int b = leq(u, t - 1);
            if (a == FALSE || b == TRUE) {
                return FALSE;
            }
            if (a == TRUE && b == FALSE) {
                return TRUE;
            }
            int x = nextVar++;
            return defineAnd(x, a, neg(b));
        }

        int defineAnd(int x, int a, int b) {
            try {
                clause(-x, a);
                clause(-x, b);
                clause(x, neg(a), neg(b));
            } catch (ContradictionException e) {
                trivialUnsat = true;
            }
            return x;
        }

        static int neg(int lit) {
            return lit == TRUE ? FALSE : lit == FALSE ? TRUE : -lit;
        }

        void clause(int... lits) throws ContradictionException {
            VecInt v = new VecInt();
            for (int l : lits) {
                if (l == TRUE) {
                    return;
                }
                if (l != FALSE) {
                    v.push(l);
                }
            }
            if (v.isEmpty()) {
                throw new ContradictionException("empty clause");
            }
            solver.addClause(v);
        }

        void atMost(List<Integer> lits, int k) throws ContradictionException {
            VecInt v = new VecInt();
            int constTrue = 0;
            for (int l : lits) {
                if (l == TRUE) {
                    constTrue++;
                } else if (l != FALSE) {
                    v.push(l);
                }
            }
            if (constTrue > k) {
                throw new ContradictionException("resource over-subscribed");
            }
            if (v.size() > k - constTrue) {
                solver.addAtMost(v, k - constTrue);
            }
        }

        private void buildCore(Digraph g) throws ContradictionException {
            // order encoding chains
            for (int u = 0; u < n; u++) {
                for (int i = 0; i + 1 < le[u].length; i++) {
                    tick();
                    clause(-le[u][i], le[u][i + 1]);
                }
            }
            // dependences: t(v) >= t(u) + w  <=>  le(v, t) -> le(u, t - w)
            for (int e = 0; e < g.edgeCount(); e++) {
                int u = g.source(e);
                int v = g.target(e);
                int w = loop.latency(e) - loop.distance(e) * ii;
                if (u == v) {
                    if (w > 0) {
                        throw new ContradictionException("self-dependence");
                    }
                    continue;
                }
                for (int t = est[v]; t <= lst[v]; t++) {
                    tick();
                    clause(neg(leq(v, t)), leq(u, t - w));
                }
            }
            // symmetry breaking: shifting every op by a constant changes neither feasibility nor MaxLive, so some
            // op issues at cycle 0 (the normalisation of Schedule); shifting down never leaves [0, H)
            int[] first = new int[n];
            for (int u = 0; u < n; u++) {
                first[u] = leq(u, 0);
            }
            clause(first);
            // issue-cycle indicators feed the row variables
            for (int u = 0; u < n; u++) {
                for (int t = est[u]; t <= lst[u]; t++) {
                    tick();
                    clause(neg(eq(u, t)), rowVar[u][Math.floorMod(t, ii)]);
                }
            }
            Machine m = loop.machine();
            int nr = m.resources().size();
            // per resource and row: counting terms, and per instance terms for multi-cycle uses
            List<List<List<Integer>>> count = new ArrayList<>();
            List<List<List<List<Integer>>>> perInst = new ArrayList<>();
            for (int r = 0; r < nr; r++) {
                List<List<Integer>> rows = new ArrayList<>();
                List<List<List<Integer>>> insts = new ArrayList<>();
                for (int row = 0; row < ii; row++) {
                    rows.add(new ArrayList<>());
                }
                for (int k = 0; k < m.resource(r).count(); k++) {
                    List<List<Integer>> ir = new ArrayList<>();
                    for (int row = 0; row < ii; row++) {
                        ir.add(new ArrayList<>());
                    }
                    insts.add(ir);
                }
                count.add(rows);
                perInst.add(insts);
            }
            for (int u = 0; u < n; u++) {
                List<Reservation.Use> uses = loop.op(u).reservation().uses();
                inst[u] = new int[uses.size()][];
                for (int j = 0; j < uses.size(); j++) {
                    Reservation.Use use = uses.get(j);
                    int r = use.resource();
                    int units = m.resource(r).count();
                    if (use.offsetCount() == 1 || units == 1) {
                        // any instance assignment works row by row (single cycle) or there is only one instance
                        for (int row = 0; row < ii; row++) {
                            for (int k = 0; k < use.offsetCount(); k++) {
                                count.get(r).get(Math.floorMod(row + use.offset(k), ii)).add(rowVar[u][row]);
                            }
                        }
                        continue;
                    }
                    int[] a = new int[units];
                    VecInt one = new VecInt();
                    for (int k = 0; k < units; k++) {
                        a[k] = nextVar++;
                        one.push(a[k]);
                    }
                    solver.addExactly(one, 1);
                    inst[u][j] = a;
                    for (int k = 0; k < units; k++) {
                        int[] occ = new int[ii];
                        for (int row = 0; row < ii; row++) {
                            occ[row] = nextVar++;
                        }
                        for (int row = 0; row < ii; row++) {
                            tick();
                            for (int o = 0; o < use.offsetCount(); o++) {
                                int target = Math.floorMod(row + use.offset(o), ii);
                                clause(-rowVar[u][row], -a[k], occ[target]);
                            }
                        }
                        for (int row = 0; row < ii; row++) {
                            perInst.get(r).get(k).get(row).add(occ[row]);
                            count.get(r).get(row).add(occ[row]);
                        }
                    }
                }
            }
            for (int r = 0; r < nr; r++) {
                for (int row = 0; row < ii; row++) {
                    tick();
                    atMost(count.get(r).get(row), m.resource(r).count());
                    for (List<List<Integer>> ir : perInst.get(r)) {
                        atMost(ir.get(row), 1);
                    }
                }
            }
        }

        private void buildLifetimes(Digraph g, int liveBound) throws ContradictionException {
            List<List<Integer>> perRow = new ArrayList<>();
            for (int row = 0; row < ii; row++) {
                perRow.add(new ArrayList<>());
            }
            for (int p = 0; p < n; p++) {
                List<Integer> flow = new ArrayList<>();
                for (int e : g.outEdges(p)) {
                    if (loop.dependence(e).kind() == DependenceKind.FLOW) {
                        flow.add(e);
                    }
                }
                if (flow.isEmpty()) {
                    continue;
                }
                int maxEnd = Integer.MIN_VALUE;
                for (int e : flow) {
                    maxEnd = Math.max(maxEnd, lst[g.target(e)] + loop.distance(e) * ii);
                }
                for (int c = est[p]; c < maxEnd; c++) {
                    tick();
                    // ended = every consumer issued by c (t(cons) + δ·II <= c)
                    int ended = nextVar++;
                    for (int e : flow) {
                        clause(-ended, leq(g.target(e), c - loop.distance(e) * ii));
                    }
                    int live = nextVar++;
                    clause(neg(leq(p, c)), ended, live);
                    perRow.get(Math.floorMod(c, ii)).add(live);
                }
            }
            bound = new int[Math.max(1, liveBound)];
            for (int i = 0; i < bound.length; i++) {
                bound[i] = nextVar++;
                if (i > 0) {
                    clause(-bound[i], bound[i - 1]);
                }
            }
            for (int row = 0; row < ii; row++) {
                VecInt lits = new VecInt();
                Vec<BigInteger> coefs = new Vec<>();
                for (int l : perRow.get(row)) {
                    lits.push(l);
                    coefs.push(BigInteger.ONE);
                }
                for (int b : bound) {
                    lits.push(b);
                    coefs.push(BigInteger.ONE.negate());
                }
                solver.addAtMost(lits, coefs, BigInteger.ZERO); // Σ live − Σ bound ≤ 0
            }
            // redundant sum over all rows (AvgLive bound), it helps the solver prove optimality
            VecInt all = new VecInt();
            Vec<BigInteger> allCoefs = new Vec<>();
            for (List<Integer> row : perRow) {
                for (int l : row) {
                    all.push(l);
                    allCoefs.push(BigInteger.ONE);
                }
            }
            for (int b : bound) {
                all.push(b);
                allCoefs.push(BigInteger.valueOf(-ii));
            }
            solver.addAtMost(all, allCoefs, BigInteger.ZERO);
        }

        /** A model, null when UNSAT; TimeLimitException naming {@code what} when the deadline passes. */
        int[] solve(Deadline deadline, IVecInt assumptions, String what) {
            if (trivialUnsat) {
                return null;
            }
            solver.newVar(nextVar);
            long ms = deadline.remaining().toMillis();
            if (ms <= 0) {
                throw new TimeLimitException(what, deadline.limit());
            }
            solver.setTimeoutMs(ms);
            try {
                return solver.isSatisfiable(assumptions) ? solver.model() : null;
            } catch (TimeoutException e) {
                throw new TimeLimitException(what, deadline.limit());
            }
        }

        Schedule decode(int[] model) {
            boolean[] val = new boolean[nextVar + 1];
            for (int lit : model) {
                if (lit > 0 && lit < val.length) {
                    val[lit] = true;
                }
            }
            int[] t = new int[n];
            for (int u = 0; u < n; u++) {
                t[u] = lst[u];
                for (int i = 0; i < le[u].length; i++) {
                    if (val[le[u][i]]) {
                        t[u] = est[u] + i;
                        break;
                    }
                }
            }
            // instances: the solver's choice for multi-cycle uses, then first fit row by row for the rest
            Machine m = loop.machine();
            int[][] units = new int[n][];
            boolean[][][] taken = new boolean[m.resources().size()][][];
            for (int r = 0; r < taken.length; r++) {
                taken[r] = new boolean[m.resource(r).count()][ii];
            }
            for (int u = 0; u < n; u++) {
                units[u] = new int[loop.op(u).reservation().uses().size()];
                Arrays.fill(units[u], -1);
                for (int j = 0; j < units[u].length; j++) {
                    if (inst[u][j] != null) {
                        for (int k = 0; k < inst[u][j].length; k++) {
                            if (val[inst[u][j][k]]) {
                                units[u][j] = k;
                            }
                        }
                        mark(taken, loop.op(u).reservation().uses().get(j), units[u][j], t[u]);
                    } else if (m.resource(loop.op(u).reservation().uses().get(j).resource()).count() == 1) {
                        units[u][j] = 0;
                        mark(taken, loop.op(u).reservation().uses().get(j), 0, t[u]);
                    }
                }
            }
            for (int u = 0; u < n; u++) {
                for (int j = 0; j < units[u].length; j++) {
                    if (units[u][j] >= 0) {
                        continue;
                    }
                    Reservation.Use use = loop.op(u).reservation().uses().get(j);
                    int row = Math.floorMod(t[u] + use.offset(0), ii);
                    int k = 0;
                    while (k < taken[use.resource()].length - 1 && taken[use.resource()][k][row]) {
                        k++;
                    }
                    units[u][j] = k;
                    mark(taken, use, k, t[u]);
                }
            }
            return Schedule.of(loop, ii, t, units);
        }

        private void mark(boolean[][][] taken, Reservation.Use use, int k, int t) {
            for (int o = 0; o < use.offsetCount(); o++) {
                taken[use.resource()][k][Math.floorMod(t + use.offset(o), ii)] = true;
            }
        }
    }
}
