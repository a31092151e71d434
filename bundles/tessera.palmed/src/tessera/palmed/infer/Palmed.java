package tessera.palmed.infer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.palmed.machine.BenchmarkMachine;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.ResourceMapping;

/**
 * Seed 000 §III-D / Fig. 3 pipeline: Algo 1 (basic instructions), Algo 2 (core mapping with LP1/LP2), Algo 5 (LP_AUX
 * for every other instruction). Digest fix §3.7: instructions whose self-check fails are fed back into the basic set
 * and the core is rebuilt (at most {@code feedbackRounds} times). Instructions with IPC below the minimum (§VI-A) are
 * not mapped and reported.
 */
public final class Palmed {
    /** Everything an inference produced. */
    public record Result(ResourceMapping mapping, List<String> basic, BasicInstructionSelection.Result selection,
            CoreMapping.Result core, Map<String, Double> selfCheckError, int benchmarks, long millis, List<String> log,
            Diagnostics diagnostics, Map<String, String> unmapped, List<String> unexplained) {
        /** Whether the self-check stayed within {@link InferenceOptions#MAX_SELF_CHECK_FAILURES} (issue 21 item 3). */
        public boolean explained() {
            return unexplained.isEmpty();
        }

        /** Instructions whose self-check error is above the tolerance. */
        public long selfCheckFailures(double tolerance) {
            return selfCheckError.values().stream().filter(e -> e > tolerance).count();
        }
    }

    private Palmed() {
    }

    public static Result infer(BenchmarkMachine machine, List<String> instructions, InferenceOptions o,
            Monitor monitor) {
        return infer(machine, instructions, instructions, o, monitor);
    }

    /**
     * As above, with Algorithm 1 run on {@code selectFrom} only (the paper runs it per instruction group, §VI-A);
     * every instruction of {@code instructions} is still mapped.
     */
    public static Result infer(BenchmarkMachine machine, List<String> instructions, List<String> selectFrom,
            InferenceOptions o, Monitor monitor) {
        long start = System.currentTimeMillis();
        Deadline campaign = Deadline.after(o.campaignTimeLimit());
        Bench bench = new Bench(machine, o, monitor, campaign);
        Diagnostics diags = new Diagnostics();
        List<String> log = new ArrayList<>();
        monitor.begin("PALMED inference on " + machine.id(), 4);
        monitor.subTask("single-instruction benchmarks (" + instructions.size() + ")");
        List<String> usable = new ArrayList<>();
        Map<String, String> unmapped = new LinkedHashMap<>();
        for (String i : instructions) {
            double ipc = bench.ipc(i);
            if (ipc < o.minIpc()) {
                unmapped.put(i, tessera.palmed.predict.Coverage.lowIpc(ipc, o.minIpc()));
                diags.add(Diagnostic.warning(machine.id(), 0, String.format(Locale.ROOT,
                        "instruction %s has IPC %.3f below %.2f and is not mapped", i, ipc, o.minIpc()),
                        "seed 000 §VI-A excludes such instructions"));
            } else {
                usable.add(i);
            }
        }
        monitor.worked(1);
        monitor.subTask("quadratic benchmarks and basic instructions (Algorithm 1)");
        List<String> pool = new ArrayList<>(usable);
        pool.retainAll(selectFrom);
        BasicInstructionSelection.Result sel = BasicInstructionSelection.select(bench, pool, o.basicSetSize());
        log.add("filtered " + sel.filtered().size() + " classes; very basic " + sel.veryBasic() + "; most greedy "
                + sel.mostGreedy());
        monitor.worked(1);
        List<String> basic = new ArrayList<>(sel.basic());
        CoreMapping.Result core = null;
        Map<String, LpAux.Fit> fits = new LinkedHashMap<>();
        for (int round = 0;; round++) {
            campaign.check("PALMED inference");
            monitor.subTask("core mapping (Algorithms 2-4) on " + basic.size() + " basic instructions, round " + round);
            core = CoreMapping.run(bench, basic, sel.veryBasic(), sel.mostGreedy(), campaign);
            core.log().forEach(l -> log.add("  " + l));
            log.add("core round " + round + ": " + core.resources().size() + " resources, basic " + basic);
            monitor.subTask("LP_AUX (Algorithm 5) on " + (usable.size() - basic.size()) + " instructions");
            fits.clear();
            List<LpAux.Fit> bad = new ArrayList<>();
            for (String i : usable) {
                if (basic.contains(i)) {
                    continue;
                }
                campaign.check("PALMED inference");
                fits.put(i, LpAux.fit(bench, i, basic, core));
            }
            // issue 21: the self-check also covers the pairs of mapped instructions Algorithm 1 measured
            Map<String, Map<String, Double>> whole = new LinkedHashMap<>(core.weights());
            fits.values().forEach(f -> whole.put(f.instruction(), f.rho()));
            for (String i : new ArrayList<>(fits.keySet())) {
                LpAux.Fit f = LpAux.pairCheck(bench, fits.get(i), sel.filtered(), whole);
                fits.put(i, f);
                if (f.suspicious(o.tolerance())) {
                    bad.add(f);
                }
            }
            log.add("LP_AUX: " + fits.size() + " instructions, " + bad.size() + " fail the self-check");
            if (bad.isEmpty() || round >= o.feedbackRounds()) {
                break;
            }
            bad.sort(Comparator.comparingDouble(f -> -f.selfCheckError()));
            // one representative per equivalence class, worst first
            int added = 0;
            List<String> picked = new ArrayList<>();
            for (LpAux.Fit f : bad) {
                String rep = sel.representative().getOrDefault(f.instruction(), f.instruction());
                String pick = basic.contains(rep) ? f.instruction() : rep;
                // convention: one instruction per missing resource and round: skip a candidate that is not disjoint
                // from one picked this round (it probably lacks the same resource; the next round re-checks it)
                if (!basic.contains(pick) && added < o.feedbackPerRound()
                        && picked.stream().allMatch(p -> BasicInstructionSelection.disjoint(bench, p, pick))) {
                    basic.add(pick);
                    picked.add(pick);
                    added++;
                }
            }
            if (added == 0) {
                break;
            }
        }
        monitor.worked(1);
        Map<String, Map<String, Double>> rho = new LinkedHashMap<>(core.weights());
        Map<String, Double> errs = new LinkedHashMap<>();
        for (LpAux.Fit f : fits.values()) {
            rho.put(f.instruction(), f.rho());
            errs.put(f.instruction(), f.selfCheckError());
            if (f.suspicious(o.tolerance())) {
                diags.add(Diagnostic.warning(machine.id(), 0, String.format(Locale.ROOT,
                        "instruction %s is poorly mapped: the mapping mispredicts its self-check benchmarks by %.1f%%",
                        f.instruction(), 100 * f.selfCheckError()),
                        "self-check: its kernels (alone, with each basic instruction, and Algorithm 1's pairs with "
                                + "each class representative; digest §3.7) against the mapping's prediction"));
            }
        }
        List<String> unexplained = new ArrayList<>();
        if (core.worst() > o.tolerance()) {
            String msg = String.format(Locale.ROOT, "the core mapping leaves a kernel %.1f%% unexplained (LP2 "
                    + "residual %.3f over %d kernels)", 100 * core.worst(), core.residual(), core.kernels().size());
            diags.add(Diagnostic.warning(machine.id(), 0, msg, String.format(Locale.ROOT,
                    "the mapping's cycles for that kernel fall short of the measured ones by more than %.0f%%",
                    100 * o.tolerance())));
            unexplained.add(msg);
        }
        long failing = fits.values().stream().filter(f -> f.suspicious(o.tolerance())).count();
        if (!fits.isEmpty() && failing > InferenceOptions.MAX_SELF_CHECK_FAILURES * fits.size()) {
            unexplained.add(String.format(Locale.ROOT, "%d of %d instructions fitted by LP_AUX (%.1f%%) fail the "
                    + "self-check by more than %.0f%% (at most %.0f%% may)", failing, fits.size(),
                    100.0 * failing / fits.size(), 100 * o.tolerance(), 100 * InferenceOptions.MAX_SELF_CHECK_FAILURES));
        }
        if (!core.lp1Optimal()) {
            diags.add(Diagnostic.warning(machine.id(), 0, "LP1 (shape mapping) stopped at the solver time limit of "
                    + o.solverTimeLimit().toSeconds() + " s; the shape is the best found, not proven to use the fewest "
                    + "resources", "InferenceOptions.solverTimeLimit sets the limit"));
        }
        if (!core.optimal()) {
            // issue 21: say what happened; a time limit only when the MILP ran with a budget and did not prove optimality
            diags.add(Diagnostic.warning(machine.id(), 0, o.milpMillis() > 0
                    ? String.format(Locale.ROOT, "LP2 is not proven optimal: the exact MILP did not prove optimality "
                            + "within its budget of %d ms; the weights are the best feasible ones found", o.milpMillis())
                    : String.format(Locale.ROOT, "LP2 is not proven optimal: the bottleneck search left a residual "
                            + "%.3f and the exact MILP is off; the weights are the best feasible ones found",
                            core.residual()),
                    o.milpMillis() > 0 ? "raise -Dpalmed.milpMillis" : "-Dpalmed.milpMillis=MS runs the MILP"));
        }
        rho.replaceAll((i, row) -> {
            Map<String, Double> r = new LinkedHashMap<>();
            row.forEach((k, v) -> {
                double x = tessera.palmed.model.Rational.snap(v);
                if (x > 0) {
                    r.put(k, x);
                }
            });
            return r;
        });
        ResourceMapping mapping = new ResourceMapping(machine.id() + "-palmed", core.resources(), rho,
                core.saturating());
        monitor.worked(1);
        return new Result(mapping, basic, sel, core, errs, bench.count(), System.currentTimeMillis() - start, log,
                diags, unmapped, unexplained);
    }

    /** Convenience for tests: the measured IPC of a kernel on the machine. */
    public static double measuredIpc(BenchmarkMachine m, Kernel k) {
        return m.measure(k, Monitor.NULL).ipc();
    }
}
