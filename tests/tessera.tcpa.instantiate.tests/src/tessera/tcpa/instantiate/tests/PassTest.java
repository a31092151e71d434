package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import tessera.tcpa.pipeline.pass.InstantiatePass;
import tessera.testing.RecordingPassContext;

/** The builder pass: instantiation parameters from tessera.properties, instantiate + simulate on save, problems as diagnostics. */
class PassTest {
    /** The pass on src/bitext.pla of a project whose other files are the repository's. */
    private static RecordingPassContext ctx() {
        return new RecordingPassContext("src/bitext.pla", Fixtures.example("bitext.pla")).readingFrom(Fixtures.root());
    }

    @Test
    void instantiatesAndSimulatesOnSave() {
        RecordingPassContext c = ctx();
        c.settings().put("tcpa.arch", "examples/tcpa/bitext-pe.tcpa");
        c.settings().put("tcpa.params", "N=4,M=4,K=4"); // project-wide, overridden for bitext
        c.settings().put("tcpa.params.bitext", "N=16");
        c.settings().put("tcpa.pes.bitext", "1x3");
        new InstantiatePass().run(c);
        assertTrue(c.diagnostics().isEmpty(), c.diagnostics().toString());
        assertEquals("2 processor class(es), 4 signal(s), simulation = interpreter (34 cycles)", c.summary());
        assertTrue(c.outputs().containsKey("tcpa.instantiate/bitext.concrete.xmi"), c.outputs().keySet().toString());
        assertTrue(new String(c.outputs().get("tcpa.instantiate/bitext.listing.txt")).contains("shri od0 rd0 1 / goto q4"));
    }

    @Test
    void skipsWithoutParametersAndReportsBadOnes() {
        RecordingPassContext c = ctx();
        c.settings().put("tcpa.arch", "examples/tcpa/bitext-pe.tcpa");
        new InstantiatePass().run(c);
        assertTrue(c.summary().startsWith("skipped: set tcpa.params"), c.summary());
        c.settings().put("tcpa.params", "N=16");
        c.settings().put("tcpa.pes", "2x3");
        new InstantiatePass().run(c);
        assertEquals(1, c.diagnostics().size());
        // issue 22: the region must lie within bitext-pe's 1x32 array
        assertTrue(c.diagnostics().get(0).format().contains("does not fit the 1x32 array"), c.diagnostics().toString());
        c.diagnostics().clear();
        c.settings().put("tcpa.pes", "lots");
        new InstantiatePass().run(c);
        assertTrue(c.diagnostics().get(0).format().contains("tessera.properties"), c.diagnostics().toString());
    }
}
