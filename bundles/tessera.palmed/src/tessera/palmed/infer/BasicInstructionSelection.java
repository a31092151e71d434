package tessera.palmed.infer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.palmed.model.Kernel;

/**
 * Seed 000 §V-A Algorithm 1, Select_basic_insts(𝓘, n): quadratic benchmarks, low-IPC and duplicate filters, the greedy
 * clique of pairwise disjoint "very basic" instructions (order &lt;_VB), then the most greedy ones (≼_greedier).
 * Conventions (digest §3.2/§8.1): "=" is relative within the tolerance; duplicates keep one representative per class
 * (the paper's hierarchical clustering, here complete linkage to the class representative); ≼_greedier is linearized
 * by the score Σ_p IPC(a^ā p^p̄) over p ∈ 𝓘_F (a included); ties are broken by name.
 */
public final class BasicInstructionSelection {
    /**
     * @param filtered        𝓘_F after the filters (class representatives with ā &gt; 1 − ε)
     * @param representative  every benchmarked instruction → its class representative
     * @param disjoint        Dj[a] for a ∈ 𝓘_F
     * @param veryBasic       𝓘_VB in selection order
     * @param mostGreedy      𝓘_MF in selection order
     */
    public record Result(List<String> filtered, Map<String, String> representative, Map<String, Set<String>> disjoint,
            List<String> veryBasic, List<String> mostGreedy, Map<String, Double> greedyScore) {
        public List<String> basic() {
            List<String> b = new ArrayList<>(veryBasic);
            b.addAll(mostGreedy);
            return b;
        }
    }

    private BasicInstructionSelection() {
    }

    /** IPC(a^ā b^b̄) is "additive" when it matches the parallel execution of the two quantized halves. */
    static boolean disjoint(Bench bench, String a, String b) {
        Kernel k = bench.pair(a, b);
        double parallel = Math.max(bench.aloneCycles(a, k.count(a)), bench.aloneCycles(b, k.count(b)));
        return bench.cycles(k) <= parallel * (1 + bench.options().tolerance());
    }

    public static Result select(Bench bench, List<String> instructions, int n) {
        double tol = bench.options().tolerance();
        // measure ā and the quadratic benchmarks (memoized in bench; reused later)
        for (String a : instructions) {
            bench.ipc(a);
        }
        // low-IPC filter (Algo 1 line 5: ā ≤ 1 − ε)
        List<String> candidates = new ArrayList<>();
        for (String a : instructions) {
            if (bench.ipc(a) > 1 - tol) {
                candidates.add(a);
            }
        }
        // duplicate filter (line 6, fixed: keep one representative per class, digest §8.1.7)
        Map<String, double[]> rows = new LinkedHashMap<>();
        for (String a : candidates) {
            double[] row = new double[candidates.size()];
            for (int p = 0; p < candidates.size(); p++) {
                bench.monitor().checkCanceled();
                row[p] = bench.ipc(bench.pair(a, candidates.get(p)));
            }
            rows.put(a, row);
        }
        List<String> filtered = new ArrayList<>();
        Map<String, String> rep = new LinkedHashMap<>();
        for (String a : candidates) {
            String found = null;
            for (String r : filtered) {
                if (equivalent(rows.get(a), rows.get(r), bench.ipc(a), bench.ipc(r), tol)) {
                    found = r;
                    break;
                }
            }
            if (found == null) {
                filtered.add(a);
                rep.put(a, a);
            } else {
                rep.put(a, found);
            }
        }
        // Dj sets
        Map<String, Set<String>> dj = new LinkedHashMap<>();
        for (String a : filtered) {
            Set<String> s = new LinkedHashSet<>();
            for (String b : filtered) {
                if (!b.equals(a) && disjoint(bench, a, b)) {
                    s.add(b);
                }
            }
            dj.put(a, s);
        }
        // very basic instructions: greedy clique in <_VB order
        List<String> order = new ArrayList<>(filtered);
        order.sort(Comparator.<String>comparingInt(a -> -dj.get(a).size())
                .thenComparing(a -> -bench.ipc(a)).thenComparing(Comparator.naturalOrder()));
        List<String> vb = new ArrayList<>();
        List<String> mf = new ArrayList<>();
        Map<String, Double> score = new LinkedHashMap<>();
        for (String a : order) {
            if (vb.size() >= n) {
                break;
            }
            if (dj.get(a).containsAll(vb)) {
                vb.add(a);
            }
        }
        // most greedy instructions
        int idx = 0;
        for (String a : filtered) {
            double s = 0;
            for (double v : rows.get(a)) {
                s += v;
            }
            score.put(a, s);
            idx++;
        }
        List<String> greedy = new ArrayList<>(filtered);
        greedy.sort(Comparator.<String>comparingDouble(a -> -score.get(a)).thenComparing(Comparator.naturalOrder()));
        for (String a : greedy) {
            if (vb.size() + mf.size() >= n) {
                break;
            }
            if (!vb.contains(a)) {
                mf.add(a);
            }
        }
        return new Result(filtered, rep, dj, vb, mf, score);
    }

    static boolean equivalent(double[] x, double[] y, double ipcX, double ipcY, double tol) {
        if (Math.abs(ipcX - ipcY) > tol * Math.max(ipcX, ipcY)) {
            return false;
        }
        for (int p = 0; p < x.length; p++) {
            if (Math.abs(x[p] - y[p]) > tol * Math.max(x[p], y[p])) {
                return false;
            }
        }
        return true;
    }
}
