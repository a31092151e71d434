package tessera.core.graph;

import java.util.Arrays;

/**
 * An immutable directed multigraph over int nodes {@code 0..nodeCount()-1} with int edge ids {@code 0..edgeCount()-1}.
 * Parallel edges and self-loops are allowed (a dependence graph has them). Node and edge payloads (latencies,
 * distances, names) live in the caller's arrays indexed by the same ids, so the algorithms stay generic.
 * <p>
 * For speed the adjacency arrays returned by {@link #outEdges(int)} and {@link #inEdges(int)} are the internal ones:
 * callers must not modify them.
 */
public final class Digraph {
    private final int n;
    private final int[] src;
    private final int[] dst;
    private final int[][] out;
    private final int[][] in;

    private Digraph(int n, int[] src, int[] dst) {
        this.n = n;
        this.src = src;
        this.dst = dst;
        int[] outDeg = new int[n];
        int[] inDeg = new int[n];
        for (int e = 0; e < src.length; e++) {
            outDeg[src[e]]++;
            inDeg[dst[e]]++;
        }
        out = new int[n][];
        in = new int[n][];
        for (int v = 0; v < n; v++) {
            out[v] = new int[outDeg[v]];
            in[v] = new int[inDeg[v]];
        }
        Arrays.fill(outDeg, 0);
        Arrays.fill(inDeg, 0);
        for (int e = 0; e < src.length; e++) {
            out[src[e]][outDeg[src[e]]++] = e;
            in[dst[e]][inDeg[dst[e]]++] = e;
        }
    }

    /** A graph with the given edges: edge {@code e} goes from {@code sources[e]} to {@code targets[e]}. */
    public static Digraph of(int nodeCount, int[] sources, int[] targets) {
        if (sources.length != targets.length) {
            throw new IllegalArgumentException("sources and targets differ in length");
        }
        for (int e = 0; e < sources.length; e++) {
            if (sources[e] < 0 || sources[e] >= nodeCount || targets[e] < 0 || targets[e] >= nodeCount) {
                throw new IllegalArgumentException("edge " + e + " has an endpoint outside 0.." + (nodeCount - 1));
            }
        }
        return new Digraph(nodeCount, sources.clone(), targets.clone());
    }

    public static Builder builder(int nodeCount) {
        return new Builder(nodeCount);
    }

    public int nodeCount() {
        return n;
    }

    public int edgeCount() {
        return src.length;
    }

    public int source(int edge) {
        return src[edge];
    }

    public int target(int edge) {
        return dst[edge];
    }

    /** Ids of the edges leaving {@code node} (internal array: do not modify). */
    public int[] outEdges(int node) {
        return out[node];
    }

    /** Ids of the edges entering {@code node} (internal array: do not modify). */
    public int[] inEdges(int node) {
        return in[node];
    }

    /** Collects edges; {@link #edge} returns the new edge's id. */
    public static final class Builder {
        private final int n;
        private int[] s = new int[16];
        private int[] t = new int[16];
        private int m;

        private Builder(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("negative node count");
            }
            this.n = n;
        }

        public int edge(int from, int to) {
            if (from < 0 || from >= n || to < 0 || to >= n) {
                throw new IllegalArgumentException("edge " + from + "->" + to + " outside 0.." + (n - 1));
            }
            if (m == s.length) {
                s = Arrays.copyOf(s, m * 2);
                t = Arrays.copyOf(t, m * 2);
            }
            s[m] = from;
            t[m] = to;
            return m++;
        }

        public Digraph build() {
            return new Digraph(n, Arrays.copyOf(s, m), Arrays.copyOf(t, m));
        }
    }
}
