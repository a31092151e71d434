package tessera.sass.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

import tessera.core.Diagnostic;
import tessera.regdem.examples.Examples;
import tessera.regdem.sass.SassParser;

/**
 * Malformed SASS through the Xtext path (what the editor and the language server run): token deletions,
 * duplications and random characters never throw, the grammar never reports its own syntax errors, and the errors
 * shown are exactly the ones of tessera.regdem's parser, at the same lines.
 */
class XtextFuzzTest {
    static final String ALPHABET = " \t\n\r:;,.-+[]{}|@!#/*<>\"0123456789abcdefxRPZcUY_`~$";

    static String mutate(String text, Random rnd) {
        StringBuilder sb = new StringBuilder(text);
        int edits = 1 + rnd.nextInt(3);
        for (int e = 0; e < edits && sb.length() > 0; e++) {
            int at = rnd.nextInt(sb.length());
            switch (rnd.nextInt(4)) {
                case 0 -> sb.delete(at, Math.min(sb.length(), at + 1 + rnd.nextInt(8)));
                case 1 -> {
                    int end = Math.min(sb.length(), at + 1 + rnd.nextInt(12));
                    sb.insert(at, sb.substring(at, end));
                }
                case 2 -> sb.insert(at, ALPHABET.charAt(rnd.nextInt(ALPHABET.length())));
                default -> sb.setCharAt(at, ALPHABET.charAt(rnd.nextInt(ALPHABET.length())));
            }
        }
        return sb.toString();
    }

    @Test
    void mutatedListingsGiveTheParsersDiagnosticsAndNeverThrow() {
        List<String> seeds = new ArrayList<>();
        Examples.NAMES.forEach(n -> seeds.add(Examples.text(n)));
        seeds.add(Sass.MAXWELL_DUMP);
        seeds.add(Sass.VOLTA_DUMP);
        Random rnd = new Random(Long.getLong("tessera.fuzz.seed", 8L));
        int runs = 10_000;
        int withErrors = 0;
        for (int k = 0; k < runs; k++) {
            String seed = seeds.get(k % seeds.size());
            // a window of the listing keeps one run cheap; every 20th run mutates the whole text
            String text = k % 20 == 0 ? seed : window(seed, rnd);
            String mutated = mutate(text, rnd);
            String where = "run " + k + " (seed " + (k % seeds.size()) + "):\n" + mutated;
            XtextResource r = Sass.load("fuzz", mutated);
            assertEquals(List.of(), r.getErrors(), "total grammar, " + where);
            assertEquals(mutated, r.getParseResult().getRootNode().getText());
            List<Issue> issues = Sass.validate(r);
            List<Integer> shown = new ArrayList<>();
            List<Integer> shownLines = new ArrayList<>();
            for (Issue i : issues) {
                assertTrue(i.getOffset() != null && i.getOffset() >= 0 && i.getOffset() <= mutated.length(), where);
                assertTrue(i.getLineNumber() != null && i.getLineNumber() >= 1, where);
                if (i.getSeverity() == Severity.ERROR) {
                    shown.add(i.getOffset());
                    shownLines.add(i.getLineNumber());
                }
            }
            List<Diagnostic> parser = SassParser.parse("fuzz", mutated).diagnostics().list().stream()
                    .filter(Diagnostic::isError).toList();
            assertEquals(parser.stream().map(Diagnostic::offset).toList(), shown, "editor errors = parser errors, " + where);
            if (!mutated.replace("\r\n", "").contains("\r")) { // a lone CR is a line break for Xtext, not for the parser
                assertEquals(parser.stream().map(Diagnostic::line).toList(), shownLines, "same lines, " + where);
            }
            withErrors += shown.isEmpty() ? 0 : 1;
            Sass.styles(r);
            Sass.outline(r, mutated);
            Sass.hover(r, mutated, rnd.nextInt(mutated.length() + 1));
        }
        assertTrue(withErrors > runs / 10, "the mutations do reach the error paths: " + withErrors);
    }

    private static String window(String text, Random rnd) {
        String[] lines = text.split("\n", -1);
        int from = rnd.nextInt(lines.length);
        int to = Math.min(lines.length, from + 5 + rnd.nextInt(20));
        return String.join("\n", java.util.Arrays.copyOfRange(lines, from, to));
    }
}
