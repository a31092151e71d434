package tessera.core.poly;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import tessera.core.Deadline;

/**
 * Seed 003 §6 (reference interpreter, split/tiles of fixed instances): enumerates the integer points of a union with fixed parameters in lexicographic order. Bounds for dimension k
 * come from the exact projection of the set onto dimensions 0..k, so every value scanned at level k extends to at
 * least one point: the scan never enters a dead end and costs O(points x constraints) after the projections.
 */
final class PointScanner {
    interface Visitor {
        /** Returns false to stop the scan. */
        boolean visit(long[] point);
    }

    private record Piece(IntegerSet set, long[][] eqs, long[][] ges, long[][] mods, long[] moduli) {
    }

    private final int n;
    private final List<String> dims;
    private final Piece[][] levels;
    private final boolean nonEmpty0;

    private PointScanner(UnionSet u) {
        this.dims = u.dims();
        this.n = dims.size();
        this.levels = new Piece[n][];
        UnionSet cur = u;
        for (int k = n - 1; k >= 0; k--) {
            List<Piece> ps = new ArrayList<>();
            for (IntegerSet s : cur.pieces()) {
                ps.add(new Piece(s, s.eqs, s.ges, s.mods, s.moduli));
            }
            levels[k] = ps.toArray(Piece[]::new);
            if (k > 0) {
                // no redundancy removal: the scanner only needs exact bounds
                List<IntegerSet> next = new ArrayList<>();
                List<String> keep = dims.subList(0, k);
                for (IntegerSet s : cur.pieces()) {
                    next.addAll(Projection.eliminate(s, List.of(dims.get(k)), new Space(keep, List.of()), Deadline.never(), false)
                            .pieces());
                }
                cur = new UnionSet(new Space(keep, List.of()), next).removeDuplicatePieces();
            }
        }
        this.nonEmpty0 = n == 0 && !u.isEmpty();
    }

    static PointScanner of(UnionSet u, Map<String, Long> params) {
        UnionSet f = u.fix(params);
        if (!f.space().params().isEmpty()) {
            throw new IllegalArgumentException("cannot enumerate points: parameter(s) " + f.space().params()
                    + " not fixed");
        }
        return new PointScanner(f);
    }

    /** Returns false when the visitor stopped the scan. */
    boolean scan(boolean descending, Visitor v) {
        if (n == 0) {
            return !nonEmpty0 || v.visit(new long[0]);
        }
        return level(0, new long[n], descending, v);
    }

    private boolean level(int k, long[] x, boolean desc, Visitor v) {
        Piece[] ps = levels[k];
        long[] lo = new long[ps.length], hi = new long[ps.length], rest = null;
        boolean[] active = new boolean[ps.length];
        long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
        for (int p = 0; p < ps.length; p++) {
            Piece pc = ps[p];
            long l = Long.MIN_VALUE, h = Long.MAX_VALUE;
            boolean ok = true;
            for (long[] r : pc.eqs) {
                long s = partial(r, x, k), a = r[1 + k];
                if (a == 0) {
                    ok &= s == 0;
                } else if (s % a != 0) {
                    ok = false;
                } else {
                    long val = -s / a;
                    l = Math.max(l, val);
                    h = Math.min(h, val);
                }
                if (!ok) {
                    break;
                }
            }
            for (int i = 0; ok && i < pc.ges.length; i++) {
                long[] r = pc.ges[i];
                long s = partial(r, x, k), a = r[1 + k];
                if (a == 0) {
                    ok = s >= 0;
                } else if (a > 0) {
                    l = Math.max(l, Arith.ceilDiv(-s, a));
                } else {
                    h = Math.min(h, Math.floorDiv(s, -a));
                }
            }
            for (int i = 0; ok && i < pc.mods.length; i++) {
                long[] r = pc.mods[i];
                if (r[1 + k] == 0) {
                    ok = Math.floorMod(partial(r, x, k), pc.moduli[i]) == 0;
                }
            }
            if (!ok || l > h) {
                continue;
            }
            if (l == Long.MIN_VALUE || h == Long.MAX_VALUE) {
                if (prefixEmpty(pc.set, x, k)) {
                    continue;
                }
                throw new IllegalArgumentException("cannot enumerate an unbounded set: dimension '" + dims.get(k)
                        + "' has no " + (l == Long.MIN_VALUE ? "lower" : "upper") + " bound");
            }
            active[p] = true;
            lo[p] = l;
            hi[p] = h;
            min = Math.min(min, l);
            max = Math.max(max, h);
        }
        if (min > max) {
            return true;
        }
        for (long val = desc ? max : min; desc ? val >= min : val <= max; val += desc ? -1 : 1) {
            x[k] = val;
            boolean member = false;
            for (int p = 0; p < ps.length && !member; p++) {
                if (active[p] && val >= lo[p] && val <= hi[p] && modsHold(ps[p], x, k)) {
                    member = true;
                }
            }
            if (member) {
                if (k == n - 1) {
                    if (!v.visit(x.clone())) {
                        return false;
                    }
                } else if (!level(k + 1, x, desc, v)) {
                    return false;
                }
            }
            if (val == (desc ? Long.MIN_VALUE : Long.MAX_VALUE)) {
                break;
            }
        }
        return true;
    }

    private static boolean modsHold(Piece pc, long[] x, int k) {
        for (int i = 0; i < pc.mods.length; i++) {
            long[] r = pc.mods[i];
            if (r[1 + k] != 0 && Math.floorMod(partial(r, x, k + 1), pc.moduli[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    /** row[0] + sum_{i < upto} row[1+i] * x[i] */
    private static long partial(long[] r, long[] x, int upto) {
        long s = r[0];
        for (int i = 0; i < upto; i++) {
            if (r[1 + i] != 0) {
                s = Arith.add(s, Arith.mul(r[1 + i], x[i]));
            }
        }
        return s;
    }

    private boolean prefixEmpty(IntegerSet s, long[] x, int k) {
        IntegerSet t = s;
        for (int i = 0; i < k; i++) {
            t = t.and(Constraint.eq(AffineExpr.var(dims.get(i)).minus(x[i])));
        }
        return t.isEmpty();
    }
}
