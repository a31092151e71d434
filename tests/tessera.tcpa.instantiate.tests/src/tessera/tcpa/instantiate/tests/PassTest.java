package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.pass.PassContext;
import tessera.tcpa.instantiate.pass.InstantiatePass;

/** The builder pass: instantiation parameters from tessera.properties, instantiate + simulate on save, problems as diagnostics. */
class PassTest {
    static final class Ctx implements PassContext {
        final Map<String, String> settings = new LinkedHashMap<>();
        final List<Diagnostic> diagnostics = new ArrayList<>();
        final Map<String, byte[]> outputs = new LinkedHashMap<>();
        String summary = "";

        @Override
        public String fileName() {
            return "src/bitext.pla";
        }

        @Override
        public String contents() {
            return Fixtures.example("bitext.pla");
        }

        @Override
        public Optional<String> read(String path) {
            try {
                return Optional.of(Files.readString(Fixtures.root().resolve(path)));
            } catch (java.io.IOException e) {
                return Optional.empty();
            }
        }

        @Override
        public Map<String, String> settings() {
            return settings;
        }

        @Override
        public Monitor monitor() {
            return Monitor.NULL;
        }

        @Override
        public void report(Diagnostic d) {
            diagnostics.add(d);
        }

        @Override
        public void output(String path, byte[] content) {
            outputs.put(path, content);
        }

        @Override
        public void summary(String line) {
            summary = line;
        }
    }

    @Test
    void instantiatesAndSimulatesOnSave() {
        Ctx c = new Ctx();
        c.settings.put("tcpa.arch", "examples/tcpa/bitext-pe.tcpa");
        c.settings.put("tcpa.params", "N=4,M=4,K=4"); // project-wide, overridden for bitext
        c.settings.put("tcpa.params.bitext", "N=16");
        c.settings.put("tcpa.pes.bitext", "1x3");
        new InstantiatePass().run(c);
        assertTrue(c.diagnostics.isEmpty(), c.diagnostics.toString());
        assertEquals("2 processor class(es), 4 signal(s), simulation = interpreter (34 cycles)", c.summary);
        assertTrue(c.outputs.containsKey("tcpa.instantiate/bitext.concrete.xmi"), c.outputs.keySet().toString());
        assertTrue(new String(c.outputs.get("tcpa.instantiate/bitext.listing.txt")).contains("shri od0 rd0 1 / goto q4"));
    }

    @Test
    void skipsWithoutParametersAndReportsBadOnes() {
        Ctx c = new Ctx();
        c.settings.put("tcpa.arch", "examples/tcpa/bitext-pe.tcpa");
        new InstantiatePass().run(c);
        assertTrue(c.summary.startsWith("skipped: set tcpa.params"), c.summary);
        c.settings.put("tcpa.params", "N=16");
        c.settings.put("tcpa.pes", "2x3");
        new InstantiatePass().run(c);
        assertEquals(1, c.diagnostics.size());
        assertTrue(c.diagnostics.get(0).format().contains("no index is tiled over the PE rows"), c.diagnostics.toString());
        c.diagnostics.clear();
        c.settings.put("tcpa.pes", "lots");
        new InstantiatePass().run(c);
        assertTrue(c.diagnostics.get(0).format().contains("tessera.properties"), c.diagnostics.toString());
    }
}
