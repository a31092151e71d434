package tessera.dspace.runtime.csp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import tessera.dspace.runtime.Program.Binder;

/**
 * Seed 001a L787 / §8.1.1: instantiation over combinations of DISTINCT objects. Enumerates the bindings of
 * {@code binders} that extend the pre-bound entries of {@code b} (-1 = free), checking set membership (parametric sets
 * use the object bound to their parameter). Constraint instances are never stored; they are re-derived here.
 * Binders are visited parameters first: a propagator group lists its target's binders first (RuleGroups), so a
 * binder over a parametric set may come before the binder of its parameter.
 */
final class Bindings {
    /** The visiting order of each binder array (identity keys: a group's array lives as long as its program). */
    private static final Map<Binder[], int[]> ORDERS = new ConcurrentHashMap<>();

    private Bindings() {
    }

    static void forEach(Kernel k, Binder[] bs, int[] b, Consumer<int[]> body) {
        forEach(k, bs, b, null, body);
    }

    /** A test after binding position {@code pos} (with more binders to come): true skips every extension of b. */
    interface Cut {
        boolean test(int[] b, int pos);
    }

    /** As {@link #forEach(Kernel, Binder[], int[], Consumer)}, skipping the extensions {@code cut} rejects. */
    static void forEach(Kernel k, Binder[] bs, int[] b, Cut cut, Consumer<int[]> body) {
        int[] order = ORDERS.get(bs); // a plain read first: computeIfAbsent may lock the bin even when it finds the key
        rec(k, bs, order != null ? order : ORDERS.computeIfAbsent(bs, Bindings::order), b, 0, cut, body);
    }

    /** Positions in an order where every parametric binder follows the binder of its parameter. */
    static int[] order(Binder[] bs) {
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

    private static void rec(Kernel k, Binder[] bs, int[] order, int[] b, int step, Cut cut, Consumer<int[]> body) {
        if (step == order.length) {
            body.accept(b);
            return;
        }
        int pos = order[step];
        Binder x = bs[pos];
        Kernel.Members m;
        if (x.arg() >= 0) {
            m = k.param.get(x.set()) == null ? null : k.param.get(x.set()).get(b[x.arg()]);
        } else {
            m = k.plain[x.set()];
        }
        if (m == null) {
            return;
        }
        if (b[pos] >= 0) {
            if (m.bits.get(b[pos]) && distinct(b, pos, b[pos])) {
                rec(k, bs, order, b, step + 1, cut, body);
            }
            return;
        }
        for (int i = 0; i < m.size; i++) {
            int o = m.items[i];
            if (distinct(b, pos, o)) {
                b[pos] = o;
                if (cut == null || step + 1 == order.length || !cut.test(b, pos)) {
                    rec(k, bs, order, b, step + 1, cut, body);
                }
            }
        }
        b[pos] = -1;
    }

    /** Whether {@code o} differs from every object bound at another position. */
    private static boolean distinct(int[] b, int pos, int o) {
        for (int i = 0; i < b.length; i++) {
            if (i != pos && b[i] == o) {
                return false;
            }
        }
        return true;
    }
}
