package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.DiagnosticException;
import tessera.core.Diagnostics;
import tessera.core.cli.CliCommand;
import tessera.palmed.machine.CachedMachine;
import tessera.palmed.machine.SimulatedMachine;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.examples.Examples;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/**
 * Issue 22, hostile input through {@code tessera palmed} as a user types it: invalid UTF-8 in a .portmap, a mapping
 * or a block is exit 1 at {@code file:line:column}; CR-only files read as text; numbers in a .portmap and a mapping
 * are bounded by their documented maximums; {@code --blocks}, {@code --basic} and {@code --time-limit} are checked
 * (exit 2) and the time limit covers generating the blocks; {@code --out} naming a folder is exit 2.
 */
class HostileInputTest {
    private static final Duration FAST = Duration.ofSeconds(2);
    private static final String BLOCK = "addss %xmm1, %xmm1\naddss %xmm2, %xmm2\nbsr %rax, %rax\n";

    @TempDir
    Path dir;

    @BeforeAll
    static void warmUp(@TempDir Path warm) throws Exception {
        Files.writeString(warm.resolve("toy.portmap"), Examples.text("toy.portmap"));
        Files.writeString(warm.resolve("b.s"), BLOCK);
        CliRunner.run(warm, false, "palmed", "predict", "--mapping", "toy.portmap", "b.s");
        CliRunner.run(warm, false, "palmed", "compare", "--machine", "toy.portmap", "--mapping", "toy.portmap",
                "--blocks", "5", "--with", "none");
    }

    private Run palmed(String... words) {
        Run r = assertTimeoutPreemptively(FAST, () -> CliRunner.run(dir, false, "palmed", words));
        assertFalse(r.err().contains("\tat "), r.err());
        assertFalse(r.err().contains("internal error"), r.err());
        return r;
    }

    private void write(String name, String text) throws Exception {
        Files.writeString(dir.resolve(name), text);
    }

    private void writeWithBadByte(String name, String before, String after) throws Exception {
        byte[] a = before.getBytes(StandardCharsets.UTF_8);
        byte[] b = after.getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[a.length + 1 + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        all[a.length] = (byte) 0xC3; // a lead byte followed by ASCII: not UTF-8
        System.arraycopy(b, 0, all, a.length + 1, b.length);
        Files.write(dir.resolve(name), all);
    }

    @Test
    void invalidUtf8IsExit1AtLineAndColumn() throws Exception {
        write("toy.portmap", Examples.text("toy.portmap"));
        write("b.s", BLOCK);
        writeWithBadByte("bad.portmap", "machine toy\nports 0 1\nADDSS: 1*p01 # ", "\n");
        Run r = palmed("predict", "--mapping", "bad.portmap", "b.s");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("bad.portmap:3:16: error: invalid UTF-8: byte 0xC3"), r.err());
        r = palmed("infer", "--machine", "bad.portmap", "--instructions", "all");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("bad.portmap:3:16:"), r.err());
        writeWithBadByte("bad.s", "addss %xmm1, %xmm1\n  bsr %rax, %rax ; ", "\n");
        r = palmed("predict", "--mapping", "toy.portmap", "bad.s");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("bad.s:2:20:"), r.err());
        writeWithBadByte("bad.mapping", "resources r0\n", "ADDSS: r0=1\n");
        r = palmed("predict", "--mapping", "bad.mapping", "b.s");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("bad.mapping:2:1:"), r.err());
        writeWithBadByte("list.txt", "ADDSS\nBSR ", "\n");
        r = palmed("infer", "--machine", "toy.portmap", "--instructions", "@list.txt");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("list.txt:2:5:"), r.err());
    }

    /** 190 empty operands used to make the operand-kind search try 2^190 ids (a hang). */
    @Test
    void manyOperandsAreNotAnExponentialSearch() throws Exception {
        write("toy.portmap", Examples.text("toy.portmap"));
        write("ops.s", "addss %xmm1, " + ", ".repeat(190) + "%xmm0\nbsr %rax, %rbx\n");
        Run r = palmed("predict", "--mapping", "toy.portmap", "ops.s");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("ops.s:1: error: instruction 'addss"), r.err());
    }

    @Test
    void crOnlyAndBomFilesReadAsText() throws Exception {
        write("cr.portmap", "\uFEFF" + Examples.text("toy.portmap").replace("\n", "\r"));
        write("cr.s", BLOCK.replace("\n", "\r"));
        Run r = palmed("predict", "--mapping", "cr.portmap", "cr.s");
        assertEquals(CliCommand.OK, r.code(), r.err());
        assertTrue(r.out().contains("IPC 2.000"), r.out());
    }

    @Test
    void numbersInFilesAreBoundedAtTheirLine() throws Exception {
        write("b.s", BLOCK);
        String[][] cases = {
            {"machine toy\nports 0 1\nADDSS: 2000000000*p01\nBSR: 1*p1\n", "big.portmap:3:8: error: μOP count must be a whole number in 1..10000"},
            {"machine toy\nissue-width 99999\nADDSS: 1*p01\nBSR: 1*p1\n", "big.portmap:2:13: error: 'issue-width' needs a whole number in 1..10000"},
            {"machine toy\nADDSS: 1*p01 uops 999999999\nBSR: 1*p1\n", "big.portmap:2:14: error: 'uops' of ADDSS needs a whole number in 0..10000"},
        };
        for (String[] c : cases) {
            write("big.portmap", c[0]);
            Run r = palmed("predict", "--mapping", "big.portmap", "b.s");
            assertEquals(CliCommand.FAILED, r.code(), r.err());
            assertTrue(r.err().contains(c[1]), r.err());
        }
        write("big.mapping", "resources r0\nADDSS: r0=1\nBSR: r0=1\nsat r0: ADDSS^2000000000\n");
        Run r = palmed("predict", "--mapping", "big.mapping", "b.s");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("big.mapping:4:1: error: bad saturating kernel"), r.err());
        write("nan.mapping.json", "{\"resources\": [\"r0\"], \"instructions\": {\"ADDSS\": {\"r0\": NaN}, \"BSR\": {}}}");
        r = palmed("predict", "--mapping", "nan.mapping.json", "b.s");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("bad weight NaN"), r.err());
    }

    @Test
    void optionsAreBoundedAndTheTimeLimitCoversGeneration() throws Exception {
        write("toy.portmap", Examples.text("toy.portmap"));
        String[][] cases = {
            {"--blocks", "2000000000", "--blocks must be between 1 and 100000"},
            {"--blocks", "0", "--blocks must be between 1 and 100000"},
            {"--time-limit", "0", "--time-limit must be more than 0"},
            {"--time-limit", "1e400", "--time-limit"},
            {"--time-limit", "NaN", "--time-limit"},
        };
        for (String[] c : cases) {
            String[] words = {"compare", "--machine", "toy.portmap", "--mapping", "toy.portmap", "--with", "none",
                "--blocks", "10", c[0], c[1]};
            Run r = palmed(words);
            assertEquals(CliCommand.USAGE, r.code(), String.join(" ", c) + ": " + r.err());
            assertTrue(r.err().contains(c[2]), r.err());
        }
        Run r = palmed("infer", "--machine", "toy.portmap", "--instructions", "all", "--basic", "-3");
        assertEquals(CliCommand.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("--basic must be between 1 and 1000"), r.err());
        long t0 = System.nanoTime();
        r = palmed("compare", "--machine", "toy.portmap", "--mapping", "toy.portmap", "--with", "none", "--blocks",
                "100000", "--time-limit", "0.001");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("palmed compare"), r.err());
        assertTrue(System.nanoTime() - t0 < 1_000_000_000L, "stopped at its limit");
        r = palmed("infer", "--machine", "toy.portmap", "--instructions", "all", "--time-limit", "0.001");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        assertTrue(r.err().contains("PALMED inference"), r.err());
    }

    @Test
    void outputFolderAndDamagedCache() throws Exception {
        write("toy.portmap", Examples.text("toy.portmap"));
        Files.createDirectories(dir.resolve("folder"));
        Run r = palmed("infer", "--machine", "toy.portmap", "--instructions", "all", "--basic", "5", "--out", "folder");
        assertEquals(CliCommand.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("--out folder: is a folder"), r.err());
        Files.createDirectories(dir.resolve("c"));
        SimulatedMachine sim = new SimulatedMachine(PortMappingParser.parse("toy.portmap", Examples.text("toy.portmap"),
                new Diagnostics()), 0, 1);
        Path cache = dir.resolve("c").resolve(sim.id() + ".cache");
        Files.write(cache, new byte[] {'A', 'D', 'D', 'S', 'S', '\t', '1', '\n', 'B', 'S', 'R', '\t', (byte) 0xFF, '\n'});
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> new CachedMachine(sim, dir.resolve("c")));
        assertEquals(2, e.diagnostic().line(), e.getMessage());
        assertEquals(5, e.diagnostic().column(), e.getMessage());
        Files.writeString(cache, "ADDSS\tNaN\tNaN\t0\t1\tx\n");
        CachedMachine cm = new CachedMachine(sim, dir.resolve("c"));
        assertEquals(0, cm.size(), "a damaged measurement is measured again, not used");
    }
}
