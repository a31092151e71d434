package tessera.palmed.tests.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.palmed.infer.InferenceOptions;
import tessera.palmed.infer.Palmed;
import tessera.palmed.machine.SimulatedMachine;
import tessera.palmed.model.DualConstruction;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.model.ResourceMapping;
import tessera.palmed.predict.Comparison;

/**
 * Issue 21 analysis: where an inferred mapping's block error comes from. Runs the inference as
 * {@link PalmedBenchmark}, then groups the squared relative errors of N random blocks by the true bottleneck (the
 * resource of the exact dual, App. A) and by instruction, and prints the core and the worst instructions' rows.
 * Args: blocks basic-set-size feedback-rounds portmap [max splits, 0 = automatic]
 */
public final class PalmedDiagnose {
    public static void main(String[] args) throws Exception {
        int nBlocks = Integer.parseInt(args[0]);
        int basic = Integer.parseInt(args[1]);
        int feedback = Integer.parseInt(args[2]);
        Path p = Path.of(args[3]);
        Diagnostics d = new Diagnostics();
        PortMapping pm = PortMappingParser.parse(p.toString(), Files.readString(p), d);
        SimulatedMachine sim = new SimulatedMachine(pm, 0, 1);
        long t0 = System.currentTimeMillis();
        Palmed.Result r = Palmed.infer(sim, pm.instructionNames(),
                InferenceOptions.defaults().withBasicSetSize(basic).withFeedback(feedback, 4)
                        .withMaxSplits(args.length > 4 ? Integer.parseInt(args[4]) : 0), Monitor.NULL);
        System.out.printf(Locale.ROOT, "inference %.1f s%n", (System.currentTimeMillis() - t0) / 1000.0);
        r.log().forEach(l -> System.out.println("  " + l));
        ResourceMapping m = r.mapping();
        ResourceMapping dual = DualConstruction.dual(pm);
        System.out.println("basic: " + r.basic());
        for (String res : m.resources()) {
            StringBuilder sb = new StringBuilder(res + " sat=" + m.saturating().get(res) + " users:");
            for (String b : r.basic()) {
                if (m.rho(b, res) > 0) {
                    sb.append(String.format(Locale.ROOT, " %s=%.3f", b, m.rho(b, res)));
                }
            }
            System.out.println(sb);
        }
        for (String b : r.basic()) {
            System.out.println("  true " + b + ": " + row(dual, b));
        }
        Random rnd = new Random(2022);
        List<Kernel> blocks = new ArrayList<>();
        for (int i = 0; i < nBlocks; i++) {
            blocks.add(Comparison.randomBlock(rnd, pm.instructionNames()));
        }
        Map<String, double[]> byBottleneck = new LinkedHashMap<>();
        Map<String, double[]> byInst = new LinkedHashMap<>();
        double total = 0;
        int n = 0;
        List<double[]> errs = new ArrayList<>();
        for (int bi = 0; bi < blocks.size(); bi++) {
            Kernel k = blocks.get(bi);
            if (!k.instructions().stream().allMatch(m::has)) {
                continue;
            }
            double truth = k.size() / sim.exactCycles(k);
            double pred = m.ipc(k);
            double e = (pred - truth) / truth;
            total += e * e;
            n++;
            errs.add(new double[] {bi, e});
            String tb = dual.bottleneck(k);
            double[] a = byBottleneck.computeIfAbsent(tb, x -> new double[3]);
            a[0]++;
            a[1] += e * e;
            a[2] += e;
            for (String i : k.instructions()) {
                double[] b = byInst.computeIfAbsent(i, x -> new double[2]);
                b[0]++;
                b[1] += e * e;
            }
        }
        double[] ref = errs.stream().mapToDouble(x -> blocks.get((int) x[0]).size()
                / sim.exactCycles(blocks.get((int) x[0]))).toArray();
        double[] pre = errs.stream().mapToDouble(x -> m.ipc(blocks.get((int) x[0]))).toArray();
        System.out.printf(Locale.ROOT, "RMS %.2f %% tau-b %.3f over %d blocks; %d basic, %d resources, %d self-check "
                + "failures%n", 100 * Math.sqrt(total / n), tessera.palmed.predict.Metrics.kendallTauB(pre, ref), n,
                r.basic().size(), m.resources().size(), r.selfCheckFailures(0.05));
        double tot = total;
        byBottleneck.entrySet().stream().sorted(Comparator.comparingDouble(e -> -e.getValue()[1])).limit(15)
                .forEach(e -> System.out.printf(Locale.ROOT, "true bottleneck %-14s blocks %4.0f share %5.1f %% "
                        + "mean signed err %+.3f%n", e.getKey(), e.getValue()[0], 100 * e.getValue()[1] / tot,
                        e.getValue()[2] / e.getValue()[0]));
        List<Map.Entry<String, double[]>> insts = new ArrayList<>(byInst.entrySet());
        insts.sort(Comparator.comparingDouble(e -> -e.getValue()[1]));
        for (Map.Entry<String, double[]> e : insts.subList(0, Math.min(25, insts.size()))) {
            String i = e.getKey();
            double alone = 1 / sim.exactCycles(Kernel.single(i));
            System.out.printf(Locale.ROOT, "inst %-22s blocks %3.0f share %5.1f %% alone true %.3f pred %.3f "
                    + "selfcheck %.3f%n    inferred %s%n    true     %s%n", i, e.getValue()[0],
                    100 * e.getValue()[1] / tot, alone, m.ipc(Kernel.single(i)),
                    r.selfCheckError().getOrDefault(i, -1.0), row(m, i), row(dual, i));
        }
        errs.sort(Comparator.comparingDouble(x -> -Math.abs(x[1])));
        for (double[] x : errs.subList(0, Math.min(15, errs.size()))) {
            Kernel k = blocks.get((int) x[0]);
            System.out.printf(Locale.ROOT, "block err %+.3f true-bn %s pred-bn %s %s%n", x[1], dual.bottleneck(k),
                    m.bottleneck(k), k);
        }
    }

    private static String row(ResourceMapping m, String i) {
        StringBuilder sb = new StringBuilder();
        m.rho().getOrDefault(i, Map.of()).forEach((r, w) -> sb.append(String.format(Locale.ROOT, " %s:%.3f", r, w)));
        return sb.toString();
    }
}
