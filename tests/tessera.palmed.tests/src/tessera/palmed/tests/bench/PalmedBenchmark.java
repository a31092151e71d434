package tessera.palmed.tests.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.palmed.infer.InferenceOptions;
import tessera.palmed.infer.Palmed;
import tessera.palmed.machine.HostMachine;
import tessera.palmed.machine.SimulatedMachine;
import tessera.palmed.model.DualConstruction;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.model.ResourceMapping;
import tessera.palmed.predict.Comparison;
import tessera.palmed.predict.LlvmMca;

/**
 * Seed 000 evaluation harness: PALMED inference of a simulated machine (the Skylake-like example, or any
 * {@code .portmap}, e.g. a data/llvm mapping of issue 21), then N random blocks predicted by the inferred mapping and
 * by llvm-mca (fair baseline, -mcpu from the machine name) against the ground truth (exact LP), RMS relative error and
 * Kendall tau-b, printed beside the paper's Table II / Fig. 4 numbers. Optional: K blocks measured natively on the host.
 * Args: [blocks=1000] [basic=8] [native=0] [noise=0] [feedback rounds=3] [portmap=examples/palmed/skylake.portmap]
 */
public final class PalmedBenchmark {
    public static void main(String[] args) throws Exception {
        int nBlocks = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int basic = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        int native_ = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        double noise = args.length > 3 ? Double.parseDouble(args[3]) : 0;
        int feedback = args.length > 4 ? Integer.parseInt(args[4]) : 3;
        Path p = args.length > 5 ? Path.of(args[5])
                : tessera.testing.Fixtures.root().resolve("examples/palmed/skylake.portmap");
        Diagnostics d = new Diagnostics();
        PortMapping pm = PortMappingParser.parse(p.toString(), Files.readString(p), d);
        if (pm == null) {
            System.err.println(d);
            System.exit(1);
        }
        SimulatedMachine sim = new SimulatedMachine(pm, noise, 1);
        long t0 = System.currentTimeMillis();
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu0 = mx.getCurrentThreadCpuTime();
        Palmed.Result r = Palmed.infer(sim, pm.instructionNames(), InferenceOptions.defaults().withBasicSetSize(basic).withFeedback(feedback, 4),
                new Monitor() {
                    public void begin(String n, int w) {
                        System.err.println(n);
                    }

                    public void worked(int w) {
                    }

                    public void subTask(String n) {
                        System.err.printf(Locale.ROOT, "%7.1f s  %s%n", (System.currentTimeMillis() - t0) / 1000.0, n);
                    }

                    public boolean isCanceled() {
                        return false;
                    }
                });
        double inferSeconds = (System.currentTimeMillis() - t0) / 1000.0;
        double inferCpu = (mx.getCurrentThreadCpuTime() - cpu0) / 1e9; // the inference is single-threaded
        r.log().forEach(l -> System.err.println("  " + l));
        long poor = r.selfCheckError().values().stream().filter(e -> e > 0.05).count();
        Random rnd = new Random(2022);
        List<Kernel> blocks = new ArrayList<>();
        for (int i = 0; i < nBlocks; i++) {
            blocks.add(Comparison.randomBlock(rnd, pm.instructionNames()));
        }
        LlvmMca mca = LlvmMca.forMachine(pm.name());
        // llvm-mca gets x86 blocks only (the renderer is x86): an AArch64 file such as cortex-a57 runs without it
        boolean x86 = pm.instructionNames().stream().allMatch(tessera.palmed.machine.X86Renderer::renderable);
        boolean haveMca = mca.unavailable() == null && x86;
        SimulatedMachine truth = new SimulatedMachine(pm);
        long t1 = System.currentTimeMillis();
        Comparison.Table t = Comparison.run(truth, r.mapping(), haveMca ? mca : null, blocks, Monitor.NULL);
        double cmpSeconds = (System.currentTimeMillis() - t1) / 1000.0;
        System.out.println("PALMED benchmark (seed 000), simulated machine " + p.getFileName());
        System.out.printf(Locale.ROOT, "%-44s %14s %14s%n", "", "this run", "paper SKL-SP");
        System.out.printf(Locale.ROOT, "%-44s %14d %14s%n", "instructions in the machine", pm.instructions().size(), "-");
        System.out.printf(Locale.ROOT, "%-44s %14d %14s%n", "instructions mapped", r.mapping().instructions().size(), "2586");
        System.out.printf(Locale.ROOT, "%-44s %14d %14s%n", "resources found", r.mapping().resources().size(), "17");
        System.out.printf(Locale.ROOT, "%-44s %14d %14s%n", "generated micro-benchmarks", r.benchmarks(), "~1,000,000");
        System.out.printf(Locale.ROOT, "%-44s %14.1f %14s%n", "inference time (s, benchmarks + LPs)", inferSeconds,
                "36000 (10 h)");
        System.out.printf(Locale.ROOT, "%-44s %14.1f %14s%n", "inference CPU time (s, main thread)", inferCpu, "-");
        System.out.printf(Locale.ROOT, "%-44s %14d %14s%n", "basic instructions", r.basic().size(), "-");
        System.out.printf(Locale.ROOT, "%-44s %14d %14s%n", "instructions failing the self-check", poor, "-");
        System.out.printf(Locale.ROOT, "%-44s %14s %14s%n", "reference for the blocks", "exact LP (sim)", "native");
        System.out.printf(Locale.ROOT, "%-44s %14d %14s%n", "blocks", nBlocks, "SPEC/PolyBench");
        System.out.printf(Locale.ROOT, "%-44s %14d %14s%n", "blocks with an unmapped instruction", t.palmedFailed(),
                "-");
        System.out.printf(Locale.ROOT, "%-44s %14.2f %14s%n", "Palmed RMS relative IPC error (%)", 100 * t.palmedError(),
                "7.8 / 24.4");
        System.out.printf(Locale.ROOT, "%-44s %14.3f %14s%n", "Palmed Kendall tau-b", t.palmedTau(), "0.90 / 0.78");
        // over the blocks whose instructions are all mapped (the others are counted above)
        double maxErr = 0;
        for (int i = 0; i < blocks.size(); i++) {
            if (blocks.get(i).instructions().stream().allMatch(r.mapping()::has)) {
                maxErr = Math.max(maxErr, Math.abs(r.mapping().ipc(blocks.get(i)) - t.reference()[i])
                        / t.reference()[i]);
            }
        }
        System.out.printf(Locale.ROOT, "%-44s %14.2e %14s%n", "Palmed max relative IPC error", maxErr, "-");
        if (haveMca) {
            System.out.printf(Locale.ROOT, "%-44s %14.2f %14s%n", "llvm-mca RMS relative IPC error (%)",
                    100 * t.mcaError(), "20.1 / 15.3");
            System.out.printf(Locale.ROOT, "%-44s %14.3f %14s%n", "llvm-mca Kendall tau-b", t.mcaTau(), "0.73 / 0.65");
        } else {
            System.out.println("llvm-mca: " + (x86 ? mca.unavailable().format() : "not run (not an x86 machine)"));
        }
        ResourceMapping dual = DualConstruction.dual(pm);
        double[] dualIpc = blocks.stream().mapToDouble(dual::ipc).toArray();
        System.out.printf(Locale.ROOT, "%-44s %14.2e %14s%n", "dual (App. A) max relative error (check)",
                tessera.palmed.predict.Metrics.maxRelativeError(dualIpc, t.reference()), "-");
        System.out.printf(Locale.ROOT, "%-44s %14.1f %14s%n", "comparison time (s)", cmpSeconds, "-");
        if (native_ > 0) {
            if (HostMachine.unavailable() != null) {
                System.out.println("native: " + HostMachine.unavailable().format());
            } else {
                HostMachine host = new HostMachine(pm.instructionNames(), 5, 2_000_000);
                List<Kernel> nb = blocks.subList(0, Math.min(native_, blocks.size()));
                Comparison.Table n = Comparison.run(host, r.mapping(), haveMca ? mca : null, nb, Monitor.NULL);
                System.out.printf(Locale.ROOT, "native (%s, %d blocks): Palmed err %.1f%% tau %.3f; llvm-mca err %.1f%% "
                        + "tau %.3f; Skylake-like sim vs native tau %.3f%n", host.id(), nb.size(), 100 * n.palmedError(),
                        n.palmedTau(), 100 * n.mcaError(), n.mcaTau(), tessera.palmed.predict.Metrics.kendallTauB(
                                n.reference(), java.util.Arrays.copyOf(t.reference(), nb.size())));
            }
        }
    }
}
