package tessera.palmed.infer;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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
 * Seed 000 §V-B Algorithm 3, LP1 = Shape_mapping(𝒦, 𝓘_VB, 𝓘_MF): a 0/1 program over edges ρ_{i,r} ∈ {0,1}. Every
 * constraint of Algo 3 is an "∃r" over one resource's users (a {@link Requirement}: users ⊇ all, users ∩ none = ∅).
 * Objective: the text's intent, minimize the number of used resources (the printed Σ_i max_r ρ_{i,r} is constant,
 * digest §8.1.1), then (lexicographically) maximize the number of edges so that LP2 keeps every weight the shape
 * allows. Solved exactly by {@link ShapeColoring} (the same optimum as the direct 0/1 program, which scales badly);
 * the direct pseudo-Boolean model (digest §3.4 linearization, SAT4J) is kept as {@link #solveDirect}, the reference.
 */
public final class ShapeMapping {
    /**
     * The shape: for every used resource the set of basic instructions with an edge to it, for each kernel the index
     * (into {@code resources}) of the resource its LP1 constraint selected (the bottleneck LP2 starts from), and
     * whether both objectives were proven optimal within the time limit.
     */
    public record Shape(List<Set<String>> resources, Map<Kernel, Integer> explainedBy, boolean optimal, String note) {
    }

    /** One "∃r" constraint of LP1 over basic-instruction bit masks: some resource is used by all and by none of none. */
    public record Requirement(long all, long none) {
        public boolean satisfiedBy(long users) {
            return (users & all) == all && (users & none) == 0;
        }

        /** Every resource satisfying this one satisfies o. */
        public boolean implies(Requirement o) {
            return (all & o.all) == o.all && (none & o.none) == o.none;
        }

        /** No single resource can satisfy both. */
        public boolean conflicts(Requirement o) {
            return (all & o.none) != 0 || (o.all & none) != 0;
        }
    }

    /** An LP1 solution: users (bit masks) of each resource, the resource chosen for each requirement, optimality. */
    public record Solution(long[] resources, int[] chosen, boolean optimal, String note) {
        public int edges() {
            int e = 0;
            for (long r : resources) {
                e += Long.bitCount(r);
            }
            return e;
        }
    }

    private ShapeMapping() {
    }

    /**
     * @param basic      𝓘_B (at most 63 instructions: users are bit masks)
     * @param veryBasic  𝓘_VB ⊆ 𝓘_B
     * @param mostGreedy 𝓘_MF ⊆ 𝓘_B
     * @param kernels    𝒦 over 𝓘_B (all measured in bench)
     */
    public static Shape solve(Bench bench, List<String> basic, List<String> veryBasic, List<String> mostGreedy,
            List<Kernel> kernels, int rMax, Deadline deadline) {
        if (basic.size() > 63) {
            throw new IllegalArgumentException("LP1 supports at most 63 basic instructions, got " + basic.size()
                    + "; lower --basic");
        }
        List<Requirement> reqs = new ArrayList<>();
        Map<Kernel, Integer> owner = new LinkedHashMap<>();
        requirements(bench, basic, veryBasic, mostGreedy, kernels, reqs, owner);
        Solution s = ShapeColoring.solve(basic.size(), reqs, rMax, deadline, bench.monitor());
        List<Set<String>> res = new ArrayList<>();
        int[] index = new int[s.resources().length];
        for (int r = 0; r < s.resources().length; r++) {
            Set<String> users = users(basic, s.resources()[r]);
            index[r] = res.indexOf(users);
            if (index[r] < 0) {
                res.add(users);
                index[r] = res.size() - 1;
            }
        }
        Map<Kernel, Integer> by = new LinkedHashMap<>();
        owner.forEach((k, q) -> by.put(k, index[s.chosen()[q]]));
        return new Shape(res, by, s.optimal(), s.note());
    }

    /** LP1 over requirements with the scalable exact solver ({@link ShapeColoring}). */
    public static Solution solveScalable(int n, List<Requirement> reqs, int rMax, Deadline deadline) {
        return ShapeColoring.solve(n, reqs, rMax, deadline, tessera.core.Monitor.NULL);
    }

    static Set<String> users(List<String> basic, long mask) {
        Set<String> users = new LinkedHashSet<>();
        for (int i = 0; i < basic.size(); i++) {
            if ((mask >>> i & 1) != 0) {
                users.add(basic.get(i));
            }
        }
        return users;
    }

    /** The constraints of Algo 3 as requirements; owner maps a kernel to the requirement that explains it. */
    static void requirements(Bench bench, List<String> basic, List<String> veryBasic, List<String> mostGreedy,
            List<Kernel> kernels, List<Requirement> reqs, Map<Kernel, Integer> owner) {
        double tol = bench.options().tolerance();
        // (a) very basic: i has a resource no other very basic instruction uses
        for (String i : veryBasic) {
            reqs.add(new Requirement(mask(basic, List.of(i)), mask(basic, veryBasic) & ~mask(basic, List.of(i))));
        }
        // (b) most greedy: one resource shared by i and every j >< i (j ∈ 𝓘_B∖{i}, digest §8.1.9)
        for (String i : mostGreedy) {
            List<String> all = new ArrayList<>(List.of(i));
            for (String j : basic) {
                if (!j.equals(i) && !BasicInstructionSelection.disjoint(bench, i, j)) {
                    all.add(j);
                }
            }
            reqs.add(new Requirement(mask(basic, all), 0));
        }
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
            long inK = mask(basic, k.instructions());
            if (sat.isEmpty()) {
                // digest §3.4 fix: p runs in parallel with k (k ∪ p^{p̄·t(k)} is no slower) ⇒ p is not on k's bottleneck
                List<String> excluded = new ArrayList<>();
                for (String p : basic) {
                    if (!k.instructions().contains(p) && parallel(bench, k, p)) {
                        excluded.add(p);
                    }
                }
                owner.put(k, reqs.size());
                reqs.add(new Requirement(inK, mask(basic, excluded)));
            } else {
                for (String i : sat) {
                    long mi = mask(basic, List.of(i));
                    owner.putIfAbsent(k, reqs.size());
                    reqs.add(new Requirement(mi, inK & ~mi));
                }
            }
        }
        // every basic instruction uses some resource
        for (String i : basic) {
            reqs.add(new Requirement(mask(basic, List.of(i)), 0));
        }
    }

    private static long mask(List<String> basic, java.util.Collection<String> instrs) {
        long m = 0;
        for (String i : instrs) {
            int x = basic.indexOf(i);
            if (x < 0) {
                throw new IllegalArgumentException(i + " is not a basic instruction");
            }
            m |= 1L << x;
        }
        return m;
    }

    /** The distinguishing kernel k ∪ p^{p̄·t(k)}: measured no slower than k alone (within the tolerance)? */
    static boolean parallel(Bench bench, Kernel k, String p) {
        double tk = bench.cycles(k);
        Map<String, Double> c = new LinkedHashMap<>();
        k.counts().forEach((i, s) -> c.put(i, (double) s));
        c.merge(p, bench.ipc(p) * tk, Double::sum);
        Kernel kp = Quantizer.quantize(c, bench.options().quantum());
        double scale = (double) kp.count(k.instructions().iterator().next()) / k.count(k.instructions().iterator().next());
        double tSeparate = Math.max(tk * scale, kp.count(p) / bench.ipc(p));
        return bench.cycles(kp) <= tSeparate * (1 + bench.options().tolerance());
    }

    /**
     * The direct 0/1 program (digest §3.4): edges e_{i,r} and u_r for r &lt; rMax, one selector per (requirement, r),
     * u_r ≥ e_{i,r}, u_r ≥ u_{r+1}, objective W·Σu_r + Σ¬e_{i,r} minimized by iterated strengthening (SAT4J). Exact
     * but the resource-permutation symmetry makes its proofs explode (> 5 min at 20 basic instructions); kept as the
     * reference for {@link ShapeColoring}.
     */
    public static Solution solveDirect(int n, List<Requirement> reqs, int rMax, Deadline deadline) {
        IPBSolver solver = SolverFactory.newDefault();
        int next = 1;
        int[][] e = new int[n][rMax];
        for (int i = 0; i < n; i++) {
            for (int r = 0; r < rMax; r++) {
                e[i][r] = next++;
            }
        }
        int[] u = new int[rMax];
        for (int r = 0; r < rMax; r++) {
            u[r] = next++;
        }
        List<int[]> clauses = new ArrayList<>();
        for (int r = 0; r < rMax; r++) {
            for (int i = 0; i < n; i++) {
                clauses.add(new int[] {-e[i][r], u[r]});
            }
            if (r + 1 < rMax) {
                clauses.add(new int[] {u[r], -u[r + 1]});
            }
        }
        int[][] z = new int[reqs.size()][rMax];
        for (int q = 0; q < reqs.size(); q++) {
            Requirement req = reqs.get(q);
            for (int r = 0; r < rMax; r++) {
                z[q][r] = next++;
                for (int i = 0; i < n; i++) {
                    if ((req.all() >>> i & 1) != 0) {
                        clauses.add(new int[] {-z[q][r], e[i][r]});
                    }
                    if ((req.none() >>> i & 1) != 0) {
                        clauses.add(new int[] {-z[q][r], -e[i][r]});
                    }
                }
            }
            clauses.add(z[q].clone());
        }
        int nVars = next - 1;
        solver.newVar(nVars);
        try {
            for (int[] c : clauses) {
                solver.addClause(new VecInt(c));
            }
        } catch (ContradictionException ex) {
            throw new IllegalStateException("LP1 is contradictory (inconsistent measurements?)", ex);
        }
        long w = (long) n * rMax + 1;
        IVecInt lits = new VecInt();
        IVec<BigInteger> coefs = new Vec<>();
        for (int r = 0; r < rMax; r++) {
            lits.push(u[r]);
            coefs.push(BigInteger.valueOf(w));
            for (int i = 0; i < n; i++) {
                lits.push(-e[i][r]);
                coefs.push(BigInteger.ONE);
            }
        }
        boolean[] best = null;
        boolean optimal = false;
        try {
            while (true) {
                long ms = deadline.remaining().toMillis();
                if (ms <= 0) {
                    break;
                }
                solver.setTimeoutMs(ms);
                if (!solver.isSatisfiable()) {
                    optimal = best != null;
                    break;
                }
                best = new boolean[nVars + 1];
                long value = 0;
                for (int v = 1; v <= nVars; v++) {
                    best[v] = solver.model(v);
                }
                for (int r = 0; r < rMax; r++) {
                    value += best[u[r]] ? w : 0;
                    for (int i = 0; i < n; i++) {
                        value += best[e[i][r]] ? 0 : 1;
                    }
                }
                try {
                    solver.addPseudoBoolean(lits, coefs, false, BigInteger.valueOf(value - 1));
                } catch (ContradictionException ex) {
                    optimal = true;
                    break;
                }
            }
        } catch (TimeoutException ex) {
            // keep the best so far
        }
        if (best == null) {
            if (deadline.expired()) {
                throw new TimeLimitException("LP1 (shape mapping, SAT4J)", deadline.limit());
            }
            throw new IllegalStateException("LP1 has no solution with at most " + rMax + " resources");
        }
        List<Long> res = new ArrayList<>();
        int[] col = new int[rMax];
        for (int r = 0; r < rMax; r++) {
            long m = 0;
            for (int i = 0; i < n; i++) {
                if (best[e[i][r]]) {
                    m |= 1L << i;
                }
            }
            col[r] = m == 0 ? -1 : res.size();
            if (m != 0) {
                res.add(m);
            }
        }
        int[] chosen = new int[reqs.size()];
        for (int q = 0; q < reqs.size(); q++) {
            for (int r = 0; r < rMax; r++) {
                if (best[z[q][r]] && col[r] >= 0) {
                    chosen[q] = col[r];
                    break;
                }
            }
        }
        return new Solution(res.stream().mapToLong(Long::longValue).toArray(), chosen, optimal, "direct 0/1 program");
    }
}
