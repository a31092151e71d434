package tessera.telamon.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToDoubleFunction;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;
import tessera.dspace.runtime.csp.Candidate;

/**
 * Seed 001 §6.1 (digest 001b §2.5, §3.6): Monte-Carlo tree search with the TAG bandit (threshold ascent on graphs)
 * and the lower bound. The choices made here where the thesis is silent (digest §8.1 item 11):
 * <ul>
 * <li>Tree: a node is a candidate; expanding it decides the next open choice in {@link ChoiceOrder}'s group order
 * (or {@link ChoiceOrder#nextReverse} with {@link Order#REVERSE}), one child per value propagation accepts, each with
 * its bound (ns). Every node a rollout passes through joins the tree with its children's bounds, so no leaf is
 * evaluated twice: an evaluated leaf is dead, and a node whose children are all dead or cut is dead.</li>
 * <li>Cut: a child whose bound b reaches the best time t* is cut with its subtree — b ≥ t* by default (Telamon's
 * choice: a subtree whose lower bound equals t* cannot hold a faster leaf, so the best value is never lost, only
 * leaves that tie it), b &gt; t* with {@link Settings#strictCut} (the thesis's "higher than": ties are still
 * visited). Cut decisions stay cut (t* only decreases).</li>
 * <li>Selection (6.1): per node the T best times of its subtree ({@link Settings#topK}, default 10 as Telamon), and per
 * child i n_i (visits) and s_i (how many of the node's T best came through i); among the live children,
 * argmax (s_i + α + √(2·s_i·α + α²)) / n_i with α = ln(2·n·k/δ), k the number of live children and
 * <b>n = Σ n_i the number of trials through the node</b>, as the original TAG and Telamon (the thesis prints
 * n = Σ s_i, which makes α = ln 0 before any of the node's times counts); δ = 1 (Telamon's default). Ties go to the
 * first child. A node with a live child never visited (n_i = 0) starts the rollout there instead, the unvisited
 * children drawn by (6.2).</li>
 * <li>Rollout (6.2): each step draws a live child with probability ∝ max(t* − b, 0); before the first evaluation (t* =
 * +∞), or when every weight is 0 (ties under the strict cut), uniformly among the live children.</li>
 * <li>Dead ends: a node without valid children (propagation rejects every value), or whose children are all cut, is
 * dead; in a rollout this is counted ({@link Result#deadEnds}, the former only) and the rollout starts again from the
 * node where it began, or the iteration from the root when that node died too.</li>
 * <li>UCT ({@link Policy#UCT}): argmax x_i + √(2·ln n / n_i) with x_i = t* / (geometric mean of the times through
 * i) ∈ (0, 1].</li>
 * <li>Parallel rollouts ({@link Settings#rollouts} R &gt; 1): the search goes in rounds of R iterations. Their
 * selections are made one after the other on the statistics of the round's start, each selected child counting as
 * visited for the later selections of the round (a virtual visit); the R rollouts then run at once on the worker
 * threads, each with its own random generator (split from the seed's) and seeing the tree as it stood at the round's
 * start, plus what it found itself (dead ends, cuts at the round's best time); each gets its leaf's evaluation ready
 * ({@link Evaluator#prepare}: code generation and the JIT) on its thread. Then, in order, each rollout's decisions,
 * cuts and dead ends are logged and its leaf evaluated on the search's thread, unless an earlier rollout of the round
 * evaluated it already or a better time found since then cuts it. With R = 1 this is the sequential search.</li>
 * </ul>
 * Deterministic under {@link Settings#seed} (one {@link SplittableRandom}) and {@link Settings#rollouts}, and
 * independent of {@link Settings#threads}; stops after {@link Settings#budget} evaluations (or when the evaluator is
 * {@link Evaluator#exhausted}), at the deadline (also when it fires inside propagation), when the monitor is cancelled, when the tree is exhausted (every
 * leaf evaluated or cut: then the best is the optimum) or at {@link Settings#stopAt}.
 */
public final class TagSearch {
    /** The bandit of the tree's nodes. */
    public enum Policy { TAG, UCT }

    /** The decision order: the thesis's group order or its reverse (§6.3.3). */
    public enum Order {
        THESIS, REVERSE;

        public int next(Candidate c) {
            return this == THESIS ? ChoiceOrder.next(c) : ChoiceOrder.nextReverse(c);
        }
    }

    /**
     * The settings: policy, order, strict cut (b &gt; t*) or not (b ≥ t*), T, δ, the evaluation budget, the seed,
     * a time at or below which the search stops ({@code -∞}: never), the worker threads and the rollouts of a round.
     */
    public record Settings(Policy policy, Order order, boolean strictCut, int topK, double delta, int budget,
            long seed, double stopAt, int threads, int rollouts) {
        public static final int DEFAULT_TOP_K = 10;
        public static final double DEFAULT_DELTA = 1;

        public Settings {
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be at least 1, got " + threads);
            }
            if (rollouts < 1) {
                throw new IllegalArgumentException("rollouts must be at least 1, got " + rollouts);
            }
        }

        /** One worker thread per processor: expansion uses them all. */
        public static int defaultThreads() {
            return Runtime.getRuntime().availableProcessors();
        }

        public static Settings defaults() {
            return new Settings(Policy.TAG, Order.THESIS, false, DEFAULT_TOP_K, DEFAULT_DELTA, 2_000, 1,
                    Double.NEGATIVE_INFINITY, defaultThreads(), 1);
        }

        /** The same search with {@code n} worker threads (the result does not depend on it). */
        public Settings withThreads(int n) {
            return new Settings(policy, order, strictCut, topK, delta, budget, seed, stopAt, n, rollouts);
        }

        /** Rounds of {@code r} rollouts run at once (1: the sequential search). */
        public Settings withRollouts(int r) {
            return new Settings(policy, order, strictCut, topK, delta, budget, seed, stopAt, threads, r);
        }

        public Settings withPolicy(Policy p) {
            return new Settings(p, order, strictCut, topK, delta, budget, seed, stopAt, threads, rollouts);
        }

        public Settings withOrder(Order o) {
            return new Settings(policy, o, strictCut, topK, delta, budget, seed, stopAt, threads, rollouts);
        }

        public Settings withStrictCut(boolean s) {
            return new Settings(policy, order, s, topK, delta, budget, seed, stopAt, threads, rollouts);
        }

        public Settings withBudget(int b) {
            return new Settings(policy, order, strictCut, topK, delta, b, seed, stopAt, threads, rollouts);
        }

        public Settings withSeed(long s) {
            return new Settings(policy, order, strictCut, topK, delta, budget, s, stopAt, threads, rollouts);
        }

        public Settings withStopAt(double t) {
            return new Settings(policy, order, strictCut, topK, delta, budget, seed, t, threads, rollouts);
        }
    }

    /** Why a search stopped. */
    public enum Stop { BUDGET, TIME_LIMIT, CANCELLED, EXHAUSTED, TARGET }

    /**
     * The outcome: the best time (ns, +∞ when none) and its decisions, the evaluation at which it was found (1-based,
     * 0 when none), the evaluations, failed evaluations, cuts, dead ends, iterations restarted from the root, the
     * tree's nodes, why it stopped, its wall time and the part of it spent in the evaluator (ms).
     */
    public record Result(double best, List<String> bestDecisions, int bestAt, int evaluations, int failures,
            int cuts, int deadEnds, int restarts, int nodes, Stop stop, long ms, long evaluationMs) {
    }

    /** Told after every evaluation: the evaluations so far, the best time, the cuts. */
    @FunctionalInterface
    public interface Listener {
        void evaluated(int evaluations, double best, int cuts);
    }

    /** Cut test: b ≥ t* (non-strict, the default) or b &gt; t* (strict). */
    public static boolean cuts(double bound, double best, boolean strict) {
        return strict ? bound > best : bound >= best;
    }

    private final ToDoubleFunction<Candidate> bound;
    private final Evaluator evaluator;
    private final Settings settings;
    private final SearchLog log;
    private final SplittableRandom random;
    private final Deadline deadline;
    private final Monitor monitor;
    private final Listener listener;
    private final Workers workers;
    private final long startNanos = System.nanoTime();

    /** The best time; changes only between the rounds' rollouts, on the search's thread. */
    private double best = Double.POSITIVE_INFINITY;
    private List<String> bestDecisions = List.of();
    private int bestAt, evaluations, failures, cuts, deadEnds, restarts, iteration;
    private final AtomicInteger nodes = new AtomicInteger();
    /** Wall time spent in the evaluator (the rest is the tree: expansion, propagation, bounds). */
    private long evaluationMs;

    private TagSearch(ToDoubleFunction<Candidate> bound, Evaluator evaluator, Settings settings, SearchLog log,
            Deadline deadline, Monitor monitor, Listener listener) {
        this.bound = bound;
        this.evaluator = evaluator;
        this.settings = settings;
        this.log = log;
        this.random = new SplittableRandom(settings.seed());
        this.deadline = deadline;
        this.monitor = monitor;
        this.listener = listener;
        this.workers = new Workers(settings.threads());
    }

    /**
     * Searches the tree below {@code root} (not modified). {@code bound}: the lower bound of a candidate in ns;
     * {@code kernel}: a name for the log's start line.
     */
    public static Result run(String kernel, Candidate root, ToDoubleFunction<Candidate> bound, Evaluator evaluator,
            Settings settings, SearchLog log, Deadline deadline, Monitor monitor, Listener listener) {
        TagSearch s = new TagSearch(bound, evaluator, settings, log, deadline, monitor,
                listener == null ? (e, b, c) -> { } : listener);
        log.event("start", 0).put("kernel", kernel).put("evaluator", evaluator.name())
                .put("policy", settings.policy().name().toLowerCase(Locale.ROOT))
                .put("order", settings.order().name().toLowerCase(Locale.ROOT))
                .put("cut", settings.strictCut() ? "strict" : "non-strict").put("topK", settings.topK())
                .put("delta", settings.delta()).put("budget", settings.budget()).put("seed", settings.seed())
                .put("threads", settings.threads()).put("rollouts", settings.rollouts()).write(true);
        Stop stop;
        try {
            stop = s.search(root.copy());
        } finally {
            s.workers.close();
        }
        log.event("end", s.iteration).put("stop", stop.name().toLowerCase(Locale.ROOT))
                .put("evaluations", s.evaluations).put("failures", s.failures).put("best", s.best)
                .put("bestAt", s.bestAt).put("cuts", s.cuts).put("deadEnds", s.deadEnds).put("nodes", s.nodes.get())
                .put("ms", s.elapsedMs()).put("evalMs", s.evaluationMs).write(true);
        return new Result(s.best, s.bestDecisions, s.bestAt, s.evaluations, s.failures, s.cuts, s.deadEnds,
                s.restarts, s.nodes.get(), stop, s.elapsedMs(), s.evaluationMs);
    }

    private long elapsedMs() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private Stop search(Candidate rootCandidate) {
        TagNode root = new TagNode(null, -1, rootCandidate, bound.applyAsDouble(rootCandidate), null, 0);
        nodes.set(1);
        while (true) {
            if (root.dead) {
                return Stop.EXHAUSTED;
            }
            if (evaluations >= settings.budget() || evaluator.exhausted()) {
                return Stop.BUDGET;
            }
            if (best <= settings.stopAt()) {
                return Stop.TARGET;
            }
            if (deadline.expired()) {
                return Stop.TIME_LIMIT;
            }
            if (monitor.isCanceled()) {
                return Stop.CANCELLED;
            }
            try {
                round(root, Math.min(settings.rollouts(), settings.budget() - evaluations));
            } catch (TimeLimitException e) { // the monitor's deadline inside propagation: the search ends, its best kept
                return Stop.TIME_LIMIT;
            }
        }
    }

    /**
     * One round of {@code r} iterations: their selections in order, their rollouts at once on the workers, then each
     * one's log, cuts, dead ends and evaluation in order.
     */
    private void round(TagNode root, int r) {
        List<Rollout> rollouts = new ArrayList<>(r);
        List<TagNode> visited = new ArrayList<>();
        try {
            for (int j = 0; j < r; j++) {
                Rollout x = new Rollout(++iteration, r == 1 ? random : random.split());
                x.select(root, visited);
                rollouts.add(x);
            }
            workers.forEach(r, j -> rollouts.get(j).roll());
        } catch (RuntimeException e) {
            rollouts.forEach(Rollout::discard);
            throw e;
        } finally {
            for (TagNode v : visited) {
                Arrays.fill(v.virtual, 0);
            }
        }
        for (Rollout x : rollouts) {
            commit(x);
        }
    }

    /** Logs a rollout's steps, commits its cuts and dead ends, and evaluates its leaf when it still needs it. */
    private void commit(Rollout x) {
        x.commits.forEach(Runnable::run);
        TagNode leaf = x.leaf;
        if (leaf == null) {
            restarts++;
            return;
        }
        if (leaf.dead || evaluations >= settings.budget() || evaluator.exhausted() || best <= settings.stopAt()
                || monitor.isCanceled()) {
            x.discard(); // evaluated by an earlier rollout of the round, or the search stops at this round's end
            restarts += leaf.dead ? 1 : 0;
            return;
        }
        if (cuts(leaf.bound, best, settings.strictCut())) { // an earlier rollout of the round found a time below it
            x.discard();
            cut(leaf.parent, leaf.index, x.iteration);
            prune(leaf.parent);
            return;
        }
        evaluate(leaf, x);
    }

    /**
     * One iteration: its selection (on the search's thread, in order), its rollout (on a worker) and what it found,
     * kept for {@link #commit}. It sees the tree as at the round's start and its own findings.
     */
    private final class Rollout {
        final int iteration;
        final SplittableRandom random;
        /** The nodes below the root, in order. */
        final List<TagNode> path = new ArrayList<>();
        /** Logged decisions, cuts, dead ends and deaths, in the order found. */
        final List<Runnable> commits = new ArrayList<>();
        final Set<TagNode> dead = Collections.newSetFromMap(new IdentityHashMap<>());
        TagNode start;
        /** The first step from {@link #start}, drawn at the selection (-1: drawn by the rollout). */
        int first = -1;
        TagNode leaf;
        Evaluator.Pending pending;

        Rollout(int iteration, SplittableRandom random) {
            this.iteration = iteration;
            this.random = random;
        }

        /**
         * Selection: TAG or UCT down through visited nodes to the first with a live child not visited yet (its first
         * step drawn by (6.2) among those), or to a node not expanded yet; a node found dead ends the iteration.
         */
        void select(TagNode root, List<TagNode> visited) {
            TagNode node = root;
            while (true) {
                if (!node.expanded || node.leaf) {
                    start = node;
                    return;
                }
                refreshCuts(node);
                if (isDead(node)) {
                    return;
                }
                boolean unvisited = false;
                for (int i = 0; i < node.children.length; i++) {
                    unvisited |= alive(node, i) && node.n[i] + node.virtual[i] == 0;
                }
                int i = unvisited ? draw(node, true) : bandit(node);
                node.virtual[i]++;
                visited.add(node);
                if (unvisited) {
                    start = node;
                    first = i;
                    return;
                }
                node = step(node, i);
            }
        }

        /**
         * Rollout (6.2) from {@link #start} to a leaf, whose evaluation it prepares; after a dead end it starts again
         * from {@link #start}, and ends without a leaf when that node dies.
         */
        void roll() {
            if (start == null) {
                return;
            }
            int prefix = path.size();
            while (true) {
                TagNode cur = start;
                boolean unvisited = true;
                if (first >= 0) {
                    cur = step(start, first);
                    first = -1;
                    unvisited = false;
                }
                while (true) {
                    expand(cur);
                    if (cur.leaf) {
                        leaf = cur;
                        pending = evaluator.prepare(cur.candidate, cur.decisions());
                        return;
                    }
                    refreshCuts(cur);
                    if (isDead(cur)) {
                        if (cur.noValidChild) {
                            TagNode d = cur;
                            commits.add(() -> deadEnd(d, iteration));
                        }
                        break;
                    }
                    int i = draw(cur, unvisited);
                    if (i < 0) { // the start node's unvisited children are all gone: select again from the root
                        return;
                    }
                    unvisited = false;
                    cur = step(cur, i);
                }
                if (isDead(start)) {
                    return;
                }
                path.subList(prefix, path.size()).clear();
            }
        }

        void discard() {
            if (pending != null) {
                pending.discard();
                pending = null;
            }
        }

        boolean isDead(TagNode node) {
            return node.dead || dead.contains(node);
        }

        boolean alive(TagNode node, int i) {
            TagNode c = node.children[i];
            return !isDead(c) && !cuts(c.bound, best, settings.strictCut());
        }

        TagNode step(TagNode node, int i) {
            TagNode child = node.children[i];
            path.add(child);
            commits.add(() -> log.event("decision", iteration).put("depth", child.depth)
                    .put("decision", child.decision).put("bound", child.bound).write());
            return child;
        }

        /** Notes the children whose bound reaches the best time; the node dies when no child lives. */
        void refreshCuts(TagNode node) {
            boolean any = false;
            for (int i = 0; i < node.children.length; i++) {
                TagNode c = node.children[i];
                if (!node.cut[i] && !isDead(c) && cuts(c.bound, best, settings.strictCut())) {
                    int k = i;
                    commits.add(() -> cut(node, k, iteration));
                }
                any |= alive(node, i);
            }
            if (!any) {
                kill(node);
            }
        }

        /** The node dies, and so does its parent when no child of it lives. */
        void kill(TagNode node) {
            if (isDead(node)) {
                return;
            }
            dead.add(node);
            commits.add(() -> {
                if (!node.dead) {
                    TagSearch.this.kill(node);
                }
            });
            TagNode p = node.parent;
            if (p != null) {
                for (int i = 0; i < p.children.length; i++) {
                    if (alive(p, i)) {
                        return;
                    }
                }
                kill(p);
            }
        }

        /** TAG (6.1) or UCT among the live children, all visited (virtual visits included). */
        int bandit(TagNode node) {
            int k = 0;
            long n = 0;
            for (int i = 0; i < node.children.length; i++) {
                if (alive(node, i)) {
                    k++;
                    n += node.n[i] + node.virtual[i];
                }
            }
            int[] s = node.s();
            int arg = -1;
            double max = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < node.children.length; i++) {
                if (!alive(node, i)) {
                    continue;
                }
                int ni = node.n[i] + node.virtual[i];
                double score;
                if (settings.policy() == Policy.TAG) {
                    score = TagNode.tag(s[i], ni, n, k, settings.delta());
                } else {
                    double x = Double.isInfinite(best) || node.n[i] == 0 ? 0
                            : best / Math.exp(node.logSum[i] / node.n[i]);
                    score = x + Math.sqrt(2 * Math.log(n) / ni);
                }
                if (score > max || arg < 0) {
                    max = score;
                    arg = i;
                }
            }
            return arg;
        }

        /** (6.2) among the live children (the unvisited ones only when {@code unvisited}); -1 when there is none. */
        int draw(TagNode node, boolean unvisited) {
            int k = node.children.length;
            double[] w = new double[k];
            double sum = 0;
            int live = 0;
            for (int i = 0; i < k; i++) {
                if (alive(node, i) && (!unvisited || node.n[i] + node.virtual[i] == 0)) {
                    live++;
                    w[i] = Double.isInfinite(best) ? 0 : Math.max(best - node.children[i].bound, 0);
                    sum += w[i];
                } else {
                    w[i] = -1;
                }
            }
            if (live == 0) {
                return -1;
            }
            if (sum > 0) {
                double r = random.nextDouble() * sum;
                int last = -1;
                for (int i = 0; i < k; i++) {
                    if (w[i] > 0) {
                        last = i;
                        r -= w[i];
                        if (r < 0) {
                            return i;
                        }
                    }
                }
                return last;
            }
            int r = random.nextInt(live);
            for (int i = 0; i < k; i++) {
                if (w[i] >= 0 && r-- == 0) {
                    return i;
                }
            }
            throw new AssertionError();
        }
    }

    /**
     * Computes a node's children (one per value propagation accepts) and their bounds, once, whichever rollout asks
     * first; the values are propagated and bounded on the worker threads, and the children kept in value order, so
     * the tree is the same with any number of threads.
     */
    private void expand(TagNode node) {
        if (node.expanded) {
            return;
        }
        synchronized (node) {
            if (node.expanded) {
                return;
            }
            Candidate c = node.candidate;
            int v = settings.order().next(c);
            if (v < 0) {
                node.growLeaf();
                return;
            }
            int values = Long.bitCount(c.domain(v));
            long[] bits = new long[values];
            Candidate[] copies = new Candidate[values];
            double[] bounds = new double[values];
            long dom = c.domain(v);
            for (int i = 0; i < values; i++, dom &= dom - 1) {
                bits[i] = Long.lowestOneBit(dom);
                copies[i] = c.copy(); // on this thread: a copy marks its parent's kernel shared
            }
            workers.forEach(values, i -> { // propagation and bound of each value, independent of the others
                if (copies[i].restrict(v, bits[i]) && !copies[i].failed()) {
                    bounds[i] = bound.applyAsDouble(copies[i]);
                } else {
                    copies[i] = null;
                }
            });
            List<TagNode> kids = new ArrayList<>();
            for (int i = 0; i < values; i++) {
                if (copies[i] != null) {
                    kids.add(new TagNode(node, kids.size(), copies[i], bounds[i],
                            RandomDescent.describe(c, v, bits[i]), node.depth + 1));
                }
            }
            nodes.addAndGet(kids.size());
            node.grow(kids, settings.topK());
        }
    }

    /** Counts, logs and drops a cut child (once). */
    private void cut(TagNode node, int i, int iteration) {
        TagNode c = node.children[i];
        if (node.cut[i] || c.dead) {
            return;
        }
        node.cut[i] = true;
        cuts++;
        log.event("cut", iteration).put("decisions", c.decisions()).put("bound", c.bound).put("best", best).write();
        c.candidate = null;
    }

    /** Counts and logs a node without valid children (once). */
    private void deadEnd(TagNode node, int iteration) {
        if (node.deadEndCounted) {
            return;
        }
        node.deadEndCounted = true;
        deadEnds++;
        log.event("deadend", iteration).put("decisions", node.decisions()).write();
    }

    /** Whether a child lives: neither dead nor cut by the best time. */
    private boolean alive(TagNode node, int i) {
        TagNode c = node.children[i];
        return !c.dead && !cuts(c.bound, best, settings.strictCut());
    }

    private void kill(TagNode node) {
        node.dead = true;
        node.candidate = null;
        TagNode p = node.parent;
        if (p != null && !p.dead) {
            prune(p);
        }
    }

    /** Kills a node none of whose children lives. */
    private void prune(TagNode node) {
        if (node.dead) {
            return;
        }
        for (int i = 0; i < node.children.length; i++) {
            if (alive(node, i)) {
                return;
            }
        }
        kill(node);
    }

    private void evaluate(TagNode leaf, Rollout x) {
        List<String> ds = leaf.decisions();
        List<Double> bounds = new ArrayList<>();
        for (TagNode p : x.path) {
            bounds.add(p.bound);
        }
        long t0 = System.nanoTime();
        Evaluator.Result r = x.pending.run();
        x.pending = null;
        long evalMs = (System.nanoTime() - t0) / 1_000_000;
        evaluationMs += evalMs;
        evaluations++;
        kill(leaf);
        SearchLog.Event e = log.event("evaluation", x.iteration).put("n", evaluations).put("decisions", ds)
                .put("bounds", bounds).put("bound", leaf.bound);
        if (!r.ok()) {
            failures++;
            e.put("failure", r.failure());
        } else {
            double t = r.nanoseconds();
            e.put("time", t);
            if (t < best) {
                best = t;
                bestDecisions = ds;
                bestAt = evaluations;
            }
            TagNode child = leaf;
            for (TagNode p = leaf.parent; p != null; child = p, p = p.parent) {
                p.n[child.index]++;
                p.logSum[child.index] += Math.log(Math.max(t, Double.MIN_NORMAL));
                p.insertTop(t, child.index);
            }
        }
        e.put("best", best).put("ms", elapsedMs()).put("evalMs", evalMs).write(true);
        listener.evaluated(evaluations, best, cuts);
    }
}
