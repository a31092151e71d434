package tessera.telamon.model;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Seed 001 §5.2.1 and App. A.2 (Def. 5.2, eqs 5.28–5.32; digest 001b §2.4): the program points ℙ_0 of the selected
 * loop levels (instructions, entries E_L and exits X_L), their before/current/after sets, the program order ⪯ with
 * ∅ special-cased as in the appendix, and a linear extension of ≺ (vertex order of every execution graph).
 */
public final class ProgramPoints {
    /** A program point: an instruction ({@code inst} ≥ 0) or the entry/exit of level {@code level} of 𝕃_0. */
    public record Point(int inst, int level, boolean exit, BitSet before, BitSet current, BitSet after) {
        public boolean isInst() {
            return inst >= 0;
        }
    }

    private final Domains m;
    private final List<BitSet> levels;
    /** Points in a linear extension of ≺. */
    private final List<Point> points = new ArrayList<>();
    private final boolean[][] precedes;
    private final int entry, exit;

    public ProgramPoints(Domains m, List<BitSet> levels) {
        this.m = m;
        this.levels = levels;
        List<Point> raw = new ArrayList<>();
        for (int s = 0; s < m.size(); s++) {
            if (!m.isDim(s)) {
                raw.add(instPoint(s));
            }
        }
        for (int l = 0; l < levels.size(); l++) {
            raw.add(levelPoint(l, levels.get(l), false));
            raw.add(levelPoint(l, levels.get(l), true));
        }
        int n = raw.size();
        boolean[][] le = new boolean[n][n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                le[a][b] = a != b && precedesOrEqual(raw.get(a), raw.get(b));
            }
        }
        // a linear extension: repeatedly take the first point no remaining point strictly precedes
        boolean[] done = new boolean[n];
        int[] at = new int[n];
        for (int k = 0; k < n; k++) {
            int pick = -1;
            for (int a = 0; a < n && pick < 0; a++) {
                if (done[a]) {
                    continue;
                }
                boolean minimal = true;
                for (int b = 0; b < n && minimal; b++) {
                    minimal = done[b] || b == a || !le[b][a] || (le[a][b] && b > a);
                }
                if (minimal) {
                    pick = a;
                }
            }
            if (pick < 0) { // cannot happen for a partial order; keep going deterministically
                for (int a = 0; a < n && pick < 0; a++) {
                    if (!done[a]) {
                        pick = a;
                    }
                }
            }
            done[pick] = true;
            at[pick] = k;
            points.add(raw.get(pick));
        }
        precedes = new boolean[n][n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                precedes[at[a]][at[b]] = le[a][b] && at[a] < at[b];
            }
        }
        entry = find(0, false);
        exit = find(0, true);
    }

    public List<Point> points() {
        return points;
    }

    public List<BitSet> levels() {
        return levels;
    }

    /** p ≺ q (with q after p in the linear extension). */
    public boolean precedes(int p, int q) {
        return precedes[p][q];
    }

    public int entry() {
        return entry;
    }

    public int exit() {
        return exit;
    }

    /** The vertex of E_L ({@code exit} false) or X_L of level {@code level} of 𝕃_0. */
    public int find(int level, boolean isExit) {
        for (int p = 0; p < points.size(); p++) {
            Point x = points.get(p);
            if (!x.isInst() && x.level() == level && x.exit() == isExit) {
                return p;
            }
        }
        return -1;
    }

    public int findInst(int s) {
        for (int p = 0; p < points.size(); p++) {
            if (points.get(p).inst() == s) {
                return p;
            }
        }
        return -1;
    }

    public String label(int p) {
        Point x = points.get(p);
        if (x.isInst()) {
            return m.name(x.inst());
        }
        return (x.exit() ? "X" : "E") + levelName(levels.get(x.level()));
    }

    public String levelName(BitSet l) {
        if (l.isEmpty()) {
            return "∅";
        }
        List<String> names = new ArrayList<>();
        l.stream().forEach(d -> names.add(m.name(d)));
        return "{" + String.join(",", names) + "}";
    }

    private Point instPoint(int i) {
        BitSet before = new BitSet(), current = new BitSet(), after = new BitSet();
        current.set(i);
        for (int s = 0; s < m.size(); s++) {
            if (s == i) {
                continue;
            }
            int o = m.order(s, i);
            if (o == Domains.BEFORE) {
                before.set(s);
            } else if (o == Domains.AFTER) {
                after.set(s);
            } else if (o == Domains.OUT) {
                current.set(s);
            }
        }
        return new Point(i, -1, false, before, current, after);
    }

    /** Eqs 5.29–5.31 for E_L / X_L, and App. A's special case for ∅. */
    Point levelPoint(int level, BitSet l, boolean isExit) {
        BitSet before = new BitSet(), current = new BitSet(), after = new BitSet();
        if (l.isEmpty()) {
            for (int s = 0; s < m.size(); s++) {
                (isExit ? before : after).set(s);
            }
            return new Point(-1, level, isExit, before, current, after);
        }
        for (int s = 0; s < m.size(); s++) {
            if (l.get(s)) {
                current.set(s);
                (isExit ? before : after).set(s);
                continue;
            }
            int u = 0;
            for (int d = l.nextSetBit(0); d >= 0; d = l.nextSetBit(d + 1)) {
                u |= m.order(s, d);
            }
            if (u == 0) {
                continue;
            }
            if ((u & ~(Domains.OUT | Domains.MERGED)) == 0) {
                current.set(s);
            }
            if (isExit) {
                if ((u & ~(Domains.BEFORE | Domains.IN)) == 0) {
                    before.set(s);
                }
                if (u == Domains.AFTER) {
                    after.set(s);
                }
            } else {
                if (u == Domains.BEFORE) {
                    before.set(s);
                }
                if ((u & ~(Domains.AFTER | Domains.IN)) == 0) {
                    after.set(s);
                }
            }
        }
        return new Point(-1, level, isExit, before, current, after);
    }

    /** Eq. 5.32. */
    static boolean precedesOrEqual(Point p, Point q) {
        if (p.level() == 0 && p.exit() && !p.isInst() && q.level() == 0 && !q.exit() && !q.isInst()) {
            return false; // (e): X_∅ ⋠ E_∅
        }
        long[] pb = p.before().toLongArray(), pc = p.current().toLongArray(), pa = p.after().toLongArray();
        long[] qb = q.before().toLongArray(), qc = q.current().toLongArray(), qa = q.after().toLongArray();
        int n = Math.max(Math.max(Math.max(pb.length, pc.length), Math.max(pa.length, qb.length)),
                Math.max(qc.length, qa.length));
        for (int w = 0; w < n; w++) {
            long b1 = word(pb, w), c1 = word(pc, w), a1 = word(pa, w), b2 = word(qb, w), c2 = word(qc, w),
                    a2 = word(qa, w);
            if ((b1 & ~b2) != 0 || ((b1 | c1) & ~(b2 | c2)) != 0 || (a2 & ~a1) != 0 || ((a2 | c2) & ~(a1 | c1)) != 0) {
                return false;
            }
        }
        return true;
    }

    private static long word(long[] words, int w) {
        return w < words.length ? words[w] : 0;
    }

    static BitSet union(BitSet a, BitSet b) {
        BitSet r = (BitSet) a.clone();
        r.or(b);
        return r;
    }

    static boolean subset(BitSet a, BitSet b) {
        BitSet r = (BitSet) a.clone();
        r.andNot(b);
        return r.isEmpty();
    }
}
