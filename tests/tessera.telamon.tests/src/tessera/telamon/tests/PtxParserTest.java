package tessera.telamon.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.telamon.ptx.Insn;
import tessera.telamon.ptx.PtxException;
import tessera.telamon.ptx.PtxParser;
import tessera.telamon.ptx.PtxProgram;
import tessera.telamon.ptx.PtxType;

/**
 * The PTX parser: the program model of a test kernel, and errors that name line:column and what is wrong. Where
 * ptxas is installed, every hand-written test PTX must assemble for sm_80 and every rejected snippet must be rejected
 * by ptxas too (so the tests' PTX is real PTX and the parser is not stricter than the assembler on these cases).
 */
class PtxParserTest {
    /** A kernel whose line 14 is {@code body}. */
    static String kernel(String body) {
        return """
                .version 8.0
                .target sm_80
                .address_size 64

                .visible .entry bad(
                    .param .u64 bad_param_p
                )
                {
                    .reg .pred %p<2>;
                    .reg .b32 %r<4>;
                    .reg .f32 %f<2>;
                    .reg .b64 %rd<3>;
                    ld.param.u64 %rd1, [bad_param_p];
                """ + body + "\n    ret;\n}\n";
    }

    @Test
    void programModelOfTheReduction() throws IOException {
        PtxProgram p = PtxExecutorTest.load("block_sum.ptx");
        assertEquals("block_sum", p.entry());
        assertEquals(List.of(new PtxProgram.Param("block_sum_param_in", PtxType.U64, 0),
                new PtxProgram.Param("block_sum_param_out", PtxType.U64, 8)), p.params());
        assertEquals(3 + 6 + 4 + 12, p.registers().size(), "%p<3>, %r<6>, %f<4>, %rd<12>");
        assertEquals(new PtxProgram.Register("%rd11", PtxType.B64), p.registers().get(24));
        assertEquals(List.of(new PtxProgram.Shared("sdata", 4, 256, 0)), p.shared());
        assertEquals(256, p.sharedBytes());
        int loop = p.labels().get("LOOP");
        assertEquals("setp.eq.s32 %p1, %r5, 0;", p.code().get(loop).text());
        Insn bra = p.code().stream().filter(i -> i.op() == Insn.Opcode.BRA && i.guard() < 0).findFirst().orElseThrow();
        assertEquals(loop, ((tessera.telamon.ptx.Operand.Target) bra.operand(0)).index());
        Insn guarded = p.code().get(loop + 1);
        assertEquals(0 + 1, guarded.guard(), "@%p1 is register 1");
        assertEquals(PtxExecutorTest.lineOf("block_sum.ptx", "@%p1 bra END;"), guarded.line());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            '    foo.s32 %r1, %r2, %r3;'            | 14:5: error: unknown instruction foo.s32
            '    add.s32 %r1, %r2, %r9;'            | 14:23: error: undeclared register %r9
            '    add.s32 %r1, %rd1, %r2;'           | 14:18: error: type mismatch: register %rd1 is .b64 (64-bit) but add.s32 reads or writes a .s32 (32-bit) value
            '    add.s32 %f1, %r2, %r3;'            | 14:13: error: type mismatch: register %f1 is .f32 (32-bit) but add.s32 reads or writes a .s32 (32-bit) value
            '    mul.wide.s32 %r1, %r1, %r2;'       | 14:18: error: type mismatch: register %r1 is .b32 (32-bit) but mul.wide.s32 reads or writes a .s64 (64-bit) value
            '    bra NOWHERE;'                      | 14:9: error: unknown label NOWHERE
            '    add.f32 %f1, %f1, 1;'              | 14:23: error: an integer constant where a .f32 value is needed (write a float such as 0f3F800000)
            '    cvt.f32.s32 %f1, %r1;'             | 14:5: error: cvt.f32.s32 needs a float rounding mode (.rn, .rz, .rm or .rp)
            '    cvt.rn.f32.f32 %f1, %f1;'          | 14:5: error: cvt.f32.f32 takes only an integer rounding mode (.rni, .rzi, …)
            '    fma.f32 %f1, %f1, %f1, %f1;'       | 14:5: error: fma needs a rounding mode (.rn)
            '    mul.s32 %r1, %r2, %r3;'            | 14:5: error: mul.s32 on integers needs .lo, .hi or .wide
            '    neg.u32 %r1, %r2;'                 | 14:5: error: neg.u32 takes a signed integer or float type
            '    ld.global.f32 %f1, [%r1];'         | 14:25: error: type mismatch: the address register %r1 is .b32; a 64-bit integer register is needed
            '    add.u32 %r1, %tid.x, 1;'           | 14:18: error: special register %tid.x not allowed in add.u32 (copy it with mov first)
            '    setp.lt.b32 %p1, %r1, %r2;'        | 14:5: error: setp on a bit-size type compares only with .eq or .ne
            '    shl.b32 %r1, %r2, %rd1;'           | 14:23: error: type mismatch: register %rd1 is .b64 (64-bit) but shl.b32 reads or writes a .u32 (32-bit) value
            '    add.s32 %r1, %r2, %r3'             | 15:5: error: expected ';', found 'ret'
            '    add.s32 %r1, %r2, #;'              | 14:23: error: unexpected character '#'
            '    ld.global.v4.f32 {%f1, %f1}, [%rd1];' | 14:22: error: ld.global.v4.f32 needs 4 registers in the vector, found 2
            """)
    void errorsNameLineColumnAndWhatIsWrong(String body, String expected) throws Exception {
        PtxException e = assertThrows(PtxException.class, () -> PtxParser.parse("bad.ptx", kernel(body)));
        assertEquals("bad.ptx:" + expected, e.getMessage());
        String ptxas = ptxas();
        if (ptxas != null) {
            assertNotEquals(0, assemble(ptxas, kernel(body)).exit(), "ptxas accepts " + body);
        }
    }

    @Test
    void structuralErrors() {
        PtxException e = assertThrows(PtxException.class, () -> PtxParser.parse("k.ptx", ".version 8.0\n.target sm_80\n"));
        assertEquals("k.ptx:1:1: error: no .entry in the module", e.getMessage());
        e = assertThrows(PtxException.class, () -> PtxParser.parse("k.ptx", kernel("L:\nL:").replace("    ret;\n}\n", "")));
        assertEquals("k.ptx:15:1: error: label L is defined twice", e.getMessage());
        e = assertThrows(PtxException.class, () -> PtxParser.parse("k.ptx", kernel("    .reg .f32 %f1;")));
        assertEquals("k.ptx:14:15: error: register %f1 is declared twice", e.getMessage());
        e = assertThrows(PtxException.class, () -> PtxParser.parse("k.ptx", kernel("    ret;").replace("    ret;\n}\n", "")));
        assertTrue(e.getMessage().startsWith("k.ptx:15:1: error: missing '}'"), e.getMessage());
    }

    @Test
    void everyTestPtxAssemblesWithPtxas() throws Exception {
        String ptxas = ptxas();
        if (ptxas == null) {
            System.out.println("ptxas not found on PATH or /usr/local/cuda/bin: skipping");
            return;
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(PtxExecutorTest.ptxDir())) {
            files = s.filter(f -> f.toString().endsWith(".ptx")).sorted().toList();
        }
        assertTrue(files.size() >= 10, files::toString);
        for (Path f : files) {
            Result r = assemble(ptxas, Files.readString(f));
            assertEquals(0, r.exit(), f.getFileName() + ": " + r.output());
            PtxParser.parse(f.getFileName().toString(), Files.readString(f)); // and our parser accepts it
        }
        assertEquals(0, assemble(ptxas, kernel("    add.s32 %r1, %r2, %r3;")).exit(), "the error template itself is valid");
    }

    record Result(int exit, String output) {
    }

    static Result assemble(String ptxas, String text) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("ptxas");
        try {
            Path f = dir.resolve("k.ptx");
            Files.writeString(f, text);
            Process p = new ProcessBuilder(ptxas, "-arch=sm_80", f.toString(), "-o", dir.resolve("k.cubin").toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("ptxas did not finish in 60 s");
            }
            return new Result(p.exitValue(), out);
        } finally {
            try (Stream<Path> s = Files.list(dir)) {
                for (Path q : s.toList()) {
                    Files.deleteIfExists(q);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    /** ptxas on PATH or in /usr/local/cuda/bin, or null. */
    static String ptxas() {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        dirs.add("/usr/local/cuda/bin");
        for (String d : dirs) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, "ptxas"))) {
                return Path.of(d, "ptxas").toString();
            }
        }
        return null;
    }
}
