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
 * corner is an optimum of Algo 5's objective. It is computed exactly as the LP max Σ_r ρ_{inst,r} (ojAlgo), no binaries.
 * Self-check (digest §3.7): the kernel set also holds inst alone and inst^ī b^b̄ for the basic b, and the fit is
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
        for (Kernel k : kernels) {
            bench.monitor().checkCanceled();
            double scale = bench.ipc(k) / k.size();
            int si = k.count(inst);
            for (String r : core.resources()) {
                double constant = 0;
                for (String i : k.instructions()) {
                    if (!i.equals(inst)) {
                        constant += k.count(i) * core.weights().getOrDefault(i, Map.of()).getOrDefault(r, 0.0) * scale;
                    }
                }
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
        Map<String, Double> row = new LinkedHashMap<>();
        for (String r : core.resources()) {
            double v = res.doubleValue(model.indexOf(x.get(r)));
            if (v > 1e-7) {
                row.put(r, v);
            }
        }
        Map<String, Map<String, Double>> all = new LinkedHashMap<>(core.weights());
        all.put(inst, row);
        double err = 0;
        for (Kernel k : selfCheck) {
            double t = 0;
            Map<String, Double> load = new LinkedHashMap<>();
            for (String i : k.instructions()) {
                all.getOrDefault(i, Map.of()).forEach((r, w) -> load.merge(r, w * k.count(i), Double::sum));
            }
            for (double l : load.values()) {
                t = Math.max(t, l);
            }
            double predicted = t > 0 ? k.size() / t : Double.POSITIVE_INFINITY;
            double measured = bench.ipc(k);
            err = Math.max(err, Math.abs(predicted - measured) / measured);
        }
        return new Fit(inst, row, err, kernels);
    }
}
