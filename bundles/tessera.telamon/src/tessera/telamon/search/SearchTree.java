package tessera.telamon.search;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * Seed 001 §6.1: the tree of a {@link TagSearch} as its {@link SearchLog} tells it, and its best-time trace.
 * <p>
 * A node is a decision path from the searched candidate (the root: no decision). Nodes come from the log's
 * {@code decision} lines (a decision at depth d extends the iteration's path of length d − 1), {@code evaluation},
 * {@code cut} and {@code deadend} lines; nodes the search created but never walked through nor cut (unvisited
 * children) are not in the log and not here. Per node: its bound (ns; NaN for the root, whose bound the log does not
 * hold), n (evaluations through it, failed ones included; the root's n is the log's evaluations), the failures among
 * them, the T best times below it kept as {@link TagSearch} keeps them (T = the start line's {@code topK}; ties keep
 * the earlier time first) and s (how many of its parent's T best came through it: TAG's s_i), the mean time below it,
 * whether it was cut (with the best time at the cut) or met as a dead end, and an evaluated leaf's time or failure.
 * The trace holds one point per evaluation: its number, the milliseconds since the start and the best time after it.
 * A pure function of the log: the same lines give the same tree.
 */
public final class SearchTree {
    /** A node's state: an evaluated (or failed) leaf, cut, a dead end, or open (walked through, not closed). */
    public enum Status {
        EVALUATED, FAILED, CUT, DEAD_END, OPEN;

        /** The word shown: {@code evaluated}, {@code failed}, {@code cut}, {@code dead end}, {@code open}. */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        }
    }

    /** A point of the best-time trace: evaluation number (1-based), ms since the start, best time (ns, +∞: none). */
    public record Point(int evaluation, long ms, double best) {
    }

    /** A node of the tree: one decision path. */
    public static final class Node {
        private final Node parent;
        private final String decision;
        private final int depth;
        private final Map<String, Node> children = new LinkedHashMap<>();
        private double bound = Double.NaN;
        private int n, failures, timed;
        private double sum;
        private final List<Double> topTimes = new ArrayList<>();
        private final List<Node> topFrom = new ArrayList<>();
        private boolean cut, deadEnd, onBestPath;
        private double cutBest = Double.NaN;
        private int cutIteration = -1;
        private double time = Double.NaN;
        private String failure;

        private Node(Node parent, String decision) {
            this.parent = parent;
            this.decision = decision;
            this.depth = parent == null ? 0 : parent.depth + 1;
        }

        /** The decision that leads here from the parent (null at the root). */
        public String decision() {
            return decision;
        }

        public Node parent() {
            return parent;
        }

        public int depth() {
            return depth;
        }

        /** The children, in the order the log first names them. */
        public List<Node> children() {
            return List.copyOf(children.values());
        }

        /** The decisions from the root to here. */
        public List<String> decisions() {
            List<String> r = new ArrayList<>();
            for (Node x = this; x.parent != null; x = x.parent) {
                r.add(x.decision);
            }
            Collections.reverse(r);
            return r;
        }

        /** The lower bound of this node's candidate (ns); NaN where the log does not say (the root). */
        public double bound() {
            return bound;
        }

        /** Evaluations through this node, failed ones included. */
        public int n() {
            return n;
        }

        /** Failed evaluations through this node. */
        public int failures() {
            return failures;
        }

        /** The best time below this node (ns), +∞ when none was measured. */
        public double best() {
            return topTimes.isEmpty() ? Double.POSITIVE_INFINITY : topTimes.get(0);
        }

        /** The T best times below this node, ascending, as TagSearch keeps them. */
        public List<Double> top() {
            return List.copyOf(topTimes);
        }

        /** TAG's s_i: how many of the parent's T best times came through this node (0 at the root). */
        public int s() {
            if (parent == null) {
                return 0;
            }
            int k = 0;
            for (Node f : parent.topFrom) {
                k += f == this ? 1 : 0;
            }
            return k;
        }

        /** The mean of the times measured below this node (ns), NaN when none. */
        public double mean() {
            return timed == 0 ? Double.NaN : sum / timed;
        }

        public boolean cut() {
            return cut;
        }

        /** The best time when this node was cut (ns; +∞ when none had been measured, NaN when not cut). */
        public double cutBest() {
            return cutBest;
        }

        /** The search iteration of the cut (−1 when not cut). */
        public int cutIteration() {
            return cutIteration;
        }

        /** Whether a rollout met this node without a valid child. */
        public boolean deadEnd() {
            return deadEnd;
        }

        /** An evaluated leaf's time (ns), NaN otherwise. */
        public double time() {
            return time;
        }

        /** An evaluated leaf's failure, else null. */
        public String failure() {
            return failure;
        }

        /** Whether this node lies on the path of the best leaf (the root too, once a time was measured). */
        public boolean onBestPath() {
            return onBestPath;
        }

        /** Whether this node is an evaluated leaf, cut, a dead end or open. */
        public Status status() {
            if (cut) {
                return Status.CUT;
            }
            if (deadEnd) {
                return Status.DEAD_END;
            }
            if (failure != null) {
                return Status.FAILED;
            }
            return Double.isNaN(time) ? Status.OPEN : Status.EVALUATED;
        }

        private Node child(String d) {
            return children.computeIfAbsent(d, k -> new Node(this, k));
        }

        /** TagSearch's insertTop: after equal times, capped at {@code cap}. */
        private void insertTop(double t, Node from, int cap) {
            int pos = topTimes.size();
            while (pos > 0 && topTimes.get(pos - 1) > t) {
                pos--;
            }
            if (pos >= cap) {
                return;
            }
            topTimes.add(pos, t);
            topFrom.add(pos, from);
            if (topTimes.size() > cap) {
                topTimes.remove(cap);
                topFrom.remove(cap);
            }
        }

        @Override
        public String toString() {
            return (decision == null ? "root" : decision) + " [" + status().word() + ", n=" + n + "]";
        }
    }

    private final Node root = new Node(null, null);
    private final List<Point> trace = new ArrayList<>();
    private JsonObject start, end;
    private int topK = TagSearch.Settings.DEFAULT_TOP_K;
    private int evaluations, failures, cuts, deadEnds;
    private double best = Double.POSITIVE_INFINITY;
    private Node bestLeaf;

    private SearchTree() {
    }

    /** The tree of a log's lines (as {@link SearchLog#lines()} or a {@code .search.jsonl} file's lines). */
    public static SearchTree of(List<String> lines) {
        return ofEvents(SearchLog.parse(String.join("\n", lines)));
    }

    /** The tree of a log's text; a bad line throws as {@link SearchLog#parse} does. */
    public static SearchTree parse(String text) {
        return ofEvents(SearchLog.parse(text));
    }

    /** The tree of parsed events. */
    public static SearchTree ofEvents(List<JsonObject> events) {
        SearchTree t = new SearchTree();
        for (JsonObject e : events) {
            t.add(e);
        }
        if (t.bestLeaf != null) {
            for (Node x = t.bestLeaf; x != null; x = x.parent) {
                x.onBestPath = true;
            }
        }
        return t;
    }

    private final List<Node> path = new ArrayList<>();
    private int iteration = -1;

    private void add(JsonObject e) {
        String kind = e.get("event").getAsString();
        int it = e.has("iteration") ? e.get("iteration").getAsInt() : 0;
        if (it != iteration) {
            iteration = it;
            path.clear();
        }
        switch (kind) {
            case "start" -> {
                if (start == null) {
                    start = e;
                    if (e.has("topK")) {
                        topK = Math.max(1, e.get("topK").getAsInt());
                    }
                }
            }
            case "decision" -> {
                int depth = e.get("depth").getAsInt();
                if (depth < 1 || depth > path.size() + 1) {
                    return; // a decision the log's order does not explain: left out
                }
                path.subList(depth - 1, path.size()).clear();
                Node parent = depth == 1 ? root : path.get(depth - 2);
                Node c = parent.child(e.get("decision").getAsString());
                c.bound = SearchLog.number(e, "bound");
                path.add(c);
            }
            case "cut" -> {
                Node c = node(strings(e.get("decisions")));
                c.cut = true;
                c.bound = SearchLog.number(e, "bound");
                c.cutBest = SearchLog.number(e, "best");
                c.cutIteration = it;
                cuts++;
            }
            case "deadend" -> {
                node(strings(e.get("decisions"))).deadEnd = true;
                deadEnds++;
            }
            case "evaluation" -> evaluation(e);
            case "end" -> end = e;
            default -> {
            }
        }
    }

    private void evaluation(JsonObject e) {
        List<String> ds = strings(e.get("decisions"));
        List<Node> nodes = new ArrayList<>();
        Node x = root;
        nodes.add(x);
        for (String d : ds) {
            x = x.child(d);
            nodes.add(x);
        }
        JsonElement bs = e.get("bounds");
        if (bs != null && bs.isJsonArray() && bs.getAsJsonArray().size() == ds.size()) {
            for (int i = 0; i < ds.size(); i++) {
                JsonElement b = bs.getAsJsonArray().get(i);
                nodes.get(i + 1).bound = b.isJsonNull() ? Double.POSITIVE_INFINITY : b.getAsDouble();
            }
        }
        Node leaf = x;
        evaluations++;
        boolean failed = e.has("failure");
        double t = failed ? Double.NaN : SearchLog.number(e, "time");
        if (failed) {
            failures++;
            leaf.failure = e.get("failure").getAsString();
        } else {
            leaf.time = t;
        }
        for (int i = 0; i < nodes.size(); i++) {
            Node p = nodes.get(i);
            p.n++;
            if (failed) {
                p.failures++;
            } else {
                p.timed++;
                p.sum += t;
                p.insertTop(t, i + 1 < nodes.size() ? nodes.get(i + 1) : null, topK);
            }
        }
        if (!failed && t < best) {
            best = t;
            bestLeaf = leaf;
        }
        double shown = e.has("best") ? SearchLog.number(e, "best") : best;
        int number = e.has("n") ? e.get("n").getAsInt() : evaluations;
        long ms = e.has("ms") ? e.get("ms").getAsLong() : 0;
        trace.add(new Point(number, ms, shown));
    }

    private Node node(List<String> ds) {
        Node x = root;
        for (String d : ds) {
            x = x.child(d);
        }
        return x;
    }

    private static List<String> strings(JsonElement a) {
        List<String> r = new ArrayList<>();
        if (a != null && a.isJsonArray()) {
            for (JsonElement d : a.getAsJsonArray()) {
                r.add(d.getAsString());
            }
        }
        return r;
    }

    /** The searched candidate: the node without a decision. */
    public Node root() {
        return root;
    }

    /** One point per evaluation, in order. */
    public List<Point> trace() {
        return List.copyOf(trace);
    }

    /** The log's evaluations (its evaluation lines). */
    public int evaluations() {
        return evaluations;
    }

    public int failures() {
        return failures;
    }

    /** The log's cut lines. */
    public int cuts() {
        return cuts;
    }

    /** The log's dead-end lines. */
    public int deadEnds() {
        return deadEnds;
    }

    /** The best time measured (ns), +∞ when none. */
    public double best() {
        return best;
    }

    /** The best leaf (the first to reach the best time), or null. */
    public Node bestLeaf() {
        return bestLeaf;
    }

    /** A setting of the run's start line as text ({@code "seed"}, {@code "evaluator"}, …), or "?" when absent. */
    public String setting(String key) {
        return start != null && start.has(key) && !start.get(key).isJsonNull() ? start.get(key).getAsString() : "?";
    }

    /** The log's start line (settings, evaluator, kernel), or null. */
    public JsonObject start() {
        return start;
    }

    /** The log's end line, or null when the log stops short (a run killed or still going). */
    public JsonObject end() {
        return end;
    }

    /** T of the start line (the number of best times kept per node). */
    public int topK() {
        return topK;
    }

    /** Why the search stopped ({@code budget}, {@code cancelled} …), or null without an end line. */
    public String stop() {
        return end != null && end.has("stop") ? end.get("stop").getAsString() : null;
    }

    /** Every node, depth first (parents before children). */
    public List<Node> nodes() {
        List<Node> r = new ArrayList<>();
        List<Node> stack = new ArrayList<>(List.of(root));
        while (!stack.isEmpty()) {
            Node x = stack.remove(stack.size() - 1);
            r.add(x);
            List<Node> cs = x.children();
            for (int i = cs.size() - 1; i >= 0; i--) {
                stack.add(cs.get(i));
            }
        }
        return r;
    }
}
