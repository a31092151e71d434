package tessera.pla.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.xtext.resource.XtextResourceSet;
import org.junit.jupiter.api.Test;

import tessera.pla.rdg.PlaCompiler;
import tessera.rdg.interp.Inputs;
import tessera.rdg.interp.Interpreter;

/**
 * 10,000 random mutations of the example files (deleted / duplicated / swapped tokens, random characters): the
 * parser, validator, RDG builder and interpreter answer with diagnostics, never with an exception.
 */
class FuzzTest {
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*|[0-9]+|<=|>=|<<|>>|:=|&&|\\S");
    private static final String ALPHABET = "[](),:;=<>+-*&|^#/ ▷≤≥\n0123456789ijkNMxyinforifdoend";

    @Test
    void tenThousandMutationsNeverThrow() {
        long seed = Long.getLong("tessera.fuzz.seed", 20260522L);
        Random rnd = new Random(seed);
        List<String> examples = List.of(Pla.example("bitext.pla"), Pla.example("fir.pla"), Pla.example("matmul.pla"),
                Pla.example("conv.pla"));
        XtextResourceSet rs = PlaCompiler.newResourceSet();
        int withDiagnostics = 0, built = 0;
        int count = Integer.getInteger("tessera.fuzz.count", 10_000);
        for (int n = 0; n < count; n++) {
            int pick = rnd.nextInt(20); // the 6-D example costs most (exact checks in 12 dimensions): mutate it less often
            String text = mutate(examples.get(pick < 9 ? 0 : pick < 14 ? 1 : pick < 18 ? 2 : 3), rnd, 1 + rnd.nextInt(3));
            try {
                PlaCompiler.Compiled c = PlaCompiler.compile(rs, "fuzz.pla", text, true);
                if (!c.diagnostics().isEmpty()) {
                    withDiagnostics++;
                }
                if (c.rdg() != null) {
                    built++;
                    if (c.rdg().getParameters().size() <= 3 && n % 10 == 0) {
                        Map<String, Long> p = new java.util.HashMap<>();
                        c.rdg().getParameters().forEach(x -> p.put(x, 2L));
                        Interpreter.run(c.rdg(), p, new Inputs()); // missing inputs: diagnostics, not exceptions
                    }
                }
            } catch (RuntimeException | StackOverflowError e) {
                fail("seed " + seed + ", mutation " + n + " threw " + e + " on:\n" + text, e);
            }
        }
        assertTrue(withDiagnostics > count / 2, "most mutations are invalid: " + withDiagnostics);
        assertTrue(built > 0, "some mutations stay valid");
    }

    static String mutate(String text, Random rnd, int times) {
        for (int t = 0; t < times; t++) {
            List<int[]> tokens = new ArrayList<>();
            Matcher m = TOKEN.matcher(text);
            while (m.find()) {
                tokens.add(new int[] {m.start(), m.end()});
            }
            if (tokens.isEmpty()) {
                return text + ALPHABET.charAt(rnd.nextInt(ALPHABET.length()));
            }
            int[] tok = tokens.get(rnd.nextInt(tokens.size()));
            switch (rnd.nextInt(5)) {
                case 0 -> text = text.substring(0, tok[0]) + text.substring(tok[1]); // delete a token
                case 1 -> text = text.substring(0, tok[1]) + " " + text.substring(tok[0], tok[1]) + text.substring(tok[1]); // duplicate
                case 2 -> { // insert a random character
                    int at = rnd.nextInt(text.length() + 1);
                    text = text.substring(0, at) + ALPHABET.charAt(rnd.nextInt(ALPHABET.length())) + text.substring(at);
                }
                case 3 -> { // replace a character
                    int at = rnd.nextInt(text.length());
                    text = text.substring(0, at) + ALPHABET.charAt(rnd.nextInt(ALPHABET.length())) + text.substring(at + 1);
                }
                default -> { // swap with the next token
                    int k = tokens.indexOf(tok);
                    if (k + 1 < tokens.size()) {
                        int[] nx = tokens.get(k + 1);
                        text = text.substring(0, tok[0]) + text.substring(nx[0], nx[1]) + text.substring(tok[1], nx[0])
                                + text.substring(tok[0], tok[1]) + text.substring(nx[1]);
                    }
                }
            }
        }
        return text;
    }
}
