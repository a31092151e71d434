package tessera.telamon.codegen;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.telamon.impl.Order;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;

/**
 * Seed 001 §4.4.2, Algorithm 2 (digest 001b §3.2 step 2): the control-flow tree. With x ≺ y ⇔ order(x, y) ∈ {BEFORE,
 * OUT} (eq. 4.8), the instructions and one representative per merge class are sorted by ≺; a walk then hangs each
 * statement under the innermost open dimension it is nested in (the root is a loop of size 1). The tree is checked
 * against every pair of the order: an order that is not a tree, or an instruction outside one of its own dimensions,
 * is an IllegalArgumentException that names the pair.
 */
public final class ControlFlowTree {
    /** A node: the root (statement null), a merge class (by representative) or an instruction. */
    public static final class Node {
        private final String stmt;
        private final boolean dim;
        private final Node parent;
        private final List<Node> children = new ArrayList<>();

        Node(String stmt, boolean dim, Node parent) {
            this.stmt = stmt;
            this.dim = dim;
            this.parent = parent;
        }

        /** The statement: the representative of a merge class or an instruction name; null for the root. */
        public String stmt() {
            return stmt;
        }

        public boolean isDim() {
            return dim;
        }

        public boolean isRoot() {
            return stmt == null;
        }

        public Node parent() {
            return parent;
        }

        public List<Node> children() {
            return Collections.unmodifiableList(children);
        }
    }

    private final Annotation a;
    private final Node root = new Node(null, true, null);
    private final Map<String, Node> node = new LinkedHashMap<>();
    private final List<Node> preorder = new ArrayList<>();

    private ControlFlowTree(Annotation a) {
        this.a = a;
        Kernel k = a.kernel();
        List<String> s = new ArrayList<>(a.classes().keySet());
        k.insts().forEach(i -> s.add(i.name()));
        Node x = root;
        for (String st : sortByPrecedence(s)) {
            while (!x.isRoot() && a.order(st, x.stmt) != Order.IN) {
                x = x.parent;
            }
            Node y = new Node(st, a.classes().containsKey(st), x);
            x.children.add(y);
            node.put(st, y);
            if (y.dim) {
                x = y;
            }
        }
        walk(root);
        check();
    }

    /** Algorithm 2 on an annotated candidate. */
    public static ControlFlowTree build(Annotation a) {
        return new ControlFlowTree(a);
    }

    public Node root() {
        return root;
    }

    /** The node of an instruction or of a dimension's merge class. */
    public Node node(String stmt) {
        Node n = node.get(stmt);
        return n != null ? n : node.get(a.rep(stmt));
    }

    /** Instructions in sequential (pre-)order. */
    public List<String> instructions() {
        List<String> r = new ArrayList<>();
        preorder.stream().filter(n -> !n.dim).forEach(n -> r.add(n.stmt));
        return r;
    }

    /** The merge classes (representatives) that contain {@code stmt}'s node, outermost first. */
    public List<String> enclosing(String stmt) {
        List<String> r = new ArrayList<>();
        for (Node p = node(stmt).parent; !p.isRoot(); p = p.parent) {
            r.add(0, p.stmt);
        }
        return r;
    }

    /** Sorts by ≺; positions are the number of statements that precede, a permutation exactly when ≺ is total. */
    private List<String> sortByPrecedence(List<String> s) {
        String[] sorted = new String[s.size()];
        for (String x : s) {
            int pos = 0;
            for (String y : s) {
                if (!x.equals(y) && precedes(y, x)) {
                    pos++;
                }
            }
            if (sorted[pos] != null) {
                throw new IllegalArgumentException("the order is not a tree: ≺ (eq. 4.8) is not a total order on " + sorted[pos]
                        + " and " + x + " (order = " + a.order(sorted[pos], x) + ")");
            }
            sorted[pos] = x;
        }
        return List.of(sorted);
    }

    private boolean precedes(String x, String y) {
        Order o = a.order(x, y);
        return o == Order.BEFORE || o == Order.OUT;
    }

    private void walk(Node n) {
        preorder.add(n);
        n.children.forEach(this::walk);
    }

    /** Every pair's order must be the one the tree implies (eq. 4.3–4.7), and instructions lie in their dimensions. */
    private void check() {
        Map<Node, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < preorder.size(); i++) {
            index.put(preorder.get(i), i);
        }
        List<String> all = a.kernel().statements();
        for (String x : all) {
            for (String y : all) {
                if (x.equals(y)) {
                    continue;
                }
                Order implied = implied(node(x), node(y), index);
                Order given = a.order(x, y);
                if (implied != given) {
                    throw new IllegalArgumentException("the order is not a tree: order(" + x + ", " + y + ") = " + given
                            + " but the control-flow tree of Algorithm 2 implies " + implied);
                }
            }
        }
        for (Inst i : a.kernel().insts()) {
            for (String d : i.dims()) {
                if (a.order(i.name(), d) != Order.IN) {
                    throw new IllegalArgumentException("instruction " + i.name() + " is not nested in its dimension " + d
                            + " (order = " + a.order(i.name(), d) + ")");
                }
            }
        }
    }

    private static Order implied(Node x, Node y, Map<Node, Integer> index) {
        if (x == y) {
            return Order.MERGED;
        }
        if (ancestor(x, y)) {
            return Order.OUT;
        }
        if (ancestor(y, x)) {
            return Order.IN;
        }
        return index.get(x) < index.get(y) ? Order.BEFORE : Order.AFTER;
    }

    private static boolean ancestor(Node x, Node y) {
        for (Node p = y.parent; p != null; p = p.parent) {
            if (p == x) {
                return true;
            }
        }
        return false;
    }
}
