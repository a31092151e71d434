package tessera.palmed.predict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.palmed.model.Kernel;

/**
 * Seed 000 §VI-B: a basic block is used as the multiset of its instructions (order and dependencies ignored). Reads
 * x86-64 assembly in AT&T or Intel syntax (detected: '%' registers or '$' immediates mean AT&T, a
 * {@code .intel_syntax} directive means Intel) and names each instruction as an id of the mapping: first
 * {@code MNEMONIC_K1_K2} with operand kinds in Intel order (uops.info style), then the bare mnemonic.
 */
public final class BlockParser {
    public enum Syntax { ATT, INTEL }

    private static final Pattern LABEL = Pattern.compile("^[A-Za-z_.$][\\w.$]*:\\s*");
    /** Register names (lower case, without {@code %}) and their operand kinds, tried in order. */
    private static final Map<String, String> REGISTER_KINDS = new LinkedHashMap<>();

    static {
        REGISTER_KINDS.put("xmm\\d+", "XMM");
        REGISTER_KINDS.put("ymm\\d+", "YMM");
        REGISTER_KINDS.put("r(ax|bx|cx|dx|si|di|sp|bp|\\d+)", "R64");
        REGISTER_KINDS.put("e(ax|bx|cx|dx|si|di|sp|bp)|r\\d+d", "R32");
        REGISTER_KINDS.put("(ax|bx|cx|dx|si|di|sp|bp)|r\\d+w", "R16");
        REGISTER_KINDS.put("(al|bl|cl|dl|ah|bh|ch|dh|sil|dil|spl|bpl)|r\\d+b", "R8");
    }

    private BlockParser() {
    }

    public static Syntax detect(String text) {
        if (text.contains(".intel_syntax")) {
            return Syntax.INTEL;
        }
        if (text.contains(".att_syntax")) {
            return Syntax.ATT;
        }
        for (String l : text.split("\n")) {
            String s = stripComment(l).strip();
            if (s.isEmpty() || s.startsWith(".")) {
                continue;
            }
            if (s.contains("%") || s.matches(".*[\\s,]\\$-?\\d.*")) {
                return Syntax.ATT;
            }
        }
        return Syntax.INTEL;
    }

    static String stripComment(String l) {
        int c = l.length();
        for (String m : new String[] {"#", "//", ";"}) {
            int i = l.indexOf(m);
            if (i >= 0 && i < c) {
                c = i;
            }
        }
        return l.substring(0, c);
    }

    /** The block as a kernel over {@code known} ids; unknown instructions become error diagnostics (coverage). */
    public static Kernel parse(String file, String text, Predicate<String> known, Diagnostics diags) {
        Syntax syntax = detect(text);
        Map<String, Integer> counts = new LinkedHashMap<>();
        String[] lines = text.split("\r?\n", -1);
        int errors = 0;
        for (int ln = 1; ln <= lines.length; ln++) {
            String s = stripComment(lines[ln - 1]).strip();
            s = LABEL.matcher(s).replaceFirst("").strip();
            if (s.isEmpty() || s.startsWith(".")) {
                continue;
            }
            String id = identify(s, syntax, known);
            if (id == null) {
                diags.add(Diagnostic.error(file, ln, "instruction '" + s + "' is not in the mapping",
                        "the block is not covered; map this instruction first"));
                errors++;
                continue;
            }
            counts.merge(id, 1, Integer::sum);
        }
        if (counts.isEmpty()) {
            if (errors == 0) {
                diags.add(new Diagnostic(tessera.core.Severity.ERROR, file, 1, 1, -1, 0, "the block has no instruction", "write one instruction a line", ""));
            }
            return null;
        }
        return errors > 0 ? null : Kernel.of(counts);
    }

    /**
     * The most operands an instruction line may have ({@value}; x86 has at most 4, AVX-512 5 with the mask): a line
     * with more is not in any mapping (issue 22: the kind search would try 2^N ids).
     */
    public static final int MAX_OPERANDS = 6;

    /** The mapping id of one instruction line, or null. */
    public static String identify(String line, Syntax syntax, Predicate<String> known) {
        String s = line.strip();
        int sp = s.indexOf(' ');
        String mnem = (sp < 0 ? s : s.substring(0, sp)).toUpperCase(Locale.ROOT);
        String rest = sp < 0 ? "" : s.substring(sp + 1).strip();
        List<String> ops = splitOperands(rest);
        if (ops.size() > MAX_OPERANDS) {
            return null; // no x86 instruction has more; the operand-kind search below is exponential in their number
        }
        if (syntax == Syntax.ATT) {
            java.util.Collections.reverse(ops);
        }
        List<List<String>> kinds = new ArrayList<>();
        String memSize = null;
        if (syntax == Syntax.INTEL) {
            for (String op : ops) {
                String u = op.toUpperCase(Locale.ROOT);
                for (String[] p : new String[][] {{"BYTE", "M8"}, {"QWORD", "M64"}, {"DWORD", "M32"},
                    {"XMMWORD", "M128"}, {"YMMWORD", "M256"}, {"WORD", "M16"}}) {
                    if (u.contains(p[0] + " PTR")) {
                        memSize = p[1];
                        break;
                    }
                }
            }
        }
        String gprSize = null;
        for (String op : ops) {
            String r = register(op, syntax);
            if (r != null && r.startsWith("R")) {
                gprSize = r;
            }
        }
        List<String> mnems = new ArrayList<>();
        mnems.add(mnem);
        String suffixSize = null;
        if (syntax == Syntax.ATT && mnem.length() > 2 && "BWLQ".indexOf(mnem.charAt(mnem.length() - 1)) >= 0) {
            mnems.add(mnem.substring(0, mnem.length() - 1));
            suffixSize = switch (mnem.charAt(mnem.length() - 1)) {
                case 'B' -> "M8";
                case 'W' -> "M16";
                case 'L' -> "M32";
                default -> "M64";
            };
        }
        for (String op : ops) {
            String r = register(op, syntax);
            if (r != null) {
                kinds.add(List.of(r));
            } else if (isMemory(op, syntax)) {
                List<String> m = new ArrayList<>();
                if (memSize != null) {
                    m.add(memSize);
                }
                if (suffixSize != null) {
                    m.add(suffixSize);
                }
                if (gprSize != null) {
                    m.add("M" + gprSize.substring(1));
                }
                for (String x : new String[] {"M128", "M256", "M64", "M32", "M16", "M8"}) {
                    if (!m.contains(x)) {
                        m.add(x);
                    }
                }
                kinds.add(m);
            } else {
                kinds.add(List.of("I8", "I32"));
            }
        }
        for (String m : mnems) {
            String found = search(m, kinds, 0, known);
            if (found != null) {
                return found;
            }
        }
        for (String m : mnems) {
            if (known.test(m)) {
                return m;
            }
        }
        return null;
    }

    private static String search(String prefix, List<List<String>> kinds, int i, Predicate<String> known) {
        if (i == kinds.size()) {
            return known.test(prefix) ? prefix : null;
        }
        for (String k : kinds.get(i)) {
            String r = search(prefix + "_" + k, kinds, i + 1, known);
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    static List<String> splitOperands(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        StringBuilder cur = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            }
            if (c == ',' && depth == 0) {
                out.add(cur.toString().strip());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (cur.length() > 0) {
            out.add(cur.toString().strip());
        }
        return out;
    }

    static boolean isMemory(String op, Syntax syntax) {
        return syntax == Syntax.ATT ? op.contains("(") : op.contains("[");
    }

    /** Register operand kind (R8…R64, XMM, YMM) or null. */
    static String register(String op, Syntax syntax) {
        String r = op.strip().toLowerCase(Locale.ROOT);
        if (syntax == Syntax.ATT) {
            if (!r.startsWith("%")) {
                return null;
            }
            r = r.substring(1);
        }
        for (Map.Entry<String, String> k : REGISTER_KINDS.entrySet()) {
            if (r.matches(k.getKey())) {
                return k.getValue();
            }
        }
        return null;
    }
}
