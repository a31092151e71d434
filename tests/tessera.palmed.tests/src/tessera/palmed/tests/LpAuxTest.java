package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.palmed.infer.InferenceOptions;
import tessera.palmed.infer.Palmed;
import tessera.palmed.machine.SimulatedMachine;
import tessera.palmed.model.DualConstruction;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.ResourceMapping;

/**
 * Digest §5.8 LP_AUX cases on the toy machine: P0P01 and SLOW (ρ &gt; 1) are mapped exactly; X16 uses r16, which no
 * basic instruction reveals: without the self-check it would be predicted at IPC 3 alone (truth 2); with it the
 * instruction fails the check and is fed back into the basic set, after which it is mapped exactly.
 */
class LpAuxTest {
    @Test
    void auxiliaryInstructionsAndTheMissingResourceCase() {
        PortMapping pm = Fixtures.example("toy-lpaux.portmap");
        // first without feedback: the self-check must flag X16
        // Algorithm 1 on the paper's toy instructions (as in §III-D), LP_AUX for the rest
        List<String> toy = List.of("DIVPS", "BSR", "JMP", "JNLE", "ADDSS", "VCVTT");
        Palmed.Result noFeedback = Palmed.infer(new SimulatedMachine(pm), pm.instructionNames(), toy,
                InferenceOptions.defaults().withBasicSetSize(5).withFeedback(0, 0).withMilpMillis(0), Monitor.NULL);
        assertEquals(Set.of("DIVPS", "BSR", "JMP", "JNLE", "ADDSS"), Set.copyOf(noFeedback.basic()));
        assertTrue(noFeedback.selfCheckError().get("X16") > 0.05, noFeedback.selfCheckError().toString());
        assertTrue(noFeedback.diagnostics().toString().contains("instruction X16 is poorly mapped"),
                noFeedback.diagnostics().toString());
        ResourceMapping dual = DualConstruction.dual(pm);
        ResourceMapping m0 = noFeedback.mapping();
        assertEquals(1.0, m0.ipc(Kernel.single("P0P01")), 1e-6);
        assertEquals(1.0 / 3, m0.ipc(Kernel.single("SLOW")), 1e-6);
        double maxRho = m0.rho().get("SLOW").values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
        assertEquals(3.0, maxRho, 1e-6); // SLOW uses r0 three cycles: LP_AUX has no upper bound
        for (String k : List.of("P0P01 ADDSS^2", "SLOW JNLE^4", "P0P01 BSR JMP", "SLOW ADDSS^3 JMP")) {
            assertEquals(dual.ipc(Kernel.parse(k)), m0.ipc(Kernel.parse(k)), 1e-4, k);
        }
        // with the feedback loop: X16 joins the basic set and is mapped exactly
        Palmed.Result fb = Palmed.infer(new SimulatedMachine(pm), pm.instructionNames(), toy,
                InferenceOptions.defaults().withBasicSetSize(5).withMilpMillis(0), Monitor.NULL);
        assertTrue(fb.basic().contains("X16"), fb.basic().toString());
        for (String k : List.of("X16", "X16 BSR", "X16 JMP", "X16^2 ADDSS JNLE", "X16 DIVPS")) {
            assertEquals(dual.ipc(Kernel.parse(k)), fb.mapping().ipc(Kernel.parse(k)), 1e-3, k);
        }
    }
}
