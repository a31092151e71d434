package tessera.dspace.runtime.csp;

import java.util.function.Consumer;

import tessera.dspace.runtime.Program.Binder;

/**
 * Seed 001a L787 / §8.1.1: instantiation over combinations of DISTINCT objects. Enumerates the bindings of
 * {@code binders} that extend the pre-bound entries of {@code b} (-1 = free), checking set membership (parametric sets
 * use the object bound to their parameter). Constraint instances are never stored; they are re-derived here.
 */
final class Bindings {
    private Bindings() {
    }

    static void forEach(Kernel k, Binder[] bs, int[] b, Consumer<int[]> body) {
        rec(k, bs, b, 0, body);
    }

    private static void rec(Kernel k, Binder[] bs, int[] b, int pos, Consumer<int[]> body) {
        if (pos == bs.length) {
            body.accept(b);
            return;
        }
        Binder x = bs[pos];
        Kernel.Members m;
        if (x.arg() >= 0) {
            if (b[x.arg()] < 0) {
                return; // parameter not bound: cannot happen with declaration order
            }
            m = k.param.get(x.set()) == null ? null : k.param.get(x.set()).get(b[x.arg()]);
        } else {
            m = k.plain[x.set()];
        }
        if (m == null) {
            return;
        }
        if (b[pos] >= 0) {
            if (m.bits.get(b[pos]) && distinct(b, pos, b[pos])) {
                rec(k, bs, b, pos + 1, body);
            }
            return;
        }
        for (int i = 0; i < m.size; i++) {
            int o = m.items[i];
            if (distinct(b, pos, o) && !boundLater(b, pos, o)) {
                b[pos] = o;
                rec(k, bs, b, pos + 1, body);
            }
        }
        b[pos] = -1;
    }

    private static boolean distinct(int[] b, int pos, int o) {
        for (int i = 0; i < pos; i++) {
            if (b[i] == o) {
                return false;
            }
        }
        return true;
    }

    private static boolean boundLater(int[] b, int pos, int o) {
        for (int i = pos + 1; i < b.length; i++) {
            if (b[i] == o) {
                return true;
            }
        }
        return false;
    }
}
