package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.palmed.infer.InferenceOptions;
import tessera.palmed.infer.Palmed;
import tessera.palmed.machine.SimulatedMachine;
import tessera.palmed.model.DualConstruction;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingThroughput;
import tessera.palmed.model.Rational;
import tessera.palmed.model.ResourceMapping;

/** Seed 000 §III–IV worked example (digest §5.2–§5.8) on the simulated toy machine (ports p0, p1, p6). */
class WorkedExampleTest {
    static PortMapping toy;
    static Palmed.Result inferred;

    @BeforeAll
    static void infer() {
        toy = Fixtures.example("toy.portmap");
        inferred = Palmed.infer(new SimulatedMachine(toy), toy.instructionNames(),
                InferenceOptions.defaults().withBasicSetSize(5), Monitor.NULL);
    }

    @Test
    void throughputOfTheSectionIvExample() {
        ResourceMapping dual = DualConstruction.dual(toy);
        Kernel k = Kernel.parse("ADDSS^2 BSR");
        assertEquals(1.5, dual.cycles(k), 1e-12);
        assertEquals(2.0, dual.ipc(k), 1e-12);
        assertEquals("r01", dual.bottleneck(k));
        Kernel k2 = Kernel.parse("ADDSS BSR^2");
        assertEquals(2.0, dual.cycles(k2), 1e-12);
        assertEquals(1.5, dual.ipc(k2), 1e-12);
        assertEquals("r1", dual.bottleneck(k2));
        assertEquals(2.0, PortMappingThroughput.ipc(toy, k), 1e-9);
        assertEquals(1.5, PortMappingThroughput.ipc(toy, k2), 1e-9);
        assertEquals(1.0 / 3, dual.rho("ADDSS", "r016"), 1e-12);
        assertEquals(1.0, dual.rho("VCVTT", "r01"), 1e-12);
    }

    @Test
    void bundledKernelsFileMatchesTheLp() {
        for (String line : tessera.palmed.examples.Examples.text("toy.kernels").split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] kv = line.split("=");
            Kernel k = Kernel.parse(kv[0]);
            assertEquals(Rational.parse(kv[1].trim()), PortMappingThroughput.ipc(toy, k), 1e-9, line);
        }
    }

    @Test
    void basicInstructionsAreThePapersFive() {
        assertEquals(Set.of("DIVPS", "BSR", "JMP", "JNLE", "ADDSS"), Set.copyOf(inferred.selection().basic()));
        assertEquals(Set.of("BSR", "JMP", "DIVPS"), Set.copyOf(inferred.selection().veryBasic()));
        assertEquals(Set.of("BSR", "JMP"), inferred.selection().disjoint().get("DIVPS"));
        assertEquals(Set.of("DIVPS", "JMP", "JNLE"), inferred.selection().disjoint().get("BSR"));
    }

    /** The six resources r0, r1, r6, r01, r06, r016 with the dual's weights, up to renaming. */
    @Test
    void coreMappingFindsTheSixResourcesOfTheDual() {
        ResourceMapping m = inferred.mapping();
        ResourceMapping dual = DualConstruction.dual(toy);
        assertEquals(6, m.resources().size(), m.toText());
        List<String> basic = List.of("DIVPS", "BSR", "JMP", "JNLE", "ADDSS", "VCVTT");
        List<String> unmatched = new ArrayList<>(m.resources());
        for (String r : dual.resources()) {
            String found = null;
            for (String q : unmatched) {
                boolean same = true;
                for (String i : basic) {
                    same &= Math.abs(dual.rho(i, r) - m.rho(i, q)) < 1e-4;
                }
                if (same) {
                    found = q;
                    break;
                }
            }
            assertTrue(found != null, "no inferred resource matches " + r + "\n" + m.toText());
            unmatched.remove(found);
        }
    }

    @Test
    void saturatingKernelOfR016IsAddssJnle() {
        ResourceMapping m = inferred.mapping();
        String r016 = null;
        for (String r : m.resources()) {
            if (m.rho("BSR", r) > 0 && m.rho("JMP", r) > 0 && m.rho("DIVPS", r) > 0) {
                r016 = r;
            }
        }
        assertEquals(Kernel.parse("ADDSS JNLE"), m.saturating().get(r016)); // ADDSS^2 JNLE^2 up to the gcd
        Map<String, Kernel> sat = m.saturating();
        assertTrue(sat.containsValue(Kernel.single("DIVPS")));
        assertTrue(sat.containsValue(Kernel.single("BSR")));
        assertTrue(sat.containsValue(Kernel.single("ADDSS")));
    }

    @Test
    void lpAuxMapsVcvttExactly() {
        assertEquals(1.0, inferred.mapping().ipc(Kernel.single("VCVTT")), 1e-6);
        ResourceMapping dual = DualConstruction.dual(toy);
        for (String k : List.of("VCVTT ADDSS^2", "VCVTT JNLE^3", "VCVTT^2 BSR DIVPS JMP")) {
            Kernel kk = Kernel.parse(k);
            assertEquals(dual.ipc(kk), inferred.mapping().ipc(kk), 1e-4, k);
        }
    }
}
