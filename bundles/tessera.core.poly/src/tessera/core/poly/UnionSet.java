package tessera.core.poly;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import tessera.core.Deadline;

/**
 * Seed 003 §6 (complements in Eq. (2) and Algorithm 1): a finite union of {@link IntegerSet}s of one space (the pieces may overlap unless stated). Immutable. Used for
 * complements, differences, projections and conditions such as {@code i < 0 or i >= N}.
 */
public final class UnionSet {
    private final Space space;
    private final List<IntegerSet> pieces;

    UnionSet(Space space, List<IntegerSet> pieces) {
        this.space = space;
        List<IntegerSet> ps = new ArrayList<>();
        for (IntegerSet p : pieces) {
            IntegerSet a = p.align(space);
            if (!a.isObviouslyEmpty()) {
                ps.add(a);
            }
        }
        this.pieces = List.copyOf(ps);
    }

    public static UnionSet empty(Space space) {
        return new UnionSet(space, List.of());
    }

    public static UnionSet universe(Space space) {
        return new UnionSet(space, List.of(IntegerSet.universe(space)));
    }

    public static UnionSet of(IntegerSet... sets) {
        if (sets.length == 0) {
            throw new IllegalArgumentException("use UnionSet.empty(space) for an empty union");
        }
        return of(List.of(sets));
    }

    /** The union of non-empty list of sets with equal dimensions (parameters are merged). */
    public static UnionSet of(Collection<IntegerSet> sets) {
        Space s = null;
        for (IntegerSet x : sets) {
            s = s == null ? x.space() : s.join(x.space());
        }
        if (s == null) {
            throw new IllegalArgumentException("use UnionSet.empty(space) for an empty union");
        }
        return new UnionSet(s, new ArrayList<>(sets));
    }

    /** Parses {@code "{ [i] : i < 0 or i >= N }"}; see {@link PolyParser} for the syntax. */
    public static UnionSet parse(String text) {
        return new PolyParser(text, "", 1, 1).setOnly();
    }

    public Space space() {
        return space;
    }

    public List<String> dims() {
        return space.dims();
    }

    public List<IntegerSet> pieces() {
        return pieces;
    }

    UnionSet align(Space target) {
        return target.equals(space) ? this : new UnionSet(target, pieces);
    }

    // ------------------------------------------------------------------ algebra

    public UnionSet union(UnionSet o) {
        Space s = space.join(o.space);
        List<IntegerSet> ps = new ArrayList<>(pieces);
        ps.addAll(o.pieces);
        return new UnionSet(s, ps).removeDuplicatePieces();
    }

    public UnionSet union(IntegerSet o) {
        return union(of(o));
    }

    public UnionSet intersect(UnionSet o) {
        Space s = space.join(o.space);
        List<IntegerSet> ps = new ArrayList<>();
        for (IntegerSet a : pieces) {
            for (IntegerSet b : o.pieces) {
                IntegerSet c = a.intersect(b);
                if (!c.isEmpty()) {
                    ps.add(c);
                }
            }
        }
        return new UnionSet(s, ps).removeDuplicatePieces();
    }

    public UnionSet intersect(IntegerSet o) {
        return intersect(of(o));
    }

    /** this \ o, as pairwise disjoint pieces within each piece of this union. */
    public UnionSet subtract(UnionSet o) {
        return subtract(o, Deadline.never());
    }

    public UnionSet subtract(UnionSet o, Deadline deadline) {
        Space s = space.join(o.space);
        List<IntegerSet> ps = new ArrayList<>();
        for (IntegerSet a : pieces) {
            ps.addAll(a.subtract(o, deadline).pieces());
        }
        return new UnionSet(s, ps);
    }

    public UnionSet subtract(IntegerSet o) {
        return subtract(of(o));
    }

    /** The complement within the space (pairwise disjoint pieces). */
    public UnionSet complement() {
        return universe(space).subtract(this);
    }

    /** The same points as pairwise disjoint pieces (needed for counting). */
    public UnionSet makeDisjoint() {
        List<IntegerSet> ps = new ArrayList<>();
        List<IntegerSet> seen = new ArrayList<>();
        for (IntegerSet a : pieces) {
            ps.addAll(a.subtract(new UnionSet(space, seen)).pieces());
            seen.add(a);
        }
        return new UnionSet(space, ps);
    }

    /** Drops empty pieces, redundant inequalities and pieces contained in another piece (exact tests). */
    public UnionSet simplify() {
        List<IntegerSet> ps = new ArrayList<>();
        for (IntegerSet p : pieces) {
            if (!p.isEmpty()) {
                ps.add(p.removeRedundant());
            }
        }
        List<IntegerSet> out = new ArrayList<>();
        for (int i = 0; i < ps.size(); i++) {
            boolean covered = false;
            for (int j = 0; j < ps.size() && !covered; j++) {
                if (i != j && ps.get(i).isSubsetOf(ps.get(j))) {
                    // keep the earlier of two equal pieces
                    covered = j < i || !ps.get(j).isSubsetOf(ps.get(i));
                }
            }
            if (!covered) {
                out.add(ps.get(i));
            }
        }
        return new UnionSet(space, out);
    }

    UnionSet removeDuplicatePieces() {
        Set<IntegerSet> seen = new HashSet<>();
        List<IntegerSet> out = new ArrayList<>();
        for (IntegerSet p : pieces) {
            if (seen.add(p)) {
                out.add(p);
            }
        }
        return out.size() == pieces.size() ? this : new UnionSet(space, out);
    }

    public boolean isEmpty() {
        for (IntegerSet p : pieces) {
            if (!p.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** Emptiness for the parameter values allowed by {@code context}. */
    public boolean isEmptyUnder(IntegerSet context) {
        for (IntegerSet p : pieces) {
            if (!p.isEmptyUnder(context)) {
                return false;
            }
        }
        return true;
    }

    /** For every parameter value, every point of this union lies in {@code o}. */
    public boolean isSubsetOf(UnionSet o) {
        for (IntegerSet p : pieces) {
            if (!p.isSubsetOf(o)) {
                return false;
            }
        }
        return true;
    }

    public boolean isSubsetOf(IntegerSet o) {
        return isSubsetOf(of(o));
    }

    public boolean isEqualTo(UnionSet o) {
        return isSubsetOf(o) && o.isSubsetOf(this);
    }

    public boolean isDisjointFrom(UnionSet o) {
        return intersect(o).isEmpty();
    }

    public boolean contains(Map<String, Long> values) {
        for (IntegerSet p : pieces) {
            if (p.contains(values)) {
                return true;
            }
        }
        return false;
    }

    /** Membership of a point given in dimension order, with the parameters in {@code params}. */
    public boolean contains(long[] point, Map<String, Long> params) {
        for (IntegerSet p : pieces) {
            if (p.contains(point, params)) {
                return true;
            }
        }
        return false;
    }

    public UnionSet fix(Map<String, Long> values) {
        List<IntegerSet> ps = new ArrayList<>();
        Space s = null;
        for (IntegerSet p : pieces) {
            IntegerSet f = p.fix(values);
            ps.add(f);
            s = f.space();
        }
        if (s == null) {
            IntegerSet u = IntegerSet.universe(space).fix(values);
            s = u.space();
        }
        return new UnionSet(s, ps);
    }

    /** The union of the pieces' projections ({@link IntegerSet#projectOut(Collection)}). */
    public UnionSet projectOut(Collection<String> dims) {
        return Projection.projectOut(this, dims);
    }

    public UnionSet projectOut(String... dims) {
        return projectOut(List.of(dims));
    }

    /** Keeps only the listed dimensions; see {@link IntegerSet#projectOnto(List)}. */
    public UnionSet projectOnto(List<String> dims) {
        return projectOut(Projection.dropped(space, dims));
    }

    /** The parameter values for which some piece is non-empty; see {@link IntegerSet#paramDomain()}. */
    public UnionSet paramDomain() {
        return projectOut(space.dims());
    }

    public UnionSet preimage(Space target, Map<String, AffineExpr> dimExprs) {
        List<IntegerSet> ps = new ArrayList<>();
        for (IntegerSet p : pieces) {
            ps.add(p.preimage(target, dimExprs));
        }
        return ps.isEmpty() ? empty(IntegerSet.universe(space).preimage(target, dimExprs).space()) : of(ps);
    }

    // ------------------------------------------------------------------ points

    /** Every point once, in lexicographic order; all parameters must be fixed. */
    public void forEachPoint(Map<String, Long> params, Consumer<long[]> action) {
        PointScanner.of(this, params).scan(false, p -> {
            action.accept(p);
            return true;
        });
    }

    /** As {@link #forEachPoint(Map, Consumer)}, polling {@code monitor} for cancellation every 4096 points. */
    public void forEachPoint(Map<String, Long> params, tessera.core.Monitor monitor, Consumer<long[]> action) {
        long[] n = { 0 };
        PointScanner.of(this, params).scan(false, p -> {
            if ((++n[0] & 4095) == 0) {
                monitor.checkCanceled();
            }
            action.accept(p);
            return true;
        });
    }

    public List<long[]> points(Map<String, Long> params) {
        List<long[]> out = new ArrayList<>();
        forEachPoint(params, out::add);
        return out;
    }

    public long count(Map<String, Long> params) {
        long[] n = { 0 };
        PointScanner.of(this, params).scan(false, p -> {
            n[0]++;
            return true;
        });
        return n[0];
    }

    public Optional<long[]> lexMin(Map<String, Long> params) {
        return first(params, false);
    }

    public Optional<long[]> lexMax(Map<String, Long> params) {
        return first(params, true);
    }

    private Optional<long[]> first(Map<String, Long> params, boolean descending) {
        long[][] r = { null };
        PointScanner.of(this, params).scan(descending, p -> {
            r[0] = p;
            return false;
        });
        return Optional.ofNullable(r[0]);
    }

    public Optional<Box> boundingBox(Map<String, Long> params) {
        UnionSet f = fix(params);
        int n = space.dimCount();
        long[] lo = new long[n], hi = new long[n];
        for (int i = 0; i < n; i++) {
            UnionSet one = f.projectOnto(List.of(space.dims().get(i)));
            Optional<long[]> a = one.lexMin(params), b = one.lexMax(params);
            if (a.isEmpty() || b.isEmpty()) {
                return Optional.empty();
            }
            lo[i] = a.get()[0];
            hi[i] = b.get()[0];
        }
        if (n == 0 && f.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Box(space.dims(), lo, hi));
    }

    @Override
    public String toString() {
        return SetPrinter.print(this);
    }

    /** Structural equality (same space, same pieces in the same order); see {@link #isEqualTo}. */
    @Override
    public boolean equals(Object o) {
        return o instanceof UnionSet u && space.equals(u.space) && pieces.equals(u.pieces);
    }

    @Override
    public int hashCode() {
        return space.hashCode() * 31 + pieces.hashCode();
    }
}
