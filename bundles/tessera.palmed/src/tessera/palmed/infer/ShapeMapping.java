package tessera.palmed.infer;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.sat4j.core.Vec;
import org.sat4j.core.VecInt;
import org.sat4j.pb.IPBSolver;
import org.sat4j.pb.SolverFactory;
import org.sat4j.specs.ContradictionException;
import org.sat4j.specs.IVec;
import org.sat4j.specs.IVecInt;
import org.sat4j.specs.TimeoutException;

import tessera.core.Deadline;
import tessera.core.TimeLimitException;
import tessera.palmed.model.Kernel;

/**
 * Seed 000 §V-B Algorithm 3, LP1 = Shape_mapping(𝒦, 𝓘_VB, 𝓘_MF): a 0/1 program over edges ρ_{i,r} ∈ {0,1}, solved as a
 * pseudo-Boolean optimization with SAT4J. The "∃r" constraints are linearized with one selector per (constraint, r)
 * (digest §3.4). Objective: the text's intent, minimize the number of used resources (the printed Σ_i max_r ρ_{i,r} is
 * constant, digest §8.1.1), then (lexicographically) maximize the number of edges so that LP2 keeps every weight the
 * shape allows (a zero weight is always possible). Symmetry breaking u_r ≥ u_{r+1}.
 */
public final class ShapeMapping {
    /**
     * The shape: for every used resource the set of basic instructions with an edge to it, and for each kernel the
     * index (into {@code resources}) of the resource its LP1 constraint selected: the bottleneck LP2 starts from.
     */
    public record Shape(List<Set<String>> resources, java.util.Map<Kernel, Integer> explainedBy) {
    }

    private ShapeMapping() {
    }

    /**
     * @param basic      𝓘_B
     * @param veryBasic  𝓘_VB ⊆ 𝓘_B
     * @param mostGreedy 𝓘_MF ⊆ 𝓘_B
     * @param kernels    𝒦 over 𝓘_B (all measured in bench)
     */
    public static Shape solve(Bench bench, List<String> basic, List<String> veryBasic, List<String> mostGreedy,
            List<Kernel> kernels, int rMax, Deadline deadline) {
        double tol = bench.options().tolerance();
        int nb = basic.size();
        IPBSolver solver = SolverFactory.newDefault();
        int[] next = {1};
        int[][] e = new int[nb][rMax];
        for (int i = 0; i < nb; i++) {
            for (int r = 0; r < rMax; r++) {
                e[i][r] = next[0]++;
            }
        }
        int[] u = new int[rMax];
        for (int r = 0; r < rMax; r++) {
            u[r] = next[0]++;
        }
        List<int[]> clauses = new ArrayList<>();
        for (int r = 0; r < rMax; r++) {
            for (int i = 0; i < nb; i++) {
                clauses.add(new int[] {-e[i][r], u[r]});
            }
            if (r + 1 < rMax) {
                clauses.add(new int[] {u[r], -u[r + 1]});
            }
        }
        // (a) very basic: i has a resource no other very basic instruction uses
        for (String i : veryBasic) {
            List<String> others = new ArrayList<>(veryBasic);
            others.remove(i);
            exclusive(clauses, next, e, basic, i, others, rMax);
        }
        // (b) most greedy: one resource shared by i and every j >< i (j ∈ 𝓘_B∖{i}, digest §8.1.9)
        for (String i : mostGreedy) {
            Set<String> all = new LinkedHashSet<>();
            all.add(i);
            for (String j : basic) {
                if (!j.equals(i) && !BasicInstructionSelection.disjoint(bench, i, j)) {
                    all.add(j);
                }
            }
            shared(clauses, next, e, basic, all, rMax);
        }
        java.util.Map<Kernel, int[]> selectors = new java.util.LinkedHashMap<>();
        // (c) kernels: saturating instructions get a private resource; otherwise one resource is shared by all
        for (Kernel k : kernels) {
            bench.monitor().checkCanceled();
            double cyc = bench.cycles(k);
            List<String> sat = new ArrayList<>();
            for (String i : k.instructions()) {
                if (bench.aloneCycles(i, k.count(i)) >= cyc * (1 - tol)) {
                    sat.add(i);
                }
            }
            if (sat.isEmpty()) {
                // digest §3.4 fix: p runs in parallel with k (k ∪ p^{p̄·t(k)} is no slower) ⇒ p is not on k's bottleneck
                List<String> excluded = new ArrayList<>();
                for (String p : basic) {
                    if (!k.instructions().contains(p) && parallel(bench, k, p)) {
                        excluded.add(p);
                    }
                }
                selectors.put(k, sharedExcept(clauses, next, e, basic, k.instructions(), excluded, rMax));
            } else {
                for (String i : sat) {
                    List<String> others = new ArrayList<>(k.instructions());
                    others.remove(i);
                    int[] z = exclusive(clauses, next, e, basic, i, others, rMax);
                    if (k.instructions().size() == 1 || !selectors.containsKey(k)) {
                        selectors.put(k, z);
                    }
                }
            }
        }
        // every basic instruction uses some resource
        for (int i = 0; i < nb; i++) {
            clauses.add(e[i].clone());
        }
        int nVars = next[0] - 1;
        solver.newVar(nVars);
        solver.setExpectedNumberOfClauses(clauses.size());
        try {
            for (int[] c : clauses) {
                solver.addClause(new VecInt(c));
            }
        } catch (ContradictionException ex) {
            throw new IllegalStateException("LP1 is contradictory (inconsistent measurements?)", ex);
        }
        // objective: W·Σ u_r + Σ ¬e_{i,r}
        long w = (long) nb * rMax + 1;
        IVecInt lits = new VecInt();
        IVec<BigInteger> coefs = new Vec<>();
        for (int r = 0; r < rMax; r++) {
            lits.push(u[r]);
            coefs.push(BigInteger.valueOf(w));
            for (int i = 0; i < nb; i++) {
                lits.push(-e[i][r]);
                coefs.push(BigInteger.ONE);
            }
        }
        int[] best = null;
        long bestValue = Long.MAX_VALUE;
        try {
            while (true) {
                bench.monitor().checkCanceled();
                long ms = deadline.remaining().toMillis();
                if (ms <= 0) {
                    if (best == null) {
                        throw new TimeLimitException("LP1 (shape mapping, SAT4J)", deadline.limit());
                    }
                    break; // keep the best shape found so far; optimality not proven
                }
                solver.setTimeoutMs(ms);
                if (!solver.isSatisfiable()) {
                    break;
                }
                int[] model = solver.model();
                long value = 0;
                for (int r = 0; r < rMax; r++) {
                    if (solver.model(u[r])) {
                        value += w;
                    }
                    for (int i = 0; i < nb; i++) {
                        if (!solver.model(e[i][r])) {
                            value++;
                        }
                    }
                }
                best = model;
                bestValue = value;
                try {
                    solver.addPseudoBoolean(lits, coefs, false, BigInteger.valueOf(value - 1));
                } catch (ContradictionException ex) {
                    break; // nothing better exists
                }
            }
        } catch (TimeoutException ex) {
            if (best == null) {
                throw new TimeLimitException("LP1 (shape mapping, SAT4J)", deadline.limit());
            }
        }
        if (best == null) {
            throw new IllegalStateException("LP1 has no solution with at most " + rMax + " resources");
        }
        boolean[] truth = new boolean[nVars + 1];
        for (int lit : best) {
            if (lit > 0 && lit <= nVars) {
                truth[lit] = true;
            }
        }
        List<Set<String>> res = new ArrayList<>();
        int[] index = new int[rMax];
        for (int r = 0; r < rMax; r++) {
            Set<String> users = new LinkedHashSet<>();
            for (int i = 0; i < nb; i++) {
                if (truth[e[i][r]]) {
                    users.add(basic.get(i));
                }
            }
            index[r] = users.isEmpty() ? -1 : res.indexOf(users);
            if (!users.isEmpty() && index[r] < 0) {
                res.add(users);
                index[r] = res.size() - 1;
            }
        }
        java.util.Map<Kernel, Integer> by = new java.util.LinkedHashMap<>();
        selectors.forEach((k, z) -> {
            for (int r = 0; r < rMax; r++) {
                if (truth[z[r]] && index[r] >= 0) {
                    by.put(k, index[r]);
                    break;
                }
            }
        });
        return new Shape(res, by);
    }

    /** ∃r: e(i,r) ∧ ∀j∈others: ¬e(j,r); returns the selectors. */
    private static int[] exclusive(List<int[]> clauses, int[] next, int[][] e, List<String> basic, String i,
            java.util.Collection<String> others, int rMax) {
        int ii = basic.indexOf(i);
        int[] any = new int[rMax];
        for (int r = 0; r < rMax; r++) {
            int z = next[0]++;
            any[r] = z;
            clauses.add(new int[] {-z, e[ii][r]});
            for (String j : others) {
                clauses.add(new int[] {-z, -e[basic.indexOf(j)][r]});
            }
        }
        clauses.add(any);
        return any;
    }

    /** ∃r: ∀t∈all: e(t,r) ∧ ∀p∈excluded: ¬e(p,r); returns the selectors. */
    private static int[] sharedExcept(List<int[]> clauses, int[] next, int[][] e, List<String> basic,
            java.util.Collection<String> all, List<String> excluded, int rMax) {
        int[] any = new int[rMax];
        for (int r = 0; r < rMax; r++) {
            int z = next[0]++;
            any[r] = z;
            for (String t : all) {
                clauses.add(new int[] {-z, e[basic.indexOf(t)][r]});
            }
            for (String p : excluded) {
                clauses.add(new int[] {-z, -e[basic.indexOf(p)][r]});
            }
        }
        clauses.add(any);
        return any;
    }

    /** The distinguishing kernel k ∪ p^{p̄·t(k)}: measured no slower than k alone (within the tolerance)? */
    static boolean parallel(Bench bench, Kernel k, String p) {
        double tk = bench.cycles(k);
        java.util.Map<String, Double> c = new java.util.LinkedHashMap<>();
        k.counts().forEach((i, s) -> c.put(i, (double) s));
        c.merge(p, bench.ipc(p) * tk, Double::sum);
        Kernel kp = Quantizer.quantize(c, bench.options().quantum());
        double scale = (double) kp.count(k.instructions().iterator().next()) / k.count(k.instructions().iterator().next());
        double tSeparate = Math.max(tk * scale, kp.count(p) / bench.ipc(p));
        return bench.cycles(kp) <= tSeparate * (1 + bench.options().tolerance());
    }

    /** ∃r: ∀t∈all: e(t,r). */
    private static void shared(List<int[]> clauses, int[] next, int[][] e, List<String> basic,
            java.util.Collection<String> all, int rMax) {
        int[] any = new int[rMax];
        for (int r = 0; r < rMax; r++) {
            int z = next[0]++;
            any[r] = z;
            for (String t : all) {
                clauses.add(new int[] {-z, e[basic.indexOf(t)][r]});
            }
        }
        clauses.add(any);
    }
}
