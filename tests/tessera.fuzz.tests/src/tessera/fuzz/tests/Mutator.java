package tessera.fuzz.tests;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Mutations of an example file (issue 22 item 4): byte flips, token deletion and duplication, truncation, huge
 * numbers, deep nesting, long identifiers, invalid UTF-8, a BOM, CR and CRLF line ends, duplicated lines and blocks,
 * lines spliced from another example. Each case applies one to three of them; every choice comes from the given
 * {@link Random}, so a seed reproduces the case.
 */
final class Mutator {
    /** Numbers at and beyond the limits of the types a model uses (2^31-1, -2^31, 2^63, 1e400, -1, ...). */
    static final String[] HUGE = {"2147483647", "-2147483648", "2147483648", "4294967296", "9223372036854775807",
        "9223372036854775808", "-9223372036854775809", "1e400", "-1e400", "1e18", "-1", "0", "-0", "00", "1.5", "NaN",
        "Infinity", "99999999999999999999999999", "1000000", "65536", "-65536", "0x7fffffff", "1/0", "2^63"};

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*|-?[0-9]+(\\.[0-9]+)?|\\S");
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+");
    private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final String[][] BRACKETS = {{"(", ")"}, {"[", "]"}, {"{", "}"}};
    private static final int MAX_BYTES = 400_000;

    /** The names of the mutations, for the log. */
    static final String[] NAMES = {"flip", "delete-token", "duplicate-token", "truncate", "huge-number", "nesting",
        "long-identifier", "invalid-utf8", "bom", "cr", "crlf", "duplicate-lines", "splice", "small-number",
        "swap-lines", "delete-lines", "many-copies"};

    private Mutator() {
    }

    /** One to three mutations of {@code seed}; {@code names} receives the ones applied. */
    static byte[] mutate(byte[] seed, List<byte[]> others, Random r, List<String> names) {
        return mutate(seed, others, r, names, false);
    }

    /** The mutations that make inputs of 100 KB and more, or very deep: most of the fuzzer's time. */
    static final java.util.Set<String> HEAVY = java.util.Set.of("many-copies", "long-identifier", "nesting");

    /** As {@link #mutate(byte[], List, Random, List)}; {@code light}: none of the {@link #HEAVY} mutations. */
    static byte[] mutate(byte[] seed, List<byte[]> others, Random r, List<String> names, boolean light) {
        byte[] b = seed;
        int n = 1 + (r.nextInt(10) < 6 ? 0 : r.nextInt(3));
        for (int k = 0; k < n; k++) {
            int m = pick(r);
            while (light && HEAVY.contains(NAMES[m])) {
                m = pick(r);
            }
            names.add(NAMES[m]);
            b = apply(m, b, others, r);
            if (b.length > MAX_BYTES) {
                b = java.util.Arrays.copyOf(b, MAX_BYTES);
            }
        }
        return b;
    }

    /** Weighted choice: token-level mutations most often, the expensive ones (nesting, long names) rarely. */
    private static int pick(Random r) {
        int[] weights = {10, 14, 10, 6, 14, 2, 1, 5, 3, 3, 3, 6, 5, 10, 3, 3, 1};
        int total = 0;
        for (int w : weights) {
            total += w;
        }
        int x = r.nextInt(total);
        for (int i = 0; i < weights.length; i++) {
            x -= weights[i];
            if (x < 0) {
                return i;
            }
        }
        return 0;
    }

    static byte[] apply(int m, byte[] b, List<byte[]> others, Random r) {
        String s = new String(b, StandardCharsets.ISO_8859_1); // byte-preserving view
        return switch (m) {
            case 0 -> flip(b, r);
            case 1 -> bytes(tokenEdit(s, r, false));
            case 2 -> bytes(tokenEdit(s, r, true));
            case 3 -> java.util.Arrays.copyOf(b, b.length == 0 ? 0 : r.nextInt(b.length));
            case 4 -> bytes(replaceMatch(s, NUMBER, r, HUGE[r.nextInt(HUGE.length)]));
            case 5 -> bytes(nesting(s, r));
            case 6 -> bytes(longIdentifier(s, r));
            case 7 -> invalidUtf8(b, r);
            case 8 -> concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, b);
            case 9 -> bytes(s.replace("\r\n", "\n").replace('\n', '\r'));
            case 10 -> bytes(s.replace("\r\n", "\n").replace("\n", "\r\n"));
            case 11 -> bytes(duplicateLines(s, r, false));
            case 16 -> bytes(duplicateLines(s, r, true));
            case 12 -> bytes(splice(s, others, r));
            case 13 -> bytes(replaceMatch(s, NUMBER, r, String.valueOf(r.nextInt(9) - 2)));
            case 14 -> bytes(swapLines(s, r));
            case 15 -> bytes(deleteLines(s, r));
            default -> throw new IllegalArgumentException("mutation " + m);
        };
    }

    private static byte[] bytes(String latin1) {
        return latin1.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static byte[] flip(byte[] b, Random r) {
        if (b.length == 0) {
            return b;
        }
        byte[] c = b.clone();
        int n = 1 + r.nextInt(4);
        for (int k = 0; k < n; k++) {
            int i = r.nextInt(c.length);
            // mostly printable ASCII (reaches the parser), sometimes any byte or a single bit
            c[i] = switch (r.nextInt(3)) {
                case 0 -> (byte) (c[i] ^ (1 << r.nextInt(8)));
                case 1 -> (byte) r.nextInt(256);
                default -> (byte) (32 + r.nextInt(95));
            };
        }
        return c;
    }

    private static List<int[]> spans(String s, Pattern p) {
        List<int[]> l = new ArrayList<>();
        Matcher m = p.matcher(s);
        while (m.find()) {
            l.add(new int[] {m.start(), m.end()});
        }
        return l;
    }

    private static String tokenEdit(String s, Random r, boolean duplicate) {
        List<int[]> t = spans(s, TOKEN);
        if (t.isEmpty()) {
            return s;
        }
        int[] x = t.get(r.nextInt(t.size()));
        String tok = s.substring(x[0], x[1]);
        if (!duplicate) {
            return s.substring(0, x[0]) + s.substring(x[1]);
        }
        int copies = r.nextInt(8) == 0 ? 2 + r.nextInt(200) : 1;
        return s.substring(0, x[1]) + (" " + tok).repeat(copies) + s.substring(x[1]);
    }

    private static String replaceMatch(String s, Pattern p, Random r, String with) {
        List<int[]> t = spans(s, p);
        if (t.isEmpty()) {
            return s;
        }
        int n = r.nextInt(4) == 0 ? t.size() : 1; // sometimes every number at once
        StringBuilder b = new StringBuilder(s);
        for (int k = 0; k < n; k++) {
            int[] x = t.get(n == 1 ? r.nextInt(t.size()) : t.size() - 1 - k);
            b.replace(x[0], x[1], with);
        }
        return b.toString();
    }

    private static String nesting(String s, Random r) {
        String[] br = BRACKETS[r.nextInt(BRACKETS.length)];
        int depth = r.nextBoolean() ? 2000 : 1 + r.nextInt(2000);
        int at = s.isEmpty() ? 0 : r.nextInt(s.length() + 1);
        String open = br[0].repeat(depth);
        String inner = r.nextBoolean() ? "1" : "x";
        String close = r.nextInt(4) == 0 ? "" : br[1].repeat(depth); // sometimes unbalanced
        return s.substring(0, at) + open + inner + close + s.substring(at);
    }

    private static String longIdentifier(String s, Random r) {
        String id = "x" + "a".repeat(100_000);
        List<int[]> t = spans(s, IDENT);
        if (t.isEmpty()) {
            return id + s;
        }
        int[] x = t.get(r.nextInt(t.size()));
        return s.substring(0, x[0]) + id + s.substring(x[1]);
    }

    private static byte[] invalidUtf8(byte[] b, Random r) {
        byte[][] bad = {{(byte) 0xFF}, {(byte) 0xC3, 0x28}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xE2, (byte) 0x82}, {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80},
            {(byte) 0x80}, {0}};
        byte[] ins = bad[r.nextInt(bad.length)];
        int at = r.nextInt(4) == 0 ? b.length : (b.length == 0 ? 0 : r.nextInt(b.length + 1));
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.write(b, 0, at);
        o.writeBytes(ins);
        o.write(b, at, b.length - at);
        return o.toByteArray();
    }

    private static List<String> lines(String s) {
        return new ArrayList<>(List.of(s.split("(?<=\n)", -1)));
    }

    /** A block of up to 8 lines copied 1 to 3 times, or ({@code many}) up to 2,000 times (quadratic diagnostics). */
    private static String duplicateLines(String s, Random r, boolean many) {
        List<String> l = lines(s);
        if (l.isEmpty()) {
            return s;
        }
        int from = r.nextInt(l.size());
        int len = 1 + r.nextInt(Math.min(8, l.size() - from));
        String block = String.join("", l.subList(from, from + len));
        if (!block.endsWith("\n")) {
            block += "\n";
        }
        int copies = many ? Math.max(1, Math.min(2000, MAX_BYTES / Math.max(1, block.length()) / 2)) : 1 + r.nextInt(3);
        l.add(from + len, block.repeat(copies));
        return String.join("", l);
    }

    private static String splice(String s, List<byte[]> others, Random r) {
        if (others.isEmpty()) {
            return s;
        }
        List<String> o = lines(new String(others.get(r.nextInt(others.size())), StandardCharsets.ISO_8859_1));
        List<String> l = lines(s);
        int from = r.nextInt(o.size());
        int len = 1 + r.nextInt(Math.min(6, o.size() - from));
        String block = String.join("", o.subList(from, from + len));
        l.add(r.nextInt(l.size() + 1), block.endsWith("\n") ? block : block + "\n");
        return String.join("", l);
    }

    private static String swapLines(String s, Random r) {
        List<String> l = lines(s);
        if (l.size() < 2) {
            return s;
        }
        java.util.Collections.swap(l, r.nextInt(l.size()), r.nextInt(l.size()));
        return String.join("", l);
    }

    private static String deleteLines(String s, Random r) {
        List<String> l = lines(s);
        if (l.isEmpty()) {
            return s;
        }
        int from = r.nextInt(l.size());
        int len = 1 + r.nextInt(Math.min(5, l.size() - from));
        l.subList(from, from + len).clear();
        return String.join("", l);
    }
}
