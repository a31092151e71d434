package tessera.regdem.sass;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Severity;

/**
 * Hand-written, line-oriented parser for SASS text (digest §4.2): the maxas-style extracted listing of the paper's flow
 * ({@code WW:R:W:Y:S} control codes, header comments, {@code <CONSTANT_MAPPING>}, labels) and plain
 * {@code cuobjdump -sass} listings (Maxwell/Pascal control words; Volta+ control bits in the 128-bit encodings).
 * Never throws on bad input: problems become {@link Diagnostic}s with line, column and a hint.
 */
public final class SassParser {

    private static final Pattern HEADER = Pattern.compile("^#\\s*([A-Za-z]+(?:\\(\\d+\\))?)\\s*:\\s*(.*)$");
    private static final Pattern LABEL = Pattern.compile("^([A-Za-z_.$][A-Za-z0-9_.$]*)\\s*:\\s*$");
    private static final Pattern CUOBJ_INSTR = Pattern.compile(
            "^\\s*/\\*([0-9a-fA-F]{4,})\\*/\\s*(.*?;)\\s*(/\\*\\s*0x[0-9a-fA-F]{16}\\s*\\*/)?\\s*$");
    private static final Pattern CUOBJ_WORD = Pattern.compile("^\\s*/\\*\\s*0x([0-9a-fA-F]{16})\\s*\\*/\\s*$");

    private SassParser() {
    }

    public static SassDocument parse(String fileName, String text) {
        return new Run(fileName == null ? "" : fileName, text == null ? "" : text).run();
    }

    /** Parses one operand in isolation (used by passes that build instructions); throws on bad text. */
    public static Operand operand(String text) {
        try {
            return OperandParser.parse(text, 0);
        } catch (LineError e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    private static final class Run {
        final String file;
        final String text;
        final Diagnostics diags = new Diagnostics();
        final List<Line> lines = new ArrayList<>();
        final List<LineSpan> spans = new ArrayList<>();
        final List<String> raw = new ArrayList<>();
        final List<Integer> starts = new ArrayList<>();
        String eol = "\n";
        boolean finalNewline;
        SassProgram.Dialect dialect;
        /** Maxwell/Pascal: the control codes of the last control word and the index of the next one to use. */
        List<ControlCode> group = List.of();
        int groupIndex = 3;

        Run(String file, String text) {
            this.file = file;
            this.text = text;
        }

        SassDocument run() {
            split();
            dialect = detect();
            parseLines(dialect == SassProgram.Dialect.MAXAS ? this::maxasLine : this::cuobjdumpLine);
            return new SassDocument(file, new SassProgram(dialect, lines, eol, finalNewline), diags, spans);
        }

        void split() {
            if (text.contains("\r\n")) {
                eol = "\r\n";
            }
            int pos = 0;
            int n = text.length();
            while (pos < n) {
                int nl = text.indexOf('\n', pos);
                int end = nl < 0 ? n : nl;
                int contentEnd = end;
                if (eol.equals("\r\n") && contentEnd > pos && text.charAt(contentEnd - 1) == '\r') {
                    contentEnd--;
                }
                starts.add(pos);
                raw.add(text.substring(pos, contentEnd));
                if (nl < 0) {
                    finalNewline = false;
                    return;
                }
                pos = nl + 1;
            }
            finalNewline = n > 0;
        }

        SassProgram.Dialect detect() {
            boolean cuobj = false;
            int step = 0;
            long prev = -1;
            String arch = null;
            for (String l : raw) {
                String t = l.trim();
                if (t.startsWith("code for sm_")) {
                    arch = t.substring(9).trim();
                }
                Matcher m = CUOBJ_INSTR.matcher(l);
                if (m.matches()) {
                    cuobj = true;
                    try {
                        long a = Long.parseLong(m.group(1), 16);
                        if (prev >= 0 && step == 0 && a > prev) {
                            step = (int) (a - prev);
                        }
                        prev = a;
                    } catch (NumberFormatException e) {
                        // address too long: ignore for detection
                    }
                }
            }
            if (!cuobj) {
                return SassProgram.Dialect.MAXAS;
            }
            if (arch != null) {
                try {
                    int sm = Integer.parseInt(arch.replaceAll("[^0-9]", ""));
                    return sm >= 70 ? SassProgram.Dialect.CUOBJDUMP_VOLTA : SassProgram.Dialect.CUOBJDUMP_MAXWELL;
                } catch (NumberFormatException e) {
                    // fall through to the address step
                }
            }
            return step == 16 ? SassProgram.Dialect.CUOBJDUMP_VOLTA : SassProgram.Dialect.CUOBJDUMP_MAXWELL;
        }

        Range lineRange(int i) {
            return new Range(starts.get(i), raw.get(i).length());
        }

        void error(int lineIdx, int col, int len, String msg, String hint) {
            // a problem "after the end" of a line (a missing opcode or ';') is placed at the line end, never beyond
            int width = raw.get(lineIdx).length();
            int c = Math.min(Math.max(0, col), width);
            int off = starts.get(lineIdx) + c;
            diags.add(new Diagnostic(Severity.ERROR, file, lineIdx + 1, c + 1, off, Math.max(0, Math.min(len, width - c)),
                    msg, hint, "sass.syntax"));
        }

        void addText(int i, Line.Text.Kind kind) {
            lines.add(new Line.Text(kind, raw.get(i)));
            spans.add(LineSpan.plain(i + 1, lineRange(i)));
        }

        /** Parses the line(s) starting at index i and returns the index of the last line it consumed. */
        interface LineParser {
            int parse(int i) throws LineError;
        }

        /** Runs {@code parser} over every line; a line it rejects becomes a diagnostic and a malformed text line. */
        void parseLines(LineParser parser) {
            for (int i = 0; i < raw.size(); i++) {
                try {
                    i = parser.parse(i);
                } catch (LineError e) {
                    error(i, e.col, e.len, e.getMessage(), e.hint);
                    addText(i, Line.Text.Kind.MALFORMED);
                } catch (RuntimeException e) {
                    // Defensive: a parser bug must still not surface as a stack trace.
                    diags.add(new Diagnostic(Severity.ERROR, file, i + 1, 1, starts.get(i), raw.get(i).length(),
                            "internal parser error: " + e, "please report this input", "sass.internal"));
                    addText(i, Line.Text.Kind.MALFORMED);
                }
            }
        }

        void addLabel(int i, String name, String verbatim) {
            String l = raw.get(i);
            lines.add(new Line.Label(name, verbatim));
            spans.add(new LineSpan(i + 1, lineRange(i), Range.NONE, Range.NONE, Range.NONE, List.of(),
                    new Range(starts.get(i) + l.indexOf(name), name.length())));
        }

        int maxasLine(int i) throws LineError {
            String l = raw.get(i);
            String t = l.trim();
            if (t.isEmpty()) {
                addText(i, Line.Text.Kind.BLANK);
            } else if (t.startsWith("#")) {
                Matcher m = HEADER.matcher(t);
                if (m.matches() && isKnownHeader(m.group(1))) {
                    String canonical = SassPrinter.header(m.group(1), m.group(2));
                    lines.add(new Line.HeaderLine(m.group(1), m.group(2), canonical.equals(l) ? null : l));
                    spans.add(LineSpan.plain(i + 1, lineRange(i)));
                } else {
                    addText(i, Line.Text.Kind.COMMENT);
                }
            } else if (t.equals("<CONSTANT_MAPPING>")) {
                return constBlock(i);
            } else if (t.startsWith("//")) {
                addText(i, Line.Text.Kind.COMMENT);
            } else {
                Matcher lm = LABEL.matcher(t);
                if (lm.matches() && ControlCode.parse(t.length() >= 10 ? t.substring(0, 10) : t) == null) {
                    String name = lm.group(1);
                    addLabel(i, name, (name + ":").equals(l) ? null : l);
                } else {
                    maxasInstruction(i, l);
                }
            }
            return i;
        }

        boolean isKnownHeader(String key) {
            String k = key.replaceAll("\\(.*", "");
            return List.of("Kernel", "Arch", "InsCnt", "RegCnt", "SharedSize", "BarCnt", "Params", "Instructions")
                    .contains(k);
        }

        int constBlock(int start) throws LineError {
            int end = -1;
            for (int j = start + 1; j < raw.size(); j++) {
                if (raw.get(j).trim().equals("</CONSTANT_MAPPING>")) {
                    end = j;
                    break;
                }
            }
            if (end < 0) {
                throw new LineError(raw.get(start).indexOf('<'), "<CONSTANT_MAPPING>".length(),
                        "<CONSTANT_MAPPING> is not closed", "add a line </CONSTANT_MAPPING> after the mapping");
            }
            StringBuilder body = new StringBuilder();
            for (int j = start + 1; j < end; j++) {
                body.append(raw.get(j)).append('\n');
            }
            Map<String, String> map = new LinkedHashMap<>();
            String b = body.toString().trim();
            if (b.startsWith("{")) {
                try {
                    JsonElement e = JsonParser.parseString(b);
                    if (!e.isJsonObject()) {
                        throw new IllegalStateException("not an object");
                    }
                    JsonObject o = e.getAsJsonObject();
                    for (Map.Entry<String, JsonElement> en : o.entrySet()) {
                        if (!en.getValue().isJsonPrimitive()) {
                            throw new IllegalStateException("value of " + en.getKey() + " is not a string");
                        }
                        map.put(en.getKey(), en.getValue().getAsString());
                    }
                } catch (RuntimeException ex) {
                    diags.add(new Diagnostic(Severity.ERROR, file, start + 2, 1, starts.get(Math.min(start + 1, end)),
                            0, "the constant mapping is not a JSON object of strings ("
                                    + OperandParser.abbreviate(tessera.core.cli.Json.parseError(file, ex, "", "").message()) + ")",
                            "write {\"name\": \"c[0x0][0x140]\", ...} or one 'name : value' per line",
                            "sass.syntax"));
                }
            } else {
                for (int j = start + 1; j < end; j++) {
                    String r = raw.get(j).trim();
                    if (r.isEmpty()) {
                        continue;
                    }
                    int c = r.indexOf(':');
                    if (c <= 0) {
                        error(j, 0, raw.get(j).length(), "expected 'name : value' in the constant mapping",
                                "e.g. param_0 : c[0x0][0x140]");
                        continue;
                    }
                    map.put(r.substring(0, c).trim(), r.substring(c + 1).trim());
                }
            }
            List<String> rows = new ArrayList<>();
            for (int j = start; j <= end; j++) {
                rows.add(raw.get(j));
            }
            lines.add(new Line.ConstBlock(rows, map));
            int off = starts.get(start);
            int len = starts.get(end) + raw.get(end).length() - off;
            spans.add(LineSpan.plain(start + 1, new Range(off, len)));
            return end;
        }

        void maxasInstruction(int i, String l) throws LineError {
            int p = InstructionParser.skipWs(l, 0);
            int cs = p;
            while (p < l.length() && !Character.isWhitespace(l.charAt(p))) {
                p++;
            }
            String ctrlText = l.substring(cs, p);
            ControlCode ctrl = ControlCode.parse(ctrlText);
            if (ctrl == null) {
                if (LABEL.matcher(l.trim()).matches() || l.trim().endsWith(":")) {
                    throw new LineError(cs, ctrlText.length(), "malformed label '" + l.trim() + "'",
                            "labels are NAME: with letters, digits, '_' or '.'");
                }
                throw new LineError(cs, ctrlText.length(), "expected a control code WW:R:W:Y:S, found '"
                        + OperandParser.abbreviate(ctrlText) + "'", "e.g. --:-:1:-:6 (wait mask, read barrier, write barrier, yield, stall)");
            }
            Range ctrlRange = new Range(starts.get(i) + cs, ctrlText.length());
            InstructionParser.Body body = InstructionParser.parse(l, p, starts.get(i));
            Line.Instr ins = new Line.Instr(ctrl, body.guard, body.opcode, body.mods, body.operands, null, body.comment,
                    -1, "", null);
            String canonical = SassPrinter.maxasInstruction(ins);
            if (!canonical.equals(l)) {
                ins = new Line.Instr(ctrl, body.guard, body.opcode, body.mods, body.operands, null, body.comment, -1,
                        "", l);
            }
            lines.add(ins);
            spans.add(new LineSpan(i + 1, lineRange(i), ctrlRange, body.guardRange, body.opRange, body.operandRanges,
                    Range.NONE));
        }

        int cuobjdumpLine(int i) throws LineError {
            String l = raw.get(i);
            Matcher wm = CUOBJ_WORD.matcher(l);
            if (l.trim().isEmpty()) {
                addText(i, Line.Text.Kind.BLANK);
            } else if (wm.matches()) {
                controlWord(i, l, Long.parseUnsignedLong(wm.group(1), 16));
            } else {
                Matcher im = CUOBJ_INSTR.matcher(l);
                if (im.matches()) {
                    cuobjdumpInstruction(i, l, im);
                } else {
                    String t = l.trim();
                    Matcher lm = LABEL.matcher(t);
                    if (lm.matches()) {
                        addLabel(i, lm.group(1), l);
                    } else if (t.startsWith("/*") && t.length() > 2 && Character.isDigit(t.charAt(2))) {
                        throw new LineError(0, l.length(), "malformed instruction line",
                                "expected /*addr*/ INSTRUCTION ; /* 0x<16 hex digits> */");
                    } else {
                        addText(i, Line.Text.Kind.CUOBJ_META);
                    }
                }
            }
            return i;
        }

        /**
         * A Maxwell/Pascal control word (the control codes of the next three instructions), or a Volta+ second word
         * (the control bits of the instruction before it).
         */
        void controlWord(int i, String l, long word) throws LineError {
            if (dialect == SassProgram.Dialect.CUOBJDUMP_MAXWELL) {
                group = ControlCode.unpackMaxwell(word);
                groupIndex = 0;
                addText(i, Line.Text.Kind.CUOBJ_CTRL);
                return;
            }
            int last = lastInstr();
            if (last < 0 && i > 0 && !lines.isEmpty() && lines.get(lines.size() - 1) instanceof Line.Text t
                    && t.kind() == Line.Text.Kind.MALFORMED && t.text().equals(raw.get(i - 1))) {
                // the high word of an instruction line already reported as malformed: no second error
                addText(i, Line.Text.Kind.CUOBJ_HI);
                return;
            }
            if (last < 0) {
                throw new LineError(0, l.length(), "control word without an instruction before it",
                        "in Volta+ listings the second word follows its instruction line");
            }
            Line.Instr prev = (Line.Instr) lines.get(last);
            String enc = prev.encoding().isEmpty() ? l.trim() : prev.encoding() + " " + l.trim();
            lines.set(last, new Line.Instr(ControlCode.decodeVolta(word), prev.guard(), prev.opcode(), prev.mods(),
                    prev.operands(), null, prev.comment(), prev.address(), enc, prev.verbatim() + eol + l));
            LineSpan s = spans.get(last);
            Range ctrlR = new Range(starts.get(i) + l.indexOf("0x"), 18);
            int len = starts.get(i) + l.length() - s.line().offset();
            spans.set(last, new LineSpan(s.lineNumber(), new Range(s.line().offset(), len), ctrlR, s.guard(),
                    s.opcode(), s.operands(), s.label()));
        }

        /**
         * An instruction line of a cuobjdump listing (address, instruction, optional encoding word); Maxwell/Pascal
         * instructions take their control code from the group of the last control word.
         */
        void cuobjdumpInstruction(int i, String l, Matcher im) throws LineError {
            long addr = Long.parseLong(im.group(1), 16);
            InstructionParser.Body b = InstructionParser.parse(l.substring(0, im.end(2)), im.start(2), starts.get(i));
            ControlCode ctrl = ControlCode.NONE;
            if (dialect == SassProgram.Dialect.CUOBJDUMP_MAXWELL) {
                if (groupIndex >= group.size()) {
                    throw new LineError(0, l.length(), "instruction without a control word",
                            "Maxwell/Pascal listings have a /* 0x... */ control word before every 3 instructions");
                }
                ctrl = group.get(groupIndex++);
            }
            String enc = im.group(3) == null ? "" : im.group(3).trim();
            lines.add(new Line.Instr(ctrl, b.guard, b.opcode, b.mods, b.operands, null, "", addr, enc, l));
            spans.add(new LineSpan(i + 1, lineRange(i), Range.NONE, b.guardRange, b.opRange, b.operandRanges,
                    Range.NONE));
        }

        int lastInstr() {
            for (int k = lines.size() - 1; k >= 0; k--) {
                if (lines.get(k) instanceof Line.Instr) {
                    return k;
                }
                return -1;
            }
            return -1;
        }
    }
}
