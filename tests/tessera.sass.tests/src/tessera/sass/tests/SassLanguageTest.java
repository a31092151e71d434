package tessera.sass.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import tessera.regdem.examples.Examples;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassPrinter;
import tessera.sass.ide.SassSemanticHighlightingCalculator;

/**
 * The .sass language on every example and on cuobjdump listings: the Xtext parse is total and keeps the text, the
 * printer round trip holds, highlighting, outline by basic block and hover agree with oracles written here
 * (leader scan, control-code bit decoding), and examples validate clean.
 */
class SassLanguageTest {
    static final Pattern CTRL = Pattern.compile("^([0-9a-fA-F-]{2}):([1-6-]):([1-6-]):([Y-]):([0-9a-fA-F])\\s+(@!?U?P[0-6T]\\s+)?([A-Z][A-Z0-9_]*)(\\.[A-Za-z0-9_.]+)?");
    static final Pattern LABEL = Pattern.compile("^([A-Za-z_.$][A-Za-z0-9_.$]*):\\s*$");
    static final Set<String> JUMPS = Set.of("BRA", "BRX", "JMP", "JMX", "BRK", "CONT", "SYNC", "RET", "EXIT", "CAL",
            "JCAL", "KIL");

    static Stream<String> examples() {
        return Examples.NAMES.stream();
    }

    /** Oracle: basic blocks by a leader scan of the maxas text (labels; the instruction after a jump). */
    static List<List<String>> leaderScan(String text) {
        List<List<String>> blocks = new ArrayList<>();
        List<String> cur = null;
        boolean curHasInstr = false;
        boolean afterJump = false;
        for (String l : text.split("\n", -1)) {
            Matcher lm = LABEL.matcher(l.trim());
            Matcher cm = CTRL.matcher(l);
            if (lm.matches()) {
                if (cur == null || curHasInstr) {
                    cur = new ArrayList<>();
                    blocks.add(cur);
                    curHasInstr = false;
                }
                cur.add(lm.group(1) + ":");
                afterJump = false;
            } else if (cm.find()) {
                if (cur == null || (afterJump && curHasInstr)) {
                    cur = new ArrayList<>();
                    blocks.add(cur);
                }
                cur.add(cm.group(7));
                curHasInstr = true;
                afterJump = JUMPS.contains(cm.group(7));
            }
        }
        return blocks;
    }

    /** Oracle: the maxas text of a control code, from its 17 bits (digest §2.3). */
    static String ctrlText(int bits) {
        int stall = bits & 0xf;
        boolean yield = ((bits >> 4) & 1) == 0;
        int wb = (bits >> 5) & 7;
        int rb = (bits >> 8) & 7;
        int wait = (bits >> 11) & 0x3f;
        return (wait == 0 ? "--" : String.format("%02x", wait)) + ":" + (rb >= 6 ? "-" : String.valueOf(rb + 1)) + ":"
                + (wb >= 6 ? "-" : String.valueOf(wb + 1)) + ":" + (yield ? "Y" : "-") + ":"
                + Integer.toHexString(stall);
    }

    /** Oracle: the phrases a hover must show for a control code text. */
    static List<String> phrases(String ctrl) {
        String[] f = ctrl.split(":");
        List<String> out = new ArrayList<>();
        if (f[0].equals("--")) {
            out.add("no wait");
        } else {
            int w = Integer.parseInt(f[0], 16);
            List<String> bs = new ArrayList<>();
            for (int b = 0; b < 6; b++) {
                if ((w & (1 << b)) != 0) {
                    bs.add(String.valueOf(b + 1));
                }
            }
            out.add("waits on barrier" + (bs.size() > 1 ? "s " : " ") + String.join(",", bs));
        }
        out.add("read barrier " + (f[1].equals("-") ? "none" : f[1]));
        out.add("write barrier " + (f[2].equals("-") ? "none" : f[2]));
        out.add(f[3].equals("Y") ? "; yield" : "no yield");
        int s = Integer.parseInt(f[4], 16);
        out.add("stall " + s + (s == 1 ? " cycle" : " cycles"));
        return out;
    }

    @ParameterizedTest
    @MethodSource("examples")
    void exampleParsesTotallyRoundTripsAndValidatesClean(String name) {
        loadClean(name, Examples.text(name));
    }

    /** Loads a listing that must be clean: total parse keeping the text, printer round trip, no issues. */
    static XtextResource loadClean(String name, String text) {
        XtextResource r = Sass.load(name, text);
        assertEquals(List.of(), r.getErrors(), "the Xtext grammar accepts every text");
        assertEquals(text, r.getParseResult().getRootNode().getText(), "the node model keeps the text");
        assertEquals(text, SassPrinter.print(SassParser.parse(name, text).program()), "parse then print");
        List<Issue> issues = Sass.validate(r);
        assertEquals(List.of(), issues.stream().map(Issue::toString).toList(), name + " validates clean");
        return r;
    }

    @ParameterizedTest
    @MethodSource("examples")
    void exampleHighlightingCoversEveryControlCodeOpcodeAndRegister(String name) {
        String text = Examples.text(name);
        List<Sass.Style> styles = Sass.styles(Sass.load(name, text));
        Map<Integer, Sass.Style> at = new LinkedHashMap<>();
        for (Sass.Style s : styles) {
            assertTrue(s.offset() >= 0 && s.offset() + s.length() <= text.length(), s.toString());
            String tok = text.substring(s.offset(), s.offset() + s.length());
            assertEquals(tok.strip(), tok, "a style covers a token, not blanks: " + s);
            at.put(s.offset(), s);
        }
        int offset = 0;
        int instructions = 0;
        for (String l : text.split("\n", -1)) {
            Matcher m = CTRL.matcher(l);
            if (m.find()) {
                instructions++;
                assertEquals(SassSemanticHighlightingCalculator.CONTROL, at.get(offset).id(), l);
                assertEquals(10, at.get(offset).length(), l);
                Sass.Style op = at.get(offset + m.start(7));
                assertTrue(op != null && Set.of("keyword", SassSemanticHighlightingCalculator.MEMORY_OPCODE,
                        SassSemanticHighlightingCalculator.BRANCH_OPCODE).contains(op.id()), l + " " + op);
                String expect = m.group(7).matches("LD.*|ST.*|ATOM.*|RED|BAR|DEPBAR|TEX.*|SHFL") ? SassSemanticHighlightingCalculator.MEMORY_OPCODE
                        : JUMPS.contains(m.group(7)) || m.group(7).matches("SSY|PBK|PCNT|NOP|MEMBAR") ? SassSemanticHighlightingCalculator.BRANCH_OPCODE : "keyword";
                assertEquals(expect, op.id(), l);
                String body = l.substring(0, l.indexOf(';'));
                Matcher reg = Pattern.compile("\\bR(\\d+)\\b").matcher(body);
                while (reg.find()) {
                    int p = offset + reg.start();
                    assertTrue(styles.stream().anyMatch(s -> s.id().equals(SassSemanticHighlightingCalculator.REGISTER)
                            && s.offset() <= p && p < s.offset() + s.length()), "register styled: " + reg.group() + " in " + l);
                }
            } else if (LABEL.matcher(l.trim()).matches()) {
                assertEquals(SassSemanticHighlightingCalculator.LABEL, at.get(offset + l.indexOf(l.trim())).id(), l);
            }
            offset += l.length() + 1;
        }
        assertEquals(instructions, styles.stream().filter(s -> s.id().equals(SassSemanticHighlightingCalculator.CONTROL)).count());
        assertTrue(instructions > 10, name);
    }

    @ParameterizedTest
    @MethodSource("examples")
    void exampleOutlineIsOneEntryPerBasicBlock(String name) {
        String text = Examples.text(name);
        XtextResource r = Sass.load(name, text);
        List<DocumentSymbol> symbols = Sass.outline(r, text);
        assertEquals(SymbolKind.Module, symbols.get(0).getKind());
        assertTrue(symbols.get(0).getName().startsWith("kernel "), symbols.get(0).getName());
        List<DocumentSymbol> blocks = symbols.subList(1, symbols.size());
        List<List<String>> oracle = leaderScan(text);
        assertEquals(oracle.size(), blocks.size(), name + " blocks");
        for (int b = 0; b < oracle.size(); b++) {
            List<String> expectOps = oracle.get(b).stream().filter(x -> !x.endsWith(":")).toList();
            DocumentSymbol s = blocks.get(b);
            assertTrue(s.getName().startsWith("B" + b), s.getName());
            for (String lab : oracle.get(b)) {
                if (lab.endsWith(":")) {
                    assertTrue(s.getName().contains(lab.substring(0, lab.length() - 1)), s.getName() + " has " + lab);
                }
            }
            List<String> ops = s.getChildren().stream().map(c -> c.getName().replaceFirst("^@!?P\\S+ ", "")
                    .replaceAll("[. ].*", "")).toList();
            assertEquals(expectOps, ops, name + " block " + b);
        }
        // loop headers (targets of backward branches) are loop blocks
        List<String> lines = List.of(text.split("\n", -1));
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = Pattern.compile("\\bBRA (\\w+);").matcher(lines.get(i));
            if (m.find() && lines.subList(0, i).stream().anyMatch(l -> l.trim().equals(m.group(1) + ":"))) {
                DocumentSymbol header = blocks.stream().filter(s -> s.getName().contains(" " + m.group(1))).findFirst().orElseThrow();
                assertEquals(SymbolKind.Class, header.getKind(), header.getName());
                assertTrue(header.getDetail().contains("loop depth"), header.getDetail());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("examples")
    void exampleHoverDecodesEveryControlCodeAndNamesTheClass(String name) {
        String text = Examples.text(name);
        XtextResource r = Sass.load(name, text);
        Map<String, String> classes = Map.of("LDG", "GMEM", "STG", "GMEM", "LDS", "SMEM", "STS", "SMEM", "S2R", "S2R",
                "FFMA", "X32", "DFMA", "X64", "BRA", "BRANCH", "ISETP", "CMP", "SHL", "SHFT");
        int offset = 0;
        for (String l : text.split("\n", -1)) {
            Matcher m = CTRL.matcher(l);
            if (m.find()) {
                String ctrl = l.substring(0, 10);
                String h = Sass.hover(r, text, offset + 3);
                assertTrue(h.contains("control `" + ctrl + "`"), h);
                for (String p : phrases(ctrl)) {
                    assertTrue(h.contains(p), "hover of " + l + " says '" + p + "': " + h);
                }
                String onOpcode = Sass.hover(r, text, offset + m.start(7));
                assertTrue(onOpcode.startsWith("**" + m.group(7)), onOpcode);
                if (classes.containsKey(m.group(7))) {
                    assertTrue(onOpcode.contains("class " + classes.get(m.group(7))), onOpcode);
                }
            }
            offset += l.length() + 1;
        }
    }

    @Test
    void maxwellCuobjdumpListing() {
        String text = Sass.MAXWELL_DUMP;
        XtextResource r = loadClean("scale", text);
        // oracle: unpack each control word by hand, three codes at bits 0, 21, 42
        List<String> expected = new ArrayList<>();
        for (Matcher m = Pattern.compile("^\\s*/\\* 0x([0-9a-f]{16}) \\*/$", Pattern.MULTILINE).matcher(text); m.find();) {
            long w = Long.parseUnsignedLong(m.group(1), 16);
            for (int k = 0; k < 3; k++) {
                expected.add(ctrlText((int) ((w >>> (21 * k)) & 0x1ffff)));
            }
        }
        List<String> opcodes = new ArrayList<>();
        int k = 0;
        for (Matcher m = Pattern.compile("/\\*[0-9a-f]{4}\\*/\\s+(@!?P\\d\\s+)?([A-Z0-9]+)").matcher(text); m.find(); k++) {
            opcodes.add(m.group(2));
            String h = Sass.hover(r, text, m.start(2));
            assertTrue(h.contains("control `" + expected.get(k) + "` (decoded from the control word)"), m.group(2) + ": " + h);
        }
        assertEquals(List.of("MOV", "S2R", "SHL", "ISETP", "EXIT", "LDS", "STS", "EXIT", "BRA"), opcodes);
        String word = Sass.hover(r, text, text.indexOf("0x001c4400fe0007f6"));
        assertTrue(word.startsWith("control word of the next 3 instructions"), word);
        assertTrue(word.contains("1. `" + expected.get(0) + "`"), word);
        List<DocumentSymbol> blocks = Sass.outline(r, text).stream().filter(s -> s.getName().startsWith("B")).toList();
        // leaders: 0x0008, after @P0 EXIT (0x0038), after EXIT (0x0058, the BRA to itself)
        assertEquals(3, blocks.size(), blocks.toString());
        assertEquals(List.of(5, 3, 1), blocks.stream().map(b -> b.getChildren().size()).toList());
        assertEquals("B0", blocks.get(0).getName());
        assertTrue(Sass.outline(r, text).get(0).getName().contains("_Z5scalePfi"));
    }

    @Test
    void voltaCuobjdumpListingDecodesTheHighWord() {
        String text = Sass.VOLTA_DUMP;
        XtextResource r = loadClean("add", text);
        // digest §2.3 vectors: S2R 0x000e220000002100 = --:-:1:-:1; IMAD 0x001fca00078e0203 = 01:-:-:Y:5
        String s2r = Sass.hover(r, text, text.indexOf("S2R"));
        assertTrue(s2r.contains("control `--:-:1:-:1` (decoded from bits 41–61 of the high word)"), s2r);
        assertTrue(s2r.contains("class S2R"), s2r);
        String imad = Sass.hover(r, text, text.indexOf("IMAD"));
        assertTrue(imad.contains("control `01:-:-:Y:5`"), imad);
        for (Matcher m = Pattern.compile("/\\* 0x([0-9a-f]{16}) \\*/\\n\\s+/\\* 0x([0-9a-f]{16}) \\*/").matcher(text); m.find();) {
            long hi = Long.parseUnsignedLong(m.group(2), 16);
            String h = Sass.hover(r, text, m.start(2));
            assertTrue(h.contains("control `" + ctrlText((int) ((hi >>> 41) & 0x1ffff)) + "`"), h);
        }
        List<DocumentSymbol> blocks = Sass.outline(r, text).stream().filter(s -> s.getName().startsWith("B")).toList();
        assertEquals(2, blocks.size(), blocks.toString());
        assertEquals(List.of("MOV", "S2R", "IMAD", "LDG.E", "EXIT"), blocks.get(0).getChildren().stream()
                .map(DocumentSymbol::getName).map(n -> n.replaceAll(" .*", "")).toList());
    }

    static Issue only(List<Issue> issues, Severity sev) {
        List<Issue> l = issues.stream().filter(i -> i.getSeverity() == sev).toList();
        assertEquals(1, l.size(), issues.toString());
        return l.get(0);
    }

    static int lineOf(String text, String needle) {
        int at = text.indexOf(needle);
        assertTrue(at >= 0, needle);
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    @Test
    void malformedLinesGiveDiagnosticsAtTheirLines() {
        String ok = Examples.text("divergent");
        String badCtrl = ok.replaceFirst("--:-:-:-:6       SHL R2, R0, 0x2;", "zz:-:-:-:6       SHL R2, R0, 0x2;");
        Issue i = only(Sass.validate(Sass.load("d", badCtrl)), Severity.ERROR);
        assertEquals(lineOf(badCtrl, "zz:-"), i.getLineNumber());
        assertEquals(1, i.getColumn());
        assertTrue(i.getMessage().contains("expected a control code WW:R:W:Y:S"), i.getMessage());

        String badReg = ok.replace("MOV R5, RZ;", "MOV R300, RZ;");
        i = only(Sass.validate(Sass.load("d", badReg)), Severity.ERROR);
        assertEquals(lineOf(badReg, "R300"), i.getLineNumber());
        assertTrue(i.getMessage().contains("register number out of range"), i.getMessage());
        assertEquals(badReg.indexOf("R300"), i.getOffset());

        String unclosed = ok.replace("</CONSTANT_MAPPING>\n", "");
        i = Sass.validate(Sass.load("d", unclosed)).stream().filter(x -> x.getMessage().contains("not closed")).findFirst().orElseThrow();
        assertEquals(lineOf(unclosed, "<CONSTANT_MAPPING>"), i.getLineNumber());

        String noTarget = ok.replace("@!P1  BRA THREE;", "@!P1  BRA NOWHERE;");
        i = only(Sass.validate(Sass.load("d", noTarget)), Severity.WARNING);
        assertEquals(lineOf(noTarget, "BRA NOWHERE"), i.getLineNumber());
        assertTrue(i.getMessage().contains("branch target not found"), i.getMessage());

        // XMAD reads R0 and R2 from the two S2R (write barriers 1 and 2): dropping its wait is a hazard
        String hazard = ok.replace("03:-:-:-:6       XMAD", "--:-:-:-:6       XMAD");
        List<Issue> hz = Sass.validate(Sass.load("d", hazard));
        int xmad = lineOf(hazard, "--:-:-:-:6       XMAD");
        assertTrue(hz.stream().allMatch(x -> x.getSeverity() == Severity.WARNING
                && x.getMessage().startsWith("control-code hazard: ")), hz.toString());
        for (String r : List.of("R0", "R2")) {
            assertTrue(hz.stream().anyMatch(x -> x.getLineNumber() == xmad
                    && x.getMessage().startsWith("control-code hazard: XMAD reads " + r + " before its variable-latency producer")), hz.toString());
        }
    }

    @Test
    void contentAssistAndFormattingAreHarmless() {
        String text = Examples.text("divergent");
        XtextResource r = Sass.load("d", text);
        org.eclipse.xtext.ide.server.Document doc = new org.eclipse.xtext.ide.server.Document(1, text);
        var id = new org.eclipse.lsp4j.TextDocumentIdentifier(r.getURI().toString());
        var ca = Sass.INJECTOR.getInstance(org.eclipse.xtext.ide.server.contentassist.ContentAssistService.class);
        for (int off : List.of(0, text.indexOf("MOV"), text.indexOf("THREE:"), text.length())) {
            ca.createCompletionList(doc, r, new org.eclipse.lsp4j.CompletionParams(id, doc.getPosition(off)),
                    org.eclipse.xtext.util.CancelIndicator.NullImpl);
        }
        // no formatter: SASS layout is the printer's (control code, guard column, operands), edits would fight it
        var fs = Sass.INJECTOR.getInstance(org.eclipse.xtext.ide.server.formatting.FormattingService.class);
        assertEquals(List.of(), fs.format(doc, r, new org.eclipse.lsp4j.DocumentFormattingParams(id,
                new org.eclipse.lsp4j.FormattingOptions(4, true)), org.eclipse.xtext.util.CancelIndicator.NullImpl));
    }

    @Test
    void emptyAndOddTextsNeverFail() {
        for (String t : List.of("", "\n", "\r\n", "#", "/*", "/* 0x12", "\"", "<CONSTANT_MAPPING>", "--:-:-:-:1",
                "--:-:-:-:1 MOV", ":::::::", "@", "\t\t\u000b\u00a0", "LABEL:\n  BRA LABEL;", "\uffff\u0000")) {
            XtextResource r = Sass.load("odd", t);
            assertEquals(List.of(), r.getErrors(), "total grammar on '" + t + "'");
            assertEquals(t, r.getParseResult().getRootNode().getText());
            assertEquals(SassParser.parse("odd", t).diagnostics().count(tessera.core.Severity.ERROR),
                    Sass.validate(r).stream().filter(i -> i.getSeverity() == Severity.ERROR).count(), "'" + t + "'");
            Sass.styles(r);
            Sass.outline(r, t);
            for (int o = 0; o <= t.length(); o++) {
                Sass.hover(r, t, o);
            }
        }
    }
}
