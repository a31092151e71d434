package tessera.tcpa.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.Diagnostics;
import tessera.core.cli.CliCommand;
import tessera.tcpa.concrete.io.ConcreteIO;
import tessera.tcpa.concrete.io.ProgramText;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.FuProgram;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/** XMI round trip, listing, compact size, program text, and {@code tessera simulate}. */
class IoAndCliTest {
    @TempDir
    Path dir;

    /** {@code tessera --quiet [--json] simulate WORDS...} in the test's folder, as a user types it. */
    Run run(boolean json, String... words) {
        return CliRunner.run(dir, json, "simulate", words);
    }

    Path save(ConcreteConfiguration c) throws Exception {
        Files.writeString(dir.resolve("bitext.pla"), BitExtraction.pla());
        c.setPlaSource("bitext.pla");
        Path f = dir.resolve("bitext.concrete.xmi");
        ConcreteIO.save(c, f);
        return f;
    }

    @Test
    void programTextRoundTripsAndMatchesTheDigestListing() {
        FuProgram p = BitExtraction.program("alu1", BitExtraction.P1_ALU1);
        String printed = ProgramText.print(p, "");
        assertEquals(BitExtraction.P1_ALU1, printed);
        assertEquals(printed, ProgramText.print(ProgramText.parse("alu1", printed, "x", 1, new Diagnostics()), ""));
        Diagnostics ds = new Diagnostics();
        ProgramText.parse("alu0", "q1: nop\n    nop / jump q1\nnop / if cs1 jmp q1", "prog.txt", 10, ds);
        assertEquals(3, ds.size());
        assertTrue(ds.list().get(0).format().startsWith("prog.txt:10"), ds.toString());
        assertTrue(ds.list().get(1).message().contains("unknown branch"));
        assertTrue(ds.list().get(2).message().contains("needs 2 targets"));
    }

    @Test
    void xmiRoundTripListingAndCompactSize() throws Exception {
        ConcreteConfiguration c = BitExtraction.configuration();
        Path f = save(c);
        ConcreteIO.Loaded l = ConcreteIO.load(f);
        assertTrue(l.diagnostics().isEmpty(), l.diagnostics().toString());
        assertEquals(ConcreteIO.compact(BitExtraction.configuration()).replace("C\tbitext-N16-t3\t\t", "C\tbitext-N16-t3\tbitext.pla\t"),
                ConcreteIO.compact(l.configuration()));
        String listing = ConcreteIO.listing(l.configuration());
        assertTrue(listing.contains("processor class P1 = { [k] : 0 <= k <= 1 }: PEs (0,0) (0,1)"), listing);
        assertTrue(listing.contains("  alu1:\n" + BitExtraction.P1_ALU1.indent(4)), listing);
        assertTrue(listing.contains("cs1 = 1 on { [j] : j = 4 }"), listing);
        assertTrue(listing.contains("bits2 (output, north0 of PE (0,2)): enable { [j] : 0 <= j < 4 }, element bits[j + 12]"), listing);
        assertTrue(listing.contains("(0,1): pe0 -> east0; west0 -> pe0; pe1 -> north0;"), listing);
        int size = ConcreteIO.compactSize(l.configuration());
        assertEquals(ConcreteIO.compact(l.configuration()).getBytes(StandardCharsets.UTF_8).length, size);
        assertTrue(size > 500 && size < Files.size(f), size + " vs XMI " + Files.size(f));
    }

    @Test
    void simulateComparesWithTheInterpreter() throws Exception {
        save(BitExtraction.configuration());
        Run text = run(false, "bitext.concrete.xmi", "--input", "in=13");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("outputs equal the PLA reference interpreter's (bitext.pla)"), text.out());
        assertTrue(text.out().contains("bits[3] = 1\n") && text.out().contains("bits[1] = 0\n") && text.out().contains("34 cycles"), text.out());
        Run json = run(true, "bitext.concrete.xmi", "--input", "in=13", "--trace");
        assertEquals(0, json.code(), json.err());
        JsonObject o = JsonParser.parseString(json.out()).getAsJsonObject();
        assertEquals(34, o.get("cycles").getAsInt());
        assertTrue(o.get("equal").getAsBoolean());
        assertEquals(16, o.getAsJsonObject("outputs").getAsJsonArray("bits").size());
        assertTrue(o.getAsJsonArray("trace").toString().contains("12: PE (0,1) id0 <- 0 from PE (0,0) od0"));
        Run listing = run(false, "bitext.concrete.xmi", "--input", "in=1", "--listing");
        assertTrue(listing.out().startsWith("concrete configuration bitext-N16-t3"), "[" + listing.out() + "]" + listing.err());
    }

    @Test
    void mismatchAndErrorsGiveExitCodeOne() throws Exception {
        ConcreteConfiguration c = BitExtraction.configuration();
        // a wrong program: P2 extracts with ori instead of andi
        c.getProcessorClasses().get(1).getPrograms().get(1).getInstructions().forEach(i -> {
            if (i.getMnemonic().equals("andi")) {
                i.setMnemonic("ori");
            }
        });
        save(c);
        Run bad = run(false, "bitext.concrete.xmi", "--input", "in=13");
        assertEquals(1, bad.code());
        assertTrue(bad.err().contains("simulated output differs from the interpreter: bits[12]: simulator 1, interpreter 0"), bad.err());
        Run missing = run(false, "bitext.concrete.xmi");
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("no value for input in[]"), missing.err());
        Files.writeString(dir.resolve("junk.xmi"), "this is not xml");
        Run junk = run(true, "junk.xmi");
        assertEquals(1, junk.code());
        assertTrue(junk.out().contains("not a concrete configuration"), junk.out());
        Run none = run(false, "nothere.xmi");
        assertEquals(1, none.code());
        assertTrue(none.err().contains("nothere.xmi") && none.err().contains("no such file"), none.err());
        assertEquals(CliCommand.USAGE, run(false, "bitext.concrete.xmi", "--input", "in=x").code());
        assertEquals(CliCommand.USAGE, run(false, "bitext.concrete.xmi", "--max-cycles", "0").code());
        Run limit = run(false, "bitext.concrete.xmi", "--input", "in=1", "--max-cycles", "20");
        assertEquals(1, limit.code());
        assertTrue(limit.err().contains("did not finish within 20 cycles"), limit.err());
    }
}
