package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.regdem.cubin.CubinPatch;
import tessera.regdem.cubin.ResourceException;
import tessera.regdem.demote.LocalSpillToShared;
import tessera.regdem.demote.RegDem;
import tessera.regdem.demote.SharedLayout;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.sass.CuobjdumpImport;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassPrinter;
import tessera.regdem.sass.SassProgram;

/**
 * The local→shared variant of nvcc's spilling kernel written into its sm_90 cubin (data/nvcc/hopper): the bytes are
 * those that ran on the H200 (run.json: outputs bit-for-bit equal), and CUDA 13's cuobjdump disassembled them to
 * exactly the variant Tessera printed.
 */
class CubinPatchTest {
    static final int BLOCK = 256;

    static Path dir() {
        return NvccCorpus.root();
    }

    static SassProgram original() throws Exception {
        return SassParser.parse("spill_regs.sass", Files.readString(dir().resolve("sm_90/spill_regs.sass"))).program();
    }

    static LocalSpillToShared.Result variant(SassProgram orig) {
        // the headers the CLI sets from the cubin beside the listing (EIATTR_REGCOUNT 32, no static shared memory)
        return LocalSpillToShared.run(CuobjdumpImport.toMaxas(orig).withHeader("RegCnt", "32"), BLOCK,
                SharedLayout.spillBase(ArchSpec.find("sm_90").orElseThrow(), 0, 0));
    }

    @Test
    void thePatchedCubinIsTheOneThatRanOnTheGpu() throws Exception {
        SassProgram orig = original();
        LocalSpillToShared.Result v = variant(orig);
        assertEquals(41, v.words());
        assertEquals(41 * BLOCK * 4, v.sharedBytes());
        CubinPatch.Result r = CubinPatch.apply("spill_regs.cubin",
                Files.readAllBytes(dir().resolve("sm_90/spill_regs.cubin")), orig, v.program(), 32);
        assertEquals(200, r.encoded().size(), "198 LDL/STL, the stack-pointer load and the frame adjustment");
        assertArrayEquals(Files.readAllBytes(dir().resolve("hopper/spill_regs.local_shared.cubin")), r.cubin());
        assertEquals(BLOCK + " " + v.sharedBytes(), Files.readString(dir().resolve("hopper/launch.txt")).trim());
        String run = Files.readString(dir().resolve("hopper/run.json"));
        assertTrue(run.contains("\"bitwise_equal\": true") && !run.contains("\"bitwise_equal\": false"), run);
    }

    @Test
    void cuobjdumpOfThePatchedCubinIsTheIntendedListing() throws Exception {
        SassProgram intended = variant(original()).program();
        SassProgram dumped = CuobjdumpImport.toMaxas(SassParser.parse("patched.sass",
                Files.readString(dir().resolve("hopper/spill_regs.local_shared.cuobjdump.sass"))).program());
        List<Line.Instr> a = intended.instructions();
        List<Line.Instr> b = dumped.instructions();
        assertEquals(a.size(), b.size());
        for (int k = 0; k < a.size(); k++) {
            String want = SassPrinter.line(a.get(k).withTag(null), "\n").replace(".reuse", "");
            String got = SassPrinter.line(b.get(k).withTag(null), "\n").replace(".reuse", "");
            assertEquals(want, got, "instruction " + k);
        }
        assertEquals(SassPrinter.print(intended), Files.readString(dir().resolve("hopper/spill_regs.local_shared.sass")));
    }

    @Test
    void theCliWritesTheSamePatchAndReadsTheCubinBesideTheListing(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws Exception {
        Files.copy(dir().resolve("sm_90/spill_regs.sass"), tmp.resolve("spill_regs.sass"));
        Files.copy(dir().resolve("sm_90/spill_regs.cubin"), tmp.resolve("spill_regs.cubin"));
        tessera.testing.CliRunner.Run run = tessera.testing.CliRunner.run(tmp, "regdem", "spill_regs.sass", "--block",
                String.valueOf(BLOCK), "--patch-cubin", "patched.cubin");
        assertEquals(0, run.code(), run.out() + run.err());
        assertTrue(run.out().contains("patched 200 instructions") && run.out().contains("41984 B"), run.out());
        assertArrayEquals(Files.readAllBytes(dir().resolve("hopper/spill_regs.local_shared.cubin")),
                Files.readAllBytes(tmp.resolve("patched.cubin")));
        assertEquals(Files.readString(dir().resolve("hopper/spill_regs.local_shared.sass")),
                Files.readString(tmp.resolve("patched.sass")));
        tessera.testing.CliRunner.Run table = tessera.testing.CliRunner.run(tmp, "regdem", "spill_regs.sass",
                "--block", String.valueOf(BLOCK));
        assertEquals(0, table.code(), table.out() + table.err());
        assertTrue(table.out().matches("(?s).*orig\\s+32\\s.*"), "32 registers from the cubin: " + table.out());
        Files.delete(tmp.resolve("spill_regs.cubin"));
        tessera.testing.CliRunner.Run none = tessera.testing.CliRunner.run(tmp, "regdem", "spill_regs.sass",
                "--block", String.valueOf(BLOCK), "--patch-cubin", "patched.cubin");
        assertEquals(2, none.code(), none.out() + none.err());
        assertTrue(none.err().contains("--patch-cubin needs the kernel's cubin"), none.err());
    }

    @Test
    void refusesAVariantThatAddsInstructions() throws Exception {
        SassProgram orig = original();
        RegDem.Result d = RegDem.run(CuobjdumpImport.toMaxas(orig), RegDem.Options.of(BLOCK, 2));
        ResourceException e = assertThrows(ResourceException.class, () -> CubinPatch.apply("spill_regs.cubin",
                Files.readAllBytes(dir().resolve("sm_90/spill_regs.cubin")), orig, d.program(), 32));
        assertTrue(e.getMessage().contains("one for one"), e.getMessage());
    }

    @Test
    void refusesAListingOfAnotherCubin() throws Exception {
        SassProgram orig = original();
        LocalSpillToShared.Result v = variant(orig);
        ResourceException e = assertThrows(ResourceException.class, () -> CubinPatch.apply("spill_regs.cubin",
                Files.readAllBytes(dir().resolve("sm_89/spill_regs.cubin")), orig, v.program(), 32));
        assertTrue(e.getMessage().contains(".text") || e.getMessage().contains("differs"), e.getMessage());
    }
}
