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
    private static final Pattern OPCODE = Pattern.compile("[A-Z][A-Z0-9_]*(\\.[A-Za-z0-9_]+)*");
    private static final Pattern PRED = Pattern.compile("^(!?)(U?)P([0-6T])$");
    private static final Pattern REG = Pattern.compile("^(-?)(~?)(\\|?)(U?)R(Z|\\d{1,3})((?:\\.[A-Za-z0-9_]+)*)(\\|?)$");
    private static final Pattern HEX = Pattern.compile("^([-+]?)0x([0-9a-fA-F]{1,16})(\\.NEG)?$");
    private static final Pattern DEC = Pattern.compile("^[-+]?\\d{1,19}$");
    private static final Pattern FLT = Pattern.compile(
            "^[-+]?((\\d+\\.\\d*|\\.\\d+)([eE][-+]?\\d+)?|\\d+[eE][-+]?\\d+|INF|QNAN|NAN)$");
    private static final Pattern IDENT = Pattern.compile("^[A-Za-z0-9_$][A-Za-z0-9_$]*(\\[\\d+\\])?(\\.[A-Za-z0-9_]+)*$");
    private static final Pattern SPECIAL = Pattern.compile("^SR_[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*$");
    private static final Pattern CONST = Pattern.compile("^(-?)(\\|?)c\\[([^\\]]*)\\]\\[([^\\]]*)\\](\\|?)$");

    private SassParser() {
    }

    /** A located problem inside one line; column is 0-based within the line. */
    private static final class LineError extends Exception {
        private static final long serialVersionUID = 1L;
        final int col;
        final int len;
        final String hint;

        LineError(int col, int len, String message, String hint) {
            super(message, null, false, false);
            this.col = col;
            this.len = len;
            this.hint = hint;
        }
    }

    public static SassDocument parse(String fileName, String text) {
        return new Run(fileName == null ? "" : fileName, text == null ? "" : text).run();
    }

    /** Parses one operand in isolation (used by passes that build instructions); throws on bad text. */
    public static Operand operand(String text) {
        try {
            return parseOperand(text, 0);
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

        Run(String file, String text) {
            this.file = file;
            this.text = text;
        }

        SassDocument run() {
            split();
            SassProgram.Dialect dialect = detect();
            if (dialect == SassProgram.Dialect.MAXAS) {
                parseMaxas();
            } else {
                parseCuobjdump(dialect);
            }
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

        void parseMaxas() {
            for (int i = 0; i < raw.size(); i++) {
                String l = raw.get(i);
                String t = l.trim();
                try {
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
                        i = constBlock(i);
                    } else if (t.startsWith("//")) {
                        addText(i, Line.Text.Kind.COMMENT);
                    } else {
                        Matcher lm = LABEL.matcher(t);
                        if (lm.matches() && ControlCode.parse(t.length() >= 10 ? t.substring(0, 10) : t) == null) {
                            String name = lm.group(1);
                            lines.add(new Line.Label(name, (name + ":").equals(l) ? null : l));
                            int c = l.indexOf(name);
                            spans.add(new LineSpan(i + 1, lineRange(i), Range.NONE, Range.NONE, Range.NONE, List.of(),
                                    new Range(starts.get(i) + c, name.length())));
                        } else {
                            maxasInstruction(i, l);
                        }
                    }
                } catch (LineError e) {
                    error(i, e.col, e.len, e.getMessage(), e.hint);
                    addText(i, Line.Text.Kind.MALFORMED);
                } catch (RuntimeException e) {
                    // Defensive: a parser bug must still not surface as a stack trace.
                    diags.add(new Diagnostic(Severity.ERROR, file, i + 1, 1, starts.get(i), l.length(),
                            "internal parser error: " + e, "please report this input", "sass.internal"));
                    addText(i, Line.Text.Kind.MALFORMED);
                }
            }
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
                            0, "the constant mapping is not a JSON object of strings (" + firstLine(ex) + ")",
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
            int p = 0;
            while (p < l.length() && Character.isWhitespace(l.charAt(p))) {
                p++;
            }
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
                        + abbreviate(ctrlText) + "'", "e.g. --:-:1:-:6 (wait mask, read barrier, write barrier, yield, stall)");
            }
            Range ctrlRange = new Range(starts.get(i) + cs, ctrlText.length());
            Body body = body(i, l, p);
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

        static final class Body {
            Operand.Pred guard;
            String opcode;
            List<String> mods;
            List<Operand> operands;
            String comment = "";
            Range guardRange = Range.NONE;
            Range opRange = Range.NONE;
            List<Range> operandRanges = new ArrayList<>();
        }

        /** Parses {@code [@[!]P] OPCODE[.mods] [operands] ; [#comment]} from column p. */
        Body body(int i, String l, int p) throws LineError {
            Body b = new Body();
            int base = starts.get(i);
            p = skipWs(l, p);
            if (p < l.length() && l.charAt(p) == '@') {
                int gs = p;
                p++;
                while (p < l.length() && !Character.isWhitespace(l.charAt(p))) {
                    p++;
                }
                String g = l.substring(gs + 1, p);
                Matcher m = PRED.matcher(g);
                if (!m.matches()) {
                    throw new LineError(gs, p - gs, "bad predicate guard '@" + abbreviate(g) + "'",
                            "use @P0..@P6, @PT or a negation like @!P0");
                }
                b.guard = pred(m);
                b.guardRange = new Range(base + gs, p - gs);
                p = skipWs(l, p);
            }
            int os = p;
            while (p < l.length() && !Character.isWhitespace(l.charAt(p)) && l.charAt(p) != ';') {
                p++;
            }
            String op = l.substring(os, p);
            if (op.isEmpty()) {
                throw new LineError(os, 1, "missing opcode", "write an instruction such as MOV R0, R1;");
            }
            if (!OPCODE.matcher(op).matches()) {
                throw new LineError(os, op.length(), "bad opcode '" + abbreviate(op) + "'",
                        "opcodes are upper case with dotted modifiers, e.g. LDG.E.64");
            }
            String[] parts = op.split("\\.");
            b.opcode = parts[0];
            b.mods = new ArrayList<>(List.of(parts).subList(1, parts.length));
            b.opRange = new Range(base + os, op.length());
            int semi = findSemicolon(l, p);
            if (semi < 0) {
                throw new LineError(l.length(), 0, "missing ';' at the end of the instruction",
                        "every instruction ends with ';'");
            }
            String rest = l.substring(semi + 1);
            String restTrim = rest.trim();
            if (!restTrim.isEmpty()) {
                if (restTrim.startsWith("#") || restTrim.startsWith("//")) {
                    b.comment = restTrim;
                } else {
                    int c = semi + 1 + (rest.length() - rest.stripLeading().length());
                    throw new LineError(c, restTrim.length(), "unexpected text after ';': '" + abbreviate(restTrim) + "'",
                            "only a # comment may follow the instruction");
                }
            }
            b.operands = new ArrayList<>();
            String ops = l.substring(p, semi);
            if (!ops.isBlank()) {
                int start = p;
                int depth = 0;
                for (int k = p; k <= semi; k++) {
                    char ch = k < semi ? l.charAt(k) : ',';
                    if (ch == '[' || ch == '{' || ch == '(') {
                        depth++;
                    } else if (ch == ']' || ch == '}' || ch == ')') {
                        depth--;
                        if (depth < 0) {
                            throw new LineError(k, 1, "unbalanced '" + ch + "'", "check the brackets of this operand");
                        }
                    } else if (ch == ',' && depth == 0) {
                        String o = l.substring(start, k);
                        int lead = o.length() - o.stripLeading().length();
                        String ot = o.trim();
                        if (ot.isEmpty()) {
                            throw new LineError(k, 1, "empty operand", "remove the extra ',' or add the missing operand");
                        }
                        b.operands.add(parseOperand(ot, start + lead));
                        b.operandRanges.add(new Range(base + start + lead, ot.length()));
                        start = k + 1;
                    }
                }
                if (depth != 0) {
                    throw new LineError(p, semi - p, "unbalanced brackets in the operands",
                            "every '[' needs a ']' and every '{' a '}'");
                }
            }
            return b;
        }

        void parseCuobjdump(SassProgram.Dialect dialect) {
            List<ControlCode> group = List.of();
            int groupIndex = 3;
            for (int i = 0; i < raw.size(); i++) {
                String l = raw.get(i);
                try {
                    Matcher wm = CUOBJ_WORD.matcher(l);
                    if (l.trim().isEmpty()) {
                        addText(i, Line.Text.Kind.BLANK);
                        continue;
                    }
                    if (wm.matches()) {
                        long word = Long.parseUnsignedLong(wm.group(1), 16);
                        if (dialect == SassProgram.Dialect.CUOBJDUMP_MAXWELL) {
                            group = ControlCode.unpackMaxwell(word);
                            groupIndex = 0;
                            addText(i, Line.Text.Kind.CUOBJ_CTRL);
                        } else {
                            int last = lastInstr();
                            if (last < 0) {
                                throw new LineError(0, l.length(), "control word without an instruction before it",
                                        "in Volta+ listings the second word follows its instruction line");
                            }
                            Line.Instr prev = (Line.Instr) lines.get(last);
                            String enc = prev.encoding().isEmpty() ? l.trim() : prev.encoding() + " " + l.trim();
                            lines.set(last, new Line.Instr(ControlCode.decodeVolta(word), prev.guard(), prev.opcode(),
                                    prev.mods(), prev.operands(), null, prev.comment(), prev.address(), enc,
                                    prev.verbatim() + eol + l));
                            LineSpan s = spans.get(last);
                            Range ctrlR = new Range(starts.get(i) + l.indexOf("0x"), 18);
                            int len = starts.get(i) + l.length() - s.line().offset();
                            spans.set(last, new LineSpan(s.lineNumber(), new Range(s.line().offset(), len), ctrlR,
                                    s.guard(), s.opcode(), s.operands(), s.label()));
                        }
                        continue;
                    }
                    Matcher im = CUOBJ_INSTR.matcher(l);
                    if (im.matches()) {
                        long addr = Long.parseLong(im.group(1), 16);
                        int bodyStart = im.start(2);
                        Body b = body(i, l.substring(0, im.end(2)), bodyStart);
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
                        spans.add(new LineSpan(i + 1, lineRange(i), Range.NONE, b.guardRange, b.opRange,
                                b.operandRanges, Range.NONE));
                        continue;
                    }
                    String t = l.trim();
                    Matcher lm = LABEL.matcher(t);
                    if (lm.matches()) {
                        String name = lm.group(1);
                        lines.add(new Line.Label(name, l));
                        spans.add(new LineSpan(i + 1, lineRange(i), Range.NONE, Range.NONE, Range.NONE, List.of(),
                                new Range(starts.get(i) + l.indexOf(name), name.length())));
                        continue;
                    }
                    if (t.startsWith("/*") && t.length() > 2 && Character.isDigit(t.charAt(2))) {
                        throw new LineError(0, l.length(), "malformed instruction line",
                                "expected /*addr*/ INSTRUCTION ; /* 0x<16 hex digits> */");
                    }
                    addText(i, Line.Text.Kind.CUOBJ_META);
                } catch (LineError e) {
                    error(i, e.col, e.len, e.getMessage(), e.hint);
                    addText(i, Line.Text.Kind.MALFORMED);
                } catch (RuntimeException e) {
                    diags.add(new Diagnostic(Severity.ERROR, file, i + 1, 1, starts.get(i), l.length(),
                            "internal parser error: " + e, "please report this input", "sass.internal"));
                    addText(i, Line.Text.Kind.MALFORMED);
                }
            }
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

    private static String firstLine(Exception e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return abbreviate(nl >= 0 ? m.substring(0, nl) : m);
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 37) + "..." : s;
    }

    private static int skipWs(String l, int p) {
        while (p < l.length() && Character.isWhitespace(l.charAt(p))) {
            p++;
        }
        return p;
    }

    private static int findSemicolon(String l, int from) {
        for (int k = from; k < l.length(); k++) {
            char c = l.charAt(k);
            if (c == ';') {
                return k;
            }
            if (c == '#') {
                return -1;
            }
        }
        return -1;
    }

    private static Operand.Pred pred(Matcher m) {
        int num = m.group(3).equals("T") ? Operand.Pred.PT : Integer.parseInt(m.group(3));
        return new Operand.Pred(num, !m.group(2).isEmpty(), !m.group(1).isEmpty());
    }

    static Operand parseOperand(String s, int col) throws LineError {
        Matcher m;
        if (s.startsWith("desc[")) {
            int close = s.indexOf(']');
            if (close < 0 || close + 1 >= s.length() || s.charAt(close + 1) != '[') {
                throw new LineError(col, s.length(), "malformed descriptor address '" + abbreviate(s) + "'",
                        "expected desc[URn][Rn.64+offset]");
            }
            Operand.Mem inner = mem(s.substring(close + 1), col + close + 1);
            return new Operand.Mem(s.substring(0, close + 1), inner.base(), inner.ubase(), inner.offset());
        }
        if (s.startsWith("[")) {
            return mem(s, col);
        }
        if ((m = CONST.matcher(s)).matches()) {
            if (m.group(2).isEmpty() != m.group(5).isEmpty()) {
                throw new LineError(col, s.length(), "unbalanced '|' around a constant", "write |c[0x0][0x10]|");
            }
            long bank = number(m.group(3).trim(), col, "constant bank");
            String inner = m.group(4).trim();
            Operand.Reg idx = null;
            long off = 0;
            for (Term t : terms(inner, col)) {
                if (t.reg != null) {
                    if (idx != null) {
                        throw new LineError(col, s.length(), "two index registers in a constant", "use c[bank][Rn+offset]");
                    }
                    idx = t.reg;
                } else {
                    off += t.value;
                }
            }
            if (bank < 0 || bank > 255) {
                throw new LineError(col, s.length(), "constant bank out of range", "banks are 0x0..0x11");
            }
            return new Operand.Const((int) bank, idx, off, !m.group(1).isEmpty(), !m.group(2).isEmpty());
        }
        if (s.startsWith("{")) {
            if (!s.endsWith("}")) {
                throw new LineError(col, s.length(), "unclosed '{'", "write a list like {1,2}");
            }
            return new Operand.Raw(s);
        }
        if (s.startsWith("`")) {
            return new Operand.Raw(s);
        }
        if ((m = PRED.matcher(s)).matches()) {
            return pred(m);
        }
        if (SPECIAL.matcher(s).matches()) {
            return new Operand.SpecialReg(s);
        }
        if ((m = REG.matcher(s)).matches()) {
            if (m.group(3).isEmpty() != m.group(7).isEmpty()) {
                throw new LineError(col, s.length(), "unbalanced '|' around a register", "write |R4| for an absolute value");
            }
            int num = m.group(5).equals("Z") ? Operand.RZ : Integer.parseInt(m.group(5));
            if (num > 255 || (num == 255 && !m.group(5).equals("Z"))) {
                throw new LineError(col, s.length(), "register number out of range: " + s, "registers are R0..R254 and RZ");
            }
            List<String> ext = m.group(6).isEmpty() ? List.of() : List.of(m.group(6).substring(1).split("\\."));
            return new Operand.Reg(num, !m.group(4).isEmpty(), !m.group(1).isEmpty(), !m.group(2).isEmpty(),
                    !m.group(3).isEmpty(), ext);
        }
        if ((m = HEX.matcher(s)).matches()) {
            long v = Long.parseUnsignedLong(m.group(2), 16);
            return new Operand.Imm(s, m.group(1).equals("-") ? -v : v, false);
        }
        if (DEC.matcher(s).matches()) {
            try {
                return new Operand.Imm(s, Long.parseLong(s.startsWith("+") ? s.substring(1) : s), false);
            } catch (NumberFormatException e) {
                throw new LineError(col, s.length(), "number too large: " + abbreviate(s), "use at most 64 bits");
            }
        }
        if (FLT.matcher(s).matches()) {
            float f;
            String u = s.replace("QNAN", "NaN").replace("NAN", "NaN").replace("INF", "Infinity");
            try {
                f = Float.parseFloat(u);
            } catch (NumberFormatException e) {
                f = Float.NaN;
            }
            return new Operand.Imm(s, Float.floatToRawIntBits(f) & 0xffffffffL, true);
        }
        if (IDENT.matcher(s).matches() && !Character.isDigit(s.charAt(0)) || s.matches("^\\d+[A-Za-z][A-Za-z0-9_]*$")) {
            return new Operand.Name(s);
        }
        throw new LineError(col, s.length(), "unrecognised operand '" + abbreviate(s) + "'",
                "expected a register (R4), predicate (P0), immediate (0x10), address ([R2+0x4]), constant (c[0x0][0x140]) or name");
    }

    private record Term(Operand.Reg reg, long value) {
    }

    private static List<Term> terms(String inner, int col) throws LineError {
        List<Term> out = new ArrayList<>();
        String s = inner.replace(" ", "");
        if (s.isEmpty()) {
            throw new LineError(col, 1, "empty address", "write [Rn], [Rn+0x10] or [0x10]");
        }
        int p = 0;
        while (p < s.length()) {
            boolean neg = false;
            if (s.charAt(p) == '+' || s.charAt(p) == '-') {
                neg = s.charAt(p) == '-';
                p++;
                if (p < s.length() && (s.charAt(p) == '+' || s.charAt(p) == '-')) {
                    neg ^= s.charAt(p) == '-';
                    p++;
                }
            } else if (!out.isEmpty()) {
                throw new LineError(col, inner.length(), "expected '+' between address terms", "e.g. [R2+0x10]");
            }
            int q = p;
            while (q < s.length() && s.charAt(q) != '+' && s.charAt(q) != '-') {
                q++;
            }
            String t = s.substring(p, q);
            if (t.isEmpty()) {
                throw new LineError(col, inner.length(), "missing address term", "e.g. [R2+0x10]");
            }
            Matcher rm = REG.matcher(t);
            if (rm.matches() && rm.group(1).isEmpty() && rm.group(3).isEmpty()) {
                if (neg) {
                    throw new LineError(col, inner.length(), "a register cannot be subtracted in an address", "use [Rn-0x10]");
                }
                int num = rm.group(5).equals("Z") ? Operand.RZ : Integer.parseInt(rm.group(5));
                if (num > 255) {
                    throw new LineError(col, inner.length(), "register number out of range", "registers are R0..R254 and RZ");
                }
                List<String> ext = rm.group(6).isEmpty() ? List.of() : List.of(rm.group(6).substring(1).split("\\."));
                out.add(new Term(new Operand.Reg(num, !rm.group(4).isEmpty(), false, false, false, ext), 0));
            } else {
                long v = number(t, col, "address offset");
                out.add(new Term(null, neg ? -v : v));
            }
            p = q;
        }
        return out;
    }

    private static Operand.Mem mem(String s, int col) throws LineError {
        if (!s.endsWith("]") || s.indexOf(']') != s.length() - 1) {
            throw new LineError(col, s.length(), "malformed address '" + abbreviate(s) + "'", "write [Rn+0x10]");
        }
        Operand.Reg base = null;
        Operand.Reg ubase = null;
        long off = 0;
        for (Term t : terms(s.substring(1, s.length() - 1), col)) {
            if (t.reg != null) {
                if (t.reg.uniform()) {
                    if (ubase != null) {
                        throw new LineError(col, s.length(), "two uniform registers in an address", "use one URn");
                    }
                    ubase = t.reg;
                } else {
                    if (base != null) {
                        throw new LineError(col, s.length(), "two base registers in an address", "use [Rn+offset]");
                    }
                    base = t.reg;
                }
            } else {
                off += t.value;
            }
        }
        return new Operand.Mem("", base, ubase, off);
    }

    private static long number(String t, int col, String what) throws LineError {
        Matcher hm = HEX.matcher(t);
        if (hm.matches() && hm.group(3) == null) {
            long v = Long.parseUnsignedLong(hm.group(2), 16);
            return hm.group(1).equals("-") ? -v : v;
        }
        if (DEC.matcher(t).matches()) {
            try {
                return Long.parseLong(t.startsWith("+") ? t.substring(1) : t);
            } catch (NumberFormatException e) {
                throw new LineError(col, t.length(), what + " too large", "use at most 64 bits");
            }
        }
        throw new LineError(col, t.length(), "bad " + what + " '" + abbreviate(t) + "'", "use a hex (0x10) or decimal number");
    }
}
