package tessera.cli.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Mutations of a source text for the language-server fuzzer: character and bit flips, token deletion and duplication,
 * truncation, huge numbers, nesting up to 1,000 deep, long identifiers, CR and CRLF line ends, swapped lines.
 */
final class LspMutator {
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*|[0-9]+|\\s+|.", Pattern.DOTALL);
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+");
    private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");
    private static final String[] HUGE = {"2147483647", "2147483648", "-2147483648", "-2147483649",
        "9223372036854775807", "9223372036854775808", "99999999999999999999999999999", "1e400", "-0", "0x7fffffff"};
    private static final String PALETTE = "(){}[]<>;:,.=+-*/#\"'\\ \t\n\r0123456789azAZ_\u00e9\u25b7\u0000\uD800\uDFFF";
    private static final String[][] BRACKETS = {{"(", ")"}, {"[", "]"}, {"{", "}"}};

    private LspMutator() {
    }

    /** One to three mutations of {@code text}; {@code what} collects their names. */
    static String mutate(String text, Random rnd, List<String> what) {
        int n = 1 + rnd.nextInt(3);
        for (int i = 0; i < n; i++) {
            int k = rnd.nextInt(11);
            what.add(NAMES[k]);
            text = apply(k, text, rnd);
        }
        return text;
    }

    static final String[] NAMES = {"char-flip", "bit-flip", "token-delete", "token-duplicate", "truncate",
        "huge-number", "deep-nesting", "long-identifier", "line-ends", "swap-lines", "insert-line"};

    private static String apply(int k, String t, Random rnd) {
        int at = t.isEmpty() ? 0 : rnd.nextInt(t.length() + 1);
        switch (k) {
            case 0 -> {
                if (t.isEmpty()) {
                    return "" + PALETTE.charAt(rnd.nextInt(PALETTE.length()));
                }
                int i = Math.min(at, t.length() - 1);
                return t.substring(0, i) + PALETTE.charAt(rnd.nextInt(PALETTE.length())) + t.substring(i + 1);
            }
            case 1 -> {
                if (t.isEmpty()) {
                    return t;
                }
                int i = Math.min(at, t.length() - 1);
                return t.substring(0, i) + (char) (t.charAt(i) ^ (1 << rnd.nextInt(8))) + t.substring(i + 1);
            }
            case 2, 3 -> {
                List<int[]> toks = tokens(t, TOKEN);
                if (toks.isEmpty()) {
                    return t;
                }
                int[] tok = toks.get(rnd.nextInt(toks.size()));
                String s = t.substring(tok[0], tok[1]);
                if (k == 2) {
                    return t.substring(0, tok[0]) + t.substring(tok[1]);
                }
                int times = rnd.nextInt(4) == 0 ? 2 + rnd.nextInt(200) : 1;
                return t.substring(0, tok[1]) + s.repeat(times) + t.substring(tok[1]);
            }
            case 4 -> {
                return t.substring(0, at);
            }
            case 5 -> {
                List<int[]> nums = tokens(t, NUMBER);
                String h = HUGE[rnd.nextInt(HUGE.length)];
                if (nums.isEmpty()) {
                    return t.substring(0, at) + h + t.substring(at);
                }
                int[] num = nums.get(rnd.nextInt(nums.size()));
                return t.substring(0, num[0]) + h + t.substring(num[1]);
            }
            case 6 -> {
                int depth = rnd.nextInt(4) == 0 ? 1000 : 1 + rnd.nextInt(100);
                String[] b = BRACKETS[rnd.nextInt(BRACKETS.length)];
                boolean balanced = rnd.nextBoolean();
                String nest = b[0].repeat(depth) + "x" + (balanced ? b[1].repeat(depth) : "");
                return t.substring(0, at) + nest + t.substring(at);
            }
            case 7 -> {
                List<int[]> ids = tokens(t, IDENT);
                String id = "a".repeat(1000 + rnd.nextInt(20_000));
                if (ids.isEmpty()) {
                    return t.substring(0, at) + id + t.substring(at);
                }
                int[] i = ids.get(rnd.nextInt(ids.size()));
                return t.substring(0, i[0]) + id + t.substring(i[1]);
            }
            case 8 -> {
                String lf = t.replace("\r\n", "\n").replace('\r', '\n');
                return rnd.nextBoolean() ? lf.replace("\n", "\r\n") : lf.replace('\n', '\r');
            }
            case 9 -> {
                String[] lines = t.split("\n", -1);
                if (lines.length < 2) {
                    return t;
                }
                int a = rnd.nextInt(lines.length);
                int b = rnd.nextInt(lines.length);
                String x = lines[a];
                lines[a] = lines[b];
                lines[b] = x;
                return String.join("\n", lines);
            }
            default -> {
                String[] lines = t.split("\n", -1);
                String line = lines[rnd.nextInt(lines.length)];
                return t.substring(0, at) + "\n" + line + "\n" + t.substring(at);
            }
        }
    }

    private static List<int[]> tokens(String t, Pattern p) {
        List<int[]> out = new ArrayList<>();
        Matcher m = p.matcher(t);
        while (m.find() && out.size() < 20_000) {
            out.add(new int[] {m.start(), m.end()});
        }
        return out;
    }
}
