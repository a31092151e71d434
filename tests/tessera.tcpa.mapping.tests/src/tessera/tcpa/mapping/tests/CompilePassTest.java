package tessera.tcpa.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostic;
import tessera.rdg.support.Annotations;
import tessera.rdg.support.RdgIO;
import tessera.tcpa.mapping.io.SymconfIO;
import tessera.tcpa.pipeline.pass.TcpaCompilePass;
import tessera.testing.RecordingPassContext;

/** The builder pass tcpa.compile: architecture from tessera.properties, outputs under gen/tcpa.compile/. */
class CompilePassTest {
    @Test
    void writesTheConfigurationAndTheAnnotatedRdg() {
        RecordingPassContext c = new RecordingPassContext("pla/bitext.pla", Fixtures.example("bitext.pla"));
        c.files().put("tcpa/pe.tcpa", Fixtures.BITEXT_ARCH);
        c.settings().put("tcpa.arch", "tcpa/pe.tcpa");
        new TcpaCompilePass().run(c);
        assertTrue(c.diagnostics().stream().noneMatch(Diagnostic::isError), c.diagnostics().toString());
        assertTrue(c.summary().startsWith("π = 2, λ* = ((2), (2*p)), 1 route(s)"), c.summary());
        assertEquals(2, SymconfIO.fromXmi(c.outputs().get("tcpa.compile/bitext.symconf.xmi")).getSchedule().getPi());
        var rdg = RdgIO.fromXmi(c.outputs().get("tcpa.compile/bitext.mapped.rdg.xmi"));
        assertTrue(rdg.getEdges().stream().anyMatch(e -> Annotations.getStrings(e, Annotations.Keys.ROUTE).isPresent()));
        assertTrue(new String(c.outputs().get("tcpa.compile/bitext.mapping.txt"), StandardCharsets.UTF_8).contains("π = 2"));
        assertTrue(c.outputs().containsKey("tcpa.compile/bitext.symconf"));
    }

    @Test
    void skipsWithoutArchitectureAndReportsBadOnes() {
        RecordingPassContext none = new RecordingPassContext("bitext.pla", Fixtures.example("bitext.pla"));
        new TcpaCompilePass().run(none);
        assertTrue(none.summary().contains("skipped"), none.summary());
        assertTrue(none.outputs().isEmpty());
        RecordingPassContext missing = new RecordingPassContext("bitext.pla", Fixtures.example("bitext.pla"));
        missing.settings().put("tcpa.arch", "nope.tcpa");
        new TcpaCompilePass().run(missing);
        assertTrue(missing.diagnostics().stream().anyMatch(d -> d.isError() && d.message().contains("nope.tcpa")), missing.diagnostics().toString());
    }

    @Test
    void aPerFileDistributeOverridesTheProjectSetting() throws Exception {
        String arch = java.nio.file.Files.readString(Fixtures.root().resolve("examples/tcpa/tcpa4x4.tcpa"));
        RecordingPassContext project = new RecordingPassContext("pla/fir.pla", Fixtures.example("fir.pla"));
        project.files().put("tcpa/tcpa4x4.tcpa", arch);
        project.settings().put("tcpa.arch", "tcpa/tcpa4x4.tcpa");
        new TcpaCompilePass().run(project); // 2-D FIR needs five PE input ports, the 4x4 PE has four
        assertTrue(project.diagnostics().stream().anyMatch(Diagnostic::isError), project.diagnostics().toString());
        RecordingPassContext own = new RecordingPassContext("pla/fir.pla", Fixtures.example("fir.pla"));
        own.files().put("tcpa/tcpa4x4.tcpa", arch);
        own.settings().put("tcpa.arch", "tcpa/tcpa4x4.tcpa");
        own.settings().put("tcpa.distribute.fir", "i");
        new TcpaCompilePass().run(own);
        assertTrue(own.diagnostics().stream().noneMatch(Diagnostic::isError), own.diagnostics().toString());
        assertTrue(own.outputs().containsKey("tcpa.compile/fir.symconf.xmi"));
    }
}
