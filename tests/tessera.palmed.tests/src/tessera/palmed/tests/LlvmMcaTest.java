package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.cli.CliCommand;
import tessera.palmed.model.Kernel;
import tessera.palmed.predict.LlvmMca;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/** Issue 21 item 4: the fair llvm-mca baseline (stderr checked, blocks unrolled, -mcpu from the machine). */
class LlvmMcaTest {
    /**
     * A small x86 machine whose name is a CPU llvm-mca knows; llvm-mca rejects {@code frob}, an instruction it does
     * not know (as a user's map of a new extension may hold).
     */
    static final String X86 = """
            machine %s
            ports 0 1 5 6
            ADD_R64_R64: 1*p0156
            IMUL_R64_R64: 1*p1
            FROB_R64_R64: 1*p0156
            """;

    @BeforeAll
    static void needsLlvmMca() {
        var d = LlvmMca.forCpu("skylake").unavailable();
        assumeTrue(d == null, "llvm-mca is not installed (apt-get install llvm): skipping the llvm-mca tests");
    }

    @Test
    void aRejectedInstructionFailsTheBlockInsteadOfASimulationOfTheRest() {
        LlvmMca mca = LlvmMca.forCpu("skylake");
        LlvmMca.Outcome o = mca.simulate(Kernel.of(Map.of("FROB_R64_R64", 1, "ADD_R64_R64", 2)));
        assertTrue(o.failed());
        assertTrue(Double.isNaN(o.ipc()));
        assertTrue(o.error().contains("invalid instruction mnemonic 'frob'"), o.error());
        LlvmMca.Outcome ok = mca.simulate(Kernel.of(Map.of("ADD_R64_R64", 1)));
        assertNull(ok.error());
    }

    @Test
    void unrollingRemovesTheLoopCarriedChainOfASingleRendering() {
        Kernel adds = Kernel.of(Map.of("ADD_R64_R64", 1));
        // rendered once, `add %r12, %rax` depends on itself across iterations: 1 a cycle
        double once = new LlvmMca("llvm-mca", "skylake", 100, 1).simulate(adds).ipc();
        assertEquals(1.0, once, 0.05);
        // unrolled to 100 instructions over 10 destinations: the 4 ALU ports of Skylake, in steady state exactly
        double fair = LlvmMca.forCpu("skylake").simulate(adds).ipc();
        assertEquals(4.0, fair, 1e-9);
    }

    @Test
    void unknownCpuIsADiagnostic() {
        assertNull(LlvmMca.forCpu("skylake").unknownCpu());
        assertTrue(LlvmMca.forCpu("toyx86").unknownCpu().message().contains("'toyx86'"));
    }

    @Test
    void compareCountsLlvmMcaFailuresAndTakesMcpuFromTheMachine() throws Exception {
        Path dir = Files.createTempDirectory("palmed-mca");
        // the name of a derived machine: its prefix before '-' is the CPU
        Files.writeString(dir.resolve("skl.portmap"), X86.formatted("skylake-250"));
        Files.writeString(dir.resolve("toy.portmap"), X86.formatted("toyx86"));
        Run c = CliRunner.run(dir, true, "palmed", "compare", "--machine", "skl.portmap", "--mapping", "skl.portmap",
                "--blocks", "30", "--seed", "4");
        assertEquals(CliCommand.OK, c.code(), c.err());
        JsonObject j = JsonParser.parseString(c.out()).getAsJsonObject();
        assertEquals("skylake", j.getAsJsonObject("llvmMcaSetup").get("mcpu").getAsString());
        assertEquals(30, j.get("blocks").getAsInt());
        int withFrob = 0;
        for (JsonElement e : j.getAsJsonArray("rows")) {
            JsonObject r = e.getAsJsonObject();
            boolean m = r.get("kernel").getAsString().contains("FROB");
            withFrob += m ? 1 : 0;
            assertEquals(m, r.has("llvmMcaFailure"), r.toString());
            assertEquals(m, r.get("llvmMca").isJsonNull(), r.toString());
        }
        assertTrue(withFrob > 0 && withFrob < 30, "seed 4 must draw FROB into some blocks: " + withFrob);
        assertEquals(withFrob, j.getAsJsonObject("llvmMca").get("failedBlocks").getAsInt());
        assertEquals(30 - withFrob, j.get("commonBlocks").getAsInt());
        Run text = CliRunner.run(dir, false, "palmed", "compare", "--machine", "skl.portmap", "--mapping",
                "skl.portmap", "--blocks", "30", "--seed", "4");
        assertTrue(text.out().contains("llvm-mca failed: llvm-mca -mcpu=skylake rejected the block: error: invalid "
                + "instruction mnemonic 'frob' (×" + withFrob + ")"), text.out());

        Run unknown = CliRunner.run(dir, false, "palmed", "compare", "--machine", "toy.portmap", "--mapping",
                "toy.portmap", "--blocks", "5");
        assertEquals(CliCommand.FAILED, unknown.code());
        assertTrue(unknown.err().contains("llvm-mca does not know the processor 'toyx86' (from the machine name in "
                + "toy.portmap)"), unknown.err());
        Run given = CliRunner.run(dir, true, "palmed", "compare", "--machine", "toy.portmap", "--mapping",
                "toy.portmap", "--blocks", "5", "--mcpu", "znver2");
        assertEquals(CliCommand.OK, given.code(), given.err());
        assertEquals("znver2", JsonParser.parseString(given.out()).getAsJsonObject().getAsJsonObject("llvmMcaSetup")
                .get("mcpu").getAsString());
    }
}
