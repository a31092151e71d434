package tessera.tcpa.instantiate.tests.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import tessera.core.Monitor;
import tessera.pla.rdg.PlaCompiler;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.mapping.TcpaCompiler;
import tessera.tcpa.mapping.io.SymconfText;
import tessera.tcpa.sim.ConcreteIO;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.tcpa.Architecture;

/**
 * Seed 003 §7 Tables 1 and 2 in kind: program-instantiation time relative to one PE with the number of processor
 * classes, and concrete ÷ symbolic configuration size, per PE region. Median of R runs after a warm-up.
 * {@code JTEST_MAIN=... } or run with the test bundle's class path: args = runs (default 5).
 */
public final class InstantiationBenchmark {
    private InstantiationBenchmark() {
    }

    record Case(String pla, String arch, Map<String, Long> bounds, int rows, int cols) {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        Path root = Path.of(System.getProperty("tessera.root", "."));
        List<List<Case>> tables = List.of(
                List.of(new Case("bitext.pla", "bitext-pe.tcpa", Map.of("N", 1024L), 1, 1), new Case("bitext.pla", "bitext-pe.tcpa", Map.of("N", 1024L), 1, 16),
                        new Case("bitext.pla", "bitext-pe.tcpa", Map.of("N", 1024L), 1, 32)),
                List.of(new Case("matmul.pla", "tcpa32x32.tcpa", Map.of("N", 64L, "M", 64L, "K", 4L), 1, 1),
                        new Case("matmul.pla", "tcpa32x32.tcpa", Map.of("N", 64L, "M", 64L, "K", 4L), 4, 4),
                        new Case("matmul.pla", "tcpa32x32.tcpa", Map.of("N", 64L, "M", 64L, "K", 4L), 8, 8),
                        new Case("matmul.pla", "tcpa32x32.tcpa", Map.of("N", 64L, "M", 64L, "K", 4L), 32, 32)));
        System.out.println("| example | bounds | region | #classes | time (median of " + runs + ") | relative to 1 PE | concrete/symbolic size |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (List<Case> table : tables) {
            double base = 0;
            for (Case c : table) {
                Architecture arch = ArchitectureLoader.orThrow(ArchitectureLoader.load(Files.readString(root.resolve("examples/tcpa/" + c.arch)), c.arch));
                String text = new String(PlaCompiler.class.getResourceAsStream("/tessera/pla/examples/" + c.pla).readAllBytes());
                SymbolicConfiguration sym = TcpaCompiler.compile(c.pla, text, arch, MappingState.Options.defaults(), Monitor.NULL).mapping().config();
                Instantiator.Parameters p = new Instantiator.Parameters(c.bounds, c.rows, c.cols);
                Instantiator.Result r = Instantiator.programs(sym, arch, p, c.pla, Monitor.NULL);
                if (!r.ok()) {
                    System.out.println("| " + c.pla + " | " + c.bounds + " | " + c.rows + "×" + c.cols + " | failed: " + r.diagnostics() + " |");
                    continue;
                }
                List<Double> ms = new ArrayList<>();
                for (int i = 0; i < runs; i++) {
                    long t0 = System.nanoTime();
                    r = Instantiator.programs(sym, arch, p, c.pla, Monitor.NULL);
                    ms.add((System.nanoTime() - t0) / 1e6);
                }
                double[] sorted = ms.stream().mapToDouble(Double::doubleValue).sorted().toArray();
                double median = sorted[sorted.length / 2];
                if (base == 0) {
                    base = median;
                }
                double ratio = (double) ConcreteIO.compactSize(r.config()) / SymconfText.bytes(sym).length;
                System.out.printf("| %s | %s | %d×%d | %d | %.1f ms | %.2f | %.2f |%n", c.pla, c.bounds, c.rows, c.cols, r.config().getProcessorClasses().size(),
                        median, median / base, ratio);
            }
        }
        System.out.println(Arrays.toString(args));
    }
}
