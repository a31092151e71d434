package tessera.core.poly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import tessera.core.Deadline;

/**
 * Seed 003 §5.1/§6 (split(K), processor classes, point scanning): exact integer projection of {@link IntegerSet}s and
 * {@link UnionSet}s by the {@link Omega} test's existential elimination, and the exact removal of redundant
 * inequalities that keeps projected pieces small. Both set classes project here.
 */
final class Projection {
    private Projection() {
    }

    /** The space left after existentially eliminating {@code dims} (dimensions of {@code space}). */
    static Space without(Space space, Collection<String> dims) {
        List<String> keep = new ArrayList<>(space.dims());
        keep.removeAll(dims);
        return new Space(keep, space.params());
    }

    /** The dimensions of {@code space} that are not in {@code kept}: what {@code projectOnto(kept)} eliminates. */
    static List<String> dropped(Space space, List<String> kept) {
        List<String> drop = new ArrayList<>(space.dims());
        drop.removeAll(kept);
        return drop;
    }

    /** {@link IntegerSet#projectOut(Collection, Deadline)}: the named dimensions must be dimensions of the set. */
    static UnionSet projectOut(IntegerSet set, Collection<String> dims, Deadline deadline) {
        Space space = set.space();
        for (String d : dims) {
            if (!space.isDim(d)) {
                throw new IllegalArgumentException("'" + d + "' is not a dimension of " + space);
            }
        }
        return eliminate(set, dims, without(space, dims), deadline, true);
    }

    /** {@link UnionSet#projectOut(Collection)}: every piece projected, equal pieces merged. */
    static UnionSet projectOut(UnionSet u, Collection<String> dims) {
        List<IntegerSet> ps = new ArrayList<>();
        for (IntegerSet p : u.pieces()) {
            ps.addAll(projectOut(p, dims, Deadline.never()).pieces());
        }
        return new UnionSet(without(u.space(), dims), ps).removeDuplicatePieces();
    }

    /**
     * Eliminates names (dims or params) of {@code set} and returns the pieces in {@code target} (the remaining names),
     * without their redundant inequalities when {@code simplify}.
     */
    static UnionSet eliminate(IntegerSet set, Collection<String> names, Space target, Deadline deadline,
            boolean simplify) {
        if (set.isObviouslyEmpty()) {
            return UnionSet.empty(target);
        }
        Space space = set.space();
        int w = 1 + space.vars();
        Omega.Sys s = new Omega.Sys(w);
        for (String n : names) {
            s.elim[space.column(n)] = true;
        }
        s.eqs.addAll(Rows.copies(set.eqs));
        s.ges.addAll(Rows.copies(set.ges));
        for (int i = 0; i < set.mods.length; i++) {
            boolean touches = false;
            for (int c = 1; c < w; c++) {
                touches |= set.mods[i][c] != 0 && s.elim[c];
            }
            if (touches) {
                int sigma = s.addColumn(true);
                long[] r = Arrays.copyOf(set.mods[i], s.width);
                r[sigma] = -set.moduli[i];
                s.eqs.add(r);
            } else {
                s.mods.add(set.mods[i].clone());
                s.moduli.add(set.moduli[i]);
            }
        }
        List<Omega.Sys> res = new Omega(deadline).eliminate(s);
        int[] col = new int[w];
        for (int c = 1; c < w; c++) {
            col[c] = s.elim[c] ? -1 : target.column(space.name(c));
        }
        List<IntegerSet> pieces = new ArrayList<>();
        for (Omega.Sys r : res) {
            List<long[]> e = new ArrayList<>(), g = new ArrayList<>(), m = new ArrayList<>();
            for (long[] x : r.eqs) {
                e.add(project(x, col, target));
            }
            for (long[] x : r.ges) {
                g.add(project(x, col, target));
            }
            for (long[] x : r.mods) {
                m.add(project(x, col, target));
            }
            IntegerSet p = CanonicalForm.make(target, e, g, m, new ArrayList<>(r.moduli));
            if (!p.isEmpty(deadline)) {
                pieces.add(simplify ? removeRedundant(p, deadline) : p);
            }
        }
        return new UnionSet(target, pieces).removeDuplicatePieces();
    }

    /** A row over the kept columns of an eliminated system, re-indexed into {@code target} by {@code col}. */
    private static long[] project(long[] x, int[] col, Space target) {
        long[] n = new long[1 + target.vars()];
        n[0] = x[0];
        for (int c = 1; c < col.length; c++) {
            if (x[c] != 0) {
                if (col[c] < 0) {
                    throw new IllegalStateException("eliminated column survived");
                }
                n[col[c]] = x[c];
            }
        }
        for (int c = col.length; c < x.length; c++) {
            if (x[c] != 0) {
                throw new IllegalStateException("auxiliary column survived");
            }
        }
        return n;
    }

    /** {@link IntegerSet#removeRedundant(Deadline)}: drops each inequality whose negation is infeasible with the rest. */
    static IntegerSet removeRedundant(IntegerSet set, Deadline deadline) {
        if (set.isObviouslyEmpty() || set.ges.length == 0) {
            return set;
        }
        List<long[]> kept = new ArrayList<>(Arrays.asList(set.ges));
        // try the densest rows first, so that simple bounds such as 0 <= k survive
        List<long[]> order = new ArrayList<>(kept);
        order.sort(Comparator.comparingInt((long[] r) -> -Rows.nonZeros(r)));
        for (long[] r : order) {
            int i = kept.indexOf(r);
            List<long[]> others = new ArrayList<>();
            for (int j = 0; j < kept.size(); j++) {
                if (j != i) {
                    others.add(kept.get(j).clone());
                }
            }
            long[] neg = new long[r.length];
            for (int k = 0; k < r.length; k++) {
                neg[k] = -r[k];
            }
            neg[0] = Arith.sub(neg[0], 1);
            others.add(neg);
            if (set.withInequalities(others).isEmpty(deadline)) {
                kept.remove(i);
            }
        }
        return kept.size() == set.ges.length ? set : set.withInequalities(kept);
    }
}
