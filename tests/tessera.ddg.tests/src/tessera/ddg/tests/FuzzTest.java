package tessera.ddg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostic;
import tessera.ddg.convert.DdgLoader;
import tessera.modsched.examples.Examples;
import tessera.modsched.io.DdgWriter;
import tessera.modsched.io.LoopJson;
import tessera.modsched.model.Loop;

/**
 * 3,000 mutated .ddg texts: the reader never throws, every error has a line, and whatever it accepts is a loop
 * that the writer writes back to the same loop (writer + reader as the oracle).
 */
class FuzzTest {
    private static final String[] WORDS = { "machine", "resource", "count", "pipelined", "busy", "issue", "loop", "op",
            "latency", "reserve", "edge", "distance", "kind", "flow", "anti", "memory", "{", "}", ":", "@", "..", ",",
            "->", "-", "0", "1", "-1", "2", "7", "99999999999", "n1", "n3", "load", "x", "/*", "*/", "//", "\n", " ",
            "#", "\"" };

    @Test
    void threeThousandMutationsNeverThrow() {
        long seed = 20260611L;
        Random rnd = new Random(seed);
        List<String> bases = List.of(code(Examples.text("motivating.ddg")), code(Examples.text("recurrence.ddg")),
                "machine m { resource a count 2 busy 2 issue 2 }\nloop l machine m {\n op x : a latency 3 reserve { a@0..1 }\n"
                        + " op y : a\n edge x -> y distance 1 kind anti\n edge y -> x latency 0\n}\n");
        int accepted = 0;
        for (int k = 0; k < 3_000; k++) {
            String base = bases.get(rnd.nextInt(bases.size()));
            String text = mutate(base, rnd, 1 + rnd.nextInt(4));
            try {
                DdgLoader.Result r = DdgLoader.load(text, "fuzz.ddg");
                for (Diagnostic d : r.diagnostics().list()) {
                    if (d.isError() && d.line() < 1) {
                        fail("error without line (seed " + seed + ", case " + k + "): " + d + "\n" + text);
                    }
                }
                if (r.ok() && accepted++ % 4 == 0) {
                    for (Loop l : r.loops()) {
                        DdgLoader.Result back = DdgLoader.load(DdgWriter.write(l), "back.ddg");
                        assertTrue(back.ok(), "seed " + seed + " case " + k + ": " + back.diagnostics());
                        assertEquals(LoopJson.write(l), LoopJson.write(back.loops().get(0)),
                                "seed " + seed + " case " + k);
                    }
                }
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + ", case " + k + " threw on:\n" + text, e);
            }
        }
        assertTrue(accepted > 5, "some mutations stay valid: " + accepted);
    }

    /** The example without its header comment (keeps the fuzz loop fast; comments are fuzzed by the words). */
    static String code(String text) {
        return text.substring(text.indexOf("machine"));
    }

    static String mutate(String s, Random rnd, int times) {
        StringBuilder sb = new StringBuilder(s);
        for (int i = 0; i < times; i++) {
            int p = sb.length() == 0 ? 0 : rnd.nextInt(sb.length());
            switch (rnd.nextInt(5)) {
                case 0 -> sb.insert(p, WORDS[rnd.nextInt(WORDS.length)]);
                case 1 -> sb.delete(p, Math.min(sb.length(), p + 1 + rnd.nextInt(8)));
                case 2 -> {
                    if (sb.length() > 0) {
                        sb.setCharAt(p, (char) (32 + rnd.nextInt(95)));
                    }
                }
                case 3 -> {
                    int q = rnd.nextInt(sb.length() + 1);
                    int a = Math.min(p, q);
                    int b = Math.min(sb.length(), Math.max(p, q));
                    sb.insert(rnd.nextInt(sb.length() + 1), sb.substring(a, Math.min(b, a + 40)));
                }
                default -> sb.insert(p, " " + WORDS[rnd.nextInt(WORDS.length)] + " ");
            }
        }
        return sb.toString();
    }
}
