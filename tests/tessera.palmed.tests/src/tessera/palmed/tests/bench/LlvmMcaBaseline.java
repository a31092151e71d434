package tessera.palmed.tests.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import tessera.core.Diagnostics;
import tessera.palmed.machine.SimulatedMachine;
import tessera.palmed.machine.X86Renderer;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.predict.Comparison;
import tessera.palmed.predict.LlvmMca;
import tessera.palmed.predict.Metrics;

/**
 * Issue 21 item 4: llvm-mca's error on a .portmap's simulated machine (exact LP) with the fair baseline
 * ({@link LlvmMca#simulate}: stderr checked, unrolled to ≥ 100 instructions, steady state) beside the pre-issue-21 one
 * (each block rendered once, 500 iterations, stderr merged into stdout and ignored). The blocks are those of
 * {@link PalmedBenchmark} (seed 2022 over every instruction of the machine). Args: [portmap=examples/palmed/skylake
 * .portmap] [blocks=1000] [mcpu=the machine name].
 */
public final class LlvmMcaBaseline {
    public static void main(String[] args) throws Exception {
        Path p = args.length > 0 ? Path.of(args[0])
                : tessera.testing.Fixtures.root().resolve("examples/palmed/skylake.portmap");
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        Diagnostics d = new Diagnostics();
        PortMapping pm = PortMappingParser.parse(p.toString(), Files.readString(p), d);
        if (pm == null) {
            d.forEach(x -> System.err.println(x.format()));
            System.exit(1);
        }
        LlvmMca fair = args.length > 2 ? LlvmMca.forCpu(args[2]) : LlvmMca.forMachine(pm.name());
        String mcpu = fair.mcpu();
        Random rnd = new Random(2022);
        List<Kernel> blocks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            blocks.add(Comparison.randomBlock(rnd, pm.instructionNames()));
        }
        SimulatedMachine truth = new SimulatedMachine(pm);
        double[] ref = new double[n];
        double[] old = new double[n];
        double[] fairIpc = new double[n];
        int failed = 0;
        long t0 = System.currentTimeMillis();
        for (int i = 0; i < n; i++) {
            Kernel k = blocks.get(i);
            ref[i] = k.size() / truth.exactCycles(k);
            old[i] = oldBaseline(mcpu, String.join("\n", X86Renderer.body(k, 1)));
            LlvmMca.Outcome o = fair.simulate(k);
            fairIpc[i] = o.ipc();
            failed += o.failed() ? 1 : 0;
        }
        boolean[] ok = new boolean[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            ok[i] = !Double.isNaN(fairIpc[i]);
            m += ok[i] ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "llvm-mca -mcpu=%s on %s: %d random blocks (seed 2022), reference exact LP, "
                + "%.0f s%n", mcpu, p.getFileName(), n, (System.currentTimeMillis() - t0) / 1000.0);
        System.out.printf(Locale.ROOT, "%-58s %8s %10s %8s%n", "baseline", "blocks", "RMS err %", "tau-b");
        row("old: rendered once, stderr ignored, all blocks", n, old, ref);
        row("old: same, on the blocks llvm-mca accepts", m, pick(old, ok), pick(ref, ok));
        row("fair: unrolled >= " + fair.minInstructions() + ", steady state, stderr checked", m, pick(fairIpc, ok),
                pick(ref, ok));
        System.out.printf(Locale.ROOT, "fair: %d of %d blocks rejected by llvm-mca (counted as failures)%n", failed, n);
    }

    private static void row(String name, int blocks, double[] pred, double[] ref) {
        System.out.printf(Locale.ROOT, "%-58s %8d %10.2f %8.3f%n", name, blocks,
                100 * Metrics.rmsRelativeError(pred, ref, null), Metrics.kendallTauB(ref, pred));
    }

    private static double[] pick(double[] a, boolean[] ok) {
        List<Double> l = new ArrayList<>();
        for (int i = 0; i < a.length; i++) {
            if (ok[i]) {
                l.add(a[i]);
            }
        }
        return l.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The pre-issue-21 bridge, verbatim in effect: one rendering, 500 iterations, stderr merged and ignored. */
    private static double oldBaseline(String mcpu, String asm) throws Exception {
        Process pr = new ProcessBuilder("llvm-mca", "-mtriple=x86_64-unknown-linux-gnu", "-mcpu=" + mcpu,
                "-iterations=500", "-").redirectErrorStream(true).start();
        pr.getOutputStream().write((".att_syntax\n" + asm + "\n").getBytes(StandardCharsets.UTF_8));
        pr.getOutputStream().close();
        String out = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        pr.waitFor(120, TimeUnit.SECONDS);
        return LlvmMca.parse(out).ipc();
    }
}
