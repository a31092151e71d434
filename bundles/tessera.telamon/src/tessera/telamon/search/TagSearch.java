package tessera.telamon.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
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
 * </ul>
 * Deterministic under {@link Settings#seed} (one {@link SplittableRandom}) and independent of {@link Settings#threads};
 * stops after {@link Settings#budget} evaluations (or when the evaluator is {@link Evaluator#exhausted}), at the
 * deadline (also when it fires inside propagation), when the monitor is cancelled, when the tree is exhausted (every
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
     * and a time at or below which the search stops ({@code -∞}: never).
     */
    public record Settings(Policy policy, Order order, boolean strictCut, int topK, double delta, int budget,
            long seed, double stopAt, int threads) {
        public static final int DEFAULT_TOP_K = 10;
        public static final double DEFAULT_DELTA = 1;

        public Settings {
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be at least 1, got " + threads);
            }
        }

        /** One worker thread per processor: expansion uses them all. */
        public static int defaultThreads() {
            return Runtime.getRuntime().availableProcessors();
        }

        public static Settings defaults() {
            return new Settings(Policy.TAG, Order.THESIS, false, DEFAULT_TOP_K, DEFAULT_DELTA, 2_000, 1,
                    Double.NEGATIVE_INFINITY, defaultThreads());
        }

        /** The same search with {@code n} worker threads (the result does not depend on it). */
        public Settings withThreads(int n) {
            return new Settings(policy, order, strictCut, topK, delta, budget, seed, stopAt, n);
        }

        public Settings withPolicy(Policy p) {
            return new Settings(p, order, strictCut, topK, delta, budget, seed, stopAt, threads);
        }

        public Settings withOrder(Order o) {
            return new Settings(policy, o, strictCut, topK, delta, budget, seed, stopAt, threads);
        }

        public Settings withStrictCut(boolean s) {
            return new Settings(policy, order, s, topK, delta, budget, seed, stopAt, threads);
        }

        public Settings withBudget(int b) {
            return new Settings(policy, order, strictCut, topK, delta, b, seed, stopAt, threads);
        }

        public Settings withSeed(long s) {
            return new Settings(policy, order, strictCut, topK, delta, budget, s, stopAt, threads);
        }

        public Settings withStopAt(double t) {
            return new Settings(policy, order, strictCut, topK, delta, budget, seed, t, threads);
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

    private static final class Node {
        final Node parent;
        final int index;
        final double bound;
        final String decision;
        final int depth;
        Candidate candidate;
        boolean expanded, leaf, dead, noValidChild;
        Node[] children;
        boolean[] cut;
        int[] n;
        double[] logSum;
        double[] topTimes;
        int[] topFrom;
        int topSize;

        Node(Node parent, int index, Candidate c, double bound, String decision, int depth) {
            this.parent = parent;
            this.index = index;
            this.candidate = c;
            this.bound = bound;
            this.decision = decision;
            this.depth = depth;
        }

        boolean alive(int i) {
            return !cut[i] && !children[i].dead;
        }
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

    private double best = Double.POSITIVE_INFINITY;
    private List<String> bestDecisions = List.of();
    private int bestAt, evaluations, failures, cuts, deadEnds, restarts, nodes, iteration;
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
                .put("threads", settings.threads()).write(true);
        Stop stop;
        try {
            stop = s.search(root.copy());
        } finally {
            s.workers.close();
        }
        log.event("end", s.iteration).put("stop", stop.name().toLowerCase(Locale.ROOT))
                .put("evaluations", s.evaluations).put("failures", s.failures).put("best", s.best)
                .put("bestAt", s.bestAt).put("cuts", s.cuts).put("deadEnds", s.deadEnds).put("nodes", s.nodes)
                .put("ms", s.elapsedMs()).put("evalMs", s.evaluationMs).write(true);
        return new Result(s.best, s.bestDecisions, s.bestAt, s.evaluations, s.failures, s.cuts, s.deadEnds,
                s.restarts, s.nodes, stop, s.elapsedMs(), s.evaluationMs);
    }

    private long elapsedMs() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private Stop search(Candidate rootCandidate) {
        Node root = new Node(null, -1, rootCandidate, bound.applyAsDouble(rootCandidate), null, 0);
        nodes = 1;
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
            iteration++;
            try {
                iterate(root);
            } catch (TimeLimitException e) { // the monitor's deadline inside propagation: the search ends, its best kept
                return Stop.TIME_LIMIT;
            }
        }
    }

    /** One iteration: selection, then rollout, evaluation and back-propagation; returns early on a dead node. */
    private void iterate(Node root) {
        List<Node> path = new ArrayList<>(); // the nodes below the root, in order
        Node node = root;
        while (true) {
            expand(node);
            if (node.leaf) {
                evaluate(node, path);
                return;
            }
            refreshCuts(node);
            if (node.dead) {
                restarts++;
                return;
            }
            boolean unvisited = false;
            for (int i = 0; i < node.children.length; i++) {
                unvisited |= node.alive(i) && node.n[i] == 0;
            }
            if (unvisited) {
                break;
            }
            node = step(node, select(node), path);
        }
        // rollout from node: its first step among the unvisited live children, then by (6.2)
        Node start = node;
        int prefix = path.size();
        while (true) {
            boolean first = true;
            Node cur = start;
            while (true) {
                expand(cur);
                if (cur.leaf) {
                    evaluate(cur, path);
                    return;
                }
                refreshCuts(cur);
                if (cur.dead) {
                    if (cur.noValidChild) {
                        deadEnds++;
                        log.event("deadend", iteration).put("decisions", decisions(cur)).write();
                    }
                    break;
                }
                int i = draw(cur, first);
                if (i < 0) { // the start node's unvisited children are all gone: select again from the root
                    restarts++;
                    return;
                }
                first = false;
                cur = step(cur, i, path);
            }
            if (start.dead) {
                restarts++;
                return;
            }
            path.subList(prefix, path.size()).clear();
        }
    }

    private Node step(Node node, int i, List<Node> path) {
        Node child = node.children[i];
        path.add(child);
        log.event("decision", iteration).put("depth", child.depth).put("decision", child.decision)
                .put("bound", child.bound).write();
        return child;
    }

    /**
     * Computes a node's children (one per value propagation accepts) and their bounds, once; the values are
     * propagated and bounded on the worker threads, and the children kept in value order, so the tree is the same
     * with any number of threads.
     */
    private void expand(Node node) {
        if (node.expanded) {
            return;
        }
        node.expanded = true;
        Candidate c = node.candidate;
        int v = settings.order().next(c);
        if (v < 0) {
            node.leaf = true;
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
        List<Node> kids = new ArrayList<>();
        for (int i = 0; i < values; i++) {
            if (copies[i] != null) {
                kids.add(new Node(node, kids.size(), copies[i], bounds[i], RandomDescent.describe(c, v, bits[i]),
                        node.depth + 1));
            }
        }
        nodes += kids.size();
        node.candidate = null; // the children hold what is needed below
        int k = kids.size();
        node.children = kids.toArray(new Node[0]);
        node.cut = new boolean[k];
        node.n = new int[k];
        node.logSum = new double[k];
        node.topTimes = new double[Math.max(1, settings.topK())];
        node.topFrom = new int[node.topTimes.length];
        if (k == 0) {
            node.noValidChild = true;
            kill(node);
        }
    }

    /** Cuts the children whose bound reaches the best time; kills the node when no child lives. */
    private void refreshCuts(Node node) {
        boolean any = false;
        for (int i = 0; i < node.children.length; i++) {
            Node c = node.children[i];
            if (!node.cut[i] && !c.dead && cuts(c.bound, best, settings.strictCut())) {
                node.cut[i] = true;
                cuts++;
                log.event("cut", iteration).put("decisions", decisions(c)).put("bound", c.bound).put("best", best)
                        .write();
                c.candidate = null;
            }
            any |= node.alive(i);
        }
        if (!any && !node.dead) {
            kill(node);
        }
    }

    private void kill(Node node) {
        node.dead = true;
        node.candidate = null;
        Node p = node.parent;
        if (p != null && !p.dead) {
            for (int i = 0; i < p.children.length; i++) {
                if (p.alive(i)) {
                    return;
                }
            }
            kill(p);
        }
    }

    /** TAG (6.1) or UCT among the live children, all visited. */
    private int select(Node node) {
        int k = 0;
        long n = 0;
        for (int i = 0; i < node.children.length; i++) {
            if (node.alive(i)) {
                k++;
                n += node.n[i];
            }
        }
        int[] s = new int[node.children.length];
        for (int j = 0; j < node.topSize; j++) {
            s[node.topFrom[j]]++;
        }
        int arg = -1;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < node.children.length; i++) {
            if (!node.alive(i)) {
                continue;
            }
            double score;
            if (settings.policy() == Policy.TAG) {
                double alpha = Math.log(2.0 * n * k / settings.delta());
                score = (s[i] + alpha + Math.sqrt(2 * s[i] * alpha + alpha * alpha)) / node.n[i];
            } else {
                double x = Double.isInfinite(best) ? 0 : best / Math.exp(node.logSum[i] / node.n[i]);
                score = x + Math.sqrt(2 * Math.log(n) / node.n[i]);
            }
            if (score > max || arg < 0) {
                max = score;
                arg = i;
            }
        }
        return arg;
    }

    /** (6.2) among the live children (the unvisited ones only when {@code unvisited}); -1 when there is none. */
    private int draw(Node node, boolean unvisited) {
        int k = node.children.length;
        double[] w = new double[k];
        double sum = 0;
        int live = 0;
        for (int i = 0; i < k; i++) {
            if (node.alive(i) && (!unvisited || node.n[i] == 0)) {
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

    private void evaluate(Node leaf, List<Node> path) {
        List<String> ds = decisions(leaf);
        List<Double> bounds = new ArrayList<>();
        for (Node p : path) {
            bounds.add(p.bound);
        }
        long t0 = System.nanoTime();
        Evaluator.Result r = evaluator.evaluate(leaf.candidate, ds);
        long evalMs = (System.nanoTime() - t0) / 1_000_000;
        evaluationMs += evalMs;
        evaluations++;
        kill(leaf);
        SearchLog.Event e = log.event("evaluation", iteration).put("n", evaluations).put("decisions", ds)
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
            Node child = leaf;
            for (Node p = leaf.parent; p != null; child = p, p = p.parent) {
                p.n[child.index]++;
                p.logSum[child.index] += Math.log(Math.max(t, Double.MIN_NORMAL));
                insertTop(p, t, child.index);
            }
        }
        e.put("best", best).put("ms", elapsedMs()).put("evalMs", evalMs).write(true);
        listener.evaluated(evaluations, best, cuts);
    }

    private static void insertTop(Node p, double t, int from) {
        int cap = p.topTimes.length;
        int pos = p.topSize;
        while (pos > 0 && p.topTimes[pos - 1] > t) {
            pos--;
        }
        if (pos >= cap) {
            return;
        }
        int end = Math.min(p.topSize, cap - 1);
        System.arraycopy(p.topTimes, pos, p.topTimes, pos + 1, end - pos);
        System.arraycopy(p.topFrom, pos, p.topFrom, pos + 1, end - pos);
        p.topTimes[pos] = t;
        p.topFrom[pos] = from;
        p.topSize = Math.min(p.topSize + 1, cap);
    }

    private static List<String> decisions(Node node) {
        List<String> r = new ArrayList<>();
        for (Node x = node; x.parent != null; x = x.parent) {
            r.add(x.decision);
        }
        java.util.Collections.reverse(r);
        return r;
    }
}
