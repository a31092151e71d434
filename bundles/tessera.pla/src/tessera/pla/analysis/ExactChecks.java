package tessera.pla.analysis;

import static tessera.pla.analysis.PlaAnalysis.CODE_CYCLE;
import static tessera.pla.analysis.PlaAnalysis.CODE_EMPTY;
import static tessera.pla.analysis.PlaAnalysis.CODE_SINGLE;
import static tessera.pla.analysis.PlaAnalysis.CODE_UNDEFINED;
import static tessera.pla.analysis.PlaAnalysis.label;
import static tessera.pla.analysis.PlaAnalysis.name;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Deadline;
import tessera.core.graph.Digraph;
import tessera.core.graph.ElementaryCircuits;
import tessera.core.poly.AffineExpr;
import tessera.core.poly.Constraint;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.Space;
import tessera.core.poly.UnionSet;
import tessera.pla.analysis.PlaAnalysis.Indexing;
import tessera.pla.analysis.PlaAnalysis.VarClass;
import tessera.pla.analysis.PlaAnalysis.VarInfo;
import tessera.pla.pla.Access;
import tessera.pla.pla.Equation;
import tessera.pla.pla.Operand;
import tessera.pla.pla.PlaPackage.Literals;

/**
 * Seed 003 §4: the exact checks of the restricted PLA form on a well-formed program — non-empty condition spaces,
 * single assignment, defined uses of internal variables, no zero-distance dependence cycle — each set question
 * decided exactly with tessera.core.poly under the parameter context, memoised (PLAs repeat their spaces).
 */
final class ExactChecks {
    /** Time limit of one exact set question (the Omega test is exponential in the worst case). */
    static final Duration SET_LIMIT = Duration.ofSeconds(5);
    /**
     * Time limit of all exact checks of one file together (issue 22: bounded work; a mutated file with thousands of
     * equations gets the warning "could not decide the exact checks" instead of blocking the builder or the editor).
     */
    static final Duration TOTAL_LIMIT = Duration.ofSeconds(10);
    private static final int MAX_CIRCUITS = 10_000;

    private final PlaAnalysis pla;
    private final List<String> params;
    private final List<String> indices;
    private final Space space;
    private final IntegerSet contextSet;
    private final List<Equation> equations;
    private final Map<Equation, IntegerSet> conditionSpaces;
    private final Map<Access, Indexing> indexing;
    private final Map<String, VarInfo> vars;

    ExactChecks(PlaAnalysis pla) {
        this.pla = pla;
        this.params = pla.params;
        this.indices = pla.indices;
        this.space = pla.space();
        this.contextSet = pla.context();
        this.equations = pla.equations;
        this.conditionSpaces = pla.conditionSpaces;
        this.indexing = pla.indexing;
        this.vars = pla.vars;
    }

    private final Deadline total = Deadline.after(TOTAL_LIMIT);

    private Deadline deadline() {
        total.check("the exact checks of the PLA (" + TOTAL_LIMIT.toSeconds() + " s for all)");
        Duration left = total.remaining();
        return Deadline.after(left.compareTo(SET_LIMIT) < 0 ? left : SET_LIMIT);
    }

    /**
     * Exact emptiness under the parameter context, memoised by the set's canonical form (IntegerSet equality: same
     * space and normalised constraints, so equal keys are equal sets; PLAs repeat their spaces).
     */
    private boolean empty(IntegerSet s) {
        Boolean known = emptyMemo.get(s);
        if (known == null) {
            known = s.intersectContext(contextSet).isEmpty(deadline());
            emptyMemo.put(s, known);
        }
        return known;
    }

    private final Map<IntegerSet, Boolean> emptyMemo = new HashMap<>();
    private final Map<List<Object>, UnionSet> missingMemo = new HashMap<>();
    private final Map<List<Object>, Boolean> overlapMemo = new HashMap<>();

    void checkEmptySpaces() {
        for (Equation e : equations) {
            if (empty(conditionSpaces.get(e))) {
                pla.warning(e, e.getCondition() != null ? Literals.EQUATION__CONDITION : Literals.EQUATION__LHS, -1,
                        "the condition space of " + label(e) + " is empty for all parameter values: the equation never applies", CODE_EMPTY);
            }
        }
    }

    /** Seed 003 §4 single assignment: no two instances I ∈ 𝓘_a, I' ∈ 𝓘_b (I ≠ I' when a = b) define the same element. */
    void checkSingleAssignment() {
        List<String> primed = indices.stream().map(i -> i + "'").toList();
        List<String> both = new ArrayList<>(indices);
        both.addAll(primed);
        Space pair = Space.of(both, params);
        Map<String, AffineExpr> prime = new HashMap<>();
        for (int k = 0; k < indices.size(); k++) {
            prime.put(indices.get(k), AffineExpr.var(primed.get(k)));
        }
        for (VarInfo vi : vars.values()) {
            if (vi.varClass != VarClass.OUTPUT && vi.varClass != VarClass.INTERNAL) {
                continue;
            }
            List<Equation> defs = vi.definitions;
            Set<Equation> reported = new HashSet<>(); // each equation once, against its first conflict (issue 22)
            for (int a = 0; a < defs.size(); a++) {
                for (int b = a; b < defs.size(); b++) {
                    Equation ea = defs.get(a), eb = defs.get(b);
                    if (reported.contains(eb)) {
                        continue;
                    }
                    total.check("the exact checks of the PLA (" + TOTAL_LIMIT.toSeconds() + " s for all)");
                    Indexing ia = indexing.get(ea.getLhs()), ib = indexing.get(eb.getLhs());
                    if (ia == null || ib == null) {
                        continue;
                    }
                    if (a != b && vi.varClass == VarClass.INTERNAL) {
                        IntegerSet both2 = conditionSpaces.get(ea).intersect(conditionSpaces.get(eb));
                        if (!empty(both2)) {
                            reported.add(eb);
                            pla.error(eb.getLhs(), Literals.ACCESS__VAR, -1, "single assignment violated: " + label(eb) + " and "
                                    + label(ea) + " both define " + vi.name + " for " + both2.intersectContext(contextSet)
                                    + " (condition spaces overlap)", CODE_SINGLE);
                        }
                        continue;
                    }
                    if (a == b && ia.q().length == indices.size() && isInjective(ia.q())) {
                        continue;
                    }
                    // the question depends only on the two spaces and indexings: decided once per distinct key
                    List<Object> key = List.of(conditionSpaces.get(ea), conditionSpaces.get(eb), a == b,
                            Arrays.deepToString(ia.q()), Arrays.toString(ia.d()), Arrays.deepToString(ib.q()), Arrays.toString(ib.d()));
                    Boolean known = overlapMemo.get(key);
                    if (known == null) {
                        known = overlap(pair, primed, prime, ea, eb, ia, ib, a == b);
                        overlapMemo.put(key, known);
                    }
                    if (known) {
                        reported.add(eb);
                        pla.error(eb.getLhs(), Literals.ACCESS__VAR, -1, "single assignment violated: " + (a == b
                                ? label(ea) + " defines some instance of " + vi.name + " in two different iterations"
                                : label(eb) + " and " + label(ea) + " both define some instance of " + vi.name), CODE_SINGLE);
                    }
                }
            }
        }
    }

    /** Some I ∈ 𝓘_a, I' ∈ 𝓘_b (I <lex I' when {@code same}) with Q_a I − d_a = Q_b I' − d_b. */
    private boolean overlap(Space pair, List<String> primed, Map<String, AffineExpr> prime, Equation ea, Equation eb,
            Indexing ia, Indexing ib, boolean same) {
        // pairs (I, I') with I ∈ 𝓘_a, I' ∈ 𝓘_b, Q_a I − d_a = Q_b I' − d_b
        List<Constraint> eq = new ArrayList<>();
        for (int r = 0; r < ia.d().length; r++) {
            AffineExpr l = AffineExpr.constant(-ia.d()[r]), rr = AffineExpr.constant(-ib.d()[r]);
            for (int c = 0; c < indices.size(); c++) {
                l = l.plus(AffineExpr.term(ia.q()[r][c], indices.get(c)));
                rr = rr.plus(AffineExpr.term(ib.q()[r][c], primed.get(c)));
            }
            eq.add(Constraint.eq(l, rr));
        }
        IntegerSet base = embed(conditionSpaces.get(ea), pair, Map.of())
                .intersect(embed(conditionSpaces.get(eb), pair, prime))
                .intersect(IntegerSet.of(pair, eq)).intersectContext(contextSet.preimage(pair, Map.of()));
        boolean overlap;
        if (!same) {
            overlap = !base.isEmpty(deadline());
        } else { // I <lex I': a union of n convex pieces
            overlap = false;
            for (int p = 0; p < indices.size() && !overlap; p++) {
                List<Constraint> lex = new ArrayList<>();
                for (int k = 0; k < p; k++) {
                    lex.add(Constraint.eq(AffineExpr.var(indices.get(k)), AffineExpr.var(primed.get(k))));
                }
                lex.add(Constraint.lt(AffineExpr.var(indices.get(p)), AffineExpr.var(primed.get(p))));
                overlap = !base.intersect(IntegerSet.of(pair, lex)).isEmpty(deadline());
            }
        }
        return overlap;
    }

    private static boolean isInjective(long[][] q) {
        // square and unimodular-like check: non-zero determinant suffices for injectivity on ℤ^n
        int n = q.length;
        double[][] m = new double[n][n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                m[r][c] = q[r][c];
            }
        }
        double det = 1;
        for (int c = 0; c < n; c++) {
            int p = c;
            for (int r = c + 1; r < n; r++) {
                if (Math.abs(m[r][c]) > Math.abs(m[p][c])) {
                    p = r;
                }
            }
            if (Math.abs(m[p][c]) < 1e-9) {
                return false;
            }
            double[] t = m[p];
            m[p] = m[c];
            m[c] = t;
            det *= m[c][c];
            for (int r = c + 1; r < n; r++) {
                double f = m[r][c] / m[c][c];
                for (int k = c; k < n; k++) {
                    m[r][k] -= f * m[c][k];
                }
            }
        }
        return Math.abs(det) > 1e-9;
    }

    /** The set over {@code target}'s dims, renaming this set's dims by {@code rename} (identity when absent). */
    private static IntegerSet embed(IntegerSet s, Space target, Map<String, AffineExpr> rename) {
        Map<String, AffineExpr> m = new HashMap<>();
        for (String d : s.dims()) {
            m.put(d, rename.getOrDefault(d, AffineExpr.var(d)));
        }
        return s.preimage(target, m);
    }

    /** Seed 003 §4 internal variables: every used instance x[I − d], I ∈ 𝓘_i, is defined by some equation. */
    void checkDefinedUses() {
        for (InternalUse use : internalUses()) {
            Equation e = use.equation();
            VarInfo vi = use.variable();
            Indexing ix = use.indexing();
            List<IntegerSet> defs = new ArrayList<>();
            for (Equation d : vi.definitions) {
                defs.add(conditionSpaces.get(d));
            }
            // the answer depends only on 𝓘_e, d and the defining spaces: decided once per distinct key
            List<Object> key = List.of(conditionSpaces.get(e), Arrays.toString(ix.d()), defs);
            UnionSet missing = missingMemo.get(key);
            if (missing == null) {
                IntegerSet needed = shifted(conditionSpaces.get(e), ix.d()).intersectContext(contextSet);
                missing = needed.subtract(UnionSet.of(defs), deadline());
                missingMemo.put(key, missing);
            }
            if (!missing.isEmpty()) {
                Map<String, AffineExpr> back = new HashMap<>(); // report the reading iterations I, not I - d
                for (int k = 0; k < indices.size(); k++) {
                    back.put(indices.get(k), AffineExpr.var(indices.get(k)).minus(k < ix.d().length ? ix.d()[k] : 0));
                }
                pla.error(use.access(), Literals.ACCESS__VAR, -1, label(e) + " uses instances of " + vi.name
                        + " that no equation defines: " + PlaNames.accessText(vi.name, indices, ix.d()) + " for "
                        + missing.preimage(space, back)
                        + " (seed 003 §4: every used instance of an internal variable must be defined)", CODE_UNDEFINED);
            }
        }
    }

    /** A read {@code access} of the internal variable {@code variable} in {@code equation}, with its indexing. */
    private record InternalUse(Equation equation, Access access, VarInfo variable, Indexing indexing) {
    }

    /** The reads of internal variables with a known indexing, in equation and operand order. */
    private List<InternalUse> internalUses() {
        List<InternalUse> uses = new ArrayList<>();
        for (Equation e : equations) {
            if (e.getRhs() == null) {
                continue;
            }
            for (Operand o : e.getRhs().getArgs()) {
                if (!(o instanceof Access a)) {
                    continue;
                }
                VarInfo vi = vars.get(name(a));
                Indexing ix = indexing.get(a);
                if (vi != null && vi.varClass == VarClass.INTERNAL && ix != null) {
                    uses.add(new InternalUse(e, a, vi, ix));
                }
            }
        }
        return uses;
    }

    /** {J | J + d ∈ S}: the instances I − d read from the iterations I of S. */
    private IntegerSet shifted(IntegerSet s, long[] d) {
        Map<String, AffineExpr> m = new HashMap<>();
        for (int k = 0; k < indices.size(); k++) {
            m.put(indices.get(k), AffineExpr.var(indices.get(k)).plus(k < d.length ? d[k] : 0));
        }
        return s.preimage(space, m);
    }

    /** A dependence cycle whose distances add up to 0 makes an instance depend on itself. */
    void checkZeroCycles() {
        Map<Equation, Integer> id = new IdentityHashMap<>();
        for (Equation e : equations) {
            id.put(e, id.size());
        }
        List<Access> edgeUse = new ArrayList<>();
        List<long[]> edgeD = new ArrayList<>();
        List<Equation> edgeDef = new ArrayList<>();
        Digraph.Builder g = Digraph.builder(equations.size());
        for (InternalUse use : internalUses()) {
            for (Equation def : use.variable().definitions) {
                g.edge(id.get(def), id.get(use.equation()));
                edgeUse.add(use.access());
                edgeD.add(use.indexing().d());
                edgeDef.add(def);
            }
        }
        Digraph dg = g.build();
        // circuits live inside cyclic strongly connected components: enumerate per component (linear for acyclic parts)
        tessera.core.graph.StronglyConnectedComponents scc = tessera.core.graph.StronglyConnectedComponents.of(dg);
        List<int[]> circuits = new ArrayList<>();
        for (int c = 0; c < scc.count() && circuits.size() < MAX_CIRCUITS; c++) {
            if (!scc.isCyclic(c)) {
                continue;
            }
            int[] members = scc.components().get(c);
            Map<Integer, Integer> local = new HashMap<>();
            for (int v : members) {
                local.put(v, local.size());
            }
            Digraph.Builder sub = Digraph.builder(members.length);
            List<Integer> subToEdge = new ArrayList<>();
            for (int v : members) {
                for (int edge : dg.outEdges(v)) {
                    Integer t = local.get(dg.target(edge));
                    if (t != null) {
                        sub.edge(local.get(v), t);
                        subToEdge.add(edge);
                    }
                }
            }
            for (int[] sc : ElementaryCircuits.enumerate(sub.build(), MAX_CIRCUITS - circuits.size()).circuits()) {
                int[] mapped = new int[sc.length];
                for (int k = 0; k < sc.length; k++) {
                    mapped[k] = subToEdge.get(sc[k]);
                }
                circuits.add(mapped);
            }
        }
        Set<Access> reported = new HashSet<>();
        for (int[] circuit : circuits) {
            long[] sum = new long[indices.size()];
            for (int edge : circuit) {
                long[] d = edgeD.get(edge);
                for (int k = 0; k < sum.length && k < d.length; k++) {
                    sum[k] += d[k];
                }
            }
            boolean zero = true;
            for (long s : sum) {
                zero &= s == 0;
            }
            if (zero) { // only edges whose definition is really read through the use count (exact feasibility)
                for (int edge : circuit) {
                    Equation user = equations.get(dg.target(edge));
                    IntegerSet reading = shifted(conditionSpaces.get(user), edgeD.get(edge));
                    zero &= !empty(reading.intersect(conditionSpaces.get(edgeDef.get(edge))));
                }
            }
            Access at = edgeUse.get(circuit[circuit.length - 1]);
            if (zero && reported.add(at)) {
                StringBuilder path = new StringBuilder();
                for (int edge : circuit) {
                    path.append(label(equations.get(dg.source(edge)))).append(" → ");
                }
                path.append(label(equations.get(dg.source(circuit[0]))));
                pla.error(at, Literals.ACCESS__VAR, -1, "dependence cycle with zero total distance: " + path
                        + " (an instance would depend on itself)", CODE_CYCLE);
            }
        }
    }
}
