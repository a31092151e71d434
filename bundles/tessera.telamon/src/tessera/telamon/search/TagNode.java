package tessera.telamon.search;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import tessera.dspace.runtime.csp.Candidate;

/**
 * Seed 001 §6.1 (digest 001b §3.6): a node of {@link TagSearch}'s tree — a candidate, its children (one per value of
 * the next choice that propagation accepts, each with its bound in ns) and, per child, what TAG and UCT keep: the
 * visits n_i, the sum of the logarithms of the times through it, and the node's T best times with the child each came
 * through (s_i counts them).
 */
final class TagNode {
    final TagNode parent;
    final int index;
    final double bound;
    final String decision;
    final int depth;
    /** Null once expanded (the children hold what is needed below), cut or dead; a leaf keeps its own. */
    Candidate candidate;
    /** Set last by {@link #grow}, under the node's lock: a reader that sees it true sees the children. */
    volatile boolean expanded;
    boolean leaf, dead, noValidChild, deadEndCounted;
    TagNode[] children;
    /** Cuts already counted and logged. */
    boolean[] cut;
    int[] n;
    /** Selections of the round in progress, not evaluated yet (parallel rollouts' virtual visits). */
    int[] virtual;
    double[] logSum;
    double[] topTimes;
    int[] topFrom;
    int topSize;

    TagNode(TagNode parent, int index, Candidate c, double bound, String decision, int depth) {
        this.parent = parent;
        this.index = index;
        this.candidate = c;
        this.bound = bound;
        this.decision = decision;
        this.depth = depth;
    }

    /** Makes {@code kids} the node's children (none: a node without valid children) and marks it expanded. */
    void grow(List<TagNode> kids, int topK) {
        int k = kids.size();
        children = kids.toArray(new TagNode[0]);
        cut = new boolean[k];
        n = new int[k];
        virtual = new int[k];
        logSum = new double[k];
        topTimes = new double[Math.max(1, topK)];
        topFrom = new int[topTimes.length];
        noValidChild = k == 0;
        candidate = null;
        expanded = true;
    }

    /** A fixed candidate: no choice left. */
    void growLeaf() {
        leaf = true;
        expanded = true;
    }

    /** s_i: how many of the node's T best times came through each child. */
    int[] s() {
        int[] s = new int[children.length];
        for (int j = 0; j < topSize; j++) {
            s[topFrom[j]]++;
        }
        return s;
    }

    /** TAG's score (6.1): (s_i + α + √(2·s_i·α + α²)) / n_i with α = ln(2·n·k/δ). */
    static double tag(int si, int ni, long n, int k, double delta) {
        double alpha = Math.log(2.0 * n * k / delta);
        return (si + alpha + Math.sqrt(2 * si * alpha + alpha * alpha)) / ni;
    }

    /** Records a time that came through child {@code from} among the node's T best (ties keep the earlier first). */
    void insertTop(double t, int from) {
        int cap = topTimes.length;
        int pos = topSize;
        while (pos > 0 && topTimes[pos - 1] > t) {
            pos--;
        }
        if (pos >= cap) {
            return;
        }
        int end = Math.min(topSize, cap - 1);
        System.arraycopy(topTimes, pos, topTimes, pos + 1, end - pos);
        System.arraycopy(topFrom, pos, topFrom, pos + 1, end - pos);
        topTimes[pos] = t;
        topFrom[pos] = from;
        topSize = Math.min(topSize + 1, cap);
    }

    /** The decisions from the root to this node. */
    List<String> decisions() {
        List<String> r = new ArrayList<>();
        for (TagNode x = this; x.parent != null; x = x.parent) {
            r.add(x.decision);
        }
        Collections.reverse(r);
        return r;
    }
}
