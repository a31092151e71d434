package tessera.regdem.sass;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The instruction grammar of {@link SassParser} (digest §4.2), shared by both dialects:
 * {@code [@[!]P] OPCODE[.mods] [operands] ; [#comment]}, with the source range of each part.
 */
final class InstructionParser {

    private static final Pattern OPCODE = Pattern.compile("[A-Z][A-Z0-9_]*(\\.[A-Za-z0-9_]+)*");
    /** Convergence-barrier registers {@code B0..B15} of {@code BSSY B0, 0x3e0}, {@code BMOV.32.CLEAR RZ, B0} [sm_70+]. */
    private static final Pattern BARRIER_REG = Pattern.compile("^B([0-9]|1[0-5])$");
    private static final java.util.Set<String> BARRIER_REG_OPS = java.util.Set.of("BSSY", "BSYNC", "BMOV", "BREAK");
    /** Scoreboards {@code SB0..SB5} of {@code DEPBAR.LE SB0, 0x1} [sm_70+]. */
    private static final Pattern SCOREBOARD = Pattern.compile("^SB[0-5]$");

    private InstructionParser() {
    }

    /** The parts of one instruction and their ranges in the document. */
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

    static int skipWs(String l, int p) {
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

    /**
     * Parses {@code [@[!]P] OPCODE[.mods] [operands] ; [#comment]} from column p of line {@code l}, which starts at
     * document offset {@code base}.
     */
    static Body parse(String l, int p, int base) throws LineError {
        Body b = new Body();
        p = skipWs(l, p);
        if (p < l.length() && l.charAt(p) == '@') {
            int gs = p;
            p++;
            while (p < l.length() && !Character.isWhitespace(l.charAt(p))) {
                p++;
            }
            String g = l.substring(gs + 1, p);
            Matcher m = OperandParser.PRED.matcher(g);
            if (!m.matches()) {
                throw new LineError(gs, p - gs, "bad predicate guard '@" + OperandParser.abbreviate(g) + "'",
                        "use @P0..@P6, @PT or a negation like @!P0");
            }
            b.guard = OperandParser.pred(m);
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
            throw new LineError(os, op.length(), "bad opcode '" + OperandParser.abbreviate(op) + "'",
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
                throw new LineError(c, restTrim.length(),
                        "unexpected text after ';': '" + OperandParser.abbreviate(restTrim) + "'",
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
                    operand(b, ot, start + lead, base);
                    start = k + 1;
                }
            }
            if (depth != 0) {
                throw new LineError(p, semi - p, "unbalanced brackets in the operands",
                        "every '[' needs a ']' and every '{' a '}'");
            }
        }
        for (int k = 0; k < b.operands.size(); k++) {
            b.operands.set(k, inContext(b.opcode, b.operands.get(k)));
        }
        return b;
    }

    /**
     * Adds the operand text {@code ot} (trimmed, at column {@code col}). Two words without a comma are the
     * register-plus-offset form of indirect jumps and returns, {@code RET.REL.NODEC R4 0x0} (return address R4:R5,
     * then a byte offset) or {@code BRX R2 -0x80} [cuobjdump sm_70+]: they become two operands, a register and an
     * immediate. Any other juxtaposition is a missing comma.
     */
    private static void operand(Body b, String ot, int col, int base) throws LineError {
        int ws = wordBreak(ot);
        if (ws < 0) {
            b.operands.add(OperandParser.parse(ot, col));
            b.operandRanges.add(new Range(base + col, ot.length()));
            return;
        }
        String first = ot.substring(0, ws);
        String rest = ot.substring(ws).stripLeading();
        int restCol = col + ot.length() - rest.length();
        Operand reg = OperandParser.parse(first, col);
        if (!(reg instanceof Operand.Reg) || wordBreak(rest) >= 0) {
            throw new LineError(restCol, rest.length(), "missing ',' before '" + OperandParser.abbreviate(rest) + "'",
                    "separate operands with ','; only 'Rn OFFSET' (RET.REL.NODEC R4 0x0) needs none");
        }
        Operand off = OperandParser.parse(rest, restCol);
        if (!(off instanceof Operand.Imm im) || im.isFloat()) {
            throw new LineError(restCol, rest.length(), "missing ',' before '" + OperandParser.abbreviate(rest) + "'",
                    "separate operands with ','; only 'Rn OFFSET' (RET.REL.NODEC R4 0x0) needs none");
        }
        b.operands.add(reg);
        b.operandRanges.add(new Range(base + col, first.length()));
        b.operands.add(off);
        b.operandRanges.add(new Range(base + restCol, rest.length()));
    }

    /** Index of the first blank outside brackets in a trimmed operand, or -1. */
    private static int wordBreak(String ot) {
        int depth = 0;
        for (int k = 0; k < ot.length(); k++) {
            char c = ot.charAt(k);
            if (c == '[' || c == '{' || c == '(') {
                depth++;
            } else if (c == ']' || c == '}' || c == ')') {
                depth--;
            } else if (Character.isWhitespace(c) && depth == 0) {
                return k;
            }
        }
        return -1;
    }

    /** Names that are registers for this opcode: barrier registers of BSSY/BSYNC/BMOV/BREAK, DEPBAR's scoreboards. */
    private static Operand inContext(String opcode, Operand o) {
        if (o instanceof Operand.Name n && (BARRIER_REG_OPS.contains(opcode) && BARRIER_REG.matcher(n.text()).matches()
                || opcode.equals("DEPBAR") && SCOREBOARD.matcher(n.text()).matches())) {
            return new Operand.SpecialReg(n.text());
        }
        return o;
    }
}
