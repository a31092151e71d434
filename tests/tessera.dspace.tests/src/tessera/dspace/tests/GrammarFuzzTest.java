package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import tessera.dspace.DspaceLoader;

/**
 * Grammar fuzzing: 10,000 mutated decision spaces per run (deleted/inserted/duplicated text, random tokens, cut
 * lines). Parsing never throws; every 100th file also goes through linking, validation and the compiler, which must
 * report diagnostics, never throw.
 */
class GrammarFuzzTest {
    static final int FILES = 10_000;
    static final String[] TOKENS = { "set", "end", "choice", "define", "enum", "integer", "counter", "half", "internal",
            "value", "alias", "requires", "require", "forall", "in", "is", "not", "||", "|", "&&", "(", ")", ":", ",", "=",
            "==", "<=", ">", "->", "<->", "symmetric", "antisymmetric", "trigger", "when", "quotient", "of", "/", "sum",
            "mul", "base", "subsetof", "disjoint", "include", "true", "false", "$x", "$lhs", "Instructions", "order",
            "BEFORE", "\"$x.ok()\"", "\"", "///", "/*", "*/", "\n", "TRUE", "42" };

    @Test
    void mutatedFilesNeverThrow() throws IOException {
        List<String> seeds = new ArrayList<>();
        seeds.add(SchedulingTest.SPACE);
        seeds.add(CounterTest.TILES);
        seeds.add(QuotientTriggerTest.QUOTIENT);
        seeds.add(QuotientTriggerTest.LOWERED);
        // Tessera's GPU space (includes, counters, quotients, a trigger): its files in name order
        try (Stream<Path> files = Files.list(Fixtures.root().resolve("examples/telamon/space"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".exh")).sorted().toList()) {
                seeds.add(Files.readString(f));
            }
        }
        assertTrue(seeds.size() >= 10, "the GPU space's files are seeds");
        long seed = Long.getLong("dspace.fuzz.seed", 4242L);
        Random rnd = new Random(seed);
        int parsedClean = 0;
        for (int i = 0; i < FILES; i++) {
            String text = mutate(window(seeds.get(rnd.nextInt(seeds.size())), rnd), rnd);
            try {
                if (DspaceLoader.parseOnly(text).isEmpty()) {
                    parsedClean++;
                }
                if (i % 100 == 0) {
                    DspaceLoader.loadText("/fuzz/f" + i + ".exh", text, p -> Optional.empty());
                }
            } catch (Throwable t) {
                fail("file " + i + " (seed " + seed + ") threw " + t + "\n--- text ---\n" + text, t);
            }
        }
        assertTrue(parsedClean > 0 && parsedClean < FILES, "mutations should produce both valid and invalid files: " + parsedClean);
    }

    /** A block of 5 to 40 consecutive lines (whole short files are kept), so that each parse stays cheap. */
    static String window(String s, Random rnd) {
        String[] lines = s.split("\n", -1);
        if (lines.length <= 40 || rnd.nextInt(10) == 0) {
            return s;
        }
        int len = 5 + rnd.nextInt(36);
        int from = rnd.nextInt(lines.length - len);
        return String.join("\n", java.util.Arrays.copyOfRange(lines, from, from + len));
    }

    static String mutate(String s, Random rnd) {
        StringBuilder sb = new StringBuilder(s);
        int n = 1 + rnd.nextInt(4);
        for (int k = 0; k < n && sb.length() > 1; k++) {
            int at = rnd.nextInt(sb.length());
            switch (rnd.nextInt(6)) {
                case 0 -> sb.delete(at, Math.min(sb.length(), at + 1 + rnd.nextInt(12)));
                case 1 -> sb.insert(at, " " + TOKENS[rnd.nextInt(TOKENS.length)] + " ");
                case 2 -> {
                    int end = Math.min(sb.length(), at + rnd.nextInt(40));
                    sb.insert(rnd.nextInt(sb.length()), sb.substring(at, end));
                }
                case 3 -> sb.setLength(at); // truncated file
                case 4 -> sb.setCharAt(at, (char) (32 + rnd.nextInt(95)));
                default -> {
                    int nl = sb.indexOf("\n", at);
                    if (nl > 0) {
                        int nl2 = sb.indexOf("\n", nl + 1);
                        sb.delete(nl, nl2 < 0 ? sb.length() : nl2);
                    }
                }
            }
        }
        return sb.toString();
    }
}
