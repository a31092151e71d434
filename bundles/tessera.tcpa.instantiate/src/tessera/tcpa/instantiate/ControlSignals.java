package tessera.tcpa.instantiate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.core.Deadline;

/**
 * Seed 003 §6.2, Def. 6.4: each CFG node with out-degree d > 1 gets codes c[e] ∈ {0,1,−}^N (N = ⌈log2 d⌉, bit 1 most
 * significant) and local partial signals; local signals interfere when some iteration has them defined and different.
 * Once all CFGs are built, the interference graph is coloured into at most C global signals whose one-domain is the
 * union of the members' 1-iterations. P22: with B branch targets a branch decodes b = ⌊log2 B⌋ bits, so bits of a
 * later branch level are separate local signals per code prefix of the earlier levels (b ≥ N: Def. 6.4's N signals).
 * Greedy first (P23: per node the code option that first-fits into the fewest new colours; then DSATUR or that first
 * fit), then exact ({@link SignalColouring}: SAT over colours, code options and polarities under a time limit; see
 * {@link #exact}; on timeout the best found stays, with a warning when minimising). More than C: an error naming the number.
 */
public final class ControlSignals {
    /** A global signal (a colour): its name and one-domain. */
    public record Global(String name, BitSet ones) {
    }

    /**
     * The signals of one node: placeholders that {@link #name} resolves after {@link #colour()}, bit t (0 = most
     * significant) of code prefix P at {@link #token}; for each code 0 … 2^N − 1 the out-edge it selects
     * ({@link #colour()} may update it in place; {@link #afterColouring} hooks see the final one).
     */
    public record Allocation(List<String> tokens, int[] edgeOfCode, int bits, int perBranch) {
        /** The placeholder of bit t under the prefix formed by the bits of the earlier branch levels. */
        public String token(int t, int prefix) {
            int index = 0;
            for (int u = 0; u < t; u++) {
                index += 1 << (u / perBranch * perBranch);
            }
            return tokens.get(index + prefix);
        }
    }

    /** An edge → code assignment: per edge its code value and care mask (bit N − 1 − t = signal bit t). */
    private record Codes(int[] value, int[] care) {
    }

    /** A node as allocated: its out-edges, the greedy codes and where its placeholders start. */
    private record Node(List<ControlFlow.Edge> out, int n, int perBranch, Codes greedy, int firstToken, Allocation allocation) {
    }

    /** Signal key without the location, for deduplication. */
    private record Key(BitSet ones, BitSet zeros) {
    }

    /** Default time limit of the exact colouring per instantiation. */
    public static final Duration EXACT_LIMIT = Duration.ofSeconds(10);

    /** Time the fixed-code colouring may spend lowering a greedy count that already fits into C. */
    static final Duration FIXED_LIMIT = Duration.ofMillis(500);

    private final List<LocalSignal> locals = new ArrayList<>();
    private final List<Node> nodes = new ArrayList<>();
    private final List<Global> globals = new ArrayList<>();
    private final List<LocalSignal> online = new ArrayList<>(); // first-fit colours of the locals so far (ones, zeros merged)
    private final List<Integer> onlineColour = new ArrayList<>(); // per placeholder, −1 when free
    private final List<Runnable> hooks = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private boolean[] flip = new boolean[0];
    private int[] colour = new int[0];
    private int greedyColours;
    private final int limit;
    private final Duration exactLimit;
    private final boolean minimise;

    /** Fits into C = {@code limit} signals: the joint exact colouring runs only when the fixed-code one cannot fit C. */
    public ControlSignals(int limit) {
        this(limit, EXACT_LIMIT, false);
    }

    /** {@code exactLimit} zero: greedy only; {@code minimise}: the exact colouring also lowers a greedy count ≤ C to the minimum. */
    public ControlSignals(int limit, Duration exactLimit, boolean minimise) {
        this.limit = limit;
        this.exactLimit = exactLimit;
        this.minimise = minimise;
    }

    public List<Global> globals() {
        return globals;
    }

    /** The local signals, placeholder #i is locals().get(i); after {@link #colour()} in the chosen codes and polarity. */
    public List<LocalSignal> locals() {
        return java.util.Collections.unmodifiableList(locals);
    }

    /** Colours the greedy step needed (DSATUR or the first fit), for comparison with {@link #globals()}. */
    public int greedyColours() {
        return greedyColours;
    }

    /** Warnings of {@link #colour()} (exact search stopped by its time limit). */
    public List<String> warnings() {
        return warnings;
    }

    /** Runs after {@link #colour()}, once the codes are final (program generation re-links its branches). */
    public void afterColouring(Runnable hook) {
        hooks.add(hook);
    }

    /** ⌈log2 d⌉: the number of signals a node with out-degree d needs. */
    public static int bits(int d) {
        int n = 0;
        while ((1 << n) < d) {
            n++;
        }
        return n;
    }

    /** Def. 6.4's form: all N bits in one branch, one local signal per bit. */
    public Allocation allocate(List<ControlFlow.Edge> out, String where) {
        return allocate(out, where, Integer.MAX_VALUE);
    }

    /**
     * Registers the local signals of a node with these out-edges (d > 1) whose branches decode {@code perBranch} bits
     * each, under the code option that first-fits best (score: new colours, then defined bits; ties keep the layout order).
     */
    public Allocation allocate(List<ControlFlow.Edge> out, String where, int perBranch) {
        int n = bits(out.size());
        int b = Math.max(1, Math.min(perBranch, n));
        Codes best = null;
        int bestNew = Integer.MAX_VALUE;
        for (Codes c : options(out.size(), n)) {
            int cares = Arrays.stream(c.care()).map(Integer::bitCount).sum();
            int score = firstFit(locals(out, c, n, b, where), new ArrayList<>(online), null) * 64 + cares;
            if (score < bestNew) {
                best = c;
                bestNew = score;
            }
        }
        List<LocalSignal> mine = locals(out, best, n, b, where);
        List<String> tokens = new ArrayList<>();
        int first = locals.size();
        for (LocalSignal l : mine) {
            tokens.add("#" + locals.size());
            locals.add(l);
        }
        firstFit(mine, online, onlineColour);
        flip = Arrays.copyOf(flip, locals.size());
        Allocation a = new Allocation(tokens, decode(best, n), n, b);
        nodes.add(new Node(List.copyOf(out), n, b, best, first, a));
        return a;
    }

    /** Per code the edge it selects. */
    private static int[] decode(Codes c, int n) {
        int[] edgeOfCode = new int[1 << n];
        for (int code = 0; code < edgeOfCode.length; code++) {
            edgeOfCode[code] = 0; // codes no edge covers never occur (signals are defined on every transition space)
            for (int e = 0; e < c.value().length; e++) {
                if ((code & c.care()[e]) == c.value()[e]) {
                    edgeOfCode[code] = e;
                }
            }
        }
        return edgeOfCode;
    }

    /** The local signals in placeholder order: per bit t, per prefix of the earlier levels' bits, over the edges under it. */
    private static List<LocalSignal> locals(List<ControlFlow.Edge> out, Codes c, int n, int b, String where) {
        List<LocalSignal> r = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            int bit = n - 1 - t, pl = t / b * b, mask = ((1 << pl) - 1) << (n - pl);
            for (int prefix = 0; prefix < 1 << pl; prefix++) {
                LocalSignal l = new LocalSignal(new BitSet(), new BitSet(), where);
                for (int e = 0; e < out.size(); e++) {
                    boolean under = (((prefix << (n - pl)) ^ c.value()[e]) & c.care()[e] & mask) == 0;
                    if (under && (c.care()[e] >> bit & 1) == 1) {
                        ((c.value()[e] >> bit & 1) == 1 ? l.ones() : l.zeros()).or(out.get(e).transition());
                    }
                }
                r.add(l);
            }
        }
        return r;
    }

    /** First fit of the non-free {@code ls} into the merged colours {@code cs} (updated); returns the number of new colours. */
    private static int firstFit(List<LocalSignal> ls, List<LocalSignal> cs, List<Integer> record) {
        int fresh = 0;
        for (LocalSignal l : ls) {
            if (l.free()) {
                if (record != null) {
                    record.add(-1);
                }
                continue;
            }
            int k = 0;
            while (k < cs.size() && cs.get(k).interferes(l)) {
                k++;
            }
            if (k == cs.size()) {
                cs.add(new LocalSignal(new BitSet(), new BitSet(), l.where()));
                fresh++;
            }
            BitSet ones = (BitSet) cs.get(k).ones().clone(), zeros = (BitSet) cs.get(k).zeros().clone();
            ones.or(l.ones());
            zeros.or(l.zeros());
            cs.set(k, new LocalSignal(ones, zeros, cs.get(k).where()));
            if (record != null) {
                record.add(k);
            }
        }
        return fresh;
    }

    /**
     * Code options for d edges and N bits: the layout order first, then (d ≤ 4) every permutation of distinct codes,
     * each also with every unused code merged into the used code one bit away (that bit becomes −); then every prefix
     * code (a binary trie of depth ≤ N, a leaf's remaining bits −: the most don't-cares a decision tree allows).
     */
    private static List<Codes> options(int d, int n) {
        List<Codes> r = candidates(d, n);
        if (d <= 8) {
            int[] all = new int[d];
            Arrays.setAll(all, i -> i);
            for (int[][] t : tries(all, n, 0, 0)) {
                r.add(new Codes(t[0], t[1]));
            }
        }
        return r;
    }

    /** Prefix codes of {@code edges} below {@code prefix} (depth {@code depth}) in an N-bit trie: per edge {value, care}; splits put the first edge left. */
    private static List<int[][]> tries(int[] edges, int n, int depth, int prefix) {
        List<int[][]> r = new ArrayList<>();
        int capacity = 1 << (n - depth);
        if (edges.length > capacity) {
            return r;
        }
        int max = edges[edges.length - 1] + 1;
        if (edges.length == 1) {
            int care = ((1 << depth) - 1) << (n - depth);
            int[][] t = {new int[max], new int[max]};
            t[0][edges[0]] = prefix << (n - depth);
            t[1][edges[0]] = care;
            r.add(t);
            return r;
        }
        for (int mask = 0; mask < 1 << (edges.length - 1); mask++) { // edges[0] always left
            int[] left = pick(edges, mask << 1 | 1, true), right = pick(edges, mask << 1 | 1, false);
            if (right.length == 0) {
                continue;
            }
            for (int[][] a : tries(left, n, depth + 1, prefix << 1)) {
                for (int[][] b : tries(right, n, depth + 1, prefix << 1 | 1)) {
                    int[][] t = {new int[max], new int[max]};
                    for (int e : left) {
                        t[0][e] = a[0][e];
                        t[1][e] = a[1][e];
                    }
                    for (int e : right) {
                        t[0][e] = b[0][e];
                        t[1][e] = b[1][e];
                    }
                    r.add(t);
                }
            }
        }
        return r;
    }

    private static int[] pick(int[] edges, int mask, boolean in) {
        return java.util.stream.IntStream.range(0, edges.length).filter(i -> ((mask >> i & 1) == 1) == in).map(i -> edges[i]).toArray();
    }

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
            Arrays.fill(care, full);
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

    /** Greedy (DSATUR or the allocation's first fit), then the exact colouring; then the global signals cs1 … in colour order. */
    public void colour() {
        int used = dsatur();
        int online = this.online.size();
        if (online < used) { // the first fit that chose the codes can beat DSATUR on the final graph
            colour = onlineColour.stream().mapToInt(Integer::intValue).toArray();
            used = online;
        }
        greedyColours = used;
        int impossible = 0;
        if (!exactLimit.isZero() && !nodes.isEmpty() && used > 1) {
            impossible = exact(used);
        }
        used = Arrays.stream(colour).max().orElse(-1) + 1;
        if (used > limit) {
            throw new InstantiationException("the programs need " + used + " global control signals, the architecture has " + limit
                    + (impossible >= limit ? " (an exact colouring with " + impossible + " does not exist)"
                            : " (the exact colouring found none with " + limit + " within its time limit of " + exactLimit.toMillis() + " ms)")
                    + " (first over the limit: "
                    + locals.get(firstOver()).where() + ")",
                    "use fewer PEs or loop bounds with fewer boundary cases, or an architecture with more control signals");
        }
        for (int c = 0; c < used; c++) {
            BitSet ones = new BitSet();
            for (int v = 0; v < locals.size(); v++) {
                if (colour[v] == c) {
                    ones.or(locals.get(v).ones());
                }
            }
            globals.add(new Global("cs" + (c + 1), ones));
        }
        hooks.forEach(Runnable::run);
    }

    private int dsatur() {
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
        Arrays.fill(colour, -1);
        int used = 0;
        for (int step = 0; step < n; step++) {
            int best = -1, bestSat = -1;
            for (int v = 0; v < n; v++) {
                if (colour[v] >= 0 || locals.get(v).free()) {
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
            if (best < 0) {
                break;
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
        return used;
    }

    /** The SAT encoding of the nodes: signals up to complement, per node its options and their signal ids and polarities. */
    private record Encoding(List<LocalSignal> signals, List<List<Codes>> opts, List<int[][]> sig, List<boolean[][]> rel) {
        SignalColouring.Problem problem() {
            return new SignalColouring.Problem(signals, sig);
        }
    }

    /**
     * §6.2's C-colouring made exact. Fitting into C: SATs with every node's codes fixed to the greedy option (small),
     * from min(greedy − 1, C) down while they take less than {@link #FIXED_LIMIT} once the count fits (the whole limit
     * to reach C); when none fits C, the joint problem over every code option at k = C. Minimising: the joint problem,
     * one SAT per k from min(greedy − 1, C) down until UNSAT or the time limit. Returns the k proven impossible (0: none).
     */
    private int exact(int greedy) {
        Deadline deadline = Deadline.after(exactLimit);
        boolean[] proven = new boolean[1];
        if (!minimise) {
            // codes fixed to the greedy option: small SATs, descending while they are fast (a greedy count ≤ C only
            // gets FIXED_LIMIT to improve; above C the whole limit to fit)
            Encoding fixed = encode(false);
            SignalColouring sc = new SignalColouring(fixed.problem());
            int[] clique = sc.clique();
            Duration lowering = FIXED_LIMIT.compareTo(exactLimit) < 0 ? FIXED_LIMIT : exactLimit;
            Deadline d = greedy <= limit ? Deadline.after(lowering) : deadline;
            SignalColouring.Solution best = null;
            for (int k = Math.min(greedy - 1, limit); k >= 1; k--) {
                SignalColouring.Solution s = sc.solve(k, clique, d, proven);
                if (s == null) {
                    break;
                }
                k = s.colours();
                if (best == null && greedy > limit) {
                    d = Deadline.after(lowering); // fits: lowering is optional
                }
                best = s;
            }
            if (best != null) {
                apply(best, fixed);
                return 0;
            }
            if (greedy <= limit) {
                return 0;
            }
        }
        Encoding all = encode(true);
        SignalColouring sc = new SignalColouring(all.problem());
        int[] clique = sc.clique();
        SignalColouring.Solution best = null;
        int impossible = 0;
        for (int k = Math.min(greedy - 1, limit); k >= 1; k--) {
            SignalColouring.Solution s = sc.solve(k, clique, deadline, proven);
            if (s == null) {
                if (proven[0]) {
                    impossible = k;
                } else {
                    warnings.add("the exact control-signal colouring stopped at its time limit of " + exactLimit.toMillis() + " ms while trying " + k
                            + " colours; using " + (best == null ? greedy : best.colours()) + " (greedy: " + greedy + "), the minimum may be lower");
                }
                break;
            }
            k = s.colours();
            best = s;
            if (!minimise) {
                break; // fits into C: good enough, the instantiation time matters more than fewer signals
            }
        }
        if (best != null) {
            apply(best, all);
        }
        return impossible;
    }

    /** Per node the greedy option only, or every code option (distinct up to complement, dominated ones dropped). */
    private Encoding encode(boolean allOptions) {
        List<LocalSignal> signals = new ArrayList<>();
        Map<Key, Integer> ids = new HashMap<>();
        List<List<Codes>> opts = new ArrayList<>();
        List<int[][]> sig = new ArrayList<>(); // node → option → placeholder → signal id (−1: free)
        List<boolean[][]> rel = new ArrayList<>(); // the placeholder's local is that signal complemented
        for (Node v : nodes) {
            List<Codes> cs = new ArrayList<>();
            List<List<LocalSignal>> ls = new ArrayList<>();
            List<Codes> all = new ArrayList<>(List.of(v.greedy()));
            if (allOptions) {
                all.addAll(options(v.out().size(), v.n()));
            }
            for (Codes c : all) {
                List<LocalSignal> l = locals(v.out(), c, v.n(), v.perBranch(), "").stream().filter(x -> !x.free()).toList();
                if (ls.stream().noneMatch(o -> dominates(o, l))) {
                    for (int i = ls.size() - 1; i >= 0; i--) {
                        if (dominates(l, ls.get(i))) {
                            ls.remove(i);
                            cs.remove(i);
                        }
                    }
                    ls.add(l);
                    cs.add(c);
                }
            }
            int tokens = v.allocation().tokens().size();
            int[][] si = new int[cs.size()][tokens];
            boolean[][] fl = new boolean[cs.size()][tokens];
            for (int j = 0; j < cs.size(); j++) {
                List<LocalSignal> l = locals(v.out(), cs.get(j), v.n(), v.perBranch(), "");
                for (int t = 0; t < tokens; t++) {
                    LocalSignal x = l.get(t);
                    if (x.free()) {
                        si[j][t] = -1;
                        continue;
                    }
                    fl[j][t] = canonicalFlip(x);
                    LocalSignal canon = fl[j][t] ? x.complement() : x;
                    si[j][t] = ids.computeIfAbsent(new Key(canon.ones(), canon.zeros()), k -> {
                        signals.add(canon);
                        return signals.size() - 1;
                    });
                }
            }
            opts.add(cs);
            sig.add(si);
            rel.add(fl);
        }
        return new Encoding(signals, opts, sig, rel);
    }

    private void apply(SignalColouring.Solution best, Encoding e) {
        List<List<Codes>> opts = e.opts();
        List<int[][]> sig = e.sig();
        List<boolean[][]> rel = e.rel();
        Map<Integer, Integer> renumber = new HashMap<>(); // colours in order of first placeholder
        for (int v = 0; v < nodes.size(); v++) {
            Node node = nodes.get(v);
            int j = best.option()[v];
            Codes c = opts.get(v).get(j);
            List<LocalSignal> ls = locals(node.out(), c, node.n(), node.perBranch(), locals.get(node.firstToken()).where());
            for (int t = 0; t < ls.size(); t++) {
                int id = sig.get(v)[j][t], token = node.firstToken() + t;
                boolean f = id >= 0 && rel.get(v)[j][t] ^ best.flip()[id];
                locals.set(token, f ? ls.get(t).complement() : ls.get(t));
                flip[token] = f;
                colour[token] = id < 0 ? -1 : renumber.computeIfAbsent(best.colour()[id], x -> renumber.size());
            }
            System.arraycopy(decode(c, node.n()), 0, node.allocation().edgeOfCode(), 0, 1 << node.n());
        }
    }

    /** Canonical polarity of a signal: its first defined iteration is a 0. */
    private static boolean canonicalFlip(LocalSignal l) {
        int one = l.ones().nextSetBit(0), zero = l.zeros().nextSetBit(0);
        return zero < 0 || (one >= 0 && one < zero);
    }

    /** {@code a} dominates {@code b}: some matching of their signals makes each of a's weaker than its partner in b. */
    private static boolean dominates(List<LocalSignal> a, List<LocalSignal> b) {
        return a.size() <= b.size() && match(a, b, 0, new boolean[b.size()]);
    }

    private static boolean match(List<LocalSignal> a, List<LocalSignal> b, int i, boolean[] taken) {
        if (i == a.size()) {
            return true;
        }
        for (int j = 0; j < b.size(); j++) {
            if (!taken[j] && a.get(i).weaker(b.get(j))) {
                taken[j] = true;
                boolean ok = match(a, b, i + 1, taken);
                taken[j] = false;
                if (ok) {
                    return true;
                }
            }
        }
        return false;
    }

    private int firstOver() {
        for (int v = 0; v < colour.length; v++) {
            if (colour[v] >= limit) {
                return v;
            }
        }
        return 0;
    }

    /** The global signal of a placeholder returned by {@link #allocate} (a name passes unchanged); null when it is free. */
    public String name(String token) {
        if (!token.startsWith("#")) {
            return token;
        }
        int c = colour.length == 0 ? -1 : colour[Integer.parseInt(token.substring(1))];
        return c < 0 ? null : "cs" + (c + 1);
    }

    /** The placeholder's local is served complemented: its branch swaps the two sides. */
    public boolean flipped(String token) {
        return flip[Integer.parseInt(token.substring(1))];
    }

    /** −1 when the placeholder needs a signal, else the side its branch always takes (its local is constant or empty). */
    public int constant(String token) {
        LocalSignal l = locals.get(Integer.parseInt(token.substring(1)));
        return !l.free() ? -1 : l.ones().isEmpty() ? 0 : 1;
    }
}
