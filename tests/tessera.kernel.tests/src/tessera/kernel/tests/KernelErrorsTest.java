package tessera.kernel.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostic;
import tessera.kernel.KernelLoader;

/** Bad kernels: each problem with its exact file:line:column, message and hint, and no kernel. */
class KernelErrorsTest {
    private static final String HEAD = "kernel k\n  param n: i32 = 1024\n  array X: f32[n]\n  array Y: f32[n]\n";

    /** The diagnostics of {@code text} as "file:line:column: error: message" (hint left out), no kernel built. */
    private static List<String> errors(String text) {
        return errors(Kernels.text(text));
    }

    private static List<String> errors(KernelLoader.Result r) {
        assertNull(r.kernel());
        return r.diagnostics().list().stream().map(d -> d.file() + ":" + d.line() + ":" + d.column() + ": "
                + d.severity().name().toLowerCase() + ": " + d.message()).toList();
    }

    private static Diagnostic only(String text) {
        KernelLoader.Result r = Kernels.text(text);
        assertEquals(1, r.diagnostics().size(), r.diagnostics().toString());
        return r.diagnostics().list().get(0);
    }

    @Test
    void unknownDimension() {
        assertEquals(List.of("bad.kernel:6:20: error: unknown dimension q"),
                errors(HEAD + "  dim d[n] tiles {1, 2}\n  x = load X[d] in q\nend\n"));
        assertEquals("known here: d, d0, d1", only(HEAD + "  dim d[n] tiles {1, 2}\n  x = load X[d] in q\nend\n").hint());
        assertEquals(List.of("bad.kernel:8:17: error: unknown dimension d1"),
                errors(HEAD + "  dim d[n]\n  x = load X[d] in d\n  y = mov index(d0) in d\n  z = mov index(d1) in d\nend\n"));
    }

    @Test
    void mappedDimensionsOfDifferentSizes() {
        String text = HEAD + "  dim d[n] tiles {1, 2}\n  dim e[512] tiles {1, 2}\n  x = load X[d] in d\n"
                + "  y = mov x[d -> e] in e\nend\n";
        assertEquals(List.of("bad.kernel:8:13: error: the mapped dimensions d0 and e0 have different sizes: "
                + "n / {1, 2} and {256, 512}"), errors(text));
        assertEquals(List.of("bad.kernel:8:13: error: the mapped dimensions d and e have different sizes: 2 and 1 "
                + "dimensions"), errors(HEAD + "  dim d[n] tiles {2}\n  dim e[n]\n  x = load X[d] in d\n"
                        + "  y = mov x[d -> e] in e\nend\n"));
    }

    @Test
    void noFactorDividesTheSize() {
        Diagnostic d = only("kernel k\n  param n: i32 = 1000\n  dim d[n] tiles {2, 4, 8} factors {16, 32}\nend\n");
        assertEquals("bad.kernel:3:36: error: no strip-mining factor of d divides n = 1000: factors {16, 32}, "
                + "tiles {2, 4, 8}", d.file() + ":" + d.line() + ":" + d.column() + ": error: " + d.message());
        assertEquals("a factor is a product of one size per tile and divides 1000; the divisors of 1000 are 1, 2, 4, 5, "
                + "8, 10, 20, 25, 40, 50, 100, 125, 200, 250, 500, 1000", d.hint());
        assertEquals(List.of("bad.kernel:2:21: error: no size of d1 (2..6) divides 1001"),
                errors("kernel k\n  dim d[1001] tiles 2..6\nend\n"));
        // the same file is fine for n = 1024, and an override can break it
        assertEquals(List.of("bad.kernel:3:36: error: no strip-mining factor of d divides n = 48: factors {16, 32}, "
                + "tiles {2, 4, 8}"), errors(KernelLoader.loadText("bad.kernel",
                        "kernel k\n  param n: i32 = 1024\n  dim d[n] tiles {2, 4, 8} factors {16, 32}\nend\n",
                        Map.of("n", 48L))));
    }

    @Test
    void storeUsedAsAValue() {
        assertEquals(List.of("bad.kernel:8:11: error: the store s is used as a value, but a store has no value"),
                errors(HEAD + "  dim d[n]\n  x = load X[d] in d\n  s = store x -> Y[d] in d\n  y = mov s in d\nend\n"));
    }

    @Test
    void syntaxError() {
        Diagnostic d = only("kernel k\n  param n i32 = 4\nend\n");
        assertEquals("bad.kernel:2:11: missing ':' at 'i32'", d.file() + ":" + d.line() + ":" + d.column() + ": "
                + d.message());
        assertEquals("see docs/kernel.md for the .kernel syntax", d.hint());
        assertEquals(List.of("bad.kernel:3:20: error: found the end of the file where 'end' was expected"),
                errors("kernel k\n  dim d[4]\n  x = mul 1, 2 in d\n"));
        assertEquals(List.of("bad.kernel:3:1: error: expected one or more items before 'end'"),
                errors("kernel k\n  dim d[4] tiles\nend\n"));
        assertEquals("bad.kernel:5:7: error: 'tiles' is a keyword and cannot be used as a name",
                errors(HEAD + "  dim tiles[n]\nend\n").get(0));
    }

    @Test
    void reductionDimensionOutsideTheIterationSpace() {
        assertEquals(List.of("bad.kernel:8:28: error: the reduction dimensions e0, e1 are not in the iteration space of y"),
                errors(HEAD + "  dim d[n] tiles {2}\n  dim e same as d\n  x = load X[d] in d\n"
                        + "  y = add x, reduce x over e in d\nend\n"));
    }

    @Test
    void duplicateNames() {
        assertEquals(List.of("bad.kernel:7:3: error: the name x is declared twice",
                "bad.kernel:8:3: error: the name d0 is declared twice"),
                errors(HEAD + "  dim d[n]\n  x = load X[d] in d\n  x = mov x in d\n  d0 = mov x in d\nend\n"));
    }

    /** The rules of Kernel.check() on the elements they are about. */
    @Test
    void wellFormednessRules() {
        assertEquals(List.of("bad.kernel:8:3: error: the type of z is unknown",
                "bad.kernel:7:7: error: mad takes 3 operands, not 2"),
                errors(HEAD + "  dim d[n]\n  x = load X[d] in d\n  y = mad x, x in d\n  z = mov 1 in d\nend\n"));
        assertEquals(List.of("bad.kernel:8:16: error: the address uses e, which is not in the iteration space of st_Y"),
                errors(HEAD + "  dim d[n]\n  dim e[n]\n  x = load X[d] in d\n  store x -> Y[e] in d\nend\n"));
        assertEquals(List.of("bad.kernel:7:17: error: index needs one dimension, and d is a logical dimension"),
                errors(HEAD + "  dim d[n]\n  x = load X[d] in d\n  y = mov index(d) in d\nend\n"));
        assertEquals(List.of("bad.kernel:7:22: error: index of e0, which is not in the iteration space of y"),
                errors(HEAD + "  dim d[n]\n  dim e[n]\n  y: i32 = mov index(e0) in d\nend\n"));
        assertEquals(List.of("bad.kernel:8:14: error: the operand alpha is f64, but y is f32"),
                errors(HEAD + "  param alpha: f64\n  dim d[n]\n  x = load X[d] in d\n  y = mul x, alpha in d\nend\n"));
        assertEquals(List.of("bad.kernel:3:9: error: the parameter n sizes dimension d but has no instance value"),
                errors("kernel k\n  param n: i32\n  dim d[n]\nend\n"));
        assertEquals(List.of("bad.kernel:7:3: error: instruction y depends on its own value (use a carried operand for a "
                + "reduction)"), errors(HEAD + "  dim d[n]\n  x = load X[d] in d\n  y = add x, y in d\nend\n"));
        assertEquals(List.of("bad.kernel:8:13: error: the map d0 -> e0 needs d0 in x's iteration space and e0 in y's"),
                errors(HEAD + "  dim d[n]\n  dim e same as d\n  x = load X[d] in d\n  y = mov x[d0 -> e0] in d\nend\n"));
        assertEquals(List.of("bad.kernel:5:25: error: dim b names 1 dimensions, but its original a has 2"),
                errors("kernel k\n  size m = 32\n  dim a[m] tiles 2..32 named a_o, a_i\n  temp T: f32 over a\n"
                        + "  dim b same as a named b_o\nend\n"));
        assertEquals(List.of("bad.kernel:4:20: error: the temporary array T has the dynamic dimension a0"),
                errors("kernel k\n  param m: i32 = 32\n  dim a[m] tiles 2..32\n  temp T: f32 over a\nend\n"));
    }

    @Test
    void unknownOverrideAndUnreadableFile() {
        KernelLoader.Result r = Kernels.load("scal", Map.of("nn", 3L));
        assertEquals(List.of(Kernels.example("scal") + ":5:8: error: there is no parameter or size nn to override"),
                errors(r));
        r = KernelLoader.load(Kernels.root().resolve("examples/telamon/missing.kernel"), Map.of());
        assertNull(r.kernel());
        assertEquals(1, r.diagnostics().size());
    }
}
