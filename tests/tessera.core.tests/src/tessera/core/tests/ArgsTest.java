package tessera.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tessera.core.cli.Args;
import tessera.core.cli.UsageException;

class ArgsTest {
    private static Args parse(String... w) {
        return Args.parse(List.of(w), Set.of("dot", "trace"), Set.of("param", "algo", "out"));
    }

    @Test
    void singlePositionalArgument() {
        assertEquals("a.pla", parse("a.pla", "--dot").single("the .pla file"));
        assertEquals("missing the .pla file", assertThrows(UsageException.class, () -> parse("--dot").single("the .pla file")).getMessage());
        assertEquals("unexpected argument 'b.pla'", assertThrows(UsageException.class, () -> parse("a.pla", "b.pla").single("the .pla file")).getMessage());
    }

    @Test
    void requiredOption() {
        assertEquals("x.xmi", parse("--out", "x.xmi").required("out", "missing --out"));
        assertEquals("missing --out", assertThrows(UsageException.class, () -> parse("--dot").required("out", "missing --out")).getMessage());
    }

    @Test
    void positionalFlagsAndValues() {
        Args a = parse("file.pla", "--dot", "--param", "N=16", "--param=M=4,K=2", "--algo", "sms");
        assertEquals(List.of("file.pla"), a.positional());
        assertTrue(a.flag("dot"));
        assertFalse(a.flag("trace"));
        assertEquals("sms", a.option("algo").orElseThrow());
        assertEquals(Map.of("N", 16L, "M", 4L, "K", 2L), a.integers("param", "NAME=VALUE"));
    }

    @Test
    void assignmentsKeepWholeValuesInOrder() {
        Args a = parse("--param", "b=1,2,3", "--param= a = x ", "--param", "b=4");
        assertEquals(List.of("b", "a"), List.copyOf(a.assignments("param", "NAME=V").keySet()));
        assertEquals(Map.of("b", "4", "a", "x"), a.assignments("param", "NAME=V"));
        Map<String, Integer> seen = new LinkedHashMap<>();
        parse("--param", "n=7").assignments("param", "NAME=V", "not a number", (k, v) -> seen.put(k, Integer.parseInt(v)));
        assertEquals(Map.of("n", 7), seen);
        assertTrue(parse().assignments("param", "NAME=V").isEmpty());
    }

    @Test
    void assignmentUsageErrors() {
        for (String bad : List.of("N", "=3", "N=", " =3")) {
            assertEquals("--param expects NAME=FILE, got '" + bad + "'",
                    assertThrows(UsageException.class, () -> parse("--param", bad).assignments("param", "NAME=FILE")).getMessage());
        }
        assertEquals("--param n=x: not a number", assertThrows(UsageException.class,
                () -> parse("--param", "n=x").assignments("param", "NAME=V", "not a number", (k, v) -> Integer.parseInt(v))).getMessage());
        assertEquals("--param N=x: the value is not an integer",
                assertThrows(UsageException.class, () -> parse("--param", "N=x").integers("param", "NAME=VALUE")).getMessage());
        assertEquals("--param expects NAME=SIZE, got 'M'",
                assertThrows(UsageException.class, () -> parse("--param", "N=1,M").integers("param", "NAME=SIZE")).getMessage());
    }

    @Test
    void doubleDashEndsOptions() {
        assertEquals(List.of("--dot"), parse("--", "--dot").positional());
    }

    @Test
    void usageErrorsNameTheProblem() {
        assertEquals("unknown option --dto", assertThrows(UsageException.class, () -> parse("--dto")).getMessage());
        assertEquals("option --algo needs a value", assertThrows(UsageException.class, () -> parse("--algo")).getMessage());
        assertEquals("option --dot takes no value", assertThrows(UsageException.class, () -> parse("--dot=1")).getMessage());
        assertEquals("--param expects NAME=VALUE, got 'N'",
                assertThrows(UsageException.class, () -> parse("--param", "N").integers("param", "NAME=VALUE")).getMessage());
        assertEquals("--out expects a whole number, got 'x'",
                assertThrows(UsageException.class, () -> parse("--out", "x").intOption("out", 1)).getMessage());
        assertEquals("missing input file",
                assertThrows(UsageException.class, () -> parse().positional(0, "input file")).getMessage());
        assertEquals("unexpected argument 'b'",
                assertThrows(UsageException.class, () -> parse("a", "b").expectPositional(1)).getMessage());
    }

    @Test
    void numbersAreFiniteAndWithinTheirRange() {
        Args a = Args.parse(List.of("--time-limit", "1e18", "--x", "NaN", "--n", "-1", "--t2", "1e400"), Set.of(),
                Set.of("time-limit", "x", "n", "t2"));
        assertTrue(assertThrows(UsageException.class, () -> a.timeLimit(60)).getMessage().contains("at most 1000000 seconds"));
        assertTrue(assertThrows(UsageException.class, () -> a.doubleOption("x", 1)).getMessage().contains("finite"));
        assertTrue(assertThrows(UsageException.class, () -> a.doubleOption("t2", 1)).getMessage().contains("finite"));
        assertEquals("--n must be between 0 and 10, got -1",
                assertThrows(UsageException.class, () -> a.intOption("n", 1, 0, 10)).getMessage());
        Args b = Args.parse(List.of("--time-limit", "0.25"), Set.of(), Set.of("time-limit"));
        assertEquals(250, b.timeLimit(60).toMillis());
        assertEquals(60, Args.parse(List.of(), Set.of(), Set.of("time-limit")).timeLimit(60).toSeconds());
        assertThrows(UsageException.class, () -> Args.parse(List.of("--time-limit", "0"), Set.of(), Set.of("time-limit")).timeLimit(60));
        assertThrows(UsageException.class,
                () -> Args.parse(List.of("--n", "99999999999999999999"), Set.of(), Set.of("n")).longOption("n", 1, 0, 5));
    }
}
