package tessera.palmed.infer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

import tessera.palmed.model.Kernel;

/**
 * Seed 000 §V-C Algorithm 5, LP_AUX: maps one instruction with the core frozen, from the kernels K_sat(inst, r) for
 * every r, ρ_{inst,r} ≥ 0 without upper bound. With the core frozen every constraint ρ_{K,r} ≤ 1 involves a single
 * unknown ρ_{inst,r}, so the feasible set is a box and every S_K is non-decreasing in each unknown: the box's upper
 * corner is an optimum of Algo 5's objective. It is computed exactly as the LP max Σ_r ρ_{inst,r} (ojAlgo), no binaries;
 * issue 21: the optimum kept is the upper corner restricted to a small cover of the kernels' bottlenecks
 * ({@link #minimalCover}). Self-check (digest §3.7): the kernel set also holds inst alone and inst^ī b^b̄ for the basic b, and the fit is
 * flagged when the mapping mispredicts any of them by more than the tolerance.
 */
public final class LpAux {
    /** The fitted row, the worst relative IPC error on the self-check kernels, and the kernels used. */
    public record Fit(String instruction, Map<String, Double> rho, double selfCheckError, List<Kernel> kernels) {
        public boolean suspicious(double tol) {
            return selfCheckError > tol;
        }
    }

    private LpAux() {
    }

    public static Fit fit(Bench bench, String inst, List<String> basic, CoreMapping.Result core) {
        List<Kernel> kernels = new ArrayList<>();
        for (String r : core.resources()) {
            Kernel sat = core.saturating().get(r);
            kernels.add(bench.kSat(inst, sat));
        }
        List<Kernel> selfCheck = new ArrayList<>();
        selfCheck.add(Kernel.single(inst));
        for (String b : basic) {
            if (!b.equals(inst)) {
                selfCheck.add(bench.pair(inst, b));
            }
        }
        kernels.addAll(selfCheck);
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Map<String, Variable> x = new LinkedHashMap<>();
        for (String r : core.resources()) {
            x.put(r, model.addVariable("rho_" + r).lower(0).weight(1));
        }
        int kid = 0;
        List<String> res0 = core.resources();
        double[][] coef = new double[kernels.size()][res0.size()];
        double[][] cst = new double[kernels.size()][res0.size()];
        for (Kernel k : kernels) {
            bench.monitor().checkCanceled();
            double scale = bench.ipc(k) / k.size();
            int si = k.count(inst);
            for (int ri = 0; ri < res0.size(); ri++) {
                String r = res0.get(ri);
                double constant = 0;
                for (String i : k.instructions()) {
                    if (!i.equals(inst)) {
                        constant += k.count(i) * core.weights().getOrDefault(i, Map.of()).getOrDefault(r, 0.0) * scale;
                    }
                }
                coef[kid][ri] = si * scale;
                cst[kid][ri] = constant;
                Expression e = model.addExpression("k" + kid + "_" + r);
                e.set(x.get(r), si * scale);
                e.upper(Math.max(0, 1 - constant));
            }
            kid++;
        }
        Optimisation.Result res = model.maximise();
        if (!res.getState().isFeasible()) {
            throw new IllegalStateException("LP_AUX failed for " + inst + ": " + res.getState());
        }
        double[] u = new double[res0.size()];
        for (int ri = 0; ri < u.length; ri++) {
            u[ri] = Math.max(0, res.doubleValue(model.indexOf(x.get(res0.get(ri)))));
        }
        boolean[] keep = MINIMAL_EDGES ? minimalCover(coef, cst, u) : null;
        Map<String, Double> row = new LinkedHashMap<>();
        for (int ri = 0; ri < u.length; ri++) {
            if (u[ri] > 1e-7 && (keep == null || keep[ri])) {
                row.put(res0.get(ri), u[ri]);
            }
        }
        Map<String, Map<String, Double>> all = new LinkedHashMap<>(core.weights());
        all.put(inst, row);
        double err = 0;
        for (Kernel k : selfCheck) {
            err = Math.max(err, error(bench, k, all));
        }
        return new Fit(inst, row, err, kernels);
    }

    /**
     * The relative error of the IPC that {@code rho} predicts for {@code k} (|K| / max_r Σ σ·ρ, Def. IV.2–3; an
     * instruction without a row uses no resource) against the measured one.
     */
    private static double error(Bench bench, Kernel k, Map<String, Map<String, Double>> rho) {
        double t = BipartiteWeightProblem.maxLoad(k, rho);
        double predicted = t > 0 ? k.size() / t : Double.POSITIVE_INFINITY;
        double measured = bench.ipc(k);
        return Math.abs(predicted - measured) / measured;
    }

    /** {@code -Dpalmed.maxEdges=true} restores the plain upper corner (every ρ at its cap; before issue 21). */
    static final boolean MINIMAL_EDGES = !Boolean.getBoolean("palmed.maxEdges");

    /**
     * Issue 21 tie-break among LP_AUX's optima: the upper corner u gives every kernel its largest saturation S*_K, but
     * raises each ρ_r to its cap even where r is not what slows K down (the cap of r is then set by another resource
     * also saturated in K, e.g. a non-exclusive sat[r]; Thm. B.1 assumes exclusivity). Keep u_r only on a small set of
     * resources that still gives every kernel S*_K (greedy set cover: most kernels first, then larger u_r, then
     * resource order); the others get 0. Kernels the core alone saturates need none.
     */
    public static boolean[] minimalCover(double[][] coef, double[][] cst, double[] u) {
        int nk = coef.length;
        int nr = u.length;
        List<boolean[]> need = new ArrayList<>();
        for (int k = 0; k < nk; k++) {
            double best = 0;
            for (int r = 0; r < nr; r++) {
                best = Math.max(best, coef[k][r] * u[r] + cst[k][r]);
            }
            double base = 0;
            for (int r = 0; r < nr; r++) {
                base = Math.max(base, cst[k][r]);
            }
            if (base >= best - 1e-6) {
                continue;
            }
            boolean[] b = new boolean[nr];
            for (int r = 0; r < nr; r++) {
                b[r] = u[r] > 1e-7 && coef[k][r] * u[r] + cst[k][r] >= best - 1e-6;
            }
            need.add(b);
        }
        boolean[] keep = new boolean[nr];
        boolean[] covered = new boolean[need.size()];
        while (true) {
            int pick = -1;
            int pickCount = 0;
            for (int r = 0; r < nr; r++) {
                if (keep[r]) {
                    continue;
                }
                int c = 0;
                for (int k = 0; k < need.size(); k++) {
                    if (!covered[k] && need.get(k)[r]) {
                        c++;
                    }
                }
                if (c > pickCount || c == pickCount && c > 0 && u[r] > u[pick] + 1e-9) {
                    pick = r;
                    pickCount = c;
                }
            }
            if (pick < 0) {
                return keep;
            }
            keep[pick] = true;
            for (int k = 0; k < need.size(); k++) {
                covered[k] |= need.get(k)[pick];
            }
        }
    }

    /**
     * Issue 21 extension of the self-check (digest §3.7: "ideally a^ā b^b̄ against a few cores"): the quadratic
     * benchmarks inst^ī p^p̄ that Algorithm 1 already measured, for every class representative p, predicted with the
     * whole mapping ({@code rho}: core and LP_AUX rows). Returns the fit with the worst relative IPC error over these
     * and its own self-check. No new benchmark is run: only pairs already in {@code bench} are used.
     */
    public static Fit pairCheck(Bench bench, Fit f, List<String> representatives,
            Map<String, Map<String, Double>> rho) {
        double err = f.selfCheckError();
        String inst = f.instruction();
        if (!rho.containsKey(inst)) {
            return f;
        }
        for (String p : representatives) {
            if (p.equals(inst) || !rho.containsKey(p) || !bench.isMeasured(Kernel.single(inst))
                    || !bench.isMeasured(Kernel.single(p))) {
                continue;
            }
            Kernel k = bench.pair(inst, p);
            if (bench.isMeasured(k)) {
                err = Math.max(err, error(bench, k, rho));
            }
        }
        return err == f.selfCheckError() ? f : new Fit(inst, f.rho(), err, f.kernels());
    }
}
