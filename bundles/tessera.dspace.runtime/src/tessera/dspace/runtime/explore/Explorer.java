package tessera.dspace.runtime.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.csp.Engine;

/**
 * Headless explorer (seed 001a §3.1.2, digest §7 "what users expect"): apply decisions, see what propagation
 * removed, undo/redo (candidates are cheap copies), and expand the search tree below the current candidate. The
 * Studio candidate explorer drives this API; the CLI {@code tessera dspace explore} prints it.
 */
public final class Explorer {
    /** A decision as the user states it: {@code choice(objects) ∈ values}. */
    public record Decision(String choice, List<String> objects, List<String> values) {
        @Override
        public String toString() {
            return choice + "(" + String.join(",", objects) + ") = " + String.join("|", values);
        }
    }

    /** What one decision did: values removed per choice instance (the decision's own restriction included). */
    public record Step(Decision decision, Map<String, List<String>> removed, boolean failed, String failure,
            Candidate after) {
    }

    /** One line of the decision vector. */
    public record Entry(int variable, String choice, List<String> objects, String kind, List<String> values, boolean fixed,
            long min, long max) {
        public String instance() {
            return choice + "(" + String.join(", ", objects) + ")";
        }
    }

    /** A node of the search tree: the decision leading to it, its state and its children. */
    public record Node(String decision, boolean failed, boolean fixed, List<Node> children) {
        public long leaves() {
            if (children.isEmpty()) {
                return fixed && !failed ? 1 : 0;
            }
            return children.stream().mapToLong(Node::leaves).sum();
        }

        /** Whether the subtree was expanded down to fixed candidates and dead ends (no cut node). */
        public boolean complete() {
            return children.isEmpty() ? fixed || failed : children.stream().allMatch(Node::complete);
        }
    }

    private final Candidate root;
    private final List<Step> done = new ArrayList<>();
    private final List<Step> undone = new ArrayList<>();

    public Explorer(Engine engine, Monitor monitor) {
        this.root = engine.init(monitor);
    }

    public Explorer(Candidate root) {
        this.root = root;
    }

    public Candidate root() {
        return root;
    }

    public Candidate current() {
        return done.isEmpty() ? root : done.get(done.size() - 1).after();
    }

    public List<Step> history() {
        return List.copyOf(done);
    }

    /** Applies a decision to a copy of the current candidate; the redo stack is cleared. */
    public Step apply(Decision d) {
        Candidate c = current().copy();
        c.startLog();
        boolean ok;
        String failure = null;
        try {
            ok = c.decide(d.choice(), d.objects(), d.values());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot apply " + d + ": " + e.getMessage(), e);
        }
        List<long[]> log = c.stopLog();
        if (!ok) {
            failure = c.failure();
        }
        Map<String, List<String>> removed = new LinkedHashMap<>();
        Map<Integer, long[]> firstLast = new LinkedHashMap<>();
        for (long[] e : log) {
            if (e.length == 3) {
                firstLast.merge((int) e[0], new long[] { e[1], e[2] }, (a, b) -> new long[] { a[0], b[1] });
            }
        }
        firstLast.forEach((v, fl) -> {
            long gone = fl[0] & ~fl[1];
            if (gone != 0) {
                removed.put(c.choiceOf(v) + "(" + String.join(", ", c.argsOf(v)) + ")", c.describe(v, gone));
            }
        });
        Step s = new Step(d, removed, !ok, failure, c);
        done.add(s);
        undone.clear();
        return s;
    }

    public boolean canUndo() {
        return !done.isEmpty();
    }

    public boolean canRedo() {
        return !undone.isEmpty();
    }

    public boolean undo() {
        if (done.isEmpty()) {
            return false;
        }
        undone.add(done.remove(done.size() - 1));
        return true;
    }

    public boolean redo() {
        if (undone.isEmpty()) {
            return false;
        }
        done.add(undone.remove(undone.size() - 1));
        return true;
    }

    /** The decision vector of the current candidate (hidden choices such as counter δ's included when asked). */
    public List<Entry> vector(boolean includeHidden) {
        Candidate c = current();
        List<Entry> r = new ArrayList<>();
        for (int v = 0; v < c.variableCount(); v++) {
            var info = c.choiceInfo(v);
            if (info.hidden() && !includeHidden) {
                continue;
            }
            if (info.kind() == Kind.COUNTER) {
                long[] b = c.counterBounds(v);
                r.add(new Entry(v, info.name(), c.argsOf(v), "counter", List.of(), b[0] == b[1], b[0], b[1]));
            } else {
                List<String> vals = c.values(v);
                r.add(new Entry(v, info.name(), c.argsOf(v), info.kind().name().toLowerCase(), vals, vals.size() == 1, 0, 0));
            }
        }
        return r;
    }

    /**
     * The search tree below the current candidate (branching on the first open variable, one child per value, as
     * seed 001a Fig. 2.1), expanded breadth first up to {@code maxNodes} nodes so that the upper levels are complete;
     * a cut node has no children and is neither failed nor fixed.
     */
    public Node tree(int maxNodes, Deadline deadline, Monitor monitor) {
        Node root = node("root", current());
        java.util.ArrayDeque<Object[]> queue = new java.util.ArrayDeque<>();
        queue.add(new Object[] { root, current() });
        int budget = maxNodes - 1;
        while (!queue.isEmpty() && budget > 0) {
            monitor.checkCanceled();
            deadline.check("search-tree expansion");
            Object[] e = queue.poll();
            Node n = (Node) e[0];
            Candidate c = (Candidate) e[1];
            if (n.failed() || n.fixed()) {
                continue;
            }
            int v = c.firstOpen();
            for (long m = c.domain(v); m != 0 && budget > 0; m &= m - 1, budget--) {
                Candidate k = c.copy();
                long bit = Long.lowestOneBit(m);
                k.restrict(v, bit);
                Node kn = node(c.choiceOf(v) + "(" + String.join(", ", c.argsOf(v)) + ") = " + c.describe(v, bit).get(0), k);
                n.children().add(kn);
                queue.add(new Object[] { kn, k });
            }
        }
        return root;
    }

    private static Node node(String label, Candidate c) {
        return new Node(label, c.failed(), !c.failed() && c.firstOpen() < 0, new ArrayList<>());
    }
}
