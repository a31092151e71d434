package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostics;
import tessera.palmed.machine.HostMachine;
import tessera.palmed.machine.X86Renderer;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;

/** The Skylake-like example: ≥ 300 instructions, every id renders to AT&T that GNU as accepts. */
class SkylakeTableTest {
    static PortMapping skylake() throws Exception {
        Path p = Fixtures.root().resolve("examples/palmed/skylake.portmap");
        Diagnostics d = new Diagnostics();
        PortMapping pm = PortMappingParser.parse(p.toString(), Files.readString(p), d);
        assertTrue(d.isEmpty(), d.toString());
        return pm;
    }

    @Test
    void everyInstructionAssembles() throws Exception {
        PortMapping pm = skylake();
        assertTrue(pm.instructions().size() >= 300);
        assertEquals(4, pm.issueWidth());
        StringBuilder sb = new StringBuilder(".text\n");
        X86Renderer r = new X86Renderer();
        for (String i : pm.instructionNames()) {
            assertTrue(X86Renderer.renderable(i), i);
            sb.append(r.render(i)).append('\n');
        }
        assumeTrue(HostMachine.unavailable() == null, "gcc missing");
        Path dir = Files.createTempDirectory("palmed-as");
        Path s = dir.resolve("all.s");
        Files.writeString(s, sb.toString());
        Process p = new ProcessBuilder("gcc", "-c", s.toString(), "-o", dir.resolve("all.o").toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
    }
}
