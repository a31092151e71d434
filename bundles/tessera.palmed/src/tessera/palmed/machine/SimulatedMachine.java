package tessera.palmed.machine;

import java.util.List;
import java.util.Random;

import tessera.core.Monitor;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingThroughput;

/**
 * The oracle machine of digest §5.8/§6.7: a disjunctive port mapping whose exact LP throughput (App. A Def. A.2) is the
 * ground truth, optionally perturbed by seeded multiplicative noise (cycles × (1 + noise·u), u uniform in [−1, 1]).
 * The noise of one kernel depends only on (seed, kernel), so a campaign is reproducible and order-independent.
 */
public final class SimulatedMachine implements BenchmarkMachine {
    private static final int REPETITIONS = 5;
    private final PortMapping mapping;
    private final double noise;
    private final long seed;

    public SimulatedMachine(PortMapping mapping, double noise, long seed) {
        if (noise < 0 || noise >= 1) {
            throw new IllegalArgumentException("noise must be in [0, 1)");
        }
        this.mapping = mapping;
        this.noise = noise;
        this.seed = seed;
    }

    public SimulatedMachine(PortMapping mapping) {
        this(mapping, 0, 0);
    }

    public PortMapping mapping() {
        return mapping;
    }

    @Override
    public String id() {
        return "sim-" + mapping.name() + "-" + Integer.toHexString(mapping.toText().hashCode())
                + (noise > 0 ? "-n" + noise + "-s" + seed : "");
    }

    @Override
    public List<String> instructions() {
        return mapping.instructionNames();
    }

    /** The exact, noise-free cycles per iteration. */
    public double exactCycles(Kernel k) {
        return PortMappingThroughput.cycles(mapping, k);
    }

    @Override
    public Measurement measure(Kernel k, Monitor monitor) {
        monitor.checkCanceled();
        double exact = exactCycles(k);
        if (noise == 0) {
            return new Measurement(exact, k.size() / exact, 0, 1, "simulated");
        }
        Random rnd = new Random(seed * 0x9E3779B97F4A7C15L ^ k.key().hashCode());
        double[] c = new double[REPETITIONS];
        for (int i = 0; i < REPETITIONS; i++) {
            c[i] = exact * (1 + noise * (2 * rnd.nextDouble() - 1));
        }
        java.util.Arrays.sort(c);
        double med = c[REPETITIONS / 2];
        return new Measurement(med, k.size() / med, (c[REPETITIONS - 1] - c[0]) / med, REPETITIONS, "simulated+noise");
    }
}
