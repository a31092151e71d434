package tessera.tcpa.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.cli.CliCommand;
import tessera.tcpa.pipeline.cli.CompileCommand;
import tessera.tcpa.mapping.io.SymconfIO;
import tessera.tcpa.mapping.io.SymconfText;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/** XMI and compact-form round trips; {@code tessera compile} on the running example, text and JSON, and its errors. */
class IoAndCliTest {
    private static SymbolicConfiguration bitext() {
        var c = Fixtures.compile("bitext.pla", Fixtures.example("bitext.pla"), Fixtures.arch(Fixtures.BITEXT_ARCH), List.of());
        assertTrue(c.ok(), c.diagnostics().toString());
        return c.mapping().config();
    }

    @Test
    void compactFormRoundTrips() {
        SymbolicConfiguration c = bitext();
        String text = SymconfText.write(c);
        SymbolicConfiguration back = SymconfText.read(text);
        assertTrue(EcoreUtil.equals(c, back), text);
        assertEquals(text, SymconfText.write(back));
        assertTrue(SymconfText.bytes(c).length < SymconfIO.toXmi(EcoreUtil.copy(c)).length);
        assertTrue(EcoreUtil.equals(c, SymconfIO.fromXmi(SymconfIO.toXmi(EcoreUtil.copy(c)))));
        try {
            SymconfText.read("Q\tnonsense");
            throw new AssertionError("accepted a bad record");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("line 1"), e.getMessage());
        }
    }

    /** {@code tessera --quiet [--json] compile WORDS...} in {@code dir}, as a user types it. */
    private static Run run(Path dir, boolean json, String... words) {
        return CliRunner.run(dir, json, "compile", words);
    }

    @Test
    void compileCommand(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("bitext.pla"), Fixtures.example("bitext.pla"));
        Files.writeString(dir.resolve("pe.tcpa"), Fixtures.BITEXT_ARCH);
        Run r = run(dir, false, "bitext.pla", "--arch", "pe.tcpa", "--out", "bitext.symconf");
        assertEquals(CliCommand.OK, r.code(), r.err());
        assertTrue(r.out().contains("π = 2"), r.out());
        assertTrue(r.out().contains("(2), (2*p)"), r.out());
        assertTrue(r.out().contains("pe.out0 → east.out0 → west.in0 → pe.in0"), r.out());
        assertTrue(r.out().contains("bytes (compact form)"), r.out());
        assertEquals(SymconfText.write(SymconfText.read(Files.readString(dir.resolve("bitext.symconf")))), Files.readString(dir.resolve("bitext.symconf")));
        Run j = run(dir, true, "bitext.pla", "--arch", "pe.tcpa");
        JsonObject o = JsonParser.parseString(j.out()).getAsJsonObject();
        assertEquals(2, o.get("pi").getAsInt());
        assertEquals("2*p", o.getAsJsonArray("lambdaK").get(0).getAsString());
        assertTrue(o.get("sizeBytes").getAsInt() > 0);
    }

    @Test
    void compileCommandErrors(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("bitext.pla"), Fixtures.example("bitext.pla"));
        Files.writeString(dir.resolve("bad.tcpa"), "architecture x { grid rows 1 cols 1; pe { fu a : nothing; } }");
        Run r = run(dir, false, "bitext.pla", "--arch", "bad.tcpa");
        assertEquals(CliCommand.FAILED, r.code());
        assertTrue(r.err().contains("bad.tcpa:"), r.err());
        Run missing = run(dir, false, "nothere.pla", "--arch", "bad.tcpa");
        assertEquals(CliCommand.FAILED, missing.code());
        Run usage = run(dir, false, "bitext.pla");
        assertEquals(CliCommand.USAGE, usage.code(), "no usage error");
        assertTrue(usage.err().contains("--arch"), usage.err());
        assertTrue(Set.of("arch", "out").stream().allMatch(new CompileCommand().valuedOptions()::contains));
    }
}
