package tessera.palmed.infer;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

import org.sat4j.core.Vec;
import org.sat4j.core.VecInt;
import org.sat4j.pb.IPBSolver;
import org.sat4j.pb.SolverFactory;
import org.sat4j.specs.ContradictionException;
import org.sat4j.specs.IVec;
import org.sat4j.specs.IVecInt;
import org.sat4j.specs.TimeoutException;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.palmed.infer.ShapeMapping.Requirement;
import tessera.palmed.infer.ShapeMapping.Solution;

/**
 * Seed 000 §V-B Algorithm 3 (LP1) solved exactly as a graph colouring. A resource satisfies a set of requirements iff
 * no requirement's {@code all} meets another's {@code none}; that test is pairwise, so "fewest resources" is the
 * chromatic number of the conflict graph over the requirements, and for a colouring the largest resources are
 * users(g) = 𝓘_B ∖ ∪_{q∈g} none_q (the lexicographic "most edges" objective). Scaling: implied requirements are dropped,
 * a greedy clique gives the lower bound and fixes its colours (breaks the resource-permutation symmetry that makes the
 * direct 0/1 program explode), DSATUR plus a move local search gives the incumbent (warm start), and SAT4J proves or
 * improves both objectives within the deadline; on timeout the incumbent is returned with optimal = false.
 */
final class ShapeColoring {
    private final int n;
    private final long[] all;
    private final long[] none;
    private final int v;

    private ShapeColoring(int n, List<Requirement> kept) {
        this.n = n;
        v = kept.size();
        all = new long[v];
        none = new long[v];
        for (int i = 0; i < v; i++) {
            all[i] = kept.get(i).all();
            none[i] = kept.get(i).none();
        }
    }

    static Solution solve(int n, List<Requirement> reqs, int rMax, Deadline deadline, Monitor monitor) {
        for (Requirement q : reqs) {
            if ((q.all() & q.none()) != 0 || q.all() == 0) {
                throw new IllegalStateException("LP1 is contradictory (inconsistent measurements?): " + q);
            }
        }
        // drop requirements implied by another (largest first, so a kept one is never implied by a later one)
        Integer[] ord = new Integer[reqs.size()];
        for (int i = 0; i < ord.length; i++) {
            ord[i] = i;
        }
        Arrays.sort(ord, (a, b) -> Integer.compare(size(reqs.get(b)), size(reqs.get(a))));
        List<Requirement> kept = new ArrayList<>();
        int[] rep = new int[reqs.size()];
        for (int c : ord) {
            int d = -1;
            for (int j = 0; j < kept.size() && d < 0; j++) {
                if (kept.get(j).implies(reqs.get(c))) {
                    d = j;
                }
            }
            if (d < 0) {
                kept.add(reqs.get(c));
                d = kept.size() - 1;
            }
            rep[c] = d;
        }
        ShapeColoring g = new ShapeColoring(n, kept);
        monitor.checkCanceled();
        int[] clique = g.clique();
        int[] col = g.dsatur(clique);
        int k = g.improveEdges(col, g.colors(col));
        int heuristic = k;
        boolean optimal = true;
        String phase = "";
        long t0 = System.nanoTime();
        // step 0: exact chromatic number (k-1 colours until UNSAT; the clique is a lower bound); step 1: most edges
        // with k resources (SAT4J strengthening from the local-search incumbent)
        for (int step = 0; step < 2;) {
            if (step == 0 && k <= clique.length) {
                step++;
                continue;
            }
            monitor.checkCanceled();
            int[] next = new int[g.v];
            int kk = step == 0 ? k - 1 : k;
            Boolean sat = g.satColouring(kk, clique, step == 0 ? Long.MAX_VALUE : g.missing(col, k) - 1, deadline, next);
            if (sat == null) {
                optimal = false;
                phase = step == 0 ? "; time limit in the proof of the fewest resources"
                        : "; time limit in the proof of the most edges";
                break;
            }
            if (!sat) {
                step++;
                continue;
            }
            col = next;
            k = g.improveEdges(col, kk);
        }
        if (k > rMax) {
            throw new IllegalStateException("LP1 has no solution with at most " + rMax + " resources");
        }
        long[] res = new long[k];
        long full = n == 64 ? -1L : (1L << n) - 1;
        long[] ex = g.unions(col, k, g.none);
        for (int c = 0; c < k; c++) {
            res[c] = full & ~ex[c];
        }
        int[] chosen = new int[reqs.size()];
        for (int q = 0; q < reqs.size(); q++) {
            chosen[q] = col[rep[q]];
        }
        String note = String.format(java.util.Locale.ROOT,
                "%d requirements (%d after implication), clique %d, DSATUR %d, result %d%s, %.1f s", reqs.size(), g.v,
                clique.length, heuristic, k, phase, (System.nanoTime() - t0) / 1e9);
        return new Solution(res, chosen, optimal, note);
    }

    private static int size(Requirement q) {
        return Long.bitCount(q.all()) + Long.bitCount(q.none());
    }

    private boolean conflict(int a, int b) {
        return (all[a] & none[b]) != 0 || (all[b] & none[a]) != 0;
    }

    /** A greedy maximal clique of the conflict graph (best of one greedy run per start vertex). */
    private int[] clique() {
        BitSet[] adj = new BitSet[v];
        int[] deg = new int[v];
        for (int a = 0; a < v; a++) {
            adj[a] = new BitSet(v);
        }
        for (int a = 0; a < v; a++) {
            for (int b = a + 1; b < v; b++) {
                if (conflict(a, b)) {
                    adj[a].set(b);
                    adj[b].set(a);
                    deg[a]++;
                    deg[b]++;
                }
            }
        }
        Integer[] byDeg = new Integer[v];
        for (int i = 0; i < v; i++) {
            byDeg[i] = i;
        }
        Arrays.sort(byDeg, (a, b) -> deg[b] != deg[a] ? Integer.compare(deg[b], deg[a]) : Integer.compare(a, b));
        int[] best = {};
        for (int s : byDeg) {
            if (deg[s] + 1 <= best.length) {
                break;
            }
            List<Integer> q = new ArrayList<>(List.of(s));
            BitSet cand = (BitSet) adj[s].clone();
            for (int t : byDeg) {
                if (cand.get(t)) {
                    q.add(t);
                    cand.and(adj[t]);
                }
            }
            if (q.size() > best.length) {
                best = q.stream().mapToInt(Integer::intValue).toArray();
            }
        }
        return best;
    }

    /** DSATUR over colour unions, clique pre-coloured 0..|Q|-1; a vertex takes the feasible colour losing fewest edges. */
    private int[] dsatur(int[] clique) {
        int[] col = new int[v];
        Arrays.fill(col, -1);
        List<long[]> cu = new ArrayList<>(); // {∪all, ∪none} per colour
        for (int j = 0; j < clique.length; j++) {
            col[clique[j]] = j;
            cu.add(new long[] {all[clique[j]], none[clique[j]]});
        }
        for (int left = v - clique.length; left > 0; left--) {
            int pick = -1;
            int pickSat = -1;
            for (int c = 0; c < v; c++) {
                if (col[c] >= 0) {
                    continue;
                }
                int s = 0;
                for (long[] u : cu) {
                    if ((all[c] & u[1]) != 0 || (none[c] & u[0]) != 0) {
                        s++;
                    }
                }
                if (s > pickSat) {
                    pickSat = s;
                    pick = c;
                }
            }
            int best = -1;
            int lost = Integer.MAX_VALUE;
            for (int g = 0; g < cu.size(); g++) {
                long[] u = cu.get(g);
                if ((all[pick] & u[1]) == 0 && (none[pick] & u[0]) == 0) {
                    int l = Long.bitCount(none[pick] & ~u[1]);
                    if (l < lost) {
                        lost = l;
                        best = g;
                    }
                }
            }
            if (best < 0) {
                cu.add(new long[] {0, 0});
                best = cu.size() - 1;
            }
            cu.get(best)[0] |= all[pick];
            cu.get(best)[1] |= none[pick];
            col[pick] = best;
        }
        return col;
    }

    private int colors(int[] col) {
        int k = 0;
        for (int c : col) {
            k = Math.max(k, c + 1);
        }
        return k;
    }

    private long[] unions(int[] col, int k, long[] of) {
        long[] u = new long[k];
        for (int c = 0; c < v; c++) {
            u[col[c]] |= of[c];
        }
        return u;
    }

    /** Σ_g |∪ none_g|: the edges missing from k full resources. */
    private long missing(int[] col, int k) {
        long m = 0;
        for (long x : unions(col, k, none)) {
            m += Long.bitCount(x);
        }
        return m;
    }

    /**
     * Local search: move single vertices between colours while the number of edges grows; returns the number of
     * colours after dropping emptied ones (renumbered in place).
     */
    private int improveEdges(int[] col, int k) {
        boolean moved = true;
        for (int round = 0; moved && round < 50; round++) {
            moved = false;
            for (int c = 0; c < v; c++) {
                int from = col[c];
                long[] ua = unionsExcept(col, k, c, all);
                long[] un = unionsExcept(col, k, c, none);
                long base = Long.bitCount(un[from] | none[c]);
                for (int g = 0; g < k; g++) {
                    if (g == from || (all[c] & un[g]) != 0 || (none[c] & ua[g]) != 0) {
                        continue;
                    }
                    long now = base + Long.bitCount(un[g]);
                    long then = Long.bitCount(un[from]) + Long.bitCount(un[g] | none[c]);
                    if (then < now) {
                        col[c] = g;
                        moved = true;
                        break;
                    }
                }
            }
        }
        int[] renum = new int[k];
        Arrays.fill(renum, -1);
        int used = 0;
        for (int c = 0; c < v; c++) {
            if (renum[col[c]] < 0) {
                renum[col[c]] = used++;
            }
            col[c] = renum[col[c]];
        }
        return used;
    }

    private long[] unionsExcept(int[] col, int k, int skip, long[] of) {
        long[] u = new long[k];
        for (int c = 0; c < v; c++) {
            if (c != skip) {
                u[col[c]] |= of[c];
            }
        }
        return u;
    }

    /**
     * Is there a k-colouring (clique fixed) whose resources miss at most {@code maxMissing} edges? true with the
     * colouring in {@code out}, false if proven impossible, null on timeout. Model: x_{c,g} ⇒ e_{a,g} (a ∈ all_c),
     * x_{c,g} ⇒ ¬e_{b,g} (b ∈ none_c), ∨_g x_{c,g}, Σ¬e ≤ maxMissing.
     */
    private Boolean satColouring(int k, int[] clique, long maxMissing, Deadline deadline, int[] out) {
        long ms = deadline.remaining().toMillis();
        if (ms <= 0) {
            return null;
        }
        IPBSolver s = SolverFactory.newDefault();
        int[][] x = new int[v][k];
        int[][] e = new int[n][k];
        int next = 1;
        for (int c = 0; c < v; c++) {
            for (int g = 0; g < k; g++) {
                x[c][g] = next++;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int g = 0; g < k; g++) {
                e[i][g] = next++;
            }
        }
        s.newVar(next - 1);
        try {
            for (int j = 0; j < clique.length && j < k; j++) {
                s.addClause(new VecInt(new int[] {x[clique[j]][j]}));
            }
            if (clique.length > k) {
                return false;
            }
            for (int c = 0; c < v; c++) {
                s.addClause(new VecInt(x[c].clone()));
                for (int g = 0; g < k; g++) {
                    for (int i = 0; i < n; i++) {
                        if ((all[c] >>> i & 1) != 0) {
                            s.addClause(new VecInt(new int[] {-x[c][g], e[i][g]}));
                        }
                        if ((none[c] >>> i & 1) != 0) {
                            s.addClause(new VecInt(new int[] {-x[c][g], -e[i][g]}));
                        }
                    }
                }
            }
            if (maxMissing < Long.MAX_VALUE) {
                IVecInt lits = new VecInt();
                IVec<BigInteger> coefs = new Vec<>();
                for (int i = 0; i < n; i++) {
                    for (int g = 0; g < k; g++) {
                        lits.push(-e[i][g]);
                        coefs.push(BigInteger.ONE);
                    }
                }
                s.addPseudoBoolean(lits, coefs, false, BigInteger.valueOf(maxMissing));
            }
        } catch (ContradictionException ex) {
            return false;
        }
        s.setTimeoutMs(ms);
        try {
            if (!s.isSatisfiable()) {
                return false;
            }
        } catch (TimeoutException ex) {
            return null;
        }
        for (int c = 0; c < v; c++) {
            out[c] = -1;
            for (int g = 0; g < k && out[c] < 0; g++) {
                if (s.model(x[c][g])) {
                    out[c] = g;
                }
            }
        }
        return true;
    }
}
