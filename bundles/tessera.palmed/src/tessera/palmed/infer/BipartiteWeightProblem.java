package tessera.palmed.infer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

import tessera.core.Deadline;
import tessera.core.TimeLimitException;
import tessera.palmed.model.Kernel;

/**
 * Seed 000 §V-B Algorithm 4, the Bipartite Weight Problem (LP2): weights 0 ≤ ρ_{i,r} ≤ 1 on the allowed edges with
 * ρ_{K,r} = (Σ_i σ_{K,i}ρ_{i,r})·K̄/|K| ≤ 1 and maximal Σ_K S_K, S_K = max_r ρ_{K,r}. The max makes it a MILP, solved
 * as the MILP (digest §3.5): one binary b_{K,r} per candidate bottleneck, Σ_r b_{K,r} = 1, S_K ≤ ρ_{K,r} + 1 − b_{K,r}
 * (ojAlgo), after a bottleneck local search that proves optimality itself whenever it explains every kernel.
 * Tie-break: with the saturations held, every weight goes to the largest value the measurements allow (the rule LP_AUX
 * follows), which makes ρ unique where kernels pin only sums (digest §3.5).
 */
public final class BipartiteWeightProblem {
    /** Solution: the free weights, the saturation S_K of every kernel, and whether optimality was proven. */
    public record Solution(Map<String, Map<String, Double>> weights, Map<Kernel, Double> saturation, boolean optimal) {
        /** Σ_K (1 − S_K), the LP2 objective. */
        public double residual() {
            double s = 0;
            for (double v : saturation.values()) {
                s += 1 - v;
            }
            return s;
        }

        public double worst() {
            double w = 0;
            for (double v : saturation.values()) {
                w = Math.max(w, 1 - v);
            }
            return w;
        }
    }

    private BipartiteWeightProblem() {
    }

    /** As {@link #solve(Bench, List, List, Map, Map, double, Map, Deadline, long)} without a starting assignment. */
    public static Solution solve(Bench bench, List<Kernel> kernels, List<String> resources,
            Map<String, Set<String>> allowed, Map<String, Map<String, Double>> frozen, double upper, Deadline deadline) {
        return solve(bench, kernels, resources, allowed, frozen, upper, null, deadline, 5000);
    }

    /**
     * Solves the BWP. (1) A bottleneck assignment r*(K) (given, or from the LP relaxation of the MILP) is improved by
     * local search: the LP with S_K = ρ_{K,r*(K)} is solved, r*(K) re-chosen as argmax_r ρ_{K,r}, until a fixpoint.
     * When that reaches Σ(1 − S_K) = 0 it is optimal (S_K ≤ 1). (2) Otherwise the exact MILP runs for at most
     * {@code milpMillis}; the better of the two is kept, flagged optimal only when proven. (3) With the bottlenecks and
     * saturations fixed, a last LP maximizes Σρ (the tie-break of the class comment).
     */
    public static Solution solve(Bench bench, List<Kernel> kernels, List<String> resources,
            Map<String, Set<String>> allowed, Map<String, Map<String, Double>> frozen, double upper,
            Map<Kernel, String> start, Deadline deadline, long milpMillis) {
        Map<Kernel, List<String>> cand = new LinkedHashMap<>();
        for (Kernel k : kernels) {
            List<String> c = new ArrayList<>();
            for (String r : resources) {
                for (String i : k.instructions()) {
                    if (allowed.getOrDefault(i, Set.of()).contains(r)
                            || frozen.getOrDefault(i, Map.of()).getOrDefault(r, 0.0) > 0) {
                        c.add(r);
                        break;
                    }
                }
            }
            if (!c.isEmpty()) {
                cand.put(k, c);
            }
        }
        Map<Kernel, String> assign = new LinkedHashMap<>();
        if (start != null) {
            cand.forEach((k, c) -> assign.put(k, c.contains(start.get(k)) ? start.get(k) : c.get(0)));
            // kernels without a start bottleneck take the first candidate; the local search revises it
        } else {
            Map<String, Map<String, Double>> relaxed = milp(bench, cand, allowed, frozen, upper, true, deadline, milpMillis)
                    .weights();
            cand.forEach((k, c) -> assign.put(k, argmax(bench, k, c, merge(relaxed, frozen))));
        }
        Map<String, Map<String, Double>> w = null;
        double best = -1;
        for (int it = 0; it < 50; it++) {
            bench.monitor().checkCanceled();
            deadlineCheck(deadline);
            Map<String, Map<String, Double>> w2 = fixed(bench, cand, allowed, frozen, upper, assign, null);
            double value = 0;
            Map<String, Map<String, Double>> all = merge(w2, frozen);
            for (Kernel k : cand.keySet()) {
                value += saturation(bench, k, all);
            }
            if (value <= best + 1e-9) {
                break;
            }
            best = value;
            w = w2;
            boolean changed = false;
            for (Map.Entry<Kernel, List<String>> e : cand.entrySet()) {
                String r = argmax(bench, e.getKey(), e.getValue(), all);
                if (!r.equals(assign.get(e.getKey()))) {
                    assign.put(e.getKey(), r);
                    changed = true;
                }
            }
            if (!changed) {
                break;
            }
        }
        boolean optimal = best >= cand.size() - 1e-7;
        if (!optimal && milpMillis > 0) {
            Solution m = milp(bench, cand, allowed, frozen, upper, false, deadline, milpMillis);
            double mv = 0;
            Map<String, Map<String, Double>> all = merge(m.weights(), frozen);
            for (Kernel k : cand.keySet()) {
                mv += saturation(bench, k, all);
            }
            if (mv > best + 1e-9) {
                best = mv;
                w = m.weights();
                cand.forEach((k, c) -> assign.put(k, argmax(bench, k, c, all)));
            }
            optimal = m.optimal();
        }
        // tie-break: maximal weights with the primary objective held (each S_K kept)
        Map<String, Map<String, Double>> all = merge(w, frozen);
        Map<Kernel, Double> keep = new LinkedHashMap<>();
        for (Kernel k : cand.keySet()) {
            keep.put(k, saturation(bench, k, all));
        }
        try {
            w = fixed(bench, cand, allowed, frozen, upper, assign, keep);
        } catch (IllegalStateException e) {
            // numerically infeasible tie-break: keep the primary solution
        }
        Map<String, Map<String, Double>> fin = merge(w, frozen);
        Map<Kernel, Double> sat = new LinkedHashMap<>();
        for (Kernel k : kernels) {
            sat.put(k, saturation(bench, k, fin));
        }
        return new Solution(w, sat, optimal);
    }

    private static void deadlineCheck(Deadline d) {
        if (d.expired()) {
            throw new TimeLimitException("LP2 (bipartite weight problem)", d.limit());
        }
    }

    static String argmax(Bench bench, Kernel k, List<String> cand, Map<String, Map<String, Double>> w) {
        String best = cand.get(0);
        double bl = -1;
        for (String r : cand) {
            double l = 0;
            for (String i : k.instructions()) {
                l += k.count(i) * w.getOrDefault(i, Map.of()).getOrDefault(r, 0.0);
            }
            if (l > bl + 1e-12) {
                bl = l;
                best = r;
            }
        }
        return best;
    }

    private static Map<String, Map<String, Variable>> variables(Bench bench, ExpressionsBasedModel model,
            Map<String, Set<String>> allowed, double upper, double weight) {
        Map<String, Map<String, Variable>> rho = new LinkedHashMap<>();
        allowed.forEach((i, rs) -> {
            Map<String, Variable> row = new LinkedHashMap<>();
            for (String r : rs) {
                Variable v = model.addVariable("rho_" + i + "_" + r).lower(0).weight(weight);
                if (Double.isFinite(upper)) {
                    // convention: ρ ≤ max(upper, 1/ā); a low-IPC basic instruction (divider, fed back by the
                    // self-check) needs ρ = 1/ā > 1 on its bottleneck, as in LP_AUX (SLOW gets ρ = 3)
                    v.upper(Math.max(upper, 1 / bench.ipc(i)));
                }
                row.put(r, v);
            }
            rho.put(i, row);
        });
        return rho;
    }

    /** Σ_i σ ρ K̄/|K| on r: adds the variable part to e with the given sign, returns the frozen constant. */
    private static double load(Expression e, double sign, Bench bench, Kernel k, String r,
            Map<String, Map<String, Variable>> rho, Map<String, Map<String, Double>> frozen) {
        double scale = bench.ipc(k) / k.size();
        double constant = 0;
        for (String i : k.instructions()) {
            constant += k.count(i) * frozen.getOrDefault(i, Map.of()).getOrDefault(r, 0.0) * scale;
            Variable v = rho.getOrDefault(i, Map.of()).get(r);
            if (v != null) {
                e.set(v, sign * k.count(i) * scale);
            }
        }
        return constant;
    }

    private static void caps(ExpressionsBasedModel model, Bench bench, Map<Kernel, List<String>> cand,
            Map<String, Map<String, Variable>> rho, Map<String, Map<String, Double>> frozen) {
        int kid = 0;
        for (Map.Entry<Kernel, List<String>> e : cand.entrySet()) {
            for (String r : e.getValue()) {
                Expression cap = model.addExpression("cap_" + kid + "_" + r);
                double c = load(cap, 1, bench, e.getKey(), r, rho, frozen);
                // frozen load above 1 (noise) cannot be repaired: the free weights are then forced to 0
                cap.upper(Math.max(0, 1 - c));
            }
            kid++;
        }
    }

    /**
     * The LP with fixed bottlenecks: max Σ_K ρ_{K,r*(K)}; with {@code keep}, ρ_{K,r*} ≥ S_K and max Σρ instead. Every
     * constraint and objective term involves the weights of one resource only, so the LP is solved exactly as one
     * independent LP per resource (|𝓘_B| variables each instead of |𝓘_B|·|R|: this is what makes LP2 scale).
     */
    private static Map<String, Map<String, Double>> fixed(Bench bench, Map<Kernel, List<String>> cand,
            Map<String, Set<String>> allowed, Map<String, Map<String, Double>> frozen, double upper,
            Map<Kernel, String> assign, Map<Kernel, Double> keep) {
        Map<String, Map<String, Double>> w = new LinkedHashMap<>();
        allowed.forEach((i, rs) -> w.put(i, new LinkedHashMap<>()));
        Set<String> resources = new LinkedHashSet<>();
        cand.values().forEach(resources::addAll);
        allowed.values().forEach(resources::addAll);
        for (String r : resources) {
            Map<String, Set<String>> only = new LinkedHashMap<>();
            allowed.forEach((i, rs) -> only.put(i, rs.contains(r) ? Set.of(r) : Set.of()));
            ExpressionsBasedModel model = new ExpressionsBasedModel();
            Map<String, Map<String, Variable>> rho = variables(bench, model, only, upper, keep == null ? 0 : 1);
            boolean any = rho.values().stream().anyMatch(row -> !row.isEmpty());
            if (!any) {
                continue;
            }
            Map<Kernel, List<String>> candR = new LinkedHashMap<>();
            cand.forEach((k, c) -> {
                if (c.contains(r)) {
                    candR.put(k, List.of(r));
                }
            });
            caps(model, bench, candR, rho, frozen);
            int kid = 0;
            for (Kernel k : cand.keySet()) {
                if (!r.equals(assign.get(k))) {
                    continue;
                }
                Expression s = model.addExpression("S_" + kid++);
                double c = load(s, 1, bench, k, r, rho, frozen);
                if (keep == null) {
                    s.weight(1);
                } else {
                    s.lower(Math.min(keep.get(k), 1) - c - 1e-7);
                }
            }
            Optimisation.Result res = model.maximise();
            if (!res.getState().isFeasible()) {
                throw new IllegalStateException("LP2 fixed-bottleneck LP failed: " + res.getState());
            }
            values(model, res, rho).forEach((i, row) -> w.get(i).putAll(row));
        }
        return w;
    }

    private static Map<String, Map<String, Double>> values(ExpressionsBasedModel model, Optimisation.Result res,
            Map<String, Map<String, Variable>> rho) {
        Map<String, Map<String, Double>> w = new LinkedHashMap<>();
        rho.forEach((i, row) -> {
            Map<String, Double> out = new LinkedHashMap<>();
            row.forEach((r, v) -> {
                double x = res.doubleValue(model.indexOf(v));
                out.put(r, x < 1e-7 ? 0.0 : x);
            });
            w.put(i, out);
        });
        return w;
    }

    /** The exact MILP of the class comment (or its LP relaxation). */
    private static Solution milp(Bench bench, Map<Kernel, List<String>> cand, Map<String, Set<String>> allowed,
            Map<String, Map<String, Double>> frozen, double upper, boolean relax, Deadline deadline, long millis) {
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Map<String, Map<String, Variable>> rho = variables(bench, model, allowed, upper, 0);
        caps(model, bench, cand, rho, frozen);
        int kid = 0;
        for (Map.Entry<Kernel, List<String>> e : cand.entrySet()) {
            Variable s = model.addVariable("S_" + kid).lower(0).upper(1).weight(1);
            List<String> c = e.getValue();
            Expression pick = c.size() > 1 ? model.addExpression("pick_" + kid).level(1) : null;
            for (String r : c) {
                Expression link = model.addExpression("link_" + kid + "_" + r);
                link.set(s, 1);
                double constant = load(link, -1, bench, e.getKey(), r, rho, frozen);
                if (pick != null) {
                    Variable b = model.addVariable("b_" + kid + "_" + r).lower(0).upper(1);
                    if (!relax) {
                        b.integer(true);
                    }
                    pick.set(b, 1);
                    link.set(b, 1);
                    link.upper(1 + Math.min(constant, 1));
                } else {
                    link.upper(Math.min(constant, 1));
                }
            }
            kid++;
        }
        long ms = Math.max(1, Math.min(millis, deadline.remaining().toMillis()));
        model.options.time_abort = ms;
        model.options.time_suffice = ms;
        Optimisation.Result res = model.maximise();
        if (!res.getState().isFeasible()) {
            if (deadline.expired()) {
                throw new TimeLimitException("LP2 (bipartite weight problem, ojAlgo MILP)", deadline.limit());
            }
            // no incumbent within the MILP budget: zero weights are always feasible
            Map<String, Map<String, Double>> zero = new LinkedHashMap<>();
            allowed.forEach((i, rs) -> {
                Map<String, Double> row = new LinkedHashMap<>();
                rs.forEach(r -> row.put(r, 0.0));
                zero.put(i, row);
            });
            return new Solution(zero, Map.of(), false);
        }
        return new Solution(values(model, res, rho), Map.of(), res.getState().isOptimal());
    }

    static Map<String, Map<String, Double>> merge(Map<String, Map<String, Double>> a,
            Map<String, Map<String, Double>> b) {
        Map<String, Map<String, Double>> m = new LinkedHashMap<>();
        b.forEach((i, row) -> m.put(i, new LinkedHashMap<>(row)));
        a.forEach((i, row) -> row.forEach((r, x) -> m.computeIfAbsent(i, z -> new LinkedHashMap<>()).merge(r, x,
                Double::sum)));
        return m;
    }

    /** S_K = max_r ρ_{K,r} for the given weights (digest §2.9). */
    public static double saturation(Bench bench, Kernel k, Map<String, Map<String, Double>> weights) {
        return maxLoad(k, weights) * bench.ipc(k) / k.size();
    }

    /**
     * max_r Σ_i σ_{K,i}·w_{i,r} (Def. IV.2's t(K) under {@code weights}; an instruction without a row uses no
     * resource; 0 when nothing is used).
     */
    static double maxLoad(Kernel k, Map<String, Map<String, Double>> weights) {
        Map<String, Double> load = new LinkedHashMap<>();
        for (String i : k.instructions()) {
            weights.getOrDefault(i, Map.of()).forEach((r, x) -> load.merge(r, x * k.count(i), Double::sum));
        }
        double m = 0;
        for (double l : load.values()) {
            m = Math.max(m, l);
        }
        return m;
    }

    static List<String> list(Set<String> s) {
        return new ArrayList<>(s);
    }
}
