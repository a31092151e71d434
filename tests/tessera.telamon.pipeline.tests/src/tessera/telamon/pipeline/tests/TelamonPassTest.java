package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.telamon.pipeline.pass.TelamonPass;
import tessera.testing.Fixtures;
import tessera.testing.RecordingPassContext;

/** The builder pass on a .kernel and on a saved .decisions: the space, and PTX when a decision list lies beside it. */
class TelamonPassTest {
    private static RecordingPassContext context(String decisions) throws Exception {
        RecordingPassContext c = new RecordingPassContext("src/scal.kernel",
                Files.readString(Fixtures.root().resolve("examples/telamon/scal.kernel")));
        c.settings().put("telamon.param.n", "256");
        if (decisions != null) {
            c.files().put("src/scal.decisions", decisions);
        }
        return c;
    }

    @Test
    void theSpaceAlone() throws Exception {
        RecordingPassContext c = context(null);
        new TelamonPass().run(c);
        assertEquals(List.of(), c.diagnostics());
        assertTrue(c.outputText("telamon/scal.space.json").contains("\"openChoices\""));
        assertNull(c.outputText("telamon/scal.ptx"));
    }

    /** Table 4.1 in one nest: d2 cannot be VECTOR, since the mul would be vectorized too (CUDA vectorizes accesses only). */
    @Test
    void ptxForTheDecisionListBesideTheKernel() throws Exception {
        RecordingPassContext c = context("size(d1)=4\nsize(d2)=4\ndim_kind(d0)=BLOCK\ndim_kind(d1)=THREAD\ndim_kind(d2)=UNROLL\n"
                + "cache(x)=L2\ncache(st_Y)=L2\n");
        new TelamonPass().run(c);
        assertEquals(List.of(), c.diagnostics());
        assertNotNull(c.outputText("telamon/scal.ptx"));
        assertTrue(c.outputText("telamon/scal.ptx").contains("ld.global.cg.f32"), c.outputText("telamon/scal.ptx"));
        assertTrue(c.outputText("telamon/scal.launch.json").contains("\"grid\""));
        String bound = c.outputText("telamon/scal.bound.txt");
        assertTrue(bound.startsWith("root: at least ") && bound.contains("(compiled ordering)")
                && bound.contains("\nimplementation: at least "), bound);
    }

    /** The bound's settings: a built-in GPU and ordering, and a problem on tessera.properties otherwise. */
    @Test
    void boundSettings() throws Exception {
        RecordingPassContext c = context(null);
        c.settings().put("telamon.gpu", "kepler");
        c.settings().put("telamon.ordering", "emitted");
        new TelamonPass().run(c);
        assertEquals(List.of(), c.diagnostics());
        String bound = c.outputText("telamon/scal.bound.txt");
        assertTrue(bound.contains("on NVIDIA Quadro K4000 (emitted ordering)") && !bound.contains("implementation:"),
                bound);
        RecordingPassContext bad = context(null);
        bad.settings().put("telamon.gpu", "fermi");
        new TelamonPass().run(bad);
        assertEquals(1, bad.diagnostics().size());
        assertTrue(bad.diagnostics().get(0).message().contains("telamon.gpu=fermi"), bad.diagnostics().get(0).message());
        assertNull(bad.outputText("telamon/scal.bound.txt"));
    }

    @Test
    void aBadDecisionIsReportedByTheDecisionsFilesOwnRun() throws Exception {
        RecordingPassContext c = context("size(d1)=3\n");
        new TelamonPass().run(c);
        assertEquals(List.of(), c.diagnostics(), "the kernel's run leaves the list's problems to the list");
        assertNull(c.outputText("telamon/scal.ptx"));
        assertNotNull(c.outputText("telamon/scal.space.json"));
        RecordingPassContext d = decisionsContext("size(d1)=3\n");
        new TelamonPass().run(d);
        assertEquals(1, d.diagnostics().size(), d.diagnostics().toString());
        assertEquals("src/scal.decisions", d.diagnostics().get(0).file());
        assertEquals(1, d.diagnostics().get(0).line());
        assertNull(d.outputText("telamon/scal.ptx"));
    }

    /** Saving only the decision list regenerates the PTX from the kernel beside it. */
    @Test
    void theDecisionsFileRegeneratesThePtx() throws Exception {
        TelamonPass pass = new TelamonPass();
        assertTrue(pass.accepts("src/scal.decisions") && pass.accepts("src/scal.kernel"));
        RecordingPassContext d = decisionsContext("size(d1)=4\nsize(d2)=4\ndim_kind(d0)=BLOCK\ndim_kind(d1)=THREAD\n"
                + "dim_kind(d2)=UNROLL\ncache(x)=L2\ncache(st_Y)=L2\n");
        pass.run(d);
        assertEquals(List.of(), d.diagnostics());
        assertTrue(d.outputText("telamon/scal.ptx").contains("ld.global.cg.f32"), d.outputText("telamon/scal.ptx"));
        RecordingPassContext alone = new RecordingPassContext("src/lonely.decisions", "size(d1)=4\n");
        pass.run(alone);
        assertEquals(1, alone.diagnostics().size());
        assertTrue(alone.diagnostics().get(0).message().contains("no src/lonely.kernel beside this decision list"),
                alone.diagnostics().get(0).message());
        assertTrue(alone.outputs().isEmpty());
    }

    private static RecordingPassContext decisionsContext(String decisions) throws Exception {
        RecordingPassContext d = new RecordingPassContext("src/scal.decisions", decisions);
        d.settings().put("telamon.param.n", "256");
        d.files().put("src/scal.kernel", Files.readString(Fixtures.root().resolve("examples/telamon/scal.kernel")));
        return d;
    }
}
