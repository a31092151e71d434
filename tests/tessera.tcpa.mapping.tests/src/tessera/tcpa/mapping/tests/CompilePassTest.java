package tessera.tcpa.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.pass.PassContext;
import tessera.rdg.support.Annotations;
import tessera.rdg.support.RdgIO;
import tessera.tcpa.mapping.io.SymconfIO;
import tessera.tcpa.mapping.passes.TcpaCompilePass;

/** The builder pass tcpa.compile: architecture from tessera.properties, outputs under gen/tcpa.compile/. */
class CompilePassTest {
    private static final class Ctx implements PassContext {
        final Map<String, String> files = new HashMap<>(), settings = new HashMap<>();
        final Map<String, byte[]> out = new HashMap<>();
        final List<Diagnostic> problems = new ArrayList<>();
        String summary = "";
        final String name, text;

        Ctx(String name, String text) {
            this.name = name;
            this.text = text;
        }

        @Override public String fileName() { return name; }
        @Override public String contents() { return text; }
        @Override public Optional<String> read(String path) { return Optional.ofNullable(files.get(path)); }
        @Override public Map<String, String> settings() { return settings; }
        @Override public Monitor monitor() { return Monitor.NULL; }
        @Override public void report(Diagnostic d) { problems.add(d); }
        @Override public void output(String path, byte[] content) { out.put(path, content); }
        @Override public void summary(String line) { summary = line; }
    }

    @Test
    void writesTheConfigurationAndTheAnnotatedRdg() {
        Ctx c = new Ctx("pla/bitext.pla", Fixtures.example("bitext.pla"));
        c.files.put("tcpa/pe.tcpa", Fixtures.BITEXT_ARCH);
        c.settings.put("tcpa.arch", "tcpa/pe.tcpa");
        new TcpaCompilePass().run(c);
        assertTrue(c.problems.stream().noneMatch(Diagnostic::isError), c.problems.toString());
        assertTrue(c.summary.startsWith("π = 2, λ* = ((2), (2*p)), 1 route(s)"), c.summary);
        assertEquals(2, SymconfIO.fromXmi(c.out.get("tcpa.compile/bitext.symconf.xmi")).getSchedule().getPi());
        var rdg = RdgIO.fromXmi(c.out.get("tcpa.compile/bitext.mapped.rdg.xmi"));
        assertTrue(rdg.getEdges().stream().anyMatch(e -> Annotations.getStrings(e, Annotations.Keys.ROUTE).isPresent()));
        assertTrue(new String(c.out.get("tcpa.compile/bitext.mapping.txt"), StandardCharsets.UTF_8).contains("π = 2"));
        assertTrue(c.out.containsKey("tcpa.compile/bitext.symconf"));
    }

    @Test
    void skipsWithoutArchitectureAndReportsBadOnes() {
        Ctx none = new Ctx("bitext.pla", Fixtures.example("bitext.pla"));
        new TcpaCompilePass().run(none);
        assertTrue(none.summary.contains("skipped"), none.summary);
        assertTrue(none.out.isEmpty());
        Ctx missing = new Ctx("bitext.pla", Fixtures.example("bitext.pla"));
        missing.settings.put("tcpa.arch", "nope.tcpa");
        new TcpaCompilePass().run(missing);
        assertTrue(missing.problems.stream().anyMatch(d -> d.isError() && d.message().contains("nope.tcpa")), missing.problems.toString());
    }

    @Test
    void aPerFileDistributeOverridesTheProjectSetting() throws Exception {
        String arch = java.nio.file.Files.readString(Fixtures.root().resolve("examples/tcpa/tcpa4x4.tcpa"));
        Ctx project = new Ctx("pla/fir.pla", Fixtures.example("fir.pla"));
        project.files.put("tcpa/tcpa4x4.tcpa", arch);
        project.settings.put("tcpa.arch", "tcpa/tcpa4x4.tcpa");
        new TcpaCompilePass().run(project); // 2-D FIR needs five PE input ports, the 4x4 PE has four
        assertTrue(project.problems.stream().anyMatch(Diagnostic::isError), project.problems.toString());
        Ctx own = new Ctx("pla/fir.pla", Fixtures.example("fir.pla"));
        own.files.put("tcpa/tcpa4x4.tcpa", arch);
        own.settings.put("tcpa.arch", "tcpa/tcpa4x4.tcpa");
        own.settings.put("tcpa.distribute.fir", "i");
        new TcpaCompilePass().run(own);
        assertTrue(own.problems.stream().noneMatch(Diagnostic::isError), own.problems.toString());
        assertTrue(own.out.containsKey("tcpa.compile/fir.symconf.xmi"));
    }
}
