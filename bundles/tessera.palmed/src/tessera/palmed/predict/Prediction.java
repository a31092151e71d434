package tessera.palmed.predict;

import java.util.Map;

import tessera.palmed.model.Kernel;
import tessera.palmed.model.ResourceMapping;

/** Seed 000 §VI-B / digest §3.8: predicted IPC, cycles per iteration, bottleneck and per-resource loads of a block. */
public record Prediction(Kernel kernel, double ipc, double cycles, String bottleneck, Map<String, Double> loads) {
    public static Prediction of(ResourceMapping m, Kernel k) {
        return new Prediction(k, m.ipc(k), m.cycles(k), m.bottleneck(k), m.loads(k));
    }
}
