package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Seed 003 §6.2, Def. 6.4: each CFG node with out-degree d > 1 gets N_v = ⌈log2 d⌉ local partial signals (edge codes
 * in {@link ControlFlow.Cfg#out} order, bit 1 most significant); local signals interfere when some iteration has
 * them defined and different. Once all CFGs are built, the interference graph is coloured with DSATUR (a fast
 * heuristic for the NP-complete problem, as §6.2 suggests) into at most C global signals whose one-domain is the
 * union of the members' 1-iterations. More than C colours: an error naming the number needed (P23).
 */
public final class ControlSignals {
    /** A partial signal: where it is 1 and where it is 0 (don't-care elsewhere). */
    public record Local(BitSet ones, BitSet zeros, String where) {
        boolean interferes(Local o) {
            return ones.intersects(o.zeros) || zeros.intersects(o.ones);
        }
    }

    /** A global signal (a colour): its name and one-domain. */
    public record Global(String name, BitSet ones) {
    }

    private final List<Local> locals = new ArrayList<>();
    private final List<Global> globals = new ArrayList<>();
    private int[] colour = new int[0];
    private final int limit;

    public ControlSignals(int limit) {
        this.limit = limit;
    }

    public List<Global> globals() {
        return globals;
    }

    /** Registers the N_v local signals of node v; returns placeholders (most significant first) that {@link #name} resolves after {@link #colour()}. */
    public List<String> allocate(List<ControlFlow.Edge> out, String where) {
        int n = 0;
        while ((1 << n) < out.size()) {
            n++;
        }
        List<String> tokens = new ArrayList<>();
        for (int bit = n - 1; bit >= 0; bit--) {
            Local l = new Local(new BitSet(), new BitSet(), where);
            for (int code = 0; code < out.size(); code++) {
                ((code >> bit & 1) == 1 ? l.ones() : l.zeros()).or(out.get(code).transition());
            }
            tokens.add("#" + locals.size());
            locals.add(l);
        }
        return tokens;
    }

    /** DSATUR colouring of the interference graph; then the global signals cs1 … in colour order. */
    public void colour() {
        int n = locals.size();
        boolean[][] adj = new boolean[n][n];
        int[] degree = new int[n];
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                if (locals.get(a).interferes(locals.get(b))) {
                    adj[a][b] = adj[b][a] = true;
                    degree[a]++;
                    degree[b]++;
                }
            }
        }
        colour = new int[n];
        java.util.Arrays.fill(colour, -1);
        int used = 0;
        for (int step = 0; step < n; step++) {
            int best = -1, bestSat = -1;
            for (int v = 0; v < n; v++) {
                if (colour[v] >= 0) {
                    continue;
                }
                BitSet sat = new BitSet();
                for (int w = 0; w < n; w++) {
                    if (adj[v][w] && colour[w] >= 0) {
                        sat.set(colour[w]);
                    }
                }
                int s = sat.cardinality();
                if (s > bestSat || (s == bestSat && degree[v] > degree[best])) {
                    best = v;
                    bestSat = s;
                }
            }
            BitSet taken = new BitSet();
            for (int w = 0; w < n; w++) {
                if (adj[best][w] && colour[w] >= 0) {
                    taken.set(colour[w]);
                }
            }
            colour[best] = taken.nextClearBit(0);
            used = Math.max(used, colour[best] + 1);
        }
        if (used > limit) {
            throw new InstantiationException("the programs need " + used + " global control signals, the architecture has " + limit
                    + " (first over the limit: " + locals.get(firstOver()).where() + ")",
                    "use fewer PEs or loop bounds with fewer boundary cases, or an architecture with more control signals");
        }
        for (int c = 0; c < used; c++) {
            BitSet ones = new BitSet();
            for (int v = 0; v < n; v++) {
                if (colour[v] == c) {
                    ones.or(locals.get(v).ones());
                }
            }
            globals.add(new Global("cs" + (c + 1), ones));
        }
    }

    private int firstOver() {
        for (int v = 0; v < colour.length; v++) {
            if (colour[v] >= limit) {
                return v;
            }
        }
        return 0;
    }

    /** The global signal of a placeholder returned by {@link #allocate}. */
    public String name(String token) {
        return "cs" + (colour[Integer.parseInt(token.substring(1))] + 1);
    }
}
