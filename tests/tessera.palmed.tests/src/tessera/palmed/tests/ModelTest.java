package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.core.Diagnostics;
import tessera.palmed.infer.Quantizer;
import tessera.palmed.model.DualConstruction;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.MappingIO;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.model.PortMappingThroughput;
import tessera.palmed.model.ResourceMapping;

/** Port-mapping notation, the App. A dual construction, the text/JSON forms and the §VI-A rounding. */
class ModelTest {
    @Test
    void parsesTheUopsInfoNotation() {
        Diagnostics d = new Diagnostics();
        PortMapping pm = PortMappingParser.parse("m.portmap",
                "machine m\nports 0 1 5 6\nissue-width 4\nADD: 1*p0156\nCVT: 1*p0+1*p01 # two uops\nNOP2: p5\n", d);
        assertTrue(d.isEmpty(), d.toString());
        assertEquals(4, pm.issueWidth());
        assertEquals("1*p0+1*p01", pm.notation("CVT"));
        assertEquals(2, pm.uopCount("CVT"));
        assertEquals("1*p5", pm.notation("NOP2"));
        // front end: 8 single-μOP ADDs need 2 cycles at width 4
        assertEquals(2.0, PortMappingThroughput.cycles(pm, Kernel.parse("ADD^8")), 1e-9);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "ADDSS 1*p01|1|expected 'NAME: usage' or a directive",
        "ADDSS: 1*q01|1|cannot read port usage '1*q01' of ADDSS",
        "ADDSS: 0*p01|1|μOP count must be a whole number in 1..10000",
        "ports 0 1\\nADDSS: 1*p05|2|port 5 is used but not declared on line 1",
        "ADDSS: 1*p01\\nADDSS: 1*p0|2|instruction ADDSS is defined twice (first on line 1)",
        "issue-width four|1|'issue-width' needs a whole number in 1..10000",
        "ADDSS:|1|instruction ADDSS has no port usage",
        "# only a comment|1|the port mapping defines no instruction", // issue 22: at 1:1, every diagnostic has a position
        "ADDSS: 1*p011|1|port 1 repeated in '1*p011'"})
    void malformedPortMappingsGiveLineNumberedDiagnostics(String text, int line, String message) {
        Diagnostics d = new Diagnostics();
        assertNull(PortMappingParser.parse("bad.portmap", text.replace("\\n", "\n"), d));
        assertEquals(1, d.size(), d.toString());
        assertEquals(line, d.list().get(0).line());
        assertEquals("bad.portmap", d.list().get(0).file());
        assertTrue(d.list().get(0).message().startsWith(message), d.toString());
    }

    @Test
    void malformedResourceMappingsGiveDiagnostics() {
        Diagnostics d = new Diagnostics();
        assertNull(MappingIO.parse("m.map", "resources r0 r1\nADDSS: r2=1/2\nBSR: r0=x\n", d));
        assertEquals(2, d.size(), d.toString());
        assertEquals("unknown resource 'r2'", d.list().get(0).message());
        assertEquals(3, d.list().get(1).line());
        Diagnostics d2 = new Diagnostics();
        assertNull(MappingIO.parse("m.json", "{\"resources\": [\"r0\"], \"instructions\": {\"A\": {\"r9\": 1}}}", d2));
        assertTrue(d2.list().get(0).message().contains("undeclared resource r9"));
    }

    @Test
    void textAndJsonFormsRoundTrip() {
        ResourceMapping dual = DualConstruction.dual(Fixtures.example("toy.portmap"));
        Diagnostics d = new Diagnostics();
        ResourceMapping t = MappingIO.parse("x", dual.toText(), d);
        ResourceMapping j = MappingIO.parse("x", MappingIO.toJson(dual).toString(), d);
        assertTrue(d.isEmpty(), d.toString());
        for (String i : dual.instructions()) {
            for (String r : dual.resources()) {
                assertEquals(dual.rho(i, r), t.rho(i, r), 1e-6);
                assertEquals(dual.rho(i, r), j.rho(i, r), 1e-12);
            }
        }
    }

    /** Digest §5.9: the closure dual predicts exactly the LP throughput (Thm. A.2), on random machines and kernels. */
    @Test
    void dualConstructionMatchesTheLpOnRandomMachines() {
        long seed = 42;
        Random rnd = new Random(seed);
        for (int m = 0; m < 40; m++) {
            PortMapping pm = Fixtures.randomMachine(rnd, 3 + rnd.nextInt(6), 10 + rnd.nextInt(31));
            if (rnd.nextBoolean()) {
                pm = new PortMapping(pm.name(), pm.ports(), pm.instructions(), 2 + rnd.nextInt(4));
            }
            ResourceMapping dual = DualConstruction.dual(pm);
            for (int k = 0; k < 10; k++) {
                Kernel kern = Fixtures.randomKernel(rnd, pm.instructionNames(), 5, 5);
                double lp = PortMappingThroughput.cycles(pm, kern);
                assertEquals(lp, dual.cycles(kern), 1e-7 * lp, "seed " + seed + " machine " + m + " kernel " + kern
                        + "\n" + pm.toText());
            }
        }
    }

    @Test
    void quantizationFollowsThePapersExample() {
        assertEquals(Kernel.parse("a b^20"), Quantizer.quantize(java.util.Map.of("a", 0.06, "b", 1.0), 0.05));
        assertEquals(Kernel.parse("a^2 b"), Quantizer.quantize(java.util.Map.of("a", 2.0, "b", 1.0), 0.05));
        assertEquals(Kernel.parse("BSR ADDSS^24 JNLE^24"),
                Quantizer.quantize(java.util.Map.of("BSR", 1.0, "ADDSS", 24.0, "JNLE", 24.0), 0.05));
        assertNotNull(Quantizer.quantize(java.util.Map.of("a", 1.97, "b", 1.02), 0.05));
        assertEquals(Kernel.parse("a^2 b"), Quantizer.quantize(java.util.Map.of("a", 1.97, "b", 1.02), 0.05));
    }
}
