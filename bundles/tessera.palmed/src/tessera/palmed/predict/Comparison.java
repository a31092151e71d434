package tessera.palmed.predict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import tessera.core.Monitor;
import tessera.palmed.machine.BenchmarkMachine;
import tessera.palmed.machine.X86Renderer;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.ResourceMapping;

/**
 * Seed 000 §VI-B / Fig. 4: Palmed's and llvm-mca's IPC against the reference (the simulated machine's exact LP
 * throughput, or the native measurement), as RMS relative error and Kendall tau-b. Each block is its dependency-free
 * instruction mix (the paper's "native" reference); llvm-mca gets it unrolled ({@link LlvmMca#simulate}).
 */
public final class Comparison {
    /** The Palmed failure of a block with instructions the mapping lacks, followed by them. */
    public static final String NOT_MAPPED = "not in the mapping: ";

    /**
     * Per block: reference, Palmed and llvm-mca IPC (NaN when the tool did not run or failed on the block, with the
     * reason in {@code palmedFailure}/{@code mcaFailure}). Errors and τ are taken over the blocks every tool that ran
     * predicted (the same blocks for both, issue 21 item 4); failed blocks are counted, never dropped (item 3).
     */
    public record Table(List<Kernel> blocks, double[] reference, double[] palmed, double[] mca, String referenceName,
            String[] palmedFailure, String[] mcaFailure, boolean mcaRan, Coverage coverage) {
        /** Whether block i enters the metrics: every tool that ran predicted it. */
        public boolean common(int i) {
            return palmedFailure[i] == null && (!mcaRan || mcaFailure[i] == null);
        }

        public int commonBlocks() {
            int c = 0;
            for (int i = 0; i < blocks.size(); i++) {
                c += common(i) ? 1 : 0;
            }
            return c;
        }

        public int palmedFailed() {
            return failed(palmedFailure);
        }

        public int mcaFailed() {
            return mcaRan ? failed(mcaFailure) : 0;
        }

        private static int failed(String[] f) {
            int c = 0;
            for (String s : f) {
                c += s == null ? 0 : 1;
            }
            return c;
        }

        private double[] pick(double[] a) {
            double[] o = new double[commonBlocks()];
            for (int i = 0, k = 0; i < a.length; i++) {
                if (common(i)) {
                    o[k++] = a[i];
                }
            }
            return o;
        }

        public double palmedError() {
            return Metrics.rmsRelativeError(pick(palmed), pick(reference), null);
        }

        public double palmedTau() {
            return Metrics.kendallTauB(pick(reference), pick(palmed));
        }

        public double mcaError() {
            return Metrics.rmsRelativeError(pick(mca), pick(reference), null);
        }

        public double mcaTau() {
            return Metrics.kendallTauB(pick(reference), pick(mca));
        }

        public boolean hasMca() {
            return mcaRan;
        }

        /** The most frequent failure reasons of a tool, "reason (×blocks)", per missing instruction / llvm-mca error. */
        private static List<String> reasons(String[] f) {
            Map<String, Integer> c = new LinkedHashMap<>();
            for (String s : f) {
                if (s == null) {
                    continue;
                }
                if (s.startsWith(NOT_MAPPED)) {
                    for (String i : s.substring(NOT_MAPPED.length()).split(" ")) {
                        c.merge(NOT_MAPPED + i, 1, Integer::sum);
                    }
                } else {
                    int at = s.indexOf(" in '");
                    c.merge(at < 0 ? s : s.substring(0, at), 1, Integer::sum);
                }
            }
            return c.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(5)
                    .map(e -> e.getKey() + " (×" + e.getValue() + ")").toList();
        }

        public String summary() {
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "%d blocks, reference: %s%n", blocks.size(), referenceName));
            if (coverage != null) {
                sb.append(coverage.summary()).append(System.lineSeparator());
            }
            sb.append(String.format(Locale.ROOT, "%-10s %7s %7s %10s %8s%n", "tool", "blocks", "failed", "RMS err %",
                    "tau-b"));
            sb.append(String.format(Locale.ROOT, "%-10s %7d %7d %10.2f %8.3f%n", "palmed", blocks.size(),
                    palmedFailed(), 100 * palmedError(), palmedTau()));
            if (hasMca()) {
                sb.append(String.format(Locale.ROOT, "%-10s %7d %7d %10.2f %8.3f%n", "llvm-mca", blocks.size(),
                        mcaFailed(), 100 * mcaError(), mcaTau()));
            }
            sb.append(String.format(Locale.ROOT, "error and tau over the %d blocks %s predicted%n", commonBlocks(),
                    hasMca() ? "both tools" : "palmed"));
            for (String r : reasons(palmedFailure)) {
                sb.append("palmed failed: ").append(r).append(System.lineSeparator());
            }
            if (hasMca()) {
                for (String r : reasons(mcaFailure)) {
                    sb.append("llvm-mca failed: ").append(r).append(System.lineSeparator());
                }
            }
            return sb.toString();
        }

        private Map<String, Object> tool(double err, double tau, int failedBlocks) {
            // NaN (tau of one block, error of none) is not JSON: null (issue 22, --json is one JSON document)
            return tessera.core.cli.Json.object("rmsRelativeError", finite(err), "kendallTauB", finite(tau),
                    "failedBlocks", failedBlocks);
        }

        private static Double finite(double d) {
            return Double.isFinite(d) ? d : null;
        }

        public Map<String, Object> toJson(List<String> names) {
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("reference", referenceName);
            j.put("blocks", blocks.size());
            j.put("commonBlocks", commonBlocks());
            if (coverage != null) {
                j.put("coverage", coverage.toJson());
            }
            j.put("palmed", tool(palmedError(), palmedTau(), palmedFailed()));
            if (hasMca()) {
                j.put("llvmMca", tool(mcaError(), mcaTau(), mcaFailed()));
            }
            List<Map<String, Object>> rows = new ArrayList<>();
            for (int i = 0; i < blocks.size(); i++) {
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("name", names.get(i));
                r.put("kernel", blocks.get(i).key());
                r.put("reference", Double.isFinite(reference[i]) ? reference[i] : null);
                r.put("palmed", Double.isNaN(palmed[i]) ? null : palmed[i]);
                if (palmedFailure[i] != null) {
                    r.put("palmedFailure", palmedFailure[i]);
                }
                if (hasMca()) {
                    r.put("llvmMca", Double.isNaN(mca[i]) ? null : mca[i]);
                    if (mcaFailure[i] != null) {
                        r.put("llvmMcaFailure", mcaFailure[i]);
                    }
                }
                rows.add(r);
            }
            j.put("rows", rows);
            return j;
        }
    }

    private Comparison() {
    }

    /**
     * A random block: 2–6 draws of an instruction with 1–4 copies each, never mixing legacy SSE with AVX (seed 000
     * §VI-A: such mixes pay transition penalties no throughput model describes); a conflicting draw is redrawn.
     */
    public static Kernel randomBlock(Random rnd, List<String> ids) {
        Map<String, Integer> c = new LinkedHashMap<>();
        int d = 2 + rnd.nextInt(5);
        String vector = null;
        for (int k = 0; k < d;) {
            String i = ids.get(rnd.nextInt(ids.size()));
            String e = X86Renderer.extension(i);
            if (!e.equals("BASE")) {
                if (vector != null && !vector.equals(e)) {
                    continue;
                }
                vector = e;
            }
            c.merge(i, 1 + rnd.nextInt(4), Integer::sum);
            k++;
        }
        return Kernel.of(c);
    }

    /** As below, with the coverage of {@code mapping} over the machine's instructions (measured on a simulator). */
    public static Table run(BenchmarkMachine machine, ResourceMapping mapping, LlvmMca mca, List<Kernel> blocks,
            Monitor monitor) {
        Coverage c = Coverage.of(machine, mapping, 0.05, !(machine instanceof tessera.palmed.machine.HostMachine));
        return run(machine, mapping, mca, blocks, c, monitor);
    }

    /**
     * Every block goes to the machine (reference), to Palmed and, when {@code mca} is given, to llvm-mca: a block with
     * an instruction the mapping lacks is a Palmed failure, a block llvm-mca rejects an llvm-mca failure; both counted.
     */
    public static Table run(BenchmarkMachine machine, ResourceMapping mapping, LlvmMca mca, List<Kernel> blocks,
            Coverage coverage, Monitor monitor) {
        return run(machine, mapping, mca, blocks, coverage, monitor, tessera.core.Deadline.never());
    }

    /** As above, checking {@code deadline} before each block (TimeLimitException naming the comparison). */
    public static Table run(BenchmarkMachine machine, ResourceMapping mapping, LlvmMca mca, List<Kernel> blocks,
            Coverage coverage, Monitor monitor, tessera.core.Deadline deadline) {
        int n = blocks.size();
        double[] ref = new double[n];
        double[] pal = new double[n];
        double[] llvm = new double[n];
        String[] palFail = new String[n];
        String[] mcaFail = new String[n];
        for (int i = 0; i < n; i++) {
            monitor.checkCanceled();
            deadline.check("palmed compare");
            Kernel k = blocks.get(i);
            ref[i] = machine.measure(k, monitor).ipc();
            List<String> missing = k.instructions().stream().filter(x -> !mapping.has(x)).sorted().toList();
            if (missing.isEmpty()) {
                pal[i] = mapping.ipc(k);
            } else {
                pal[i] = Double.NaN;
                palFail[i] = NOT_MAPPED + String.join(" ", missing);
            }
            llvm[i] = Double.NaN;
            if (mca != null) {
                LlvmMca.Outcome o = mca.simulate(k);
                llvm[i] = o.ipc();
                mcaFail[i] = o.error();
            }
        }
        return new Table(blocks, ref, pal, llvm, machine.id(), palFail, mcaFail, mca != null, coverage);
    }
}
