package tessera.core.poly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

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

    private IntegerSet(Space space, long[][] eqs, long[][] ges, long[][] mods, long[] moduli, boolean empty) {
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
        Set<String> extra = new LinkedHashSet<>();
        for (Constraint c : constraints) {
            for (String v : c.expr().variables()) {
                if (space.column(v) < 0) {
                    extra.add(v);
                }
            }
        }
        if (!extra.isEmpty()) {
            space = space.withParams(extra.toArray(String[]::new));
        }
        List<long[]> e = new ArrayList<>(), g = new ArrayList<>(), m = new ArrayList<>();
        List<Long> mm = new ArrayList<>();
        for (Constraint c : constraints) {
            long[] row = row(space, c.expr());
            switch (c.kind()) {
                case GE -> g.add(row);
                case EQ -> e.add(row);
                case MOD -> {
                    m.add(row);
                    mm.add(c.modulus());
                }
            }
        }
        return make(space, e, g, m, mm);
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

    static long[] row(Space space, AffineExpr e) {
        long[] r = new long[1 + space.vars()];
        r[0] = e.constant();
        for (Map.Entry<String, Long> en : e.coefficients().entrySet()) {
            int c = space.column(en.getKey());
            if (c < 0) {
                throw new IllegalArgumentException("'" + en.getKey() + "' is not a dimension or parameter of " + space);
            }
            r[c] = en.getValue();
        }
        return r;
    }

    AffineExpr expr(long[] r) {
        Map<String, Long> m = new HashMap<>();
        for (int c = 1; c < r.length; c++) {
            if (r[c] != 0) {
                m.put(space.name(c), r[c]);
            }
        }
        return AffineExpr.of(m, r[0]);
    }

    /** Builds the canonical form. Rows are consumed. */
    static IntegerSet make(Space space, List<long[]> eqIn, List<long[]> geIn, List<long[]> modIn, List<Long> modulusIn) {
        int w = 1 + space.vars();
        // congruences: residues in [0, m), divide by the common gcd, leading coefficient 1 when invertible
        Map<String, long[]> modRows = new java.util.TreeMap<>();
        List<long[]> eqs = new ArrayList<>(eqIn);
        for (int i = 0; i < modIn.size(); i++) {
            long[] r = modIn.get(i);
            long m = modulusIn.get(i);
            for (int k = 0; k < w; k++) {
                r[k] = Arith.mod(r[k], m);
            }
            long g = m;
            for (int k = 1; k < w; k++) {
                g = Arith.gcd(g, r[k]);
            }
            if (r[0] % g != 0) {
                return empty(space);
            }
            if (g == m) {
                continue;
            }
            for (int k = 0; k < w; k++) {
                r[k] /= g;
            }
            m /= g;
            int lead = firstNonZero(r);
            if (Arith.gcd(r[lead], m) == 1 && r[lead] != 1) {
                long inv = Arith.inverse(r[lead], m);
                for (int k = 0; k < w; k++) {
                    r[k] = Arith.mod(Arith.mul(r[k], inv), m);
                }
            }
            long[] keyed = Arrays.copyOf(r, w + 1);
            keyed[w] = m;
            modRows.put(Arrays.toString(keyed), keyed);
        }
        // equalities and inequalities, repeated while opposite inequalities turn into equalities
        Map<Key, long[]> eqMap = new HashMap<>();
        Map<Key, long[]> geMap = new HashMap<>();
        List<long[]> pendingGe = new ArrayList<>(geIn);
        while (true) {
            for (long[] e : eqs) {
                long g = Arith.gcd(e, 1);
                if (g == 0) {
                    if (e[0] != 0) {
                        return empty(space);
                    }
                    continue;
                }
                if (e[0] % g != 0) {
                    return empty(space);
                }
                long s = e[firstNonZero(e)] < 0 ? -g : g;
                for (int k = 0; k < w; k++) {
                    e[k] /= s;
                }
                Key key = new Key(e);
                long[] old = eqMap.get(key);
                if (old != null && old[0] != e[0]) {
                    return empty(space);
                }
                eqMap.put(key, e);
            }
            eqs = new ArrayList<>();
            for (long[] r : pendingGe) {
                long g = Arith.gcd(r, 1);
                if (g == 0) {
                    if (r[0] < 0) {
                        return empty(space);
                    }
                    continue;
                }
                if (g != 1) {
                    for (int k = 1; k < w; k++) {
                        r[k] /= g;
                    }
                    r[0] = Math.floorDiv(r[0], g);
                }
                Key key = new Key(r);
                long[] old = geMap.get(key);
                if (old == null || r[0] < old[0]) {
                    geMap.put(key, r);
                }
            }
            pendingGe = new ArrayList<>();
            for (Map.Entry<Key, long[]> en : new ArrayList<>(geMap.entrySet())) {
                long[] r = en.getValue();
                long[] opp = geMap.get(en.getKey().negated());
                if (opp == null || !geMap.containsKey(en.getKey())) {
                    continue;
                }
                long sum = Arith.add(r[0], opp[0]);
                if (sum < 0) {
                    return empty(space);
                }
                if (sum == 0) {
                    geMap.remove(en.getKey());
                    geMap.remove(en.getKey().negated());
                    eqs.add(r);
                }
            }
            if (eqs.isEmpty()) {
                break;
            }
        }
        // inequalities implied by an equality with the same or opposite coefficients
        for (Map.Entry<Key, long[]> en : eqMap.entrySet()) {
            long[] e = en.getValue();
            long[] same = geMap.get(en.getKey());
            if (same != null) {
                if (Arith.sub(same[0], e[0]) < 0) {
                    return empty(space);
                }
                geMap.remove(en.getKey());
            }
            long[] opp = geMap.get(en.getKey().negated());
            if (opp != null) {
                if (Arith.add(opp[0], e[0]) < 0) {
                    return empty(space);
                }
                geMap.remove(en.getKey().negated());
            }
        }
        long[][] eqA = sorted(eqMap.values());
        long[][] geA = sorted(geMap.values());
        long[][] modA = new long[modRows.size()][];
        long[] modM = new long[modRows.size()];
        List<long[]> modList = new ArrayList<>(modRows.values());
        modList.sort(ROW_ORDER);
        for (int i = 0; i < modList.size(); i++) {
            modA[i] = Arrays.copyOf(modList.get(i), w);
            modM[i] = modList.get(i)[w];
        }
        return new IntegerSet(space, eqA, geA, modA, modM, false);
    }

    private static final Comparator<long[]> ROW_ORDER = (a, b) -> {
        int fa = firstNonZero(a), fb = firstNonZero(b);
        if (fa != fb) {
            return Integer.compare(fa, fb);
        }
        for (int k = 1; k < Math.min(a.length, b.length); k++) {
            if (a[k] != b[k]) {
                return Long.compare(b[k], a[k]);
            }
        }
        return Long.compare(a[0], b[0]);
    };

    private static long[][] sorted(Collection<long[]> rows) {
        long[][] a = rows.toArray(long[][]::new);
        Arrays.sort(a, ROW_ORDER);
        return a;
    }

    static int firstNonZero(long[] r) {
        for (int k = 1; k < r.length; k++) {
            if (r[k] != 0) {
                return k;
            }
        }
        return r.length;
    }

    private static final class Key {
        final long[] c;
        final int h;

        Key(long[] row) {
            c = Arrays.copyOfRange(row, 1, row.length);
            h = Arrays.hashCode(c);
        }

        private Key(long[] c, boolean raw) {
            this.c = c;
            this.h = Arrays.hashCode(c);
        }

        Key negated() {
            long[] n = new long[c.length];
            for (int i = 0; i < c.length; i++) {
                n[i] = -c[i];
            }
            return new Key(n, true);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(c, k.c);
        }

        @Override
        public int hashCode() {
            return h;
        }
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
            out.add(Constraint.eq(expr(r)));
        }
        for (long[] r : ges) {
            out.add(Constraint.ge(expr(r)));
        }
        for (int i = 0; i < mods.length; i++) {
            out.add(new Constraint(Constraint.Kind.MOD, expr(mods[i]), moduli[i]));
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
        if (target.equals(space)) {
            return this;
        }
        AffineExpr[] map = new AffineExpr[1 + space.vars()];
        for (int c = 1; c < map.length; c++) {
            map[c] = AffineExpr.var(space.name(c));
        }
        return transform(target, map);
    }

    /** Re-expresses every row in {@code target}: old column c becomes {@code map[c]} (over target names). */
    IntegerSet transform(Space target, AffineExpr[] map) {
        if (empty) {
            return empty(target);
        }
        long[][] colRows = new long[map.length][];
        for (int c = 1; c < map.length; c++) {
            colRows[c] = row(target, map[c]);
        }
        List<long[]> e = new ArrayList<>(), g = new ArrayList<>(), m = new ArrayList<>();
        List<Long> mm = new ArrayList<>();
        for (long[] r : eqs) {
            e.add(mapRow(r, colRows, target));
        }
        for (long[] r : ges) {
            g.add(mapRow(r, colRows, target));
        }
        for (int i = 0; i < mods.length; i++) {
            m.add(mapRow(mods[i], colRows, target));
            mm.add(moduli[i]);
        }
        return make(target, e, g, m, mm);
    }

    private static long[] mapRow(long[] r, long[][] colRows, Space target) {
        long[] n = new long[1 + target.vars()];
        n[0] = r[0];
        for (int c = 1; c < r.length; c++) {
            if (r[c] != 0) {
                Arith.addMul(n, r[c], colRows[c]);
            }
        }
        return n;
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
        Space target = new Space(space.dims(), keep);
        AffineExpr[] map = new AffineExpr[1 + space.vars()];
        for (int c = 1; c < map.length; c++) {
            String n = space.name(c);
            Long v = space.isParam(n) ? values.get(n) : null;
            map[c] = v != null ? AffineExpr.constant(v) : AffineExpr.var(n);
        }
        return transform(target, map);
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
        AffineExpr[] map = new AffineExpr[1 + space.vars()];
        for (int c = 1; c < map.length; c++) {
            String n = space.name(c);
            AffineExpr e = space.isDim(n) ? dimExprs.get(n) : null;
            if (e == null && space.isDim(n) && !target.isDim(n)) {
                throw new IllegalArgumentException("no expression for dimension '" + n + "'");
            }
            map[c] = e != null ? e : AffineExpr.var(n);
        }
        return transform(target, map);
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
        List<long[]> e = new ArrayList<>(), g = new ArrayList<>(), m = new ArrayList<>();
        List<Long> mm = new ArrayList<>();
        for (IntegerSet x : List.of(a, b)) {
            for (long[] r : x.eqs) {
                e.add(r.clone());
            }
            for (long[] r : x.ges) {
                g.add(r.clone());
            }
            for (int i = 0; i < x.mods.length; i++) {
                m.add(x.mods[i].clone());
                mm.add(x.moduli[i]);
            }
        }
        return make(s, e, g, m, mm);
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
        List<Constraint> cs = constraints();
        List<Constraint> prefix = new ArrayList<>();
        for (Constraint c : cs) {
            for (Constraint n : c.negation()) {
                List<Constraint> p = new ArrayList<>(prefix);
                p.add(n);
                IntegerSet piece = of(space, p);
                if (!piece.empty) {
                    pieces.add(piece);
                }
            }
            prefix.add(c);
        }
        return new UnionSet(space, pieces);
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
            List<IntegerSet> next = new ArrayList<>();
            for (IntegerSet a : current) {
                if (bb.empty) {
                    next.add(a);
                    continue;
                }
                List<Constraint> prefix = new ArrayList<>();
                for (Constraint c : bb.constraints()) {
                    for (Constraint n : c.negation()) {
                        List<Constraint> p = new ArrayList<>(prefix);
                        p.add(n);
                        IntegerSet piece = a.intersect(of(s, p));
                        if (!piece.isEmpty(deadline)) {
                            next.add(piece);
                        }
                    }
                    prefix.add(c);
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
        int w = 1 + space.vars();
        Omega.Sys s = new Omega.Sys(w + mods.length);
        for (long[] r : eqs) {
            s.eqs.add(Arrays.copyOf(r, s.width));
        }
        for (long[] r : ges) {
            s.ges.add(Arrays.copyOf(r, s.width));
        }
        for (int i = 0; i < mods.length; i++) {
            long[] r = Arrays.copyOf(mods[i], s.width);
            r[w + i] = -moduli[i];
            s.eqs.add(r);
        }
        return !new Omega(deadline).satisfiable(s);
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
            if (dot(r, x) != 0) {
                return false;
            }
        }
        for (long[] r : ges) {
            if (dot(r, x) < 0) {
                return false;
            }
        }
        for (int i = 0; i < mods.length; i++) {
            if (Math.floorMod(dot(mods[i], x), moduli[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    private static long dot(long[] r, long[] x) {
        long s = 0;
        for (int i = 0; i < r.length; i++) {
            if (r[i] != 0) {
                s = Arith.add(s, Arith.mul(r[i], x[i]));
            }
        }
        return s;
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
        for (String d : names) {
            if (!space.isDim(d)) {
                throw new IllegalArgumentException("'" + d + "' is not a dimension of " + space);
            }
        }
        List<String> keep = new ArrayList<>(space.dims());
        keep.removeAll(names);
        return eliminate(names, new Space(keep, space.params()), deadline, true);
    }

    public UnionSet projectOut(String... dims) {
        return projectOut(List.of(dims));
    }

    /** Keeps only the listed dimensions (in this set's order); the others are existentially eliminated. */
    public UnionSet projectOnto(List<String> dims) {
        List<String> drop = new ArrayList<>(space.dims());
        drop.removeAll(dims);
        return projectOut(drop);
    }

    /**
     * The parameter values for which this set is non-empty, as a union over a space without dimensions.
     * E.g. for "for some N, the use is undefined" checks: {@code use.subtract(defs).paramDomain()}.
     */
    public UnionSet paramDomain() {
        return projectOut(space.dims());
    }

    /** Eliminates names (dims or params) and returns the pieces in {@code target} (the remaining names). */
    UnionSet eliminate(Collection<String> names, Space target, Deadline deadline, boolean simplify) {
        if (empty) {
            return UnionSet.empty(target);
        }
        int w = 1 + space.vars();
        Omega.Sys s = new Omega.Sys(w);
        for (String n : names) {
            s.elim[space.column(n)] = true;
        }
        for (long[] r : eqs) {
            s.eqs.add(r.clone());
        }
        for (long[] r : ges) {
            s.ges.add(r.clone());
        }
        for (int i = 0; i < mods.length; i++) {
            boolean touches = false;
            for (int c = 1; c < w; c++) {
                touches |= mods[i][c] != 0 && s.elim[c];
            }
            if (touches) {
                int sigma = s.addColumn(true);
                long[] r = Arrays.copyOf(mods[i], s.width);
                r[sigma] = -moduli[i];
                s.eqs.add(r);
            } else {
                s.mods.add(mods[i].clone());
                s.moduli.add(moduli[i]);
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
            IntegerSet p = make(target, e, g, m, new ArrayList<>(r.moduli));
            if (!p.isEmpty(deadline)) {
                pieces.add(simplify ? p.removeRedundant(deadline) : p);
            }
        }
        return new UnionSet(target, pieces).removeDuplicatePieces();
    }

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

    /** Removes inequalities implied by the remaining constraints (exact test per inequality). */
    public IntegerSet removeRedundant() {
        return removeRedundant(Deadline.never());
    }

    public IntegerSet removeRedundant(Deadline deadline) {
        if (empty || ges.length == 0) {
            return this;
        }
        List<long[]> kept = new ArrayList<>(Arrays.asList(ges));
        // try the densest rows first, so that simple bounds such as 0 <= k survive
        List<long[]> order = new ArrayList<>(kept);
        order.sort(Comparator.comparingInt((long[] r) -> -nonZeros(r)));
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
            List<long[]> e = new ArrayList<>();
            for (long[] x : eqs) {
                e.add(x.clone());
            }
            List<long[]> m = new ArrayList<>();
            List<Long> mm = new ArrayList<>();
            for (int j = 0; j < mods.length; j++) {
                m.add(mods[j].clone());
                mm.add(moduli[j]);
            }
            if (make(space, e, others, m, mm).isEmpty(deadline)) {
                kept.remove(i);
            }
        }
        if (kept.size() == ges.length) {
            return this;
        }
        List<long[]> e = new ArrayList<>();
        for (long[] x : eqs) {
            e.add(x.clone());
        }
        List<long[]> m = new ArrayList<>();
        List<Long> mm = new ArrayList<>();
        for (int j = 0; j < mods.length; j++) {
            m.add(mods[j].clone());
            mm.add(moduli[j]);
        }
        return make(space, e, kept, m, mm);
    }

    private static int nonZeros(long[] r) {
        int n = 0;
        for (int k = 1; k < r.length; k++) {
            n += r[k] != 0 ? 1 : 0;
        }
        return n;
    }

    // ------------------------------------------------------------------ points (fixed parameters)

    /** Calls {@code action} for every integer point in lexicographic order; all parameters must be fixed. */
    public void forEachPoint(Map<String, Long> params, Consumer<long[]> action) {
        PointScanner.of(UnionSet.of(this), params).scan(false, p -> {
            action.accept(p);
            return true;
        });
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
