package tessera.dspace.runtime.csp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import tessera.dspace.runtime.Program.Binder;
import tessera.dspace.runtime.Program.Group;

/**
 * Seed 001a L787 / §8.1.1: instantiation over combinations of DISTINCT objects. Enumerates the bindings of
 * {@code binders} that extend the pre-bound entries of {@code b} (-1 = free), checking set membership (parametric sets
 * use the object bound to their parameter). Constraint instances are never stored; they are re-derived here.
 * Binders are visited parameters first: a propagator group lists its target's binders first (RuleGroups), so a
 * binder over a parametric set may come before the binder of its parameter.
 */
final class Bindings {
    /** The identity orders, by length: binder arrays whose parameters come first need no other. */
    private static final int[][] IDENTITY = new int[9][];

    static {
        for (int n = 0; n < IDENTITY.length; n++) {
            IDENTITY[n] = new int[n];
            for (int i = 0; i < n; i++) {
                IDENTITY[n][i] = i;
            }
        }
    }

    private Bindings() {
    }

    static void forEach(Kernel k, Binder[] bs, int[] b, Consumer<int[]> body) {
        rec(k, bs, order(bs), b, 0, body, null, null);
    }

    /**
     * The bindings of {@code bs} in which some binder's object is one {@code added} to that binder's set (set →
     * objects: partial_init's new instances), each once and in {@link #forEach}'s order, so that the variables they
     * make are numbered as a full enumeration would number them. With {@code pre}, only those extending its bound
     * entries (-1 = free). With {@code before} (member list key, {@link #listKey} → its size before the objects were
     * added), only the bindings that did not exist before: some object sits past its list's old size. Without it, a
     * binding may also be an old one whose object was added to the set of another parameter.
     */
    static List<int[]> ofAdded(Kernel k, Binder[] bs, int[] pre, Map<Integer, Set<Integer>> added,
            Map<Long, Integer> before) {
        List<int[]> found = new ArrayList<>();
        int[] b = new int[bs.length];
        for (int i = 0; i < bs.length; i++) {
            Set<Integer> objs = added.get(bs[i].set());
            if (objs != null) {
                for (int o : objs) {
                    if (pre != null && pre[i] >= 0 && pre[i] != o) {
                        continue;
                    }
                    if (pre == null) {
                        Arrays.fill(b, -1);
                    } else {
                        System.arraycopy(pre, 0, b, 0, b.length);
                    }
                    b[i] = o;
                    forEach(k, bs, b, x -> found.add(x.clone()));
                }
            }
        }
        if (found.size() < 2 && before == null) {
            return found;
        }
        int[] order = order(bs);
        List<int[][]> ranked = new ArrayList<>(found.size());
        for (int[] t : found) {
            int[] r = new int[order.length];
            boolean isNew = before == null;
            for (int s = 0; s < order.length; s++) {
                Binder x = bs[order[s]];
                int param = x.arg() < 0 ? -1 : t[x.arg()];
                Kernel.Members m = k.members(x.set(), param);
                int at = 0;
                while (m.items[at] != t[order[s]]) {
                    at++;
                }
                r[s] = at;
                isNew = isNew || at >= before.getOrDefault(listKey(x.set(), param), 0);
            }
            if (isNew) {
                ranked.add(new int[][] { r, t });
            }
        }
        ranked.sort(Comparator.comparing((int[][] e) -> e[0], Arrays::compare));
        List<int[]> out = new ArrayList<>(ranked.size());
        for (int i = 0; i < ranked.size(); i++) {
            if (i == 0 || !Arrays.equals(ranked.get(i)[0], ranked.get(i - 1)[0])) {
                out.add(ranked.get(i)[1]);
            }
        }
        return out;
    }

    /** The key of the member list of {@code set} (of parameter object {@code param}, or -1 for a plain set). */
    static long listKey(int set, int param) {
        return ((long) set << 32) | (param < 0 ? 0xffffffffL : param);
    }

    /**
     * Propagation's enumeration: runs group {@code g} on {@code c} ({@link Propagation#runGroup}) for every binding
     * extending {@code b} that {@link Propagation#skips} keeps. The same walk as {@link #forEach}, with direct calls
     * (the propagation hot path: a lambda per call site would make them virtual).
     */
    static void forEachRun(Candidate c, Group g, int[] b) {
        rec(c.kernel, g.binders(), order(g.binders()), b, 0, null, c, g);
    }

    /**
     * Positions in an order where every parametric binder follows the binder of its parameter. Computed per call: a
     * few binders, cheaper than a lookup, and no table that grows with every binder array a lowering makes.
     */
    static int[] order(Binder[] bs) {
        if (bs.length < IDENTITY.length && parametersFirst(bs)) {
            return IDENTITY[bs.length];
        }
        int[] order = new int[bs.length];
        boolean[] placed = new boolean[bs.length];
        int n = 0;
        while (n < bs.length) {
            int before = n;
            for (int i = 0; i < bs.length; i++) {
                if (!placed[i] && (bs[i].arg() < 0 || placed[bs[i].arg()])) {
                    placed[i] = true;
                    order[n++] = i;
                }
            }
            if (n == before) {
                throw new IllegalStateException("binders depend on each other in a cycle");
            }
        }
        return order;
    }

    private static boolean parametersFirst(Binder[] bs) {
        for (int i = 0; i < bs.length; i++) {
            if (bs[i].arg() >= i) {
                return false;
            }
        }
        return true;
    }

    /** Binds order[step..]; at the end runs {@code g} on {@code c} when {@code c} is given, else {@code body}. */
    private static void rec(Kernel k, Binder[] bs, int[] order, int[] b, int step, Consumer<int[]> body, Candidate c,
            Group g) {
        if (step == order.length) {
            if (c != null) {
                Propagation.runGroup(c, g, b);
            } else {
                body.accept(b);
            }
            return;
        }
        int pos = order[step];
        Kernel.Members m = members(k, bs[pos], b);
        if (m == null) {
            return;
        }
        if (b[pos] >= 0) {
            if (m.bits.get(b[pos]) && distinct(b, pos, b[pos])) {
                rec(k, bs, order, b, step + 1, body, c, g);
            }
            return;
        }
        if (c != null && c.prog.choiceTables.get(g.id()) != null && lastFree(k, bs, order, b, step)
                && Propagation.runTableOver(c, g, b, pos, m)) {
            return; // the last free binder of a choice-only group: one loop over the members, no binding at a time
        }
        for (int i = 0; i < m.size; i++) {
            int o = m.items[i];
            if (distinct(b, pos, o)) {
                b[pos] = o;
                // propagation's cut: after each binder but the last (runGroup tests the complete binding itself)
                if (c == null || step + 1 == order.length || !Propagation.skips(c, g, b, pos)) {
                    rec(k, bs, order, b, step + 1, body, c, g);
                }
            }
        }
        b[pos] = -1;
    }

    /**
     * Whether the binder at {@code order[step]} is the last free one: every later binder is pre-bound to a member of its
     * set (a plain one or one whose parameter is bound already), distinct from the others; the free binder's object is
     * left to the caller.
     */
    private static boolean lastFree(Kernel k, Binder[] bs, int[] order, int[] b, int step) {
        int pos = order[step];
        for (int s = step + 1; s < order.length; s++) {
            int p = order[s];
            if (b[p] < 0 || bs[p].arg() == pos) {
                return false;
            }
            Kernel.Members m = members(k, bs[p], b);
            if (m == null || !m.bits.get(b[p]) || !distinct(b, p, b[p])) {
                return false;
            }
        }
        return true;
    }

    /** The members of binder {@code x}'s set (of the object bound to its parameter, for a parametric one), or null. */
    private static Kernel.Members members(Kernel k, Binder x, int[] b) {
        if (x.arg() < 0) {
            return k.plain[x.set()];
        }
        java.util.Map<Integer, Kernel.Members> pm = k.param.get(x.set());
        return pm == null ? null : pm.get(b[x.arg()]);
    }

    /** Whether {@code o} differs from every object bound at another position. */
    static boolean distinct(int[] b, int pos, int o) {
        for (int i = 0; i < b.length; i++) {
            if (i != pos && b[i] == o) {
                return false;
            }
        }
        return true;
    }
}
