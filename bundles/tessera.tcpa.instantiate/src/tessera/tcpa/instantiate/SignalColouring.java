package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.List;

import org.sat4j.core.VecInt;
import org.sat4j.minisat.SolverFactory;
import org.sat4j.specs.ContradictionException;
import org.sat4j.specs.ISolver;
import org.sat4j.specs.TimeoutException;

import tessera.core.Deadline;

/**
 * Seed 003 §6.2, Def. 6.4: exact k-colouring of the local control signals as SAT, jointly with each node's choice of
 * codes c[e] (one option per node, Def. 6.4 leaves c[e] free) and each signal's polarity (a global signal may serve a
 * local one complemented: the branch swaps its targets, so ¬cs costs nothing). Two signals may share a colour iff they
 * agree, under their polarities, wherever both are defined.
 */
final class SignalColouring {
    /** Distinct signals (up to complement) and per node its options: option → placeholder → signal id (−1: none needed). */
    record Problem(List<LocalSignal> signals, List<int[][]> options) {
    }

    /** Per node the chosen option, per signal its colour (−1 when no chosen option uses it) and polarity; the colours used. */
    record Solution(int colours, int[] option, int[] colour, boolean[] flip) {
    }

    private final Problem p;
    private final int m;
    private final boolean[][] always; // conflict under every polarity
    private final boolean[][] equalPolarity; // conflict when both keep (or both flip) their polarity
    private final boolean[][] oppositePolarity;

    SignalColouring(Problem p) {
        this.p = p;
        m = p.signals().size();
        always = new boolean[m][m];
        equalPolarity = new boolean[m][m];
        oppositePolarity = new boolean[m][m];
        for (int a = 0; a < m; a++) {
            for (int b = a + 1; b < m; b++) {
                LocalSignal x = p.signals().get(a), y = p.signals().get(b);
                boolean same = x.interferes(y), diff = x.interferes(y.complement());
                always[a][b] = always[b][a] = same && diff;
                equalPolarity[a][b] = equalPolarity[b][a] = same;
                oppositePolarity[a][b] = oppositePolarity[b][a] = diff;
            }
        }
    }

    /**
     * Signals of single-option nodes that pairwise conflict under every polarity: a lower bound on the colours, and
     * fixing their colours (and polarities) breaks the colour and complement symmetries.
     */
    int[] clique() {
        boolean[] fixed = new boolean[m];
        for (int[][] o : p.options()) {
            if (o.length == 1) {
                for (int s : o[0]) {
                    if (s >= 0) {
                        fixed[s] = true;
                    }
                }
            }
        }
        List<Integer> best = List.of();
        for (int start = 0; start < m; start++) { // greedy from every start, by degree
            if (!fixed[start]) {
                continue;
            }
            List<Integer> c = new ArrayList<>(List.of(start));
            for (int s = 0; s < m; s++) {
                final int cand = s;
                if (fixed[s] && s != start && c.stream().allMatch(t -> always[cand][t])) {
                    c.add(s);
                }
            }
            if (c.size() > best.size()) {
                best = c;
            }
        }
        return best.stream().mapToInt(Integer::intValue).toArray();
    }

    /** A k-colouring, or null when none exists ({@code proven[0]} = true) or the deadline passed (false). */
    Solution solve(int k, int[] clique, Deadline deadline, boolean[] proven) {
        proven[0] = false;
        long ms = deadline.remaining().toMillis();
        if (ms <= 0) {
            return null;
        }
        if (clique.length > k) {
            proven[0] = true;
            return null;
        }
        ISolver s = SolverFactory.newDefault();
        int next = 1;
        int[][] x = new int[m][k];
        for (int a = 0; a < m; a++) {
            for (int c = 0; c < k; c++) {
                x[a][c] = next++;
            }
        }
        int[] q = new int[m];
        for (int a = 0; a < m; a++) {
            q[a] = next++;
        }
        int[][] o = new int[p.options().size()][];
        for (int v = 0; v < o.length; v++) {
            o[v] = new int[p.options().get(v).length];
            for (int j = 0; j < o[v].length; j++) {
                o[v][j] = next++;
            }
        }
        s.newVar(next - 1);
        try {
            for (int j = 0; j < clique.length; j++) {
                s.addClause(new VecInt(new int[] {x[clique[j]][j]}));
                s.addClause(new VecInt(new int[] {-q[clique[j]]}));
            }
            for (int v = 0; v < o.length; v++) {
                s.addClause(new VecInt(o[v].clone()));
                for (int j = 0; j < o[v].length; j++) {
                    for (int sig : p.options().get(v)[j]) { // chosen option → each of its signals has a colour
                        if (sig < 0) {
                            continue; // free placeholder: constant where defined, no signal
                        }
                        int[] lits = new int[k + 1];
                        lits[0] = -o[v][j];
                        for (int c = 0; c < k; c++) {
                            lits[c + 1] = x[sig][c];
                        }
                        s.addClause(new VecInt(lits));
                    }
                }
            }
            for (int a = 0; a < m; a++) {
                for (int b = a + 1; b < m; b++) {
                    for (int c = 0; c < k; c++) {
                        if (always[a][b]) {
                            s.addClause(new VecInt(new int[] {-x[a][c], -x[b][c]}));
                            continue;
                        }
                        if (equalPolarity[a][b]) { // same colour → polarities differ
                            s.addClause(new VecInt(new int[] {-x[a][c], -x[b][c], q[a], q[b]}));
                            s.addClause(new VecInt(new int[] {-x[a][c], -x[b][c], -q[a], -q[b]}));
                        }
                        if (oppositePolarity[a][b]) { // same colour → polarities equal
                            s.addClause(new VecInt(new int[] {-x[a][c], -x[b][c], -q[a], q[b]}));
                            s.addClause(new VecInt(new int[] {-x[a][c], -x[b][c], q[a], -q[b]}));
                        }
                    }
                }
            }
        } catch (ContradictionException e) {
            proven[0] = true;
            return null;
        }
        s.setTimeoutMs(Math.max(1, ms));
        try {
            if (!s.isSatisfiable()) {
                proven[0] = true;
                return null;
            }
        } catch (TimeoutException e) {
            return null;
        }
        int[] option = new int[o.length];
        boolean[] used = new boolean[m];
        for (int v = 0; v < o.length; v++) {
            int j = 0;
            while (!s.model(o[v][j])) {
                j++;
            }
            option[v] = j;
            for (int sig : p.options().get(v)[j]) {
                if (sig >= 0) {
                    used[sig] = true;
                }
            }
        }
        int[] colour = new int[m];
        boolean[] flip = new boolean[m];
        for (int a = 0; a < m; a++) {
            colour[a] = -1;
            for (int c = 0; c < k && used[a] && colour[a] < 0; c++) {
                if (s.model(x[a][c])) {
                    colour[a] = c;
                }
            }
            flip[a] = s.model(q[a]);
        }
        return new Solution((int) java.util.Arrays.stream(colour).filter(c -> c >= 0).distinct().count(), option, colour, flip);
    }
}
