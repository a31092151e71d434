package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostic;
import tessera.regdem.examples.Examples;
import tessera.regdem.isa.Isa;
import tessera.regdem.sass.CuobjdumpImport;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.LineSpan;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassDocument;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassPrinter;
import tessera.regdem.sass.SassProgram;

/** Parser and printer: byte-exact round trips, cuobjdump dialects, token ranges, diagnostics, fuzzing. */
class SassParserTest {

    static final String MAXWELL_DUMP = """
            \tcode for sm_52
            \t\tFunction : _Z1kPi
            \t.headerflags    @"EF_CUDA_SM52 EF_CUDA_PTX_SM(EF_CUDA_SM52)"
                                                                                               /* 0x0000d801fec00716 */
                    /*0008*/                   S2R R0, SR_TID.X;                              /* 0xf0c8000002170000 */
                    /*0010*/                   SHL R2, R0, 0x2;                               /* 0x3848000000270002 */
                    /*0018*/                   LDS R3, [R2];                                  /* 0xef4c000000070203 */
                                                                                               /* 0x001ffc00fe0007f1 */
                    /*0028*/               @P0 BRA 0x8;                                       /* 0xe2400fffff87000f */
                    /*0030*/                   EXIT;                                          /* 0xe30000000007000f */
                    /*0038*/                   BRA 0x38;                                      /* 0xe2400fffff87000f */
            \t\t..........................
            """;

    static final String VOLTA_DUMP = """
            \tcode for sm_90
            \t\tFunction : _Z3addPf
            \t.headerflags\t@"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"
                    /*0000*/                   MOV R1, c[0x0][0x28] ;                         /* 0x00000a0000017a02 */
                                                                                              /* 0x000fe40000000f00 */
                    /*0010*/                   S2R R0, SR_TID.X ;                             /* 0x0000000000007919 */
                                                                                              /* 0x000e220000002100 */
                    /*0020*/                   LDG.E R2, desc[UR4][R2.64] ;                   /* 0x0000000402027981 */
                                                                                              /* 0x000ea8000c1e1900 */
                    /*0030*/                   EXIT ;                                         /* 0x000000000000794d */
                                                                                              /* 0x000fea0003800000 */
                    /*0040*/                   BRA 0x40;                                      /* 0xfffffff000007947 */
                                                                                              /* 0x000fc0000383ffff */
            """;

    @Test
    void examplesRoundTripByteForByteAndAreCanonical() {
        for (String n : Examples.NAMES) {
            String text = Examples.text(n);
            SassDocument d = SassParser.parse(n, text);
            assertTrue(d.diagnostics().isEmpty(), n + ": " + d.diagnostics());
            assertEquals(text, SassPrinter.print(d.program()), n);
            for (Line l : d.program().lines()) {
                if (l instanceof Line.Instr i) {
                    assertNull(i.verbatim(), n + ": printed from fields, not kept text: " + i);
                }
            }
        }
    }

    @Test
    void nonCanonicalSpellingRoundTripsAndCRLF() {
        String t = "# Arch: sm_52\r\n--:-:-:-:6    @!P0   IADD   R0 ,R1,  -0x1 ;  # note\r\nL1 :\r\n--:-:-:-:f EXIT;";
        SassDocument d = SassParser.parse("x", t);
        assertTrue(d.diagnostics().isEmpty(), d.diagnostics().toString());
        assertEquals(t, SassPrinter.print(d.program()));
        Line.Instr i = d.program().instructions().get(0);
        assertEquals("IADD", i.opcode());
        assertTrue(i.guard().negated());
        assertEquals(-1, ((Operand.Imm) i.operands().get(2)).value());
        // a changed instruction is printed canonically
        Line.Instr j = i.withCtrl(i.ctrl().withStall(7));
        assertEquals("--:-:-:-:7 @!P0  IADD R0, R1, -0x1; # note", SassPrinter.maxasInstruction(j));
    }

    @Test
    void operandsAndSemantics() {
        SassProgram p = TestSupport.parse(TestSupport.kernel(
                "--:-:1:-:2       LDG.E.64 R4, [R2+0x10];",
                "--:1:-:-:2       STS [R7+-0x4], R9;",
                "--:-:-:-:6       IADD R2.CC, R2, param_0;",
                "--:-:-:-:6       FFMA R6, -|R4|, c[0x3][R2+0x10], R8.reuse;",
                "--:-:-:-:6       ISETP.GE.AND P0, PT, R0, 0x7, !P1;",
                "--:-:-:-:f       EXIT;"));
        List<Line.Instr> is = p.instructions();
        Isa.Info ld = Isa.info(is.get(0));
        assertEquals(2, ld.writes().get(0).width());
        assertEquals(2, ld.reads().get(0).width(), "64-bit address pair of LDG.E");
        Operand.Mem m = (Operand.Mem) is.get(1).operands().get(0);
        assertEquals(-4, m.offset());
        assertEquals("[R7-0x4]", m.text());
        assertTrue(Isa.info(is.get(2)).writesCC());
        Operand.Reg r = (Operand.Reg) is.get(3).operands().get(1);
        assertTrue(r.neg() && r.abs());
        Operand.Const c = (Operand.Const) is.get(3).operands().get(2);
        assertEquals(3, c.bank());
        assertEquals(2, c.index().num());
        Isa.Info set = Isa.info(is.get(4));
        assertEquals(List.of(0), set.predWrites());
        assertEquals(List.of(1), set.predReads());
    }

    @Test
    void tokenRangesPointAtTheText() {
        String text = TestSupport.kernel("LOOP:", "01:-:2:Y:5 @P1   LDS R3, [R2+0x4];", "--:-:-:-:f       EXIT;");
        SassDocument d = SassParser.parse("t", text);
        int idx = -1;
        for (int i = 0; i < d.program().lines().size(); i++) {
            if (d.program().lines().get(i) instanceof Line.Instr) {
                idx = i;
                break;
            }
        }
        LineSpan s = d.spans().get(idx);
        assertEquals("01:-:2:Y:5", slice(text, s.ctrl().offset(), s.ctrl().length()));
        assertEquals("@P1", slice(text, s.guard().offset(), s.guard().length()));
        assertEquals("LDS", slice(text, s.opcode().offset(), s.opcode().length()));
        assertEquals("[R2+0x4]", slice(text, s.operands().get(1).offset(), s.operands().get(1).length()));
        LineSpan lab = d.spans().get(idx - 1);
        assertEquals("LOOP", slice(text, lab.label().offset(), lab.label().length()));
        assertEquals(idx, d.lineAt(s.opcode().offset()));
        assertEquals(d.spans().size(), d.program().lines().size());
    }

    private static String slice(String t, int off, int len) {
        return t.substring(off, off + len);
    }

    /** Parses a cuobjdump listing and checks that it parses cleanly as {@code dialect} and prints back unchanged. */
    private static SassDocument parseDump(String text, SassProgram.Dialect dialect) {
        SassDocument d = SassParser.parse("k.sass", text);
        assertTrue(d.diagnostics().isEmpty(), d.diagnostics().toString());
        assertEquals(dialect, d.program().dialect());
        assertEquals(text, SassPrinter.print(d.program()));
        return d;
    }

    @Test
    void maxwellCuobjdumpControlWordsAreDecoded() {
        SassDocument d = parseDump(MAXWELL_DUMP, SassProgram.Dialect.CUOBJDUMP_MAXWELL);
        List<Line.Instr> is = d.program().instructions();
        assertEquals("--:-:1:-:6", is.get(0).ctrl().text());
        assertEquals("01:-:-:-:6", is.get(1).ctrl().text());
        assertEquals("--:1:2:-:6", is.get(2).ctrl().text());
        assertEquals(0x28, is.get(3).address());
        assertEquals("sm_52", d.program().arch().orElseThrow());
        assertEquals("_Z1kPi", d.program().kernelName().orElseThrow());
        SassProgram m = CuobjdumpImport.toMaxas(d.program());
        String printed = SassPrinter.print(m);
        assertTrue(printed.contains("TARGET1:\n--:-:1:-:6       S2R R0, SR_TID.X;"), printed);
        assertTrue(printed.contains("@P0   BRA TARGET1;"), printed);
        assertFalse(SassParser.parse("m", printed).diagnostics().hasErrors());
    }

    @Test
    void voltaCuobjdumpControlBitsAreDecodedFromTheEncoding() {
        SassDocument d = parseDump(VOLTA_DUMP, SassProgram.Dialect.CUOBJDUMP_VOLTA);
        List<Line.Instr> is = d.program().instructions();
        assertEquals(List.of("--:-:-:-:2", "--:-:1:-:1", "--:-:3:-:4", "--:-:-:-:5", "--:-:-:Y:0"),
                is.stream().map(i -> i.ctrl().text()).toList());
        Operand.Mem m = (Operand.Mem) is.get(2).operands().get(1);
        assertEquals("desc[UR4]", m.prefix());
        assertEquals(2, Isa.info(is.get(2)).reads().get(0).width(), "R2.64 is a register pair");
    }

    @Test
    void errorsHaveLineColumnAndHint() {
        check("--:-:-:-:6       MOV R1, R2", 28, "missing ';'");
        check("xx:-:-:-:6       MOV R1, R2;", 1, "expected a control code");
        check("--:-:-:-:6       MOV R1, R300;", 18 + 8, "register number out of range");
        check("--:-:-:-:6       MOV R1, [R2;", 0, "unbalanced");
        check("--:-:-:-:6       mov R1, R2;", 18, "bad opcode");
        check("--:-:-:-:6 @Q0   MOV R1, R2;", 12, "bad predicate guard");
        check("--:-:-:-:6       MOV R1, ,R2;", 0, "empty operand");
        check("--:-:-:-:6       MOV R1, R2; junk", 30, "unexpected text after ';'");
        SassDocument d = SassParser.parse("f", "<CONSTANT_MAPPING>\n{\"a\": \n");
        assertEquals("<CONSTANT_MAPPING> is not closed", d.diagnostics().list().get(0).message());
        d = SassParser.parse("f", "<CONSTANT_MAPPING>\n{\"a\": [1]}\n</CONSTANT_MAPPING>\n");
        assertTrue(d.diagnostics().list().get(0).message().startsWith("the constant mapping is not a JSON object"));
    }

    private static void check(String line, int column, String message) {
        SassDocument d = SassParser.parse("f.sass", "# Arch: sm_52\n" + line + "\n");
        assertEquals(1, d.diagnostics().size(), d.diagnostics().toString());
        Diagnostic g = d.diagnostics().list().get(0);
        assertEquals(2, g.line());
        if (column > 0) {
            assertEquals(column, g.column(), g.format());
        }
        assertTrue(g.message().contains(message), g.format());
        assertFalse(g.hint().isEmpty());
        assertEquals("f.sass", g.file());
        // the bad line is kept verbatim so the file still round-trips
        assertEquals("# Arch: sm_52\n" + line + "\n", SassPrinter.print(d.program()));
    }

    /** Splits into words and single separator characters (whitespace, ',', ';', '[', ']'). */
    private static String[] tokens(String s) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || c == ',' || c == ';' || c == '[' || c == ']') {
                if (i > start) {
                    out.add(s.substring(start, i));
                }
                out.add(String.valueOf(c));
                start = i + 1;
            }
        }
        if (start < s.length()) {
            out.add(s.substring(start));
        }
        return out.toArray(String[]::new);
    }

    @Test
    void fuzzedInputsNeverThrow() {
        long seed = 20190702L;
        Random r = new Random(seed);
        List<String> corpus = new ArrayList<>();
        for (String n : Examples.NAMES) {
            corpus.add(Examples.text(n));
        }
        corpus.add(MAXWELL_DUMP);
        corpus.add(VOLTA_DUMP);
        String alphabet = "RPc[]{}|-~!@#:;,.0x1fYZ_ \t\n\"`+";
        int mutations = 0;
        for (int iter = 0; iter < 10_500; iter++) {
            // a window of up to 12 lines of a corpus file keeps 10,000 parses cheap
            String[] all = corpus.get(r.nextInt(corpus.size())).split("\n", -1);
            int from = r.nextInt(all.length);
            String base = String.join("\n", java.util.Arrays.copyOfRange(all, from,
                    Math.min(all.length, from + 1 + r.nextInt(12)))) + "\n";
            String[] tokens = tokens(base);
            StringBuilder sb = new StringBuilder();
            int kind = r.nextInt(4);
            int at = r.nextInt(tokens.length);
            for (int k = 0; k < tokens.length; k++) {
                if (k == at) {
                    switch (kind) {
                        case 0 -> {
                        } // delete the token
                        case 1 -> sb.append(tokens[k]).append(tokens[k]); // duplicate it
                        case 2 -> sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
                        default -> sb.append(tokens[k]).append((char) r.nextInt(128));
                    }
                } else {
                    sb.append(tokens[k]);
                }
            }
            String text = sb.toString();
            mutations++;
            SassDocument d = SassParser.parse("fuzz", text);
            for (Diagnostic g : d.diagnostics()) {
                assertFalse(g.code().equals("sass.internal"), "seed " + seed + " iter " + iter + ": " + g.format());
                assertTrue(g.line() >= 1 && g.column() >= 1, "seed " + seed + ": " + g.format());
                assertFalse(g.hint().isEmpty(), "seed " + seed + ": " + g.format());
            }
            assertNotNull(SassPrinter.print(d.program()));
            if (!d.diagnostics().hasErrors() && !text.contains("\r")) {
                assertEquals(text, SassPrinter.print(d.program()), "seed " + seed + " iter " + iter);
            }
        }
        assertTrue(mutations >= 10_000);
    }
}
