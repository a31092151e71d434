package tessera.core.poly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

import tessera.core.Deadline;

/**
 * A parametric integer set: the integer points of a {@link Space} (named dimensions, named parameters) that satisfy
 * a conjunction of affine constraints (equalities, inequalities, congruences). Immutable and kept in a canonical
 * form (gcd-normalised, tightened, duplicates merged, sorted), so {@link #toString()} is canonical for equal
 * constraint systems. All answers are exact over the integers (Omega test, seed 003 §5.1/§6 set operations).
 *
 * <p>Parameters are existentially quantified in {@link #isEmpty()} ("empty for every parameter value") and
 * universally in {@link #isSubsetOf(UnionSet)} ("contained for every parameter value"): both operations simply treat
 * parameters as further variables. Fix them with {@link #fix(Map)} to ask about one instance, or intersect with a
 * context such as {@code N >= 1} ({@link #isEmptyUnder(IntegerSet)}).
 */
public final class IntegerSet {
    private final Space space;
    final long[][] eqs;
    final long[][] ges;
    final long[][] mods;
    final long[] moduli;
    private final boolean empty; // known empty by normalisation alone

    IntegerSet(Space space, long[][] eqs, long[][] ges, long[][] mods, long[] moduli, boolean empty) {
        this.space = space;
        this.eqs = eqs;
        this.ges = ges;
        this.mods = mods;
        this.moduli = moduli;
        this.empty = empty;
    }

    // ------------------------------------------------------------------ construction

    public static IntegerSet universe(Space space) {
        return new IntegerSet(space, new long[0][], new long[0][], new long[0][], new long[0], false);
    }

    public static IntegerSet empty(Space space) {
        return new IntegerSet(space, new long[0][], new long[0][], new long[0][], new long[0], true);
    }

    /**
     * The set of {@code space} satisfying all {@code constraints}. Names in the constraints that are neither dims
     * nor params of {@code space} are added as parameters.
     */
    public static IntegerSet of(Space space, Collection<Constraint> constraints) {
        space = space.withParamsOf(constraints);
        List<long[]> e = new ArrayList<>(), g = new ArrayList<>(), m = new ArrayList<>();
        List<Long> mm = new ArrayList<>();
        for (Constraint c : constraints) {
            long[] row = Rows.of(space, c.expr());
            switch (c.kind()) {
                case GE -> g.add(row);
                case EQ -> e.add(row);
                case MOD -> {
                    m.add(row);
                    mm.add(c.modulus());
                }
            }
        }
        return CanonicalForm.make(space, e, g, m, mm);
    }

    public static IntegerSet of(Space space, Constraint... constraints) {
        return of(space, List.of(constraints));
    }

    /** Parses {@code "[N] -> { [i, j] : 0 <= i < N and j == i }"} (the prefix and the constraints are optional). */
    public static IntegerSet parse(String text) {
        UnionSet u = UnionSet.parse(text);
        if (u.pieces().isEmpty()) {
            return empty(u.space());
        }
        if (u.pieces().size() != 1) {
            throw new PolyParser(text, "", 1, 1).error(0, text.length(),
                    "expected a conjunction of constraints, found a union of " + u.pieces().size() + " pieces",
                    "use UnionSet.parse for sets with 'or'");
        }
        return u.pieces().get(0);
    }

    /** Parses a bare conjunction such as {@code 0 <= i < N && j >= 1}; names outside {@code dims} become params. */
    public static IntegerSet parse(String constraints, List<String> dims) {
        return of(new Space(dims, List.of()), Constraint.parse(constraints));
    }


    // ------------------------------------------------------------------ accessors

    public Space space() {
        return space;
    }

    public List<String> dims() {
        return space.dims();
    }

    public List<String> params() {
        return space.params();
    }

    /** The canonical constraints (equalities, inequalities, congruences); {@code [false]} never appears: see {@link #isObviouslyEmpty()}. */
    public List<Constraint> constraints() {
        List<Constraint> out = new ArrayList<>();
        for (long[] r : eqs) {
            out.add(Constraint.eq(Rows.expr(space, r)));
        }
        for (long[] r : ges) {
            out.add(Constraint.ge(Rows.expr(space, r)));
        }
        for (int i = 0; i < mods.length; i++) {
            out.add(new Constraint(Constraint.Kind.MOD, Rows.expr(space, mods[i]), moduli[i]));
        }
        return out;
    }

    /** True when normalisation alone proved emptiness (a cheap, incomplete test; use {@link #isEmpty()}). */
    public boolean isObviouslyEmpty() {
        return empty;
    }

    /** True when there are no constraints at all. */
    public boolean isUniverse() {
        return !empty && eqs.length == 0 && ges.length == 0 && mods.length == 0;
    }

    // ------------------------------------------------------------------ space changes and substitution

    /** This set with its parameter list extended to {@code target}'s (same dims). */
    IntegerSet align(Space target) {
        return target.equals(space) ? this : transform(target, AffineExpr::var);
    }

    /**
     * Re-expresses every row in {@code target}: the column of name n becomes {@code image(n)} (over target names);
     * {@code image} is applied to every name first, even for an empty set.
     */
    private IntegerSet transform(Space target, Function<String, AffineExpr> image) {
        long[][] colRows = new long[1 + space.vars()][];
        AffineExpr[] map = new AffineExpr[colRows.length];
        for (int c = 1; c < map.length; c++) {
            map[c] = image.apply(space.name(c));
        }
        if (empty) {
            return empty(target);
        }
        for (int c = 1; c < map.length; c++) {
            colRows[c] = Rows.of(target, map[c]);
        }
        List<long[]> e = new ArrayList<>(), g = new ArrayList<>(), m = new ArrayList<>();
        for (long[] r : eqs) {
            e.add(Rows.map(r, colRows, target));
        }
        for (long[] r : ges) {
            g.add(Rows.map(r, colRows, target));
        }
        for (long[] r : mods) {
            m.add(Rows.map(r, colRows, target));
        }
        return CanonicalForm.make(target, e, g, m, moduliList());
    }

    /**
     * Fixes parameters to values (names that are not parameters of this set are ignored); the fixed parameters
     * leave the space.
     */
    public IntegerSet fix(Map<String, Long> values) {
        List<String> keep = new ArrayList<>();
        for (String p : space.params()) {
            if (!values.containsKey(p)) {
                keep.add(p);
            }
        }
        if (keep.size() == space.paramCount()) {
            return this;
        }
        return transform(new Space(space.dims(), keep), n -> {
            Long v = space.isParam(n) ? values.get(n) : null;
            return v != null ? AffineExpr.constant(v) : AffineExpr.var(n);
        });
    }

    /** Shorthand for {@link #fix(Map)} with one parameter. */
    public IntegerSet fix(String param, long value) {
        return fix(Map.of(param, value));
    }

    /**
     * The preimage under an affine substitution: the set of points of {@code target} whose image lies in this set,
     * i.e. {@code { y in target | (dim_1(y), ..., dim_n(y)) in this }} where {@code dimExprs} gives every dimension
     * of this set as an affine expression over target's names (unlisted dimensions must be dims of target; names
     * used that target lacks become parameters). Example (tiling embedding with a fixed tile size, seed 003 §5.1):
     * {@code I.preimage(Space.dims("j","k"), Map.of("i", parse("4k + j")))}.
     */
    public IntegerSet preimage(Space target, Map<String, AffineExpr> dimExprs) {
        Set<String> extra = new LinkedHashSet<>(space.params());
        for (AffineExpr e : dimExprs.values()) {
            extra.addAll(e.variables());
        }
        extra.removeAll(target.dims());
        extra.removeAll(target.params());
        if (!extra.isEmpty()) {
            target = target.withParams(extra.toArray(String[]::new));
        }
        Space t = target;
        return transform(t, n -> {
            AffineExpr e = space.isDim(n) ? dimExprs.get(n) : null;
            if (e == null && space.isDim(n) && !t.isDim(n)) {
                throw new IllegalArgumentException("no expression for dimension '" + n + "'");
            }
            return e != null ? e : AffineExpr.var(n);
        });
    }

    /** Replaces one dimension by an expression over the other names; the dimension leaves the space. */
    public IntegerSet substitute(String dim, AffineExpr e) {
        if (!space.isDim(dim)) {
            throw new IllegalArgumentException("'" + dim + "' is not a dimension of " + space);
        }
        if (e.variables().contains(dim)) {
            throw new IllegalArgumentException("substitution for '" + dim + "' mentions '" + dim + "'");
        }
        List<String> dims = new ArrayList<>(space.dims());
        dims.remove(dim);
        return preimage(new Space(dims, space.params()), Map.of(dim, e));
    }

    /** Renames dimensions (same order); parameters keep their names. */
    public IntegerSet renameDims(List<String> newDims) {
        if (newDims.size() != space.dimCount()) {
            throw new IllegalArgumentException("expected " + space.dimCount() + " names, got " + newDims);
        }
        Map<String, AffineExpr> m = new HashMap<>();
        for (int i = 0; i < newDims.size(); i++) {
            m.put(space.dims().get(i), AffineExpr.var(newDims.get(i)));
        }
        return preimage(new Space(newDims, List.of()), m);
    }

    /** Adds constraints (names that are not in the space become parameters). */
    public IntegerSet and(Constraint... cs) {
        return intersect(of(space, cs));
    }

    /** Adds constraints written as text, e.g. {@code and("j >= 1")}. */
    public IntegerSet and(String constraints) {
        return intersect(of(space, Constraint.parse(constraints)));
    }

    // ------------------------------------------------------------------ set algebra

    /** Intersection; both sets must have the same dimensions (parameters are merged). */
    public IntegerSet intersect(IntegerSet o) {
        Space s = space.join(o.space);
        IntegerSet a = align(s), b = o.align(s);
        if (a.empty || b.empty) {
            return empty(s);
        }
        List<long[]> e = Rows.copies(a.eqs), g = Rows.copies(a.ges), m = Rows.copies(a.mods);
        List<Long> mm = new ArrayList<>(a.moduliList());
        e.addAll(Rows.copies(b.eqs));
        g.addAll(Rows.copies(b.ges));
        m.addAll(Rows.copies(b.mods));
        mm.addAll(b.moduliList());
        return CanonicalForm.make(s, e, g, m, mm);
    }

    public UnionSet intersect(UnionSet o) {
        return UnionSet.of(this).intersect(o);
    }

    public UnionSet union(IntegerSet o) {
        return UnionSet.of(this).union(UnionSet.of(o));
    }

    /** The complement within the space as a union of pairwise disjoint pieces. */
    public UnionSet complement() {
        if (empty) {
            return UnionSet.of(universe(space));
        }
        List<IntegerSet> pieces = new ArrayList<>();
        for (List<Constraint> p : complementConjunctions(constraints())) {
            IntegerSet piece = of(space, p);
            if (!piece.empty) {
                pieces.add(piece);
            }
        }
        return new UnionSet(space, pieces);
    }

    /** The pairwise disjoint conjunctions {@code ¬c1, c1 ∧ ¬c2, c1 ∧ c2 ∧ ¬c3, …} whose union is {@code ¬(c1 ∧ c2 ∧ …)}. */
    private static List<List<Constraint>> complementConjunctions(List<Constraint> cs) {
        List<List<Constraint>> out = new ArrayList<>();
        List<Constraint> prefix = new ArrayList<>();
        for (Constraint c : cs) {
            for (Constraint n : c.negation()) {
                List<Constraint> p = new ArrayList<>(prefix);
                p.add(n);
                out.add(p);
            }
            prefix.add(c);
        }
        return out;
    }

    /** this \ o as a union of pairwise disjoint pieces (empty pieces removed exactly). */
    public UnionSet subtract(IntegerSet o) {
        return subtract(UnionSet.of(o), Deadline.never());
    }

    public UnionSet subtract(UnionSet o) {
        return subtract(o, Deadline.never());
    }

    public UnionSet subtract(UnionSet o, Deadline deadline) {
        Space s = space.join(o.space());
        List<IntegerSet> current = new ArrayList<>();
        IntegerSet me = align(s);
        if (!me.isEmpty(deadline)) {
            current.add(me);
        }
        for (IntegerSet b : o.pieces()) {
            IntegerSet bb = b.align(s);
            if (bb.empty) {
                continue;
            }
            List<List<Constraint>> outside = complementConjunctions(bb.constraints());
            List<IntegerSet> next = new ArrayList<>();
            for (IntegerSet a : current) {
                for (List<Constraint> p : outside) {
                    IntegerSet piece = a.intersect(of(s, p));
                    if (!piece.isEmpty(deadline)) {
                        next.add(piece);
                    }
                }
            }
            current = next;
        }
        return new UnionSet(s, current);
    }

    /** Exact integer emptiness (parameters existentially quantified: empty for every parameter value). */
    public boolean isEmpty() {
        return isEmpty(Deadline.never());
    }

    public boolean isEmpty(Deadline deadline) {
        if (empty) {
            return true;
        }
        if (eqs.length == 0 && ges.length == 0 && mods.length == 0) {
            return false;
        }
        return !new Omega(deadline).satisfiable(this);
    }

    /** Emptiness for the parameter values allowed by {@code context} (e.g. {@code { [] : N >= 1 }}). */
    public boolean isEmptyUnder(IntegerSet context) {
        return intersectContext(context).isEmpty();
    }

    /** Intersects with a context over (a subset of) the parameters and/or the same dims. */
    public IntegerSet intersectContext(IntegerSet context) {
        if (context.dims().isEmpty()) {
            List<Constraint> cs = context.constraints();
            return context.empty ? empty(space.join(new Space(space.dims(), context.params()))) : and(cs.toArray(Constraint[]::new));
        }
        return intersect(context);
    }

    /** For every parameter value: every point of this set lies in {@code o}. */
    public boolean isSubsetOf(IntegerSet o) {
        return isSubsetOf(UnionSet.of(o));
    }

    public boolean isSubsetOf(UnionSet o) {
        return subtract(o).pieces().isEmpty();
    }

    public boolean isSubsetOf(UnionSet o, Deadline deadline) {
        return subtract(o, deadline).pieces().isEmpty();
    }

    /** Same points for every parameter value. */
    public boolean isEqualTo(IntegerSet o) {
        return isSubsetOf(o) && o.isSubsetOf(this);
    }

    public boolean isDisjointFrom(IntegerSet o) {
        return intersect(o).isEmpty();
    }

    /** Membership of one point; {@code values} must assign every dimension and parameter. */
    public boolean contains(Map<String, Long> values) {
        if (empty) {
            return false;
        }
        long[] x = new long[1 + space.vars()];
        x[0] = 1;
        for (int c = 1; c < x.length; c++) {
            Long v = values.get(space.name(c));
            if (v == null) {
                throw new IllegalArgumentException("no value for '" + space.name(c) + "'");
            }
            x[c] = v;
        }
        return containsColumns(x);
    }

    /** Membership of a point given in dimension order, with the parameters in {@code params}. */
    public boolean contains(long[] point, Map<String, Long> params) {
        if (point.length != space.dimCount()) {
            throw new IllegalArgumentException("point has " + point.length + " coordinates, the space " + space.dims());
        }
        if (empty) {
            return false;
        }
        long[] x = new long[1 + space.vars()];
        x[0] = 1;
        System.arraycopy(point, 0, x, 1, point.length);
        for (int i = 0; i < space.paramCount(); i++) {
            Long v = params.get(space.params().get(i));
            if (v == null) {
                throw new IllegalArgumentException("no value for parameter '" + space.params().get(i) + "'");
            }
            x[1 + point.length + i] = v;
        }
        return containsColumns(x);
    }

    boolean containsColumns(long[] x) {
        for (long[] r : eqs) {
            if (Rows.dot(r, x) != 0) {
                return false;
            }
        }
        for (long[] r : ges) {
            if (Rows.dot(r, x) < 0) {
                return false;
            }
        }
        for (int i = 0; i < mods.length; i++) {
            if (Math.floorMod(Rows.dot(mods[i], x), moduli[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ projection

    /**
     * Existentially eliminates the named dimensions exactly over the integers: the result (in the space without
     * them) may be a union and may carry congruences, e.g. projecting {@code {[i,j] : i == 2j}} onto i gives
     * {@code {[i] : i % 2 == 0}}.
     */
    public UnionSet projectOut(Collection<String> dims) {
        return projectOut(dims, Deadline.never());
    }

    public UnionSet projectOut(Collection<String> names, Deadline deadline) {
        return Projection.projectOut(this, names, deadline);
    }

    public UnionSet projectOut(String... dims) {
        return projectOut(List.of(dims));
    }

    /** Keeps only the listed dimensions (in this set's order); the others are existentially eliminated. */
    public UnionSet projectOnto(List<String> dims) {
        return UnionSet.of(this).projectOnto(dims);
    }

    /**
     * The parameter values for which this set is non-empty, as a union over a space without dimensions.
     * E.g. for "for some N, the use is undefined" checks: {@code use.subtract(defs).paramDomain()}.
     */
    public UnionSet paramDomain() {
        return UnionSet.of(this).paramDomain();
    }

    /** Removes inequalities implied by the remaining constraints (exact test per inequality). */
    public IntegerSet removeRedundant() {
        return removeRedundant(Deadline.never());
    }

    public IntegerSet removeRedundant(Deadline deadline) {
        return Projection.removeRedundant(this, deadline);
    }

    /** This set's equalities and congruences (copied) with other inequalities (consumed), in canonical form. */
    IntegerSet withInequalities(List<long[]> ges) {
        return CanonicalForm.make(space, Rows.copies(eqs), ges, Rows.copies(mods), moduliList());
    }

    private List<Long> moduliList() {
        return Arrays.stream(moduli).boxed().toList();
    }

    // ------------------------------------------------------------------ points (fixed parameters)

    /** Calls {@code action} for every integer point in lexicographic order; all parameters must be fixed. */
    public void forEachPoint(Map<String, Long> params, Consumer<long[]> action) {
        UnionSet.of(this).forEachPoint(params, action);
    }

    /** As {@link #forEachPoint(Map, Consumer)}, polling {@code monitor} for cancellation every 4096 points. */
    public void forEachPoint(Map<String, Long> params, tessera.core.Monitor monitor, Consumer<long[]> action) {
        UnionSet.of(this).forEachPoint(params, monitor, action);
    }

    /** All integer points in lexicographic order (each a vector in dimension order). */
    public List<long[]> points(Map<String, Long> params) {
        return UnionSet.of(this).points(params);
    }

    /** Number of integer points for fixed parameters. */
    public long count(Map<String, Long> params) {
        return UnionSet.of(this).count(params);
    }

    /** Lexicographic minimum for fixed parameters, or empty. */
    public Optional<long[]> lexMin(Map<String, Long> params) {
        return UnionSet.of(this).lexMin(params);
    }

    public Optional<long[]> lexMax(Map<String, Long> params) {
        return UnionSet.of(this).lexMax(params);
    }

    /**
     * The exact minimum of an affine function over the set for fixed parameters (e.g. the first start time
     * {@code λ·I + τ}), or empty for an empty set; an unbounded minimum raises IllegalArgumentException.
     */
    public Optional<Long> minimum(AffineExpr f, Map<String, Long> params) {
        return extremum(f, params, false);
    }

    /** The exact maximum of an affine function for fixed parameters (e.g. a schedule's last start time). */
    public Optional<Long> maximum(AffineExpr f, Map<String, Long> params) {
        return extremum(f, params, true);
    }

    private Optional<Long> extremum(AffineExpr f, Map<String, Long> params, boolean max) {
        String v = "_f";
        while (space.column(v) >= 0 || f.variables().contains(v)) {
            v = v + "_";
        }
        List<String> dims = new ArrayList<>();
        dims.add(v);
        dims.addAll(space.dims());
        IntegerSet lifted = preimage(new Space(dims, space.params()), Map.of())
                .and(Constraint.eq(AffineExpr.var(v), f));
        UnionSet values = lifted.fix(params).projectOnto(List.of(v));
        Optional<long[]> p = max ? values.lexMax(Map.of()) : values.lexMin(Map.of());
        return p.map(a -> a[0]);
    }

    /** Per-dimension minimum and maximum for fixed parameters, or empty for an empty set. */
    public Optional<Box> boundingBox(Map<String, Long> params) {
        return UnionSet.of(this).boundingBox(params);
    }

    // ------------------------------------------------------------------ text

    /** Canonical text, e.g. {@code { [i, j] : 0 <= i < N and 0 <= j <= i }}. */
    @Override
    public String toString() {
        return SetPrinter.print(UnionSet.of(this));
    }

    /** Only the constraints, e.g. {@code 0 <= i < N and j == 1} ({@code true}/{@code false} for trivial sets). */
    public String constraintText() {
        return SetPrinter.conjunction(this);
    }

    /** Structural equality of canonical forms (same space, same normalised constraints); see {@link #isEqualTo}. */
    @Override
    public boolean equals(Object o) {
        return o instanceof IntegerSet s && space.equals(s.space) && empty == s.empty && Arrays.deepEquals(eqs, s.eqs)
                && Arrays.deepEquals(ges, s.ges) && Arrays.deepEquals(mods, s.mods) && Arrays.equals(moduli, s.moduli);
    }

    @Override
    public int hashCode() {
        return space.hashCode() * 31 + Arrays.deepHashCode(ges) * 7 + Arrays.deepHashCode(eqs);
    }
}
