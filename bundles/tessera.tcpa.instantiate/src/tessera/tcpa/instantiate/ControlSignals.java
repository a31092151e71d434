package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Seed 003 §6.2, Def. 6.4: each CFG node with out-degree d > 1 gets N_v = ⌈log2 d⌉ local partial signals (bit 1 most
 * significant); local signals interfere when some iteration has them defined and different. Once all CFGs are built,
 * the interference graph is coloured with DSATUR (a fast heuristic for the NP-complete problem, as §6.2 suggests) into
 * at most C global signals whose one-domain is the union of the members' 1-iterations. More than C colours: an error
 * naming the number needed (P23). The code c[e] ∈ {0,1,−}^N of each out-edge is chosen when the node is allocated
 * (P23): among the permutations of the codes, with a − where an unused code is merged into a neighbouring one
 * (Def. 6.4's don't-cares), the one that first-fits into the fewest new colours of the signals allocated so far.
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

    /**
     * The signals of one node: placeholders (most significant first) that {@link #name} resolves after
     * {@link #colour()}, and for each code 0 … 2^N − 1 the index of the out-edge it selects.
     */
    public record Allocation(List<String> tokens, int[] edgeOfCode) {
    }

    /** An edge → code assignment: per edge its code value and care mask (bit N − 1 − i = signal i). */
    private record Codes(int[] value, int[] care) {
    }

    private final List<Local> locals = new ArrayList<>();
    private final List<Global> globals = new ArrayList<>();
    private final List<Local> online = new ArrayList<>(); // first-fit colours of the locals so far (ones, zeros merged)
    private final List<Integer> onlineColour = new ArrayList<>();
    private int[] colour = new int[0];
    private final int limit;

    public ControlSignals(int limit) {
        this.limit = limit;
    }

    public List<Global> globals() {
        return globals;
    }

    /** ⌈log2 d⌉: the number of signals a node with out-degree d needs. */
    public static int bits(int d) {
        int n = 0;
        while ((1 << n) < d) {
            n++;
        }
        return n;
    }

    /** Registers the N_v local signals of a node with these out-edges (d > 1) under the best code assignment. */
    public Allocation allocate(List<ControlFlow.Edge> out, String where) {
        int n = bits(out.size());
        Codes best = null;
        int bestNew = Integer.MAX_VALUE;
        for (Codes c : candidates(out.size(), n)) {
            // score: new colours first, then defined bits (a − leaves later nodes more freedom); ties keep the layout order
            int cares = java.util.Arrays.stream(c.care()).map(Integer::bitCount).sum();
            int score = firstFit(locals(out, c, n, where), new ArrayList<>(online), null) * 64 + cares;
            if (score < bestNew) {
                best = c;
                bestNew = score;
            }
        }
        List<Local> mine = locals(out, best, n, where);
        List<String> tokens = new ArrayList<>();
        for (Local l : mine) {
            tokens.add("#" + locals.size());
            locals.add(l);
        }
        firstFit(mine, online, onlineColour);
        int[] edgeOfCode = new int[1 << n];
        for (int code = 0; code < edgeOfCode.length; code++) {
            edgeOfCode[code] = 0; // codes no edge covers never occur (signals are defined on every transition space)
            for (int e = 0; e < out.size(); e++) {
                if ((code & best.care()[e]) == best.value()[e]) {
                    edgeOfCode[code] = e;
                }
            }
        }
        return new Allocation(tokens, edgeOfCode);
    }

    private static List<Local> locals(List<ControlFlow.Edge> out, Codes c, int n, String where) {
        List<Local> r = new ArrayList<>();
        for (int bit = n - 1; bit >= 0; bit--) {
            Local l = new Local(new BitSet(), new BitSet(), where);
            for (int e = 0; e < out.size(); e++) {
                if ((c.care()[e] >> bit & 1) == 1) {
                    ((c.value()[e] >> bit & 1) == 1 ? l.ones() : l.zeros()).or(out.get(e).transition());
                }
            }
            r.add(l);
        }
        return r;
    }

    /** First fit of {@code ls} into the merged colours {@code cs} (updated); returns the number of new colours. */
    private static int firstFit(List<Local> ls, List<Local> cs, List<Integer> record) {
        int fresh = 0;
        for (Local l : ls) {
            int k = 0;
            while (k < cs.size() && cs.get(k).interferes(l)) {
                k++;
            }
            if (k == cs.size()) {
                cs.add(new Local(new BitSet(), new BitSet(), l.where()));
                fresh++;
            }
            BitSet ones = (BitSet) cs.get(k).ones().clone(), zeros = (BitSet) cs.get(k).zeros().clone();
            ones.or(l.ones());
            zeros.or(l.zeros());
            cs.set(k, new Local(ones, zeros, cs.get(k).where()));
            if (record != null) {
                record.add(k);
            }
        }
        return fresh;
    }

    /**
     * Code assignments for d edges and N bits: the layout order first, then (d ≤ 4) every permutation of distinct
     * codes; each also with every unused code merged into the used code one bit away (that bit becomes −).
     */
    private static List<Codes> candidates(int d, int n) {
        List<int[]> perms = new ArrayList<>();
        perms.add(java.util.stream.IntStream.range(0, d).toArray());
        if (d <= 4) {
            permutations(new int[d], 0, new boolean[1 << n], perms);
        }
        List<Codes> r = new ArrayList<>();
        int full = (1 << n) - 1;
        for (int[] p : perms) {
            int[] care = new int[d];
            java.util.Arrays.fill(care, full);
            r.add(new Codes(p, care));
            BitSet used = new BitSet();
            for (int v : p) {
                used.set(v);
            }
            for (int u = used.nextClearBit(0); u <= full; u = used.nextClearBit(u + 1)) {
                for (int e = 0; e < d; e++) {
                    int diff = p[e] ^ u;
                    if (Integer.bitCount(diff) == 1) {
                        int[] c = care.clone();
                        c[e] = full & ~diff;
                        int[] v = p.clone();
                        v[e] = p[e] & c[e];
                        r.add(new Codes(v, c));
                    }
                }
            }
        }
        return r;
    }

    private static void permutations(int[] cur, int at, boolean[] taken, List<int[]> out) {
        if (at == cur.length) {
            out.add(cur.clone());
            return;
        }
        for (int v = 0; v < taken.length; v++) {
            if (!taken[v]) {
                taken[v] = true;
                cur[at] = v;
                permutations(cur, at + 1, taken, out);
                taken[v] = false;
            }
        }
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
        if (online.size() < used) { // the first fit that chose the codes can beat DSATUR on the final graph
            colour = onlineColour.stream().mapToInt(Integer::intValue).toArray();
            used = online.size();
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
