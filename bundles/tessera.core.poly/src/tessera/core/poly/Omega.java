package tessera.core.poly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import tessera.core.Deadline;

/**
 * Seed 003 §5–§6 set operations (the isl replacement): Pugh's Omega test (CACM 1992), exact integer satisfiability and exact existential elimination of conjunctions of
 * affine equalities and inequalities. Rows are {@code long[]} with the constant at index 0 and variable coefficients
 * from index 1; an equality means {@code row . (1, x) == 0}, an inequality {@code row . (1, x) >= 0}.
 * Equalities are solved by unit substitution or Pugh's mod-hat reduction (satisfiability) or unimodular column
 * reduction plus a congruence (elimination); inequalities by Fourier-Motzkin: the real shadow when it is exact,
 * otherwise the dark shadow and the splinters. No state beyond the deadline.
 */
final class Omega {
    private final Deadline deadline;

    Omega(Deadline deadline) {
        this.deadline = deadline;
    }

    /** A conjunction under work; congruences ({@code mods}) only ever hold kept (non-eliminated) variables. */
    static final class Sys {
        int width;
        List<long[]> eqs = new ArrayList<>();
        List<long[]> ges = new ArrayList<>();
        List<long[]> mods = new ArrayList<>();
        List<Long> moduli = new ArrayList<>();
        boolean[] elim; // columns to eliminate (index 0 unused)

        Sys(int width) {
            this.width = width;
            this.elim = new boolean[width];
        }

        Sys copy() {
            Sys s = new Sys(width);
            for (long[] r : eqs) {
                s.eqs.add(r.clone());
            }
            for (long[] r : ges) {
                s.ges.add(r.clone());
            }
            for (long[] r : mods) {
                s.mods.add(r.clone());
            }
            s.moduli.addAll(moduli);
            s.elim = elim.clone();
            return s;
        }

        int addColumn(boolean eliminate) {
            int c = width++;
            eqs.replaceAll(r -> Arrays.copyOf(r, width));
            ges.replaceAll(r -> Arrays.copyOf(r, width));
            mods.replaceAll(r -> Arrays.copyOf(r, width));
            elim = Arrays.copyOf(elim, width);
            elim[c] = eliminate;
            return c;
        }
    }

    // ---------------------------------------------------------------- satisfiability

    /** True iff the set has an integer point (parameters included): congruence i gets its own free column. */
    boolean satisfiable(IntegerSet set) {
        int w = 1 + set.space().vars();
        Sys s = new Sys(w + set.mods.length);
        for (long[] r : set.eqs) {
            s.eqs.add(Arrays.copyOf(r, s.width));
        }
        for (long[] r : set.ges) {
            s.ges.add(Arrays.copyOf(r, s.width));
        }
        for (int i = 0; i < set.mods.length; i++) {
            long[] r = Arrays.copyOf(set.mods[i], s.width);
            r[w + i] = -set.moduli[i];
            s.eqs.add(r);
        }
        return satisfiable(s);
    }

    /** True iff some integer assignment of all columns satisfies the system (which is consumed). */
    boolean satisfiable(Sys s) {
        while (true) {
            deadline.check("integer emptiness test (Omega test)");
            if (!normalizeEqs(s.eqs)) {
                return false;
            }
            if (!s.eqs.isEmpty()) {
                int bi = -1, bk = -1;
                long best = Long.MAX_VALUE;
                for (int i = 0; i < s.eqs.size() && best > 1; i++) {
                    long[] e = s.eqs.get(i);
                    for (int k = 1; k < e.length; k++) {
                        if (e[k] != 0 && Math.abs(e[k]) < best) {
                            best = Math.abs(e[k]);
                            bi = i;
                            bk = k;
                        }
                    }
                }
                if (best == 1) {
                    long[] e = s.eqs.remove(bi);
                    substitute(s, bk, e);
                } else {
                    // mod-hat: m*sigma = sum (a_i mod^ m) x_i, whose x_k coefficient is -sign(a_k)
                    int sigma = s.addColumn(true);
                    long[] e = s.eqs.get(bi);
                    long m = best + 1;
                    long[] r = new long[s.width];
                    for (int i = 0; i < sigma; i++) {
                        r[i] = Arith.modHat(e[i], m);
                    }
                    r[sigma] = -m;
                    substitute(s, bk, r);
                }
                continue;
            }
            if (!normalizeGes(s)) {
                return false;
            }
            if (!s.eqs.isEmpty()) {
                continue;
            }
            if (s.ges.isEmpty()) {
                return true;
            }
            int v = chooseVariable(s, null);
            if (v < 0) {
                continue; // a one-sided variable was dropped
            }
            boolean exact = v >= EXACT_FLAG;
            v &= ~EXACT_FLAG;
            if (exact) {
                s.ges = shadow(s.ges, v, false);
                continue;
            }
            Sys real = new Sys(s.width);
            real.ges = shadow(s.ges, v, false);
            if (!satisfiable(real)) {
                return false;
            }
            Sys dark = new Sys(s.width);
            dark.ges = shadow(s.ges, v, true);
            if (satisfiable(dark)) {
                return true;
            }
            for (long[] splinter : splinters(s.ges, v)) {
                Sys t = s.copy();
                t.eqs.add(splinter);
                if (satisfiable(t)) {
                    return true;
                }
            }
            return false;
        }
    }

    // ---------------------------------------------------------------- elimination

    /**
     * Eliminates every column flagged in {@code s.elim} exactly; the result is a finite union of systems over the
     * kept columns (flagged columns are all zero there), possibly with new congruences. Empty list = empty set.
     */
    List<Sys> eliminate(Sys s) {
        List<Sys> out = new ArrayList<>();
        eliminate(s, out);
        return out;
    }

    private void eliminate(Sys s, List<Sys> out) {
        while (true) {
            deadline.check("integer projection (Omega test)");
            if (!normalizeEqs(s.eqs) || !normalizeMods(s)) {
                return;
            }
            int ei = -1;
            for (int i = 0; i < s.eqs.size() && ei < 0; i++) {
                if (mentionsElim(s, s.eqs.get(i))) {
                    ei = i;
                }
            }
            if (ei >= 0) {
                eliminateByEquality(s, ei);
                continue;
            }
            if (!normalizeGes(s)) {
                return;
            }
            if (hasElimEquality(s)) {
                continue;
            }
            int v = chooseVariable(s, s.elim);
            if (v == NONE) {
                out.add(s);
                return;
            }
            if (v < 0) {
                continue;
            }
            boolean exact = v >= EXACT_FLAG;
            v &= ~EXACT_FLAG;
            if (exact) {
                s.ges = shadow(s.ges, v, false);
                continue;
            }
            Sys dark = s.copy();
            dark.ges = shadow(s.ges, v, true);
            eliminate(dark, out);
            for (long[] splinter : splinters(s.ges, v)) {
                Sys t = s.copy();
                t.eqs.add(splinter);
                eliminate(t, out);
            }
            return;
        }
    }

    private static boolean hasElimEquality(Sys s) {
        for (long[] e : s.eqs) {
            if (mentionsElim(s, e)) {
                return true;
            }
        }
        return false;
    }

    private static boolean mentionsElim(Sys s, long[] r) {
        for (int k = 1; k < r.length; k++) {
            if (r[k] != 0 && s.elim[k]) {
                return true;
            }
        }
        return false;
    }

    /** Removes one eliminated column using equality ei: unimodular reduction to g*w + alpha = 0, then w = -alpha/g. */
    private static void eliminateByEquality(Sys s, int ei) {
        long[] e = s.eqs.get(ei);
        int u = -1;
        for (int k = 1; k < e.length; k++) {
            if (e[k] != 0 && s.elim[k]) {
                if (Math.abs(e[k]) == 1) {
                    s.eqs.remove(ei);
                    substitute(s, k, e);
                    return;
                }
                if (u < 0) {
                    u = k;
                } else {
                    // fold column k into u: [u v] -> [u' v'] with a*u + b*v = g*u' (det 1)
                    long a = e[u], b = e[k];
                    long[] gxy = Arith.egcd(a, b);
                    long g = gxy[0], x = gxy[1], y = gxy[2];
                    long bg = b / g, ag = a / g;
                    for (List<long[]> rows : List.of(s.eqs, s.ges)) {
                        for (long[] q : rows) {
                            long qu = q[u], qv = q[k];
                            if (qu == 0 && qv == 0) {
                                continue;
                            }
                            q[u] = Arith.add(Arith.mul(qu, x), Arith.mul(qv, y));
                            q[k] = Arith.add(Arith.mul(-qu, bg), Arith.mul(qv, ag));
                        }
                    }
                    if (Math.abs(e[u]) == 1) {
                        s.eqs.remove(ei);
                        substitute(s, u, e);
                        return;
                    }
                }
            }
        }
        s.eqs.remove(ei);
        if (e[u] < 0) {
            for (int i = 0; i < e.length; i++) {
                e[i] = -e[i];
            }
        }
        long g = e[u];
        if (g == 1) {
            substitute(s, u, e);
            return;
        }
        // g*w = -alpha has an integer solution iff alpha == 0 (mod g); multiply the other rows by g to drop w
        long[] alpha = e.clone();
        alpha[u] = 0;
        s.mods.add(alpha);
        s.moduli.add(g);
        for (List<long[]> rows : List.of(s.eqs, s.ges)) {
            for (int i = 0; i < rows.size(); i++) {
                long[] q = rows.get(i);
                if (q[u] != 0) {
                    long qu = q[u];
                    long[] n = new long[q.length];
                    for (int j = 0; j < q.length; j++) {
                        n[j] = Arith.sub(Arith.mul(g, q[j]), Arith.mul(qu, e[j]));
                    }
                    rows.set(i, n);
                }
            }
        }
    }

    // ---------------------------------------------------------------- shared steps

    /** Replaces x_k using row r (r[k] = +-1, r == 0) in every equality and inequality. */
    private static void substitute(Sys s, int k, long[] r) {
        long rk = r[k];
        for (List<long[]> rows : List.of(s.eqs, s.ges)) {
            for (long[] q : rows) {
                if (q != r && q[k] != 0) {
                    Arith.addMul(q, -Arith.mul(q[k], rk), r);
                }
            }
        }
    }

    private static boolean normalizeEqs(List<long[]> eqs) {
        for (Iterator<long[]> it = eqs.iterator(); it.hasNext();) {
            long[] e = it.next();
            long g = Arith.gcd(e, 1);
            if (g == 0) {
                if (e[0] != 0) {
                    return false;
                }
                it.remove();
                continue;
            }
            if (e[0] % g != 0) {
                return false;
            }
            if (g != 1) {
                for (int i = 0; i < e.length; i++) {
                    e[i] /= g;
                }
            }
        }
        return true;
    }

    private static boolean normalizeMods(Sys s) {
        for (int i = s.mods.size() - 1; i >= 0; i--) {
            long m = s.moduli.get(i);
            long gv = Rows.reduceCongruence(s.mods.get(i), m);
            if (gv == 0) {
                return false;
            }
            if (gv == m) {
                s.mods.remove(i);
                s.moduli.remove(i);
            }
        }
        return true;
    }

    /** gcd-tightens, removes duplicates, detects contradictions, turns opposite tight pairs into equalities. */
    private static boolean normalizeGes(Sys s) {
        Map<Rows.Key, long[]> best = new HashMap<>();
        if (!Rows.addTightened(best, s.ges)) {
            return false;
        }
        List<long[]> out = new ArrayList<>(best.size());
        for (Map.Entry<Rows.Key, long[]> en : best.entrySet()) {
            long[] r = en.getValue();
            long[] opp = best.get(en.getKey().negated());
            if (opp != null) {
                long sum = Arith.add(r[0], opp[0]);
                if (sum < 0) {
                    return false;
                }
                if (sum == 0) {
                    if (r[Rows.firstNonZero(r)] > 0) { // tightened rows have a coefficient
                        s.eqs.add(r);
                    }
                    continue;
                }
            }
            out.add(r);
        }
        s.ges = out;
        return true;
    }

    static final int EXACT_FLAG = 1 << 30;
    static final int NONE = Integer.MIN_VALUE;

    /**
     * Picks the inequality variable to eliminate (among {@code only} when given). Returns -1 after dropping a
     * variable bounded on one side only, NONE when no candidate occurs, else the column (| EXACT_FLAG when the
     * real shadow is exact: all lower or all upper coefficients are 1).
     */
    private static int chooseVariable(Sys s, boolean[] only) {
        int w = s.width;
        int[] lo = new int[w], up = new int[w];
        boolean[] loUnit = new boolean[w], upUnit = new boolean[w];
        Arrays.fill(loUnit, true);
        Arrays.fill(upUnit, true);
        for (long[] r : s.ges) {
            for (int k = 1; k < r.length; k++) {
                if (r[k] > 0) {
                    lo[k]++;
                    loUnit[k] &= r[k] == 1;
                } else if (r[k] < 0) {
                    up[k]++;
                    upUnit[k] &= r[k] == -1;
                }
            }
        }
        int bestExact = -1, bestAny = -1;
        long costExact = Long.MAX_VALUE, costAny = Long.MAX_VALUE;
        for (int k = 1; k < w; k++) {
            if (only != null && !only[k] || lo[k] + up[k] == 0) {
                continue;
            }
            if (lo[k] == 0 || up[k] == 0) {
                int col = k;
                s.ges.removeIf(r -> r[col] != 0);
                return -1;
            }
            long cost = (long) lo[k] * up[k] - lo[k] - up[k];
            if (loUnit[k] || upUnit[k]) {
                if (cost < costExact) {
                    costExact = cost;
                    bestExact = k;
                }
            } else if (cost < costAny) {
                costAny = cost;
                bestAny = k;
            }
        }
        if (bestExact > 0) {
            return bestExact | EXACT_FLAG;
        }
        return bestAny > 0 ? bestAny : NONE;
    }

    /** Fourier-Motzkin on column v: the real shadow, or the dark shadow (tightened by (a-1)(b-1)). */
    private static List<long[]> shadow(List<long[]> ges, int v, boolean dark) {
        List<long[]> out = new ArrayList<>();
        List<long[]> lows = new ArrayList<>(), ups = new ArrayList<>();
        for (long[] r : ges) {
            if (r[v] > 0) {
                lows.add(r);
            } else if (r[v] < 0) {
                ups.add(r);
            } else {
                out.add(r.clone());
            }
        }
        for (long[] l : lows) {
            long a = l[v];
            for (long[] u : ups) {
                long b = -u[v];
                long[] n = new long[l.length];
                for (int i = 0; i < n.length; i++) {
                    n[i] = Arith.add(Arith.mul(b, l[i]), Arith.mul(a, u[i]));
                }
                if (dark) {
                    n[0] = Arith.sub(n[0], Arith.mul(a - 1, b - 1));
                }
                out.add(n);
            }
        }
        return out;
    }

    /** Pugh's splinters: for each lower bound a*x + alpha >= 0, the equalities a*x + alpha = i, 0 <= i <= (amax*a - a - amax)/amax. */
    private static List<long[]> splinters(List<long[]> ges, int v) {
        long amax = 0;
        for (long[] r : ges) {
            if (r[v] < 0) {
                amax = Math.max(amax, -r[v]);
            }
        }
        List<long[]> out = new ArrayList<>();
        for (long[] r : ges) {
            if (r[v] > 0) {
                long a = r[v];
                long top = Math.floorDiv(Arith.sub(Arith.sub(Arith.mul(amax, a), a), amax), amax);
                for (long i = 0; i <= top; i++) {
                    long[] e = r.clone();
                    e[0] = Arith.sub(e[0], i);
                    out.add(e);
                }
            }
        }
        return out;
    }
}
