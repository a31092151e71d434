package tessera.regdem.sass;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The operand grammar of {@link SassParser} (digest §4.2): registers, predicates, special registers, immediates,
 * addresses ({@code [Rn+0x10]}, {@code desc[URn][Rn.64]}), constants ({@code c[bank][offset]}), names and raw lists.
 */
final class OperandParser {

    static final Pattern PRED = Pattern.compile("^(!?)(U?)P([0-6T])$");
    /**
     * {@code [-][~][|]R<n>|RZ|UR<n>[.ext...][|][.reuse]}: cuobjdump (Volta and later) prints the operand-reuse flag of an
     * absolute value after the bars ({@code |R3|.reuse}); maxas writes it inside ({@code |R3.reuse|}).
     */
    private static final Pattern REG = Pattern.compile(
            "^(-?)(~?)(\\|?)(U?)R(Z|\\d{1,3})((?:\\.[A-Za-z0-9_]+)*)(\\|?)((?:\\.reuse)?)$");
    /** {@code SRZ}, the zero special register of {@code CS2R R4, SRZ} [cuobjdump sm_70+]. */
    private static final Pattern OTHER_REG = Pattern.compile("^SRZ$");
    /** An element of a {@code {...}} list that names a register (such lists are not modelled). */
    private static final Pattern LIST_REG = Pattern.compile("(?<![A-Za-z0-9_])(U?R(Z|\\d{1,3})|U?P[0-6T])(?![A-Za-z0-9_])");
    private static final Pattern HEX = Pattern.compile("^([-+]?)0x([0-9a-fA-F]{1,16})(\\.NEG)?$");
    private static final Pattern DEC = Pattern.compile("^[-+]?\\d{1,19}$");
    private static final Pattern FLT = Pattern.compile(
            "^[-+]?((\\d+\\.\\d*|\\.\\d+)([eE][-+]?\\d+)?|\\d+[eE][-+]?\\d+|INF|QNAN|NAN)$");
    private static final Pattern IDENT = Pattern.compile("^[A-Za-z0-9_$][A-Za-z0-9_$]*(\\[\\d+\\])?(\\.[A-Za-z0-9_]+)*$");
    private static final Pattern SPECIAL = Pattern.compile("^SR_[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*$");
    private static final Pattern CONST = Pattern.compile("^(-?)(\\|?)c\\[([^\\]]*)\\]\\[([^\\]]*)\\](\\|?)$");

    private OperandParser() {
    }

    static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 37) + "..." : s;
    }

    /** A predicate from a match of {@link #PRED}. */
    static Operand.Pred pred(Matcher m) {
        int num = m.group(3).equals("T") ? Operand.Pred.PT : Integer.parseInt(m.group(3));
        return new Operand.Pred(num, !m.group(2).isEmpty(), !m.group(1).isEmpty());
    }

    /** Parses the trimmed operand text {@code s} that starts at column {@code col} of its line. */
    static Operand parse(String s, int col) throws LineError {
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
            if (LIST_REG.matcher(s).find()) {
                // a list of registers would hide reads/writes from Isa: refuse it rather than keep it raw
                throw new LineError(col, s.length(), "register list '" + abbreviate(s) + "' is not supported",
                        "only lists of numbers such as DEPBAR's {1,2} are kept; write the registers as operands");
            }
            return new Operand.Raw(s);
        }
        if (s.startsWith("`")) {
            return new Operand.Raw(s);
        }
        if ((m = PRED.matcher(s)).matches()) {
            return pred(m);
        }
        if (SPECIAL.matcher(s).matches() || OTHER_REG.matcher(s).matches()) {
            return new Operand.SpecialReg(s);
        }
        if ((m = REG.matcher(s)).matches()) {
            if (m.group(3).isEmpty() != m.group(7).isEmpty()) {
                throw new LineError(col, s.length(), "unbalanced '|' around a register", "write |R4| for an absolute value");
            }
            if (!m.group(8).isEmpty() && m.group(7).isEmpty()) {
                throw new LineError(col, s.length(), "malformed register '" + abbreviate(s) + "'",
                        "write R4.reuse, or |R4|.reuse for an absolute value");
            }
            int num = m.group(5).equals("Z") ? Operand.RZ : Integer.parseInt(m.group(5));
            if (num > 255 || (num == 255 && !m.group(5).equals("Z"))) {
                throw new LineError(col, s.length(), "register number out of range: " + s, "registers are R0..R254 and RZ");
            }
            return new Operand.Reg(num, !m.group(4).isEmpty(), !m.group(1).isEmpty(), !m.group(2).isEmpty(),
                    !m.group(3).isEmpty(), suffixes(m));
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

    /** The dotted suffixes of a match of {@link #REG}, without the dots. */
    private static List<String> suffixes(Matcher m) {
        List<String> l = new ArrayList<>();
        if (!m.group(6).isEmpty()) {
            l.addAll(List.of(m.group(6).substring(1).split("\\.")));
        }
        if (m.groupCount() >= 8 && m.group(8) != null && !m.group(8).isEmpty() && !l.contains("reuse")) {
            l.add("reuse");
        }
        return l;
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
                out.add(new Term(new Operand.Reg(num, !rm.group(4).isEmpty(), false, false, false, suffixes(rm)), 0));
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
