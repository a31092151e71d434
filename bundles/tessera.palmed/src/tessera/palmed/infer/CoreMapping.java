package tessera.palmed.infer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Deadline;
import tessera.palmed.model.Kernel;

/**
 * Seed 000 §V-B Algorithm 2, Core_mapping(𝓘_B): seed kernels {a, a^ā b^b̄, a^M b}, LP1 until the per-resource
 * enrichment kernels bring nothing new, LP2 for the weights, the saturating kernel sat[r] of each resource, and the
 * kernels K_sat(i, r). Fixes of the digest (§3.4, §5.8): when LP2 leaves a kernel unexplained (1 − S_K &gt; tolerance)
 * the merged resource is split, i.e. LP2 is re-solved with one more resource column open to the worst-explained
 * kernel's instructions and to every basic instruction that does not run in parallel with it (kept only if the
 * residual drops; at most {@link #splitBudget} columns); the K_sat kernels are measured and LP2 re-solved with them, which pins the
 * weights LP2 alone leaves non-unique (§3.5).
 */
public final class CoreMapping {
    /** Core result: resource names R0…, weights of the basic instructions, sat[r], every kernel used, LP2 residual. */
    public record Result(List<String> resources, Map<String, Map<String, Double>> weights, Map<String, Kernel> saturating,
            List<Kernel> kernels, double residual, double worst, int lp1Iterations, int splits, boolean optimal,
            List<String> log, boolean lp1Optimal) {
    }

    static final int SAT_CANDIDATES = 3;

    private CoreMapping() {
    }

    public static Result run(Bench bench, List<String> basic, List<String> veryBasic, List<String> mostGreedy,
            Deadline campaign) {
        InferenceOptions o = bench.options();
        List<String> log = new ArrayList<>();
        List<Kernel> kernels = new ArrayList<>();
        Set<Kernel> seen = new LinkedHashSet<>();
        for (String a : basic) {
            add(bench, kernels, seen, Kernel.single(a));
            for (String b : basic) {
                if (!a.equals(b)) {
                    add(bench, kernels, seen, bench.pair(a, b));
                    add(bench, kernels, seen, bench.aMb(a, b));
                }
            }
        }
        int rMax = o.maxResources() > 0 ? o.maxResources() : 2 * basic.size() + 2;
        ShapeMapping.Shape shape;
        int it = 0;
        boolean lp1Optimal = true;
        while (true) {
            it++;
            long t0 = System.nanoTime();
            shape = ShapeMapping.solve(bench, basic, veryBasic, mostGreedy, kernels, rMax, solverDeadline(o, campaign));
            lp1Optimal &= shape.optimal();
            int added = 0;
            for (Set<String> users : shape.resources()) {
                if (add(bench, kernels, seen, enrichment(bench, users))) {
                    added++;
                }
            }
            log.add(String.format(java.util.Locale.ROOT, "LP1 iteration %d (%d kernels, %.1f s; %s%s): %d resources %s, %d new kernels",
                    it, kernels.size() - added, (System.nanoTime() - t0) / 1e9, shape.note(), shape.optimal() ? ""
                            : "; best shape found, not proven optimal", shape.resources().size(),
                    shape.resources(), added));
            if (added == 0 || it >= 20) {
                break;
            }
        }
        List<String> res = new ArrayList<>();
        Map<String, Set<String>> allowed = new LinkedHashMap<>();
        for (String i : basic) {
            allowed.put(i, new LinkedHashSet<>());
        }
        for (Set<String> users : shape.resources()) {
            String r = "R" + res.size();
            res.add(r);
            for (String i : users) {
                allowed.get(i).add(r);
            }
        }
        // LP2 starts from the bottleneck LP1 chose for each kernel (digest §3.5)
        Map<Kernel, String> start = new LinkedHashMap<>();
        for (Kernel k : kernels) {
            Integer idx = shape.explainedBy().get(k);
            if (idx != null) {
                start.put(k, res.get(idx));
            }
        }
        BipartiteWeightProblem.Solution sol = BipartiteWeightProblem.solve(bench, kernels, res, allowed, Map.of(), 1.0,
                start, solverDeadline(o, campaign), o.milpMillis());
        log.add(String.format(java.util.Locale.ROOT, "LP2: residual %.4f, worst kernel %.4f", sol.residual(), sol.worst()));
        // split merged resources while some kernel stays unexplained
        int splits = 0;
        Set<Kernel> tried = new LinkedHashSet<>();
        int maxSplits = splitBudget(o, rMax, res.size());
        log.add("split budget " + maxSplits + " (LP1 found " + res.size() + " of at most " + rMax + " resources)");
        for (int attempt = 0; sol.worst() > o.tolerance() && splits < maxSplits && attempt < 2 * maxSplits;
                attempt++) {
            bench.monitor().checkCanceled();
            // convention: the new column is the worst-explained kernel's own resource, open to its instructions and
            // to every basic p not running in parallel with it (the users its LP1 requirement allows)
            Kernel worstK = null;
            for (Kernel k : kernels) {
                if (!tried.contains(k) && (worstK == null || sol.saturation().get(k) < sol.saturation().get(worstK))) {
                    worstK = k;
                }
            }
            if (worstK == null || sol.saturation().get(worstK) >= 1 - o.tolerance()) {
                break;
            }
            tried.add(worstK);
            Set<String> open = new LinkedHashSet<>();
            for (String p : basic) {
                if (worstK.instructions().contains(p) || !ShapeMapping.parallel(bench, worstK, p)) {
                    open.add(p);
                }
            }
            String r = "R" + res.size();
            List<String> res2 = new ArrayList<>(res);
            res2.add(r);
            Map<String, Set<String>> allowed2 = copy(allowed);
            open.forEach(i -> allowed2.get(i).add(r));
            start = new LinkedHashMap<>();
            Map<String, Map<String, Double>> cur = sol.weights();
            for (Kernel k : kernels) {
                start.put(k, sol.saturation().get(k) < 1 - o.tolerance() && open.containsAll(k.instructions()) ? r
                        : BipartiteWeightProblem.argmax(bench, k, res, cur));
            }
            BipartiteWeightProblem.Solution s2 = BipartiteWeightProblem.solve(bench, kernels, res2, allowed2, Map.of(),
                    1.0, start, solverDeadline(o, campaign), o.milpMillis());
            if (s2.residual() > sol.residual() - o.tolerance()) {
                log.add("split for " + worstK + ": no improvement");
                continue;
            }
            splits++;
            res = res2;
            allowed = allowed2;
            sol = s2;
            Set<String> users = new LinkedHashSet<>();
            sol.weights().forEach((i, row) -> {
                if (row.getOrDefault(r, 0.0) > 1e-6) {
                    users.add(i);
                }
            });
            if (!users.isEmpty() && add(bench, kernels, seen, enrichment(bench, users))) {
                sol = lp2(bench, kernels, res, allowed, sol.weights(), o, campaign);
            }
            log.add(String.format(java.util.Locale.ROOT, "split %d for %s: resource %s %s, residual %.4f, worst %.4f",
                    splits, worstK, r, users, sol.residual(), sol.worst()));
        }
        // saturating kernels and K_sat(i, r); then LP2 again with them (weights pinned)
        Map<String, Map<String, Double>> w = prune(sol.weights(), res, o.tolerance());
        List<String> live = liveResources(w, res);
        Map<String, Set<String>> allowed3 = new LinkedHashMap<>();
        for (String i : basic) {
            Set<String> s = new LinkedHashSet<>(allowed.get(i));
            s.retainAll(live);
            allowed3.put(i, s);
        }
        int before = kernels.size();
        BipartiteWeightProblem.Solution fin = pin(bench, kernels, seen, basic, live, allowed3, w, o, campaign);
        w = fin.weights();
        log.add(String.format(java.util.Locale.ROOT, "LP2 with %d K_sat kernels: residual %.4f, worst %.4f",
                kernels.size() - before, fin.residual(), fin.worst()));
        // digest §3.4 fix, second half: drop every resource LP2 can do without (splits may overshoot)
        int dropped = 0;
        for (String r : new ArrayList<>(live)) {
            if (live.size() <= 1) {
                break;
            }
            List<String> fewer = new ArrayList<>(live);
            fewer.remove(r);
            Map<String, Set<String>> allowed4 = new LinkedHashMap<>();
            allowed3.forEach((i, rs) -> {
                Set<String> x = new LinkedHashSet<>(rs);
                x.remove(r);
                allowed4.put(i, x);
            });
            Map<Kernel, String> start4 = new LinkedHashMap<>();
            Map<String, Map<String, Double>> cur = fin.weights();
            for (Kernel k : kernels) {
                start4.put(k, BipartiteWeightProblem.argmax(bench, k, fewer, cur));
            }
            BipartiteWeightProblem.Solution s4 = BipartiteWeightProblem.solve(bench, kernels, fewer, allowed4, Map.of(),
                    1.0, start4, solverDeadline(o, campaign), 0);
            if (s4.residual() <= fin.residual() + 1e-6 && s4.worst() <= Math.max(fin.worst(), 1e-6)) {
                live = fewer;
                allowed3 = allowed4;
                fin = s4;
                dropped++;
            }
        }
        log.add("dropped " + dropped + " redundant resources");
        // final refit with every edge open: the shape only guided the search; a weight no kernel supports stays 0
        // because every kernel caps it, and the tie-break raises the ones LP1 missed (e.g. BSR on r016, digest §5.8)
        Map<String, Set<String>> open = new LinkedHashMap<>();
        for (String i : basic) {
            open.put(i, new LinkedHashSet<>(live));
        }
        fin = pin(bench, kernels, seen, basic, live, open, fin.weights(), o, campaign);
        w = prune(fin.weights(), live, o.tolerance());
        live = liveResources(w, live);
        // canonical names: by number of users, then user list (digest §8.2 symmetry)
        List<String> order = new ArrayList<>(live);
        Map<String, Map<String, Double>> wf = w;
        order.sort(Comparator.<String>comparingInt(r -> users(wf, r).size()).thenComparing(r -> String.join(",",
                users(wf, r))));
        Map<String, String> rename = new LinkedHashMap<>();
        for (String r : order) {
            rename.put(r, "R" + rename.size());
        }
        Map<String, Map<String, Double>> named = new LinkedHashMap<>();
        w.forEach((i, row) -> {
            Map<String, Double> nr = new LinkedHashMap<>();
            for (String r : order) {
                if (row.getOrDefault(r, 0.0) > 0) {
                    nr.put(rename.get(r), row.get(r));
                }
            }
            named.put(i, nr);
        });
        Map<String, Kernel> satNamed = new LinkedHashMap<>();
        Map<String, Kernel> sat2 = saturating(bench, kernels, w, order);
        for (String r : order) {
            satNamed.put(rename.get(r), sat2.get(r));
        }
        Map<Kernel, Double> s = new LinkedHashMap<>();
        double resid = 0;
        double worst = 0;
        for (Kernel k : kernels) {
            double v = BipartiteWeightProblem.saturation(bench, k, named);
            s.put(k, v);
            resid += 1 - v;
            worst = Math.max(worst, 1 - v);
        }
        return new Result(new ArrayList<>(rename.values()), named, satNamed, kernels, resid, worst, it, splits,
                fin.optimal(), log, lp1Optimal);
    }

    /** sat[r], K_sat(i, r) for i ∉ sat[r], LP2 again; repeated while new K_sat kernels appear (they pin ρ). */
    private static BipartiteWeightProblem.Solution pin(Bench bench, List<Kernel> kernels, Set<Kernel> seen,
            List<String> basic, List<String> live, Map<String, Set<String>> allowed3, Map<String, Map<String, Double>> w,
            InferenceOptions o, Deadline campaign) {
        BipartiteWeightProblem.Solution fin = null;
        for (int round = 0; round < 4; round++) {
            // K_sat against the SAT_CANDIDATES best saturating kernels of r, not only sat[r]: more kernels pin more ρ
            Map<String, List<Kernel>> sat = saturatingCandidates(bench, kernels, w, live);
            int added = 0;
            for (String r : live) {
                List<Kernel> cands = sat.get(r);
                for (Kernel sk : cands.subList(0, Math.min(SAT_CANDIDATES, cands.size()))) {
                    for (String i : basic) {
                        if (!sk.instructions().contains(i) && add(bench, kernels, seen, bench.kSat(i, sk))) {
                            added++;
                        }
                    }
                }
            }
            if (added == 0 && fin != null) {
                break;
            }
            Map<Kernel, String> start3 = new LinkedHashMap<>();
            for (Kernel k : kernels) {
                start3.put(k, BipartiteWeightProblem.argmax(bench, k, live, w));
            }
            fin = BipartiteWeightProblem.solve(bench, kernels, live, allowed3, Map.of(), 1.0, start3,
                    solverDeadline(o, campaign), o.milpMillis());
            w = fin.weights();
        }
        return fin;
    }

    /** LP2 warm-started from the bottlenecks of the previous weights (a new kernel takes its argmax). */
    private static BipartiteWeightProblem.Solution lp2(Bench bench, List<Kernel> kernels, List<String> res,
            Map<String, Set<String>> allowed, Map<String, Map<String, Double>> previous, InferenceOptions o,
            Deadline campaign) {
        Map<Kernel, String> start = new LinkedHashMap<>();
        for (Kernel k : kernels) {
            start.put(k, BipartiteWeightProblem.argmax(bench, k, res, previous));
        }
        return BipartiteWeightProblem.solve(bench, kernels, res, allowed, Map.of(), 1.0, start,
                solverDeadline(o, campaign), o.milpMillis());
    }

    /**
     * Issue 21: how many resources the splitting may add. An explicit {@code maxSplits} is kept; 0 (the default) lets
     * the splits fill LP1's own bound R_max, so the total never exceeds it. A fixed 6 left Zen 3's core 43 %
     * unexplained once feedback had grown the basic set to 18 (LP1 merged 11 resources, 6 splits were not enough).
     */
    public static int splitBudget(InferenceOptions o, int rMax, int lp1Resources) {
        return o.maxSplits() > 0 ? o.maxSplits() : Math.max(0, rMax - lp1Resources);
    }

    static Deadline solverDeadline(InferenceOptions o, Deadline campaign) {
        campaign.check("PALMED inference");
        java.time.Duration d = o.solverTimeLimit();
        if (campaign.remaining().compareTo(d) < 0) {
            d = campaign.remaining();
        }
        return Deadline.after(d);
    }

    /** Π_{i users of r} i^ī (Algo 2 line 4), quantized. */
    static Kernel enrichment(Bench bench, Set<String> users) {
        Map<String, Double> c = new LinkedHashMap<>();
        for (String i : users) {
            c.put(i, bench.ipc(i));
        }
        return Quantizer.quantize(c, bench.options().quantum());
    }

    private static boolean add(Bench bench, List<Kernel> kernels, Set<Kernel> seen, Kernel k) {
        if (!seen.add(k)) {
            return false;
        }
        bench.measure(k);
        kernels.add(k);
        return true;
    }

    private static Map<String, Set<String>> copy(Map<String, Set<String>> m) {
        Map<String, Set<String>> c = new LinkedHashMap<>();
        m.forEach((k, v) -> c.put(k, new LinkedHashSet<>(v)));
        return c;
    }

    /** Drops weights below 1e-6 and resources dominated by another (never a strict bottleneck). */
    static Map<String, Map<String, Double>> prune(Map<String, Map<String, Double>> w, List<String> res, double tol) {
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        w.forEach((i, row) -> {
            Map<String, Double> r = new LinkedHashMap<>();
            row.forEach((k, v) -> {
                if (v > 1e-6) {
                    r.put(k, v);
                }
            });
            out.put(i, r);
        });
        List<String> live = liveResources(out, res);
        Set<String> dropped = new LinkedHashSet<>();
        for (String a : live) {
            for (String b : live) {
                if (a.equals(b) || dropped.contains(b)) {
                    continue;
                }
                boolean dominated = true;
                for (Map<String, Double> row : out.values()) {
                    if (row.getOrDefault(a, 0.0) > row.getOrDefault(b, 0.0) + 1e-9) {
                        dominated = false;
                        break;
                    }
                }
                if (dominated) {
                    dropped.add(a);
                    break;
                }
            }
        }
        out.values().forEach(row -> row.keySet().removeAll(dropped));
        return out;
    }

    static List<String> liveResources(Map<String, Map<String, Double>> w, List<String> res) {
        List<String> live = new ArrayList<>();
        for (String r : res) {
            for (Map<String, Double> row : w.values()) {
                if (row.getOrDefault(r, 0.0) > 0) {
                    live.add(r);
                    break;
                }
            }
        }
        return live;
    }

    static List<String> users(Map<String, Map<String, Double>> w, String r) {
        List<String> u = new ArrayList<>();
        w.forEach((i, row) -> {
            if (row.getOrDefault(r, 0.0) > 0) {
                u.add(i);
            }
        });
        return u;
    }

    /** sat[r] = argmin_{K: ρ_{K,r} = 1} cons(K), cons(K) = Σ_r ρ_{K,r} (digest §3.6); fallback max ρ_{K,r}. */
    static Map<String, Kernel> saturating(Bench bench, List<Kernel> kernels, Map<String, Map<String, Double>> w,
            List<String> res) {
        Map<String, Kernel> sat = new LinkedHashMap<>();
        saturatingCandidates(bench, kernels, w, res).forEach((r, l) -> sat.put(r, l.get(0)));
        return sat;
    }

    /** Per resource, the kernels with ρ_{K,r} = 1 by increasing cons(K) (or the most loading one if none). */
    static Map<String, List<Kernel>> saturatingCandidates(Bench bench, List<Kernel> kernels,
            Map<String, Map<String, Double>> w, List<String> res) {
        double tol = bench.options().tolerance();
        Map<String, List<Kernel>> out = new LinkedHashMap<>();
        for (String r : res) {
            List<Kernel> good = new ArrayList<>();
            Map<Kernel, Double> cons = new LinkedHashMap<>();
            Kernel fallback = null;
            double fbLoad = -1;
            for (Kernel k : kernels) {
                double scale = bench.ipc(k) / k.size();
                Map<String, Double> load = new LinkedHashMap<>();
                for (String i : k.instructions()) {
                    w.getOrDefault(i, Map.of()).forEach((x, v) -> load.merge(x, v * k.count(i) * scale, Double::sum));
                }
                double rk = load.getOrDefault(r, 0.0);
                if (rk >= 1 - tol) {
                    good.add(k);
                    cons.put(k, load.values().stream().mapToDouble(Double::doubleValue).sum());
                }
                if (rk > fbLoad) {
                    fbLoad = rk;
                    fallback = k;
                }
            }
            good.sort(Comparator.<Kernel>comparingDouble(k -> Math.round(cons.get(k) * 1e6) / 1e6)
                    .thenComparingInt(Kernel::size).thenComparing(Comparator.naturalOrder()));
            if (good.isEmpty()) {
                good.add(fallback);
            }
            out.put(r, good);
        }
        return out;
    }
}
