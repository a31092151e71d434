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
 * instruction mix (the paper's "native" reference), rendered to AT&T with {@link X86Renderer} for llvm-mca.
 */
public final class Comparison {
    /** Per block: reference, Palmed and llvm-mca IPC (NaN when llvm-mca was not run or failed). */
    public record Table(List<Kernel> blocks, double[] reference, double[] palmed, double[] mca, String referenceName) {
        public double palmedError() {
            return Metrics.rmsRelativeError(palmed, reference, null);
        }

        public double palmedTau() {
            return Metrics.kendallTauB(reference, palmed);
        }

        public double mcaError() {
            return Metrics.rmsRelativeError(mca, reference, null);
        }

        public double mcaTau() {
            return Metrics.kendallTauB(reference, mca);
        }

        public boolean hasMca() {
            return mca.length > 0 && !Double.isNaN(mca[0]);
        }

        public String summary() {
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "%d blocks, reference: %s%n", blocks.size(), referenceName));
            sb.append(String.format(Locale.ROOT, "%-10s %10s %8s%n", "tool", "RMS err %", "tau-b"));
            sb.append(String.format(Locale.ROOT, "%-10s %10.2f %8.3f%n", "palmed", 100 * palmedError(), palmedTau()));
            if (hasMca()) {
                sb.append(String.format(Locale.ROOT, "%-10s %10.2f %8.3f%n", "llvm-mca", 100 * mcaError(), mcaTau()));
            }
            return sb.toString();
        }

        public Map<String, Object> toJson(List<String> names) {
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("reference", referenceName);
            j.put("blocks", blocks.size());
            j.put("palmed", tessera.core.cli.Json.object("rmsRelativeError", palmedError(), "kendallTauB", palmedTau()));
            if (hasMca()) {
                j.put("llvmMca", tessera.core.cli.Json.object("rmsRelativeError", mcaError(), "kendallTauB", mcaTau()));
            }
            List<Map<String, Object>> rows = new ArrayList<>();
            for (int i = 0; i < blocks.size(); i++) {
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("name", names.get(i));
                r.put("kernel", blocks.get(i).key());
                r.put("reference", reference[i]);
                r.put("palmed", palmed[i]);
                r.put("llvmMca", mca[i]);
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

    public static Table run(BenchmarkMachine machine, ResourceMapping mapping, LlvmMca mca, List<Kernel> blocks,
            Monitor monitor) {
        int n = blocks.size();
        double[] ref = new double[n];
        double[] pal = new double[n];
        double[] llvm = new double[n];
        for (int i = 0; i < n; i++) {
            monitor.checkCanceled();
            Kernel k = blocks.get(i);
            ref[i] = machine.measure(k, monitor).ipc();
            pal[i] = mapping.ipc(k);
            llvm[i] = Double.NaN;
            if (mca != null) {
                String asm = String.join("\n", X86Renderer.body(k, 1));
                llvm[i] = mca.run(asm).ipc();
            }
        }
        return new Table(blocks, ref, pal, llvm, machine.id());
    }
}
