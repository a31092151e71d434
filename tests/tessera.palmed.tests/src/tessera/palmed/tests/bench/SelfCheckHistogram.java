package tessera.palmed.tests.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

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

/** Issue 21: the self-check errors of one default inference on a .portmap, by size, and the worst rows. Args: MAP. */
public final class SelfCheckHistogram {
    public static void main(String[] args) throws Exception {
        Path p = Path.of(args[0]);
        PortMapping pm = PortMappingParser.parse(p.toString(), Files.readString(p), new Diagnostics());
        SimulatedMachine sim = new SimulatedMachine(pm, 0, 1);
        Palmed.Result r = Palmed.infer(sim, pm.instructionNames(), InferenceOptions.defaults(), Monitor.NULL);
        ResourceMapping m = r.mapping();
        ResourceMapping dual = DualConstruction.dual(pm);
        double[] edges = {0.05, 0.10, 0.25, 0.5, 1, Double.POSITIVE_INFINITY};
        int[] n = new int[edges.length];
        int aloneBad = 0;
        for (Map.Entry<String, Double> e : r.selfCheckError().entrySet()) {
            for (int i = 0; i < edges.length; i++) {
                if (e.getValue() <= edges[i]) {
                    n[i]++;
                    break;
                }
            }
            if (e.getValue() > 0.05) {
                Kernel k = Kernel.single(e.getKey());
                double t = dual.ipc(k);
                if (Math.abs(m.ipc(k) - t) / t > 0.05) {
                    aloneBad++;
                }
            }
        }
        System.out.println("checked " + r.selfCheckError().size() + " basic " + r.basic().size());
        for (int i = 0; i < edges.length; i++) {
            System.out.printf(Locale.ROOT, "err <= %.2f: %d%n", edges[i], n[i]);
        }
        System.out.println("failing ones whose single-instruction kernel is itself off by > 5 %: " + aloneBad);
        r.selfCheckError().entrySet().stream().sorted((a, b) -> Double.compare(b.getValue(), a.getValue())).limit(12)
                .forEach(e -> System.out.printf(Locale.ROOT, "%-24s %.3f pred %s true %s%n", e.getKey(), e.getValue(),
                        m.rho().get(e.getKey()), dual.rho().get(e.getKey())));
    }
}
