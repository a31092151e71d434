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
import tessera.palmed.machine.SimulatedMachine;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.predict.Comparison;

/**
 * The PalmedBenchmark measurement (seed 000 §VI) on any {@code .portmap}, e.g. a data/llvm mapping of issue 21:
 * inference on the simulated machine, then N random blocks, RMS relative IPC error and Kendall τ-b against the exact
 * LP. Args: PORTMAP [blocks=1000] [basic=8] [feedback rounds=3]
 */
public final class DerivedMappingBenchmark {
    public static void main(String[] args) throws Exception {
        Path p = Path.of(args[0]);
        int nBlocks = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        int basic = args.length > 2 ? Integer.parseInt(args[2]) : 8;
        int feedback = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        Diagnostics d = new Diagnostics();
        PortMapping pm = PortMappingParser.parse(p.toString(), Files.readString(p), d);
        if (pm == null) {
            System.err.println(d);
            System.exit(1);
        }
        long t0 = System.currentTimeMillis();
        Palmed.Result r = Palmed.infer(new SimulatedMachine(pm, 0, 1), pm.instructionNames(),
                InferenceOptions.defaults().withBasicSetSize(basic).withFeedback(feedback, 4), Monitor.NULL);
        double inferSeconds = (System.currentTimeMillis() - t0) / 1000.0;
        long poor = r.selfCheckError().values().stream().filter(e -> e > 0.05).count();
        Random rnd = new Random(2022);
        List<Kernel> blocks = new ArrayList<>();
        for (int i = 0; i < nBlocks; i++) {
            blocks.add(Comparison.randomBlock(rnd, pm.instructionNames()));
        }
        Comparison.Table t = Comparison.run(new SimulatedMachine(pm), r.mapping(), null, blocks, Monitor.NULL);
        System.out.printf(Locale.ROOT, "%s: %d instructions, %d mapped, %d resources, %d basic, %d benchmarks, "
                + "%d failing the self-check%n", p.getFileName(), pm.instructions().size(),
                r.mapping().instructions().size(), r.mapping().resources().size(), r.basic().size(), r.benchmarks(),
                poor);
        System.out.printf(Locale.ROOT, "%d blocks (%d with an unmapped instruction): RMS error %.2f %%, Kendall tau-b "
                + "%.3f, inference %.1f s%n", nBlocks, t.palmedFailed(), 100 * t.palmedError(), t.palmedTau(),
                inferSeconds);
    }
}
