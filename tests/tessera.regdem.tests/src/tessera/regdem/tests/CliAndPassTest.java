package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.cli.CliCommand;
import tessera.regdem.cli.OccupancyCommand;
import tessera.regdem.cli.RegdemCommand;
import tessera.regdem.examples.Examples;
import tessera.regdem.pass.RegdemPass;
import tessera.regdem.predict.StallPredictor;
import tessera.regdem.predict.Variant;
import tessera.regdem.predict.VariantGenerator;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassProgram;
import tessera.regdem.sim.LaunchSpec;
import tessera.regdem.sim.SassSimulator;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.RecordingPassContext;

/** Variant generation/selection, the two CLI commands and the builder pass. */
class CliAndPassTest {
    @TempDir
    Path dir;

    /** {@code tessera --quiet [--json] COMMAND WORDS...} in the test's folder, as a user types it. */
    private Run tessera(boolean json, String command, String... words) {
        return CliRunner.run(dir, json, command, words);
    }

    @Test
    void cfdVariantsAndSelection() {
        SassProgram p = TestSupport.example("cfd_flux");
        VariantGenerator.Settings s = new VariantGenerator.Settings(ArchSpec.sm52(), 192, 0,
                VariantGenerator.OccupancyModel.PAPER, StallPredictor.Mode.CODE, 0, List.of(), Set.of());
        VariantGenerator.Report r = VariantGenerator.run(p, null, s, Monitor.NULL);
        assertEquals(1 + 24, r.variants().size(), "orig + 3 strategies x 8 flag sets for k = 14");
        Variant orig = r.variants().get(0);
        assertEquals(68, orig.registers());
        assertEquals(0.375, orig.occupancy(), 1e-12);
        for (Variant v : r.variants().subList(1, r.variants().size())) {
            assertEquals(14, v.demote());
            assertTrue(v.registers() <= 56, v.name() + " " + v.registers());
            assertEquals(0.5625, v.occupancy(), 1e-12);
            assertEquals(10752, v.dynamicSharedBytes());
        }
        assertEquals(1, r.variants().stream().filter(Variant::chosen).count());
        double best = r.variants().stream().mapToDouble(Variant::adjusted).min().orElseThrow();
        assertEquals(best, r.chosen().adjusted(), 1e-9);
        String table = VariantGenerator.table(r);
        assertTrue(table.startsWith("variant"), table);
        assertTrue(table.contains("spill_14_cfg_1_1_1"), table);
        // the chosen variant computes the same results
        LaunchSpec spec = LaunchSpec.of(p).orElseThrow();
        SassSimulator.Inputs in = SassSimulator.inputs(spec, 11);
        assertEquals("", SassSimulator.run(p, spec, in, 0).memory().firstDifference(
                SassSimulator.run(r.chosen().program(), spec, in, (int) r.chosen().dynamicSharedBytes()).memory()));
    }

    @Test
    void notRegisterLimitedKernelKeepsOriginal() {
        SassProgram p = TestSupport.example("divergent");
        VariantGenerator.Report r = VariantGenerator.run(p, null, new VariantGenerator.Settings(ArchSpec.sm52(), 96, 0,
                VariantGenerator.OccupancyModel.ARCH, StallPredictor.Mode.CODE, 0, List.of(), Set.of()), Monitor.NULL);
        assertEquals(1, r.variants().size());
        assertEquals("orig", r.chosen().name());
        assertTrue(r.notes().get(0).startsWith("not register-limited"), r.notes().toString());
    }

    @Test
    void localVariants() {
        SassProgram p = TestSupport.example("pressure_loop");
        SassProgram local = TestSupport.example("local_spill");
        VariantGenerator.Report r = VariantGenerator.run(p, local, new VariantGenerator.Settings(ArchSpec.sm52(), 64, 0,
                VariantGenerator.OccupancyModel.ARCH, StallPredictor.Mode.CODE, 0, List.of(8), Set.of()), Monitor.NULL);
        assertTrue(r.variants().stream().anyMatch(v -> v.name().equals("local")));
        Variant ls = r.variants().stream().filter(v -> v.name().equals("local_shared")).findFirst().orElseThrow();
        assertEquals(4 * 64 * 4, ls.dynamicSharedBytes());
    }

    @Test
    void occupancyCommand() throws Exception {
        Run r = tessera(false, "occupancy", "--arch", "sm_52", "--regs", "68", "--block", "192");
        assertEquals(CliCommand.OK, r.code());
        String text = r.out();
        assertTrue(text.contains("occupancy 0.3750"), text);
        assertTrue(text.contains("demote 14 registers -> 56 registers, +10752 B shared, occupancy 0.5625"), text);
        r = tessera(true, "occupancy", "--arch", "sm_90", "--regs", "68", "--block", "192", "--smem", "4096");
        assertEquals(CliCommand.OK, r.code());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals("sm_90", o.get("arch").getAsString());
        assertEquals(0.375, o.get("occupancy").getAsDouble(), 1e-12);
        assertTrue(o.get("demotionSteps").getAsJsonArray().size() > 0);
        assertEquals(CliCommand.USAGE, tessera(false, "occupancy", "--regs", "68").code());
        assertEquals(CliCommand.USAGE, tessera(false, "occupancy", "--arch", "sm_99", "--regs", "1", "--block", "32").code());
        assertEquals(CliCommand.USAGE, tessera(false, "occupancy", "--regs", "300", "--block", "32").code()); // issue 22: 0..255
    }

    @Test
    void regdemCommand() throws Exception {
        Path f = dir.resolve("cfd.sass");
        Files.writeString(f, Examples.text("cfd_flux"));
        Run r = tessera(true, "regdem", "cfd.sass", "--block", "192", "--arch", "sm_52", "--target-occupancy", "0.5",
                "--out", "chosen.sass");
        assertEquals(CliCommand.OK, r.code());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(25, o.get("variants").getAsJsonArray().size());
        assertEquals(10752, o.get("dynamicSharedMemory").getAsLong());
        String chosen = Files.readString(dir.resolve("chosen.sass"));
        assertFalse(SassParser.parse("c", chosen).diagnostics().hasErrors());
        assertTrue(chosen.contains("# RegDem: demoted"), chosen.substring(0, 300));
        r = tessera(false, "regdem", "cfd.sass", "--block", "192", "--demote", "6");
        assertEquals(CliCommand.OK, r.code());
        String text = r.out();
        assertTrue(text.contains("chosen: ") && text.contains("wrote "), text);
        assertTrue(Files.exists(dir.resolve("cfd.regdem.sass")));
        assertEquals(CliCommand.USAGE, tessera(false, "regdem", "cfd.sass").code());
        assertEquals(CliCommand.USAGE, tessera(false, "regdem", "cfd.sass", "--block", "x").code());
        Files.writeString(dir.resolve("bad.sass"), "--:-:-:-:6       MOV R1, R2\n");
        r = tessera(false, "regdem", "bad.sass", "--block", "64");
        assertEquals(CliCommand.FAILED, r.code());
        assertTrue(r.err().contains("bad.sass:1:28: error: missing ';'"), r.err());
    }

    private static RecordingPassContext passContext(String name, String text, Map<String, String> settings) {
        RecordingPassContext c = new RecordingPassContext(name, text);
        c.settings().putAll(settings);
        return c;
    }

    @Test
    void builderPass() {
        RegdemPass pass = new RegdemPass();
        assertEquals("regdem", pass.id());
        assertTrue(pass.accepts("src/k.sass"));
        assertFalse(pass.accepts("src/k.regdem.sass"));
        RecordingPassContext ok = passContext("src/cfd.sass", Examples.text("cfd_flux"),
                Map.of("regdem.block", "192", "regdem.arch", "sm_52"));
        pass.run(ok);
        assertNotNull(ok.outputs().get("regdem/cfd.regdem.sass"));
        assertTrue(new String(ok.outputs().get("regdem/cfd.variants.txt"), StandardCharsets.UTF_8).contains("orig"));
        assertTrue(ok.summary().startsWith("cfd: "), ok.summary());
        assertTrue(ok.diagnostics().stream().noneMatch(Diagnostic::isError), ok.diagnostics().toString());
        RecordingPassContext missing = passContext("src/cfd.sass", Examples.text("cfd_flux"), Map.of());
        pass.run(missing);
        assertEquals("regdem.block is not set", missing.diagnostics().get(0).message());
        RecordingPassContext bad = passContext("src/b.sass", "# Arch: sm_52\n--:-:-:-:6       FOO R1, [R2;\n",
                Map.of("regdem.block", "64"));
        pass.run(bad);
        assertEquals(2, bad.diagnostics().get(0).line());
        assertTrue(bad.outputs().isEmpty());
    }
}
