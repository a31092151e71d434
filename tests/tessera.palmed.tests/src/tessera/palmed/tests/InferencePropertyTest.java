package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.palmed.infer.InferenceOptions;
import tessera.palmed.infer.Palmed;
import tessera.palmed.machine.SimulatedMachine;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingThroughput;

/**
 * Property: on random port mappings (3–8 ports, 10–40 instructions) the inferred resource mapping predicts the exact
 * LP throughput of the simulated machine (the independent oracle) within 5 % on random kernels.
 */
class InferencePropertyTest {
    static final int MACHINES = Integer.getInteger("palmed.machines", 2);

    @Test
    void inferredMappingsPredictTheGroundTruth() {
        for (int m = 0; m < MACHINES; m++) {
            long seed = 1000 + m;
            Random rnd = new Random(seed);
            int ports = 3 + rnd.nextInt(6);
            int n = 10 + rnd.nextInt(31);
            PortMapping pm = Fixtures.randomMachine(rnd, ports, n);
            SimulatedMachine sim = new SimulatedMachine(pm);
            Palmed.Result r = Palmed.infer(sim, pm.instructionNames(), InferenceOptions.defaults().withMilpMillis(0), Monitor.NULL);
            List<String> instrs = pm.instructionNames();
            double worst = 0;
            String worstK = "";
            for (int k = 0; k < 40; k++) {
                Kernel kern = Fixtures.randomKernel(rnd, instrs, 4, 4);
                double truth = PortMappingThroughput.ipc(pm, kern);
                double pred = r.mapping().ipc(kern);
                double e = Math.abs(pred - truth) / truth;
                if (e > worst) {
                    worst = e;
                    worstK = kern + " truth " + truth + " predicted " + pred;
                }
            }
            assertTrue(worst <= 0.05, "seed " + seed + " (" + ports + " ports, " + n + " instructions): worst error "
                    + worst + " on " + worstK + "\n" + pm.toText() + "\n" + r.mapping().toText() + String.join("\n",
                            r.log()));
        }
    }
}
