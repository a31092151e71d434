package tessera.regdem.tests.bench;

import java.util.List;
import java.util.Locale;
import java.util.Set;

import tessera.core.Monitor;
import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.examples.Examples;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.predict.StallPredictor;
import tessera.regdem.predict.VariantGenerator;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassProgram;
import tessera.regdem.sim.LaunchSpec;
import tessera.regdem.sim.SassSimulator;

/**
 * Benchmark harness (not a test): per example kernel, parse time, variant generation time (all RegDem variants for
 * the occupancy steps, or k = 4 when the kernel is not register-limited) and simulation speed.
 * Run: {@code JTEST_MAIN=tessera.regdem.tests.bench.RegdemBenchmark dev/jtest tessera.regdem}
 */
public final class RegdemBenchmark {
    private RegdemBenchmark() {
    }

    public static void main(String[] args) {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        System.out.printf(Locale.ROOT, "%-14s %6s %5s %10s %9s %10s %12s %10s%n", "kernel", "lines", "regs", "parse(us)",
                "variants", "gen(ms)", "sim(instr)", "sim(ms)");
        for (String n : Examples.NAMES) {
            String text = Examples.text(n);
            long t0 = 0;
            SassProgram p = null;
            for (int r = 0; r < reps * 20; r++) {
                long s = System.nanoTime();
                p = SassParser.parse(n, text).program();
                t0 = System.nanoTime() - s;
            }
            LaunchSpec spec = LaunchSpec.of(p).orElseThrow();
            VariantGenerator.Report rep = null;
            long gen = Long.MAX_VALUE;
            for (int r = 0; r < reps; r++) {
                long s = System.nanoTime();
                rep = VariantGenerator.run(p, null, new VariantGenerator.Settings(ArchSpec.sm52(), spec.threads(),
                        p.sharedSize(), VariantGenerator.OccupancyModel.ARCH, StallPredictor.Mode.CODE, 0,
                        List.of(4), Set.of()), Monitor.NULL);
                gen = Math.min(gen, System.nanoTime() - s);
            }
            long s = System.nanoTime();
            SassSimulator.Result sim = SassSimulator.run(p, spec, SassSimulator.inputs(spec, 1), 0);
            long simT = System.nanoTime() - s;
            System.out.printf(Locale.ROOT, "%-14s %6d %5d %10.1f %9d %10.1f %12d %10.1f%n", n, p.lines().size(),
                    RegisterUnits.registerCount(p), t0 / 1e3, rep.variants().size(), gen / 1e6, sim.steps(), simT / 1e6);
        }
    }
}
