package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.core.Diagnostics;
import tessera.palmed.model.DualConstruction;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.model.PortMappingThroughput;
import tessera.palmed.model.ResourceMapping;
import tessera.palmed.model.Uop;

/** Issue 21 item 5: busy cycles of a non-pipelined unit and explicit μOP counts in a {@code .portmap}. */
class PortMapFormatTest {
    private static final String DIVIDER = """
            machine div
            ports 0 1 5 6 d
            issue-width 2
            ADD:   1*p0156
            DIV:   1*p0+4c*pd uops 1   # one μOP on p0, the divider busy 4 cycles
            DIV2:  2c*pd               # default μOP count of a busy term: 1
            DIVU:  4*pd                # the old form: four μOPs
            WIDE:  1*p0 uops 3         # μOP count apart from the port terms
            NOP:   uops 1              # only the front end
            """;

    private static PortMapping parse(String text) {
        Diagnostics d = new Diagnostics();
        PortMapping pm = PortMappingParser.parse("div.portmap", text, d);
        assertTrue(d.isEmpty(), d.toString());
        assertNotNull(pm);
        return pm;
    }

    @Test
    void aNonPipelinedUnitGivesThePapersThroughput() {
        PortMapping pm = parse(DIVIDER);
        // alone: the divider is busy 4 cycles per DIV, so IPC = 1/4
        assertEquals(0.25, PortMappingThroughput.ipc(pm, Kernel.single("DIV")), 1e-9);
        // mixed on the same unit: loads add, 4 + 2 cycles on d for two instructions
        assertEquals(6.0, PortMappingThroughput.cycles(pm, Kernel.parse("DIV DIV2")), 1e-9);
        assertEquals(2.0 / 6.0, PortMappingThroughput.ipc(pm, Kernel.parse("DIV DIV2")), 1e-9);
        // p0 is shared by DIV's first μOP and ADD: max over port sets J of load(J)/|J|
        assertEquals(4.0, PortMappingThroughput.cycles(pm, Kernel.parse("DIV ADD^4")), 1e-9);
        // DIV + 2 WIDE: p0 carries 3 cycles, the front end 7 μOPs / 2 = 3.5, the divider 4: the divider bounds it
        assertEquals(4.0, PortMappingThroughput.cycles(pm, Kernel.parse("DIV WIDE^2")), 1e-9);
        assertEquals(3.5, PortMappingThroughput.cycles(pm, Kernel.parse("DIV2 WIDE^2")), 1e-9);
    }

    @Test
    void busyCyclesAreOneMicroOpWhileTheOldFormCountsEachCycle() {
        PortMapping pm = parse(DIVIDER);
        assertEquals(1, pm.uopCount("DIV"));
        assertEquals(1, pm.uopCount("DIV2"));
        assertEquals(4, pm.uopCount("DIVU"));
        // the same 4 cycles of divider load, but 8 ADDs + 1 DIV2-like μOP vs + 4 μOPs at issue width 2
        PortMapping busy = parse(DIVIDER.replace("DIV2:  2c*pd", "DIVC:  4c*pd"));
        assertEquals(4.5, PortMappingThroughput.cycles(busy, Kernel.parse("ADD^8 DIVC")), 1e-9);
        assertEquals(6.0, PortMappingThroughput.cycles(busy, Kernel.parse("ADD^8 DIVU")), 1e-9);
    }

    @Test
    void anExplicitMicroOpCountReplacesTheTermsAtTheFrontEnd() {
        PortMapping pm = parse(DIVIDER);
        assertEquals(3, pm.uopCount("WIDE"));
        assertEquals(1.5, PortMappingThroughput.cycles(pm, Kernel.single("WIDE")), 1e-9);
        assertEquals(0.5, PortMappingThroughput.cycles(pm, Kernel.single("NOP")), 1e-9);
        // without 'uops 3' the instruction is a single μOP bound by p0
        PortMapping plain = parse(DIVIDER.replace("1*p0 uops 3", "1*p0"));
        assertEquals(1.0, PortMappingThroughput.cycles(plain, Kernel.single("WIDE")), 1e-9);
    }

    @Test
    void theDualOfTheNewFormAgreesWithTheLp() {
        PortMapping pm = parse(DIVIDER);
        ResourceMapping dual = DualConstruction.dual(pm);
        List<String> names = pm.instructionNames();
        Random rnd = new Random(21);
        for (int n = 0; n < 60; n++) {
            StringBuilder k = new StringBuilder();
            for (String i : names) {
                int c = rnd.nextInt(4);
                if (c > 0) {
                    k.append(i).append('^').append(c).append(' ');
                }
            }
            if (k.isEmpty()) {
                continue;
            }
            Kernel kernel = Kernel.parse(k.toString().strip());
            assertEquals(PortMappingThroughput.cycles(pm, kernel), dual.cycles(kernel), 1e-6, kernel.toString());
        }
    }

    @Test
    void theTextFormRoundTrips() {
        PortMapping pm = parse(DIVIDER);
        String text = pm.toText();
        assertTrue(text.contains("DIV: 1*p0+4c*pd uops 1\n"), text);
        assertTrue(text.contains("DIV2: 2c*pd\n"), text);
        assertTrue(text.contains("NOP: uops 1\n"), text);
        assertEquals(pm, parse(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "DIV: 1*p0 uops x|1|'uops' of DIV needs a whole number",
        "DIV: 1*p0 uops|1|'uops' of DIV needs a whole number",
        "DIV: uops 0|1|instruction DIV uses no port and no μOP",
        "NOP: uops 1|1|an instruction with only 'uops N' needs an issue width",
        "DIV: 4cc*pd|1|cannot read port usage '4cc*pd' of DIV",
        "DIV: 0c*pd|1|μOP count must be a whole number in 1..10000"})
    void malformedNewFormsGiveLineNumberedDiagnostics(String text, int line, String message) {
        Diagnostics d = new Diagnostics();
        assertNull(PortMappingParser.parse("bad.portmap", text, d));
        assertEquals(1, d.size(), d.toString());
        assertEquals(line, d.list().get(0).line());
        assertTrue(d.list().get(0).message().startsWith(message), d.toString());
    }

    @Test
    void theCommittedExamplesReadAsBefore() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(Fixtures.root().resolve("examples/palmed"))) {
            files = s.filter(p -> p.toString().endsWith(".portmap")).sorted().toList();
        }
        assertTrue(files.size() >= 3, files.toString());
        for (Path f : files) {
            String text = Files.readString(f);
            PortMapping pm = parse(text);
            assertTrue(pm.declaredUops().isEmpty(), f.toString());
            String out = pm.toText();
            int lines = 0;
            for (String raw : text.split("\n")) {
                String line = raw.replaceAll("#.*", "").strip();
                int colon = line.indexOf(':');
                if (colon < 0) {
                    continue;
                }
                String name = line.substring(0, colon).strip();
                String usage = line.substring(colon + 1).replaceAll("\\s+", "");
                assertEquals(usage, pm.notation(name), f + ": " + name);
                int uops = 0;
                for (Uop u : pm.uops(name)) {
                    assertFalse(u.busy(), f + ": " + name);
                    uops += u.count();
                }
                assertEquals(uops, pm.uopCount(name), f + ": " + name);
                assertTrue(out.contains(name + ": " + usage + "\n"), f + ": " + name);
                lines++;
            }
            assertEquals(lines, pm.instructions().size(), f.toString());
            assertEquals(pm, parse(out), f.toString());
        }
    }
}
