package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import tessera.core.Diagnostic;
import tessera.regdem.analysis.Cfg;
import tessera.regdem.isa.Isa;
import tessera.regdem.sass.ControlCode;
import tessera.regdem.sass.CuobjdumpFunctions;
import tessera.regdem.sass.CuobjdumpImport;
import tessera.regdem.sass.KernelNames;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassDocument;
import tessera.regdem.sass.SassFunction;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassPrinter;
import tessera.regdem.sass.SassProgram;

/**
 * The parser on real nvcc 13 output ({@link NvccCorpus}: cuobjdump -sass of sm_75 … sm_90): every listing parses
 * without errors, splits into its {@code Function :} sections, keeps branch targets inside their function, round-trips,
 * and shows Isa every register its text names; the operand forms of these listings are read and written as the
 * hardware does.
 */
class NvccListingTest {
    private static final Pattern FUNCTION = Pattern.compile("(?m)^\\s*Function : (\\S+)\\s*$");
    private static final Pattern WORD = Pattern.compile("0x([0-9a-f]{16})");
    private static final Pattern INSTR = Pattern.compile("^\\s*/\\*([0-9a-f]{4,})\\*/\\s*(.*?)\\s*;");
    /** A GPR named in instruction text (not UR, not a predicate or special register). */
    private static final Pattern GPR = Pattern.compile("(?<![A-Za-z0-9_])R(\\d{1,3})(?![0-9])");

    static List<NvccCorpus.Entry> entries() {
        return NvccCorpus.entries();
    }

    private static SassDocument parse(NvccCorpus.Entry e) {
        SassDocument d = SassParser.parse(e.sass().toString(), e.text());
        assertFalse(d.diagnostics().hasErrors(), () -> e + ": " + d.diagnostics());
        return d;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void parsesWithoutErrorsOrUnmodelledOperands(NvccCorpus.Entry e) {
        SassDocument d = SassParser.parse(e.sass().toString(), e.text());
        List<Diagnostic> errors = d.diagnostics().list().stream().filter(Diagnostic::isError).toList();
        assertEquals(List.of(), errors, e.toString());
        assertEquals(SassProgram.Dialect.CUOBJDUMP_VOLTA, d.program().dialect());
        // every instruction line of the text is an instruction of the program
        long instrLines = e.text().lines().filter(l -> INSTR.matcher(l).find()).count();
        assertEquals(instrLines, d.program().instructions().size(), e.toString());
        for (Line.Instr i : d.program().instructions()) {
            // each instruction took the control bits of its own high word (bits 41-61)
            Matcher w = WORD.matcher(i.encoding());
            assertTrue(w.find() && w.find(), () -> e + ": " + SassPrinter.body(i) + " has no high word");
            assertEquals(ControlCode.decodeVolta(Long.parseUnsignedLong(w.group(1), 16)), i.ctrl(), e + " "
                    + SassPrinter.body(i));
            assertFalse(w.find());
            for (Operand o : i.operands()) {
                // nothing of this corpus is kept as an unmodelled word: no labels, lists or unknown names
                assertFalse(o instanceof Operand.Raw || o instanceof Operand.Name,
                        () -> e + ": " + SassPrinter.body(i) + " keeps '" + o.text() + "' unmodelled");
            }
        }
    }

    /** Every GPR that the instruction's text names is a read or a write of Isa (liveness sees all of them). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void isaSeesEveryNamedRegister(NvccCorpus.Entry e) {
        SassDocument d = parse(e);
        for (Line.Instr i : d.program().instructions()) {
            String text = SassPrinter.body(i);
            String operands = i.operands().stream().map(Operand::text).collect(Collectors.joining(", "));
            Isa.Info info = Isa.info(i);
            Set<Integer> seen = new HashSet<>(info.readRegs());
            seen.addAll(info.writeRegs());
            Matcher m = GPR.matcher(operands);
            while (m.find()) {
                int r = Integer.parseInt(m.group(1));
                assertTrue(seen.contains(r), () -> e + ": " + text + " hides R" + m.group(1) + " from Isa (reads "
                        + info.readRegs() + ", writes " + info.writeRegs() + ")");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void splitsIntoItsFunctions(NvccCorpus.Entry e) {
        SassDocument d = parse(e);
        List<String> names = new ArrayList<>();
        Matcher m = FUNCTION.matcher(e.text());
        while (m.find()) {
            names.add(m.group(1));
        }
        List<SassFunction> fs = d.functions();
        assertEquals(names, fs.stream().map(SassFunction::name).toList(), e.toString());
        int expected = switch (e.name()) {
            case "multi" -> 4;
            case "tensor" -> 2;
            default -> 1;
        };
        assertEquals(expected, fs.size(), e.toString());
        int total = 0;
        for (SassFunction f : fs) {
            assertEquals(e.arch(), f.arch());
            assertEquals(e.arch(), f.program().arch().orElseThrow(), "the function keeps its code-for banner");
            assertEquals(f.name(), f.program().kernelName().orElseThrow());
            List<Line.Instr> ins = f.program().instructions();
            total += ins.size();
            // addresses restart at 0 in every function and step by 16 bytes (Volta and later)
            for (int k = 0; k < ins.size(); k++) {
                assertEquals(16L * k, ins.get(k).address(), e + " " + f.name() + " instruction " + k);
                assertEquals(k, f.program().instructions().indexOf(f.instructionAt(16L * k)));
            }
            assertTrue(e.text().lines().skip(f.line() - 1).findFirst().orElseThrow().contains("Function : " + f.name()),
                    "line() is the Function line");
        }
        assertEquals(d.program().instructions().size(), total, "every instruction is in exactly one function");
    }

    /** Branch, call and BSSY targets are addresses of the branching function; its CFG resolves every one. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void branchTargetsStayInTheirFunction(NvccCorpus.Entry e) {
        for (SassFunction f : parse(e).functions()) {
            Set<Long> own = new TreeSet<>();
            for (Line.Instr i : f.program().instructions()) {
                own.add(i.address());
            }
            int targets = 0;
            for (Line.Instr i : f.program().instructions()) {
                if (List.of("BRA", "BSSY", "CALL").contains(i.opcode())) {
                    Operand.Imm t = (Operand.Imm) i.operands().get(i.operands().size() - 1);
                    assertTrue(own.contains(t.value()), () -> e + " " + f.name() + ": " + SassPrinter.body(i)
                            + " leaves the function");
                    targets++;
                }
            }
            SassProgram maxas = CuobjdumpImport.toMaxas(f);
            Cfg cfg = Cfg.build(maxas);
            assertTrue(cfg.problems().stream().noneMatch(p -> p.contains("branch target not found")),
                    () -> e + " " + f.name() + ": " + cfg.problems());
            long labels = maxas.lines().stream().filter(l -> l instanceof Line.Label).count();
            assertTrue(labels <= targets && (targets == 0) == (labels == 0), e + " " + f.name());
            for (Line.Instr i : maxas.instructions()) {
                if (List.of("BRA", "BSSY", "CALL").contains(i.opcode())) {
                    assertInstanceOf(Operand.Name.class, i.operands().get(i.operands().size() - 1),
                            () -> "target became a label: " + SassPrinter.body(i));
                }
            }
        }
    }

    /** print → parse is the identity on each function, as cuobjdump text and as maxas text. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void functionsRoundTrip(NvccCorpus.Entry e) {
        for (SassFunction f : parse(e).functions()) {
            String text = SassPrinter.print(f.program());
            SassDocument again = SassParser.parse("f.sass", text);
            assertFalse(again.diagnostics().hasErrors(), again.diagnostics()::toString);
            assertEquals(1, again.functions().size());
            SassFunction g = again.functions().get(0);
            assertEquals(f.name(), g.name());
            assertEquals(f.arch(), g.arch());
            assertEquals(f.program(), g.program());
            assertEquals(f.addresses(), g.addresses());

            SassProgram m = CuobjdumpImport.toMaxas(f);
            String maxas = SassPrinter.print(m);
            SassDocument md = SassParser.parse("m.sass", maxas);
            assertFalse(md.diagnostics().hasErrors(), () -> md.diagnostics() + "\n" + maxas);
            assertEquals(m, md.program(), e + " " + f.name());
            assertEquals(maxas, SassPrinter.print(md.program()));
        }
    }

    @Test
    void multiKernelListing() {
        NvccCorpus.Entry multi = entry("sm_90", "multi");
        SassDocument d = parse(multi);
        List<SassFunction> fs = d.functions();
        assertEquals(List.of("_Z12mixed_sharediPKfPf", "_Z12clamp_selectiffPKfPfPi", "_Z9histogramiPKhPj",
                "_Z5scaleifPf"), fs.stream().map(SassFunction::name).toList());
        assertEquals(List.of("mixed_shared", "clamp_select", "histogram", "scale"),
                fs.stream().map(SassFunction::plainName).toList());
        // one program over all four would have four instructions at address 0
        assertEquals(4, d.program().instructions().stream().filter(i -> i.address() == 0).count());
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> CuobjdumpImport.toMaxas(d.program()));
        assertTrue(ex.getMessage().contains("4 kernels") && ex.getMessage().contains("_Z5scaleifPf (scale)"),
                ex.getMessage());
        SassProgram scale = CuobjdumpImport.toMaxas(fs.get(3));
        assertEquals("_Z5scaleifPf", scale.header("Kernel").orElseThrow());
        assertEquals("sm_90", scale.arch().orElseThrow());
        assertEquals(fs.get(3).program().instructions().size(), scale.instructions().size());

        CuobjdumpFunctions.Selection none = CuobjdumpFunctions.select(fs, null, null);
        assertNull(none.function());
        assertTrue(none.message().contains("4 kernels") && none.message().contains("_Z9histogramiPKhPj (histogram)"),
                none.message());
        assertEquals("choose one with --kernel NAME", none.hint());
        assertEquals("_Z5scaleifPf", CuobjdumpFunctions.select(fs, "scale", null).function().name());
        assertEquals("_Z5scaleifPf", CuobjdumpFunctions.select(fs, "_Z5scaleifPf", null).function().name());
        CuobjdumpFunctions.Selection wrong = CuobjdumpFunctions.select(fs, "scal", null);
        assertFalse(wrong.ok());
        assertTrue(wrong.message().startsWith("no kernel 'scal' in the listing; kernels: _Z12mixed_sharediPKfPf"),
                wrong.message());

        SassDocument tensor = parse(entry("sm_80", "tensor"));
        assertEquals(2, tensor.functions().size());
        assertEquals(1, parse(entry("sm_75", "sgemm")).functions().size());
        assertNotNull(CuobjdumpFunctions.select(parse(entry("sm_75", "sgemm")).functions(), null, null).function());
    }

    @Test
    void sameKernelForSeveralArchitectures() {
        String sm80 = entry("sm_80", "multi").text();
        String sm90 = entry("sm_90", "multi").text();
        SassDocument d = SassParser.parse("fat.sass", sm80 + "\n" + sm90);
        assertFalse(d.diagnostics().hasErrors(), d.diagnostics()::toString);
        List<SassFunction> fs = d.functions();
        assertEquals(8, fs.size());
        assertEquals(List.of("sm_80", "sm_80", "sm_80", "sm_80", "sm_90", "sm_90", "sm_90", "sm_90"),
                fs.stream().map(SassFunction::arch).toList());
        CuobjdumpFunctions.Selection both = CuobjdumpFunctions.select(fs, "scale", null);
        assertFalse(both.ok());
        assertTrue(both.message().contains("several architectures") && both.message().contains("[sm_80]"),
                both.message());
        SassFunction s90 = CuobjdumpFunctions.select(fs, "scale", "sm_90").function();
        assertEquals("sm_90", s90.arch());
        assertEquals("sm_90", CuobjdumpImport.toMaxas(s90).arch().orElseThrow());
        assertFalse(SassPrinter.print(s90.program()).contains("sm_80"));
    }

    /** Maxwell listings split the same way; each function keeps the control codes of its own control words. */
    @Test
    void maxwellListingOfTwoKernels() {
        String one = tessera.regdem.examples.Examples.cuobjdump("scale_sm52");
        String two = one.replace("_Z5scalePfi", "_Z6scale2Pfi").replace("code for sm_52\n", "");
        SassDocument d = SassParser.parse("two.sass", one + "\n" + two);
        assertFalse(d.diagnostics().hasErrors(), d.diagnostics()::toString);
        List<SassFunction> fs = d.functions();
        assertEquals(List.of("_Z5scalePfi", "_Z6scale2Pfi"), fs.stream().map(SassFunction::name).toList());
        assertEquals(List.of("sm_52", "sm_52"), fs.stream().map(SassFunction::arch).toList());
        assertEquals(fs.get(0).program().instructions(), fs.get(1).program().instructions());
        assertEquals(9, fs.get(1).program().instructions().size());
        assertEquals(0x58L, fs.get(1).program().instructions().get(8).address());
        SassProgram m = CuobjdumpImport.toMaxas(fs.get(1));
        assertEquals(List.of("TARGET1"), m.lines().stream().filter(l -> l instanceof Line.Label)
                .map(l -> ((Line.Label) l).name()).toList(), "BRA 0x58 of the second kernel targets itself");
        SassDocument again = SassParser.parse("f.sass", SassPrinter.print(fs.get(1).program()));
        assertEquals(SassProgram.Dialect.CUOBJDUMP_MAXWELL, again.program().dialect());
        assertEquals(fs.get(1).program(), again.functions().get(0).program());
    }

    @Test
    void kernelNames() {
        assertEquals("scale", KernelNames.qualified("_Z5scaleifPf"));
        assertEquals("ns::kernel", KernelNames.qualified("_ZN2ns6kernelEPf"));
        assertEquals("std::foo", KernelNames.qualified("_ZNSt3fooEv"));
        assertEquals("kernel", KernelNames.qualified("_Z6kernelIfEvPT_"));
        assertEquals("helper", KernelNames.qualified("_ZL6helperv"));
        assertNull(KernelNames.qualified("scale"));
        assertNull(KernelNames.qualified("_Z99x"));
        SassFunction f = new SassFunction("_ZN2ns6kernelEPf", "sm_90", new SassProgram(SassProgram.Dialect.MAXAS,
                List.of()), List.of(), 0, java.util.Map.of());
        assertEquals("kernel", f.plainName());
        assertEquals("ns::kernel", f.qualifiedName());
        assertEquals("ns::kernel", CuobjdumpFunctions.select(List.of(f), "ns::kernel", null).function().qualifiedName());
    }

    // ---- operand forms of the corpus: model and Isa semantics ----

    private static Line.Instr volta(String body) {
        String text = "\tcode for sm_90\n\t\tFunction : _Z1kv\n        /*0000*/                   " + body
                + " ;  /* 0x0000000000000000 */\n                  /* 0x000fe20000000800 */\n";
        SassDocument d = SassParser.parse("t.sass", text);
        assertFalse(d.diagnostics().hasErrors(), () -> body + ": " + d.diagnostics());
        return d.program().instructions().get(0);
    }

    private static List<Integer> reads(Line.Instr i) {
        return Isa.info(i).readRegs().stream().sorted().toList();
    }

    private static List<Integer> writes(Line.Instr i) {
        return Isa.info(i).writeRegs().stream().sorted().toList();
    }

    @Test
    void returnAddressRegister() {
        Line.Instr ret = volta("RET.REL.NODEC R4 0x0");
        assertEquals(2, ret.operands().size());
        assertEquals(Operand.Reg.of(4), ret.operands().get(0));
        assertEquals(0L, ((Operand.Imm) ret.operands().get(1)).value());
        assertEquals(List.of(4, 5), reads(ret), "CALL's return address is the pair R4:R5");
        assertEquals(List.of(), writes(ret));
        assertTrue(Isa.endsBlock(ret));
        Line.Instr brx = volta("BRX R2 -0x80");
        assertEquals(-0x80L, ((Operand.Imm) brx.operands().get(1)).value());
        assertTrue(reads(brx).contains(2));
    }

    @Test
    void absoluteValueWithReuse() {
        Line.Instr i = volta("FSETP.NEU.FTZ.AND P2, PT, |R3|.reuse, +INF , PT");
        Operand.Reg r = (Operand.Reg) i.operands().get(2);
        assertEquals(3, r.num());
        assertTrue(r.abs() && r.hasExt("reuse") && !r.neg());
        assertEquals("|R3|.reuse", r.text());
        assertEquals(r, SassParser.operand("|R3.reuse|"), "maxas spelling, same operand");
        Operand.Imm inf = (Operand.Imm) i.operands().get(3);
        assertTrue(inf.isFloat());
        assertEquals(0x7f800000L, inf.value());
        assertEquals(List.of(3), reads(i));
        assertEquals(List.of(), writes(i));
        assertEquals(List.of(2), Isa.info(i).predWrites());
        Operand.Imm qnan = (Operand.Imm) volta("MUFU.RSQ R7, -QNAN").operands().get(1);
        assertTrue(qnan.isFloat() && Float.isNaN(Float.intBitsToFloat((int) qnan.value())));
        assertEquals("-QNAN", qnan.text());
        assertEquals(Float.NEGATIVE_INFINITY, Float.intBitsToFloat((int) ((Operand.Imm) volta("FSEL R5, R5, -INF , P0")
                .operands().get(2)).value()));
    }

    @Test
    void addressesAndConstants() {
        Line.Instr sts = volta("STS [R6.X4+0x100], R7");
        Operand.Mem m = (Operand.Mem) sts.operands().get(0);
        assertEquals(6, m.base().num());
        assertEquals(List.of("X4"), m.base().ext());
        assertEquals(0x100, m.offset());
        assertEquals(List.of(6, 7), reads(sts));
        Line.Instr ldg = volta("LDG.E.64 R4, desc[UR4][R2.64+0x10]");
        Operand.Mem dm = (Operand.Mem) ldg.operands().get(1);
        assertEquals("desc[UR4]", dm.prefix());
        assertEquals(0x10, dm.offset());
        assertEquals(List.of(2, 3), reads(ldg));
        assertEquals(List.of(4, 5), writes(ldg));
        Line.Instr neg = volta("LDG.E.CONSTANT R8, [R4.64+-0x4]");
        assertEquals(-4, ((Operand.Mem) neg.operands().get(1)).offset());
        Line.Instr lds = volta("LDS.128 R28, [R11+UR5+0x10]");
        Operand.Mem um = (Operand.Mem) lds.operands().get(1);
        assertEquals(11, um.base().num());
        assertEquals(5, um.ubase().num());
        assertEquals(List.of(11), reads(lds));
        assertEquals(List.of(28, 29, 30, 31), writes(lds));
        Line.Instr atoms = volta("ATOMS.POPC.INC.32 RZ, [R2.X4+URZ]");
        assertEquals(List.of(2), reads(atoms));
        Line.Instr c = volta("ISETP.GE.U32.AND P0, PT, R5, c[0x0][0x210], PT");
        Operand.Const k = (Operand.Const) c.operands().get(3);
        assertEquals(0, k.bank());
        assertEquals(0x210, k.offset());
        assertEquals(List.of(5), reads(c));
        Line.Instr ldc = volta("LDC R2, c[0x0][RZ]");
        assertEquals(Operand.RZ, ((Operand.Const) ldc.operands().get(1)).index().num());
        assertEquals(List.of(2), writes(ldc));
    }

    @Test
    void specialAndBarrierRegisters() {
        Line.Instr s2ur = volta("S2UR UR6, SR_CgaCtaId");
        assertEquals(new Operand.SpecialReg("SR_CgaCtaId"), s2ur.operands().get(1));
        assertEquals(List.of(), reads(s2ur));
        assertEquals(List.of(), writes(s2ur), "uniform registers are not allocated GPRs");
        Line.Instr cs2r = volta("CS2R R20, SRZ");
        assertEquals(new Operand.SpecialReg("SRZ"), cs2r.operands().get(1));
        assertEquals(List.of(20, 21), writes(cs2r), "CS2R zeroes a register pair");
        assertEquals(List.of(4), writes(volta("CS2R.32 R4, SR_CLOCKLO")));
        assertEquals(new Operand.SpecialReg("B0"), volta("BSSY B0, 0x3e0").operands().get(0));
        assertEquals(new Operand.SpecialReg("B1"), volta("BMOV.32.CLEAR RZ, B1").operands().get(1));
        assertEquals(new Operand.SpecialReg("SB0"), volta("DEPBAR.LE SB0, 0x1").operands().get(0));
        // in maxas code a label may be called B1: a branch target stays a name
        SassProgram p = TestSupport.parse(TestSupport.kernel("--:-:-:-:1       BRA B1;", "B1:",
                "--:-:-:-:1       EXIT;"));
        assertEquals(new Operand.Name("B1"), p.instructions().get(0).operands().get(0));
    }

    @Test
    void tensorCoreAndAsyncCopyForms() {
        Line.Instr ldsm = volta("LDSM.16.M88.4 R8, [R5]");
        assertEquals(List.of(8, 9, 10, 11), writes(ldsm));
        assertEquals(List.of(5), reads(ldsm));
        assertEquals(List.of(2, 3), writes(volta("LDSM.16.MT88.2 R2, [R4+0x200]")));
        Line.Instr hmma = volta("HMMA.16816.F32 R4, R12.reuse, R20, R4");
        assertEquals(List.of(4, 5, 6, 7), writes(hmma));
        assertEquals(List.of(4, 5, 6, 7, 12, 13, 14, 15, 20, 21), reads(hmma));
        Line.Instr h1688 = volta("HMMA.1688.F32 R8, R12, R20, RZ");
        assertEquals(List.of(8, 9, 10, 11), writes(h1688));
        assertEquals(List.of(12, 13, 20), reads(h1688));
        assertEquals(List.of(4, 5), writes(volta("HMMA.16816.F16 R4, R12, R20, R4")));
        Line.Instr cp = volta("LDGSTS.E.BYPASS.128 [R5+0x100], [R2.64+0x100]");
        assertEquals(List.of(2, 3, 5), reads(cp));
        assertEquals(List.of(), writes(cp));
        Line.Instr redux = volta("REDUX.SUM UR4, R3");
        assertEquals(List.of(3), reads(redux));
        assertEquals(List.of(), writes(redux));
        assertEquals(List.of(2), reads(volta("R2UR UR4, R2")));
        Line.Instr red = volta("RED.E.ADD.F32.FTZ.RN.STRONG.GPU [R2.64], R5");
        assertEquals(List.of(2, 3, 5), reads(red));
        assertEquals(List.of(), writes(red));
    }

    @Test
    void predicateDestinationsAndWideOperands() {
        Line.Instr iadd3 = volta("IADD3 R2, P1, RZ, -R5.reuse, RZ");
        assertEquals(List.of(1), Isa.info(iadd3).predWrites(), "the carry out");
        assertEquals(List.of(2), writes(iadd3));
        assertEquals(List.of(5), reads(iadd3));
        Line.Instr x = volta("IADD3.X R13, R5, -0x4924924a, RZ, P0, !PT");
        assertEquals(List.of(0), Isa.info(x).predReads(), "the carry in");
        assertEquals(List.of(), Isa.info(x).predWrites());
        Line.Instr lop = volta("LOP3.LUT P0, R6, R6, 0xc, RZ, 0xc0, !PT");
        assertEquals(List.of(0), Isa.info(lop).predWrites());
        assertEquals(List.of(6), writes(lop));
        assertEquals(List.of(6), reads(lop));
        Line.Instr fchk = volta("FCHK P0, R1, R2");
        assertEquals(List.of(0), Isa.info(fchk).predWrites());
        assertEquals(List.of(1, 2), reads(fchk));
        assertEquals(List.of(), writes(fchk));
        Line.Instr vote = volta("VOTE.ALL P0, P1");
        assertEquals(List.of(0), Isa.info(vote).predWrites());
        assertEquals(List.of(1), Isa.info(vote).predReads());
        Line.Instr ballot = volta("VOTE.ANY R5, PT, P0");
        assertEquals(List.of(5), writes(ballot));
        assertEquals(List.of(0), Isa.info(ballot).predReads());
        Line.Instr plop = volta("PLOP3.LUT P1, PT, P1, P3, PT, 0x2a, 0x0");
        assertEquals(List.of(1), Isa.info(plop).predWrites());
        assertEquals(List.of(1, 3), Isa.info(plop).predReads());
        Line.Instr shfl = volta("SHFL.DOWN PT, R5, R2, 0x4, 0x1f");
        assertEquals(List.of(5), writes(shfl));
        assertEquals(List.of(2), reads(shfl));
        Line.Instr wide = volta("IMAD.WIDE.U32 R2, R5, 0x4, R2");
        assertEquals(List.of(2, 3), writes(wide));
        assertEquals(List.of(2, 3, 5), reads(wide), "the addend of IMAD.WIDE is a pair");
        Line.Instr i2f = volta("I2F.U64.RP R4, R6");
        assertEquals(List.of(4), writes(i2f));
        assertEquals(List.of(6, 7), reads(i2f));
        Line.Instr f2i = volta("F2I.U64.TRUNC R10, R10");
        assertEquals(List.of(10, 11), writes(f2i));
        assertEquals(List.of(10), reads(f2i));
        assertEquals(List.of(2, 3), writes(volta("I2F.F64 R2, R4")));
        assertEquals(List.of(4, 5), reads(volta("F2I.F64.TRUNC R2, R4")));
        Line.Instr dfma = volta("DFMA R4, R2, R4, R6");
        assertEquals(List.of(4, 5), writes(dfma));
        assertEquals(List.of(2, 3, 4, 5, 6, 7), reads(dfma));
        Line.Instr sel = volta("SEL R2, R2, 0xffffffff, P0");
        assertEquals(List.of(0), Isa.info(sel).predReads());
        Line.Instr bra = volta("BRA !P3, 0x0");
        assertEquals(List.of(3), Isa.info(bra).predReads());
    }

    @Test
    void unknownFormsStayDiagnostics() {
        String head = "\tcode for sm_90\n\t\tFunction : _Z1kv\n";
        String word = "\n                  /* 0x000fe20000000800 */\n";
        SassDocument d = SassParser.parse("t.sass", head
                + "        /*0000*/                   MOV R1 R2 ;  /* 0x0000000000000000 */" + word
                + "        /*0010*/                   MOV R1, {R4,R5} ;  /* 0x0000000000000000 */" + word
                + "        /*0020*/                   MOV R1, %weird ;  /* 0x0000000000000000 */" + word
                + "        /*0030*/                   EXIT ;  /* 0x0000000000000000 */" + word);
        List<Diagnostic> errs = d.diagnostics().list();
        assertEquals(3, errs.size(), errs.toString()); // no follow-on errors for the high words
        assertEquals(3, errs.get(0).line());
        assertEquals(43, errs.get(0).column(), errs.get(0).format());
        assertTrue(errs.get(0).message().startsWith("missing ',' before 'R2'"), errs.get(0).message());
        assertEquals(5, errs.get(1).line());
        assertEquals(44, errs.get(1).column(), errs.get(1).format());
        assertTrue(errs.get(1).message().contains("register list"), errs.get(1).message());
        assertEquals(7, errs.get(2).line());
        assertTrue(errs.get(2).message().startsWith("unrecognised operand '%weird'"), errs.get(2).message());
        assertEquals(1, d.program().instructions().size());
    }

    private static NvccCorpus.Entry entry(String arch, String name) {
        return NvccCorpus.entries().stream().filter(e -> e.arch().equals(arch) && e.name().equals(name)).findFirst()
                .orElseThrow();
    }
}
