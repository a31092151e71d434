package tessera.tcpa.mapping.tests.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import tessera.core.Monitor;
import tessera.pla.rdg.PlaCompiler;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.mapping.SymbolicMapper;
import tessera.tcpa.mapping.io.SymconfIO;
import tessera.tcpa.mapping.io.SymconfText;

/**
 * Symbolic mapping time (warm, RDG → configuration, all six passes incl. the PST check) and symbolic configuration
 * sizes of the example PLAs on an architecture. Args: ROOT [ARCH=examples/tcpa/tcpa4x4.tcpa] [RUNS=5].
 */
public final class MappingBenchmark {
    private MappingBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        Path archFile = root.resolve(args.length > 1 ? args[1] : "examples/tcpa/tcpa4x4.tcpa");
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        var arch = ArchitectureLoader.load(archFile);
        System.out.printf("%-8s %4s %10s %10s %10s %12s %10s%n", "PLA", "π", "min ms", "median ms", "max ms", "compact B", "XMI B");
        for (String spec : List.of("bitext", "fir:i", "matmul", "conv")) { // fir on one row: its 2-D mapping needs 5 PE inputs
            String name = spec.split(":")[0];
            MappingState.Options opt = new MappingState.Options(spec.contains(":") ? List.of(spec.split(":")[1]) : List.of(), java.util.Map.of(),
                    tessera.core.Deadline.never());
            String text = Files.readString(root.resolve("examples/pla/" + name + ".pla"));
            var rdg = PlaCompiler.compile(name + ".pla", text).rdg();
            List<Double> ms = new ArrayList<>();
            SymbolicMapper.Result r = null;
            for (int i = 0; i < runs + 1; i++) {
                long t0 = System.nanoTime();
                r = SymbolicMapper.map(name + ".pla", rdg, arch, opt, Monitor.NULL);
                if (i > 0) { // the first run warms up
                    ms.add((System.nanoTime() - t0) / 1e6);
                }
            }
            if (!r.ok()) {
                System.out.println(name + ": " + r.diagnostics());
                continue;
            }
            Collections.sort(ms);
            System.out.printf("%-8s %4d %10.1f %10.1f %10.1f %12d %10d%n", name, r.config().getSchedule().getPi(), ms.get(0), ms.get(ms.size() / 2),
                    ms.get(ms.size() - 1), SymconfText.bytes(r.config()).length, SymconfIO.toXmi(r.config()).length);
        }
    }
}
