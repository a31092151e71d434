package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

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

/**
 * Conventions of the self-check feedback (digest §3.7, docs/palmed.md): (1) per round at most one instruction per
 * missing resource (X16 and X16B both lack r16; they are not disjoint, so only one joins the basic set); (2) a low-IPC
 * instruction fed back (DIV3, a non-pipelined divider, IPC 1/3) gets ρ = 1/ā = 3 in LP2 (bound max(1, 1/ā), not 1).
 */
class FeedbackTest {
    static final String MACHINE = """
            machine toy-feedback
            ports 0 1 6 d
            DIVPS: 1*p0
            BSR:   1*p1
            JMP:   1*p6
            ADDSS: 1*p01
            JNLE:  1*p06
            X16:   1*p16
            X16B:  1*p16
            DIV3:  3*pd
            """;

    @Test
    void missingResourcesAreRecoveredOneInstructionAtATime() {
        Diagnostics d = new Diagnostics();
        PortMapping pm = PortMappingParser.parse("toy-feedback.portmap", MACHINE, d);
        assertNotNull(pm, d.toString());
        List<String> toy = List.of("DIVPS", "BSR", "JMP", "JNLE", "ADDSS");
        Palmed.Result r = Palmed.infer(new SimulatedMachine(pm), pm.instructionNames(), toy,
                InferenceOptions.defaults().withBasicSetSize(5).withMilpMillis(0), Monitor.NULL);
        assertTrue(r.basic().contains("X16") ^ r.basic().contains("X16B"), r.basic().toString());
        assertTrue(r.basic().contains("DIV3"), r.basic().toString());
        ResourceMapping m = r.mapping();
        double maxRho = m.rho().get("DIV3").values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
        assertEquals(3.0, maxRho, 1e-6, m.toText());
        ResourceMapping dual = DualConstruction.dual(pm);
        for (String k : List.of("DIV3", "DIV3 ADDSS^2", "DIV3^2 X16B", "X16 X16B BSR", "X16B", "X16B^2 JNLE JMP",
                "DIVPS DIV3 X16")) {
            assertEquals(dual.ipc(Kernel.parse(k)), m.ipc(Kernel.parse(k)), 1e-3, k + "\n" + m.toText());
        }
        assertTrue(r.selfCheckError().values().stream().allMatch(e -> e <= 0.05), r.selfCheckError().toString());
    }
}
