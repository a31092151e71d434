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
            Diagnostics diagnostics) {
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
        Bench bench = new Bench(machine, o, monitor);
        Diagnostics diags = new Diagnostics();
        List<String> log = new ArrayList<>();
        monitor.begin("PALMED inference on " + machine.id(), 4);
        monitor.subTask("single-instruction benchmarks (" + instructions.size() + ")");
        List<String> usable = new ArrayList<>();
        for (String i : instructions) {
            double ipc = bench.ipc(i);
            if (ipc < o.minIpc()) {
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
                LpAux.Fit f = LpAux.fit(bench, i, basic, core);
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
                        "it probably uses a resource no basic instruction reveals (digest §3.7); raise --basic"));
            }
        }
        if (core.worst() > o.tolerance()) {
            diags.add(Diagnostic.warning(machine.id(), 0, String.format(Locale.ROOT,
                    "the core mapping leaves a kernel %.1f%% unexplained (LP2 residual %.3f)", 100 * core.worst(),
                    core.residual()), "noisy measurements or a resource LP1 merged"));
        }
        if (!core.lp1Optimal()) {
            diags.add(Diagnostic.warning(machine.id(), 0, "LP1 (shape mapping) stopped at its time limit; the shape is "
                    + "the best found, not proven to use the fewest resources", "raise the solver time limit"));
        }
        if (!core.optimal()) {
            diags.add(Diagnostic.warning(machine.id(), 0, "LP2 stopped at its time limit; weights are feasible but "
                    + "not proven optimal", "raise the solver time limit"));
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
                diags);
    }

    /** Convenience for tests: the measured IPC of a kernel on the machine. */
    public static double measuredIpc(BenchmarkMachine m, Kernel k) {
        return m.measure(k, Monitor.NULL).ipc();
    }
}
